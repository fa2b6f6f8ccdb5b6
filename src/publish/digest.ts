// What the build knows of each file it writes, for the manifest the Node server serves from (its size
// and a hash of its bytes), and the brotli and gzip twins of its text files (`page.html.br`,
// `page.html.gz`), written beside them so that the Node server and nginx's gzip_static send a
// compressed answer without compressing per request. The work runs on worker threads
// (digest-worker.js says why): one while Eleventy renders on the main thread, every core's once it is done.
import { Worker } from "node:worker_threads";
import type { KeptEntry } from "../site/built-files.ts";

/** The suffixes of the compressed twins written beside a file. */
export const TWINS = [".br", ".gz"];

/** Below this, compression saves less than it costs the client to undo it (and Lighthouse asks for none). */
export const MIN_COMPRESSED_BYTES = 1024;
/** Text by extension; a file without one is a JSON answer of the API or an embed-free page. */
const TEXT = /(\.(html|json|js|css|ics|svg|txt|xml)|\/[^./]+)$/;
const WORKER = new URL("./digest-worker.js", import.meta.url);

/** A worker thread that digests the chunks of files it is given, one at a time, until closed. */
export interface DigestThread {
  /**
   * Digests `files` (paths in the folder, as the route table names them: `/api/pages`) and, with
   * `compress`, writes the twins of those that are text of at least MIN_COMPRESSED_BYTES.
   */
  run(files: string[]): Promise<Map<string, KeptEntry>>;
  close(): Promise<void>;
}

export function digestThread(dir: string, compress: boolean): DigestThread {
  const worker = new Worker(WORKER, { workerData: { dir, compress, minBytes: MIN_COMPRESSED_BYTES, text: TEXT.source } });
  let waiting: { resolve: (entries: Map<string, KeptEntry>) => void; reject: (error: unknown) => void } | undefined;
  let failed: unknown;
  const fail = (error: unknown) => {
    failed ??= error;
    waiting?.reject(failed);
    waiting = undefined;
  };
  worker.on("message", (list: [string, KeptEntry][]) => {
    waiting?.resolve(new Map(list));
    waiting = undefined;
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the digest worker stopped (exit ${code})`)));
  return {
    run: (files) =>
      failed === undefined
        ? new Promise((resolve, reject) => {
            waiting = { resolve, reject };
            worker.postMessage(files);
          })
        : Promise.reject(failed),
    close: async () => void (await worker.terminate()),
  };
}

/** Files a thread is given at once: about a second of work, so that two threads end within about a second of each other. */
export const DIGEST_CHUNK = 2000;

/** The build's digests: files are added as they are written, and digested on worker threads, chunk by chunk. */
export interface DigestQueue {
  /** Files written (paths in the folder, as the route table names them), to digest. */
  add(files: string[]): void;
  /**
   * Resolves once every file added is digested, with `threads` threads at once from now on (the
   * rendering is over: the main thread only waits); 0 drops the files not begun and waits only for
   * the threads under way. Rejects with the first failure, once no thread still writes. Either way
   * the threads are closed.
   */
  finish(threads: number): Promise<void>;
}

/**
 * A queue of digests into `dir` on worker threads (`open`: `digestThread`), each chunk's entries
 * given to `digested` as it ends. One thread until `finish` says how many; each thread started is
 * given chunk after chunk (a thread costs tens of milliseconds to start).
 */
export function digestQueue(
  dir: string,
  compress: boolean,
  digested: (entries: Map<string, KeptEntry>) => void,
  open: () => DigestThread = () => digestThread(dir, compress),
): DigestQueue {
  const chunks: string[][] = [];
  const opened: DigestThread[] = [];
  const idle: DigestThread[] = [];
  let threads = 1;
  let running = 0;
  let failure: { error: unknown } | undefined;
  let settled: (() => void) | undefined;
  const pump = () => {
    while (failure === undefined && running < threads && chunks.length > 0) {
      let thread = idle.pop();
      if (thread === undefined) opened.push((thread = open()));
      running++;
      thread
        .run(chunks.shift()!)
        .then(digested, (error: unknown) => void (failure ??= { error }))
        .finally(() => {
          running--;
          idle.push(thread);
          pump();
        });
    }
    if (running === 0 && (chunks.length === 0 || failure !== undefined)) settled?.();
  };
  return {
    add(files) {
      for (let start = 0; start < files.length; start += DIGEST_CHUNK) chunks.push(files.slice(start, start + DIGEST_CHUNK));
      pump();
    },
    async finish(now) {
      threads = now;
      if (now === 0) chunks.length = 0; // stopped: only the chunks under way end
      await new Promise<void>((resolve) => {
        settled = resolve;
        pump();
      });
      await Promise.all(opened.map((thread) => thread.close()));
      if (failure !== undefined) throw failure.error;
    },
  };
}
