// What the build knows of each file it writes, for the manifest the Node server serves from (its size
// and a hash of its bytes), and the brotli and gzip twins of its text files (`page.html.br`,
// `page.html.gz`), written beside them so that the Node server and nginx's gzip_static send a
// compressed answer without compressing per request. The work runs on worker threads
// (file-digests-worker.js says why): one while Eleventy renders on the main thread, every core's once it is done.
import { Worker } from "node:worker_threads";
import type { BuiltFile } from "../eleventy/built-files.ts";

/** The suffixes of the compressed twins written beside a file. */
export const TWINS = [".br", ".gz"];

/** Below this, compression saves less than it costs the client to undo it (and Lighthouse asks for none). */
export const MIN_COMPRESSED_BYTES = 1024;
/** Text by extension; a file without one is a JSON answer of the API or an embed-free page. */
const TEXT = /(\.(html|json|js|css|ics|svg|txt|xml)|\/[^./]+)$/;
const WORKER = new URL("./file-digests-worker.js", import.meta.url);

/**
 * A chunk's claim, shared by every thread it is given to: the first to turn it from 0 (free) to 1
 * digests the chunk, the others pass; 2 stops it before any thread begins it.
 */
export const newClaim = () => new Int32Array(new SharedArrayBuffer(4));
const FREE = 0;
const STOPPED = 2;

/** A worker thread that digests the chunks of files it is given, in the order given, until closed. */
export interface DigestThread {
  /**
   * Queues `files` (paths in the folder, as the route table names them: `/api/pages`) behind the
   * chunks the thread has, and resolves with their digests once it has made them: with `compress`,
   * also the twins of those that are text of at least MIN_COMPRESSED_BYTES. Resolves with
   * undefined when another thread claimed the chunk first, or it was stopped.
   */
  run(files: string[], claim?: Int32Array): Promise<Map<string, BuiltFile> | undefined>;
  close(): Promise<void>;
}

export function digestThread(dir: string, compress: boolean): DigestThread {
  const worker = new Worker(WORKER, {
    workerData: { dir, compress, minBytes: MIN_COMPRESSED_BYTES, text: TEXT.source },
  });
  // The worker answers each chunk in the order it was given.
  const waiting: {
    resolve: (entries: Map<string, BuiltFile> | undefined) => void;
    reject: (error: unknown) => void;
  }[] = [];
  let failed: unknown;
  const fail = (error: unknown) => {
    failed ??= error;
    for (const chunk of waiting.splice(0)) chunk.reject(failed);
  };
  worker.on("message", (list: [string, BuiltFile][] | null) =>
    waiting.shift()?.resolve(list === null ? undefined : new Map(list)),
  );
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the digest worker stopped (exit ${code})`)));
  return {
    run: (files, claim = newClaim()) =>
      failed === undefined
        ? new Promise((resolve, reject) => {
            waiting.push({ resolve, reject });
            worker.postMessage({ files, claim });
          })
        : Promise.reject(failed),
    close: async () => void (await worker.terminate()),
  };
}

/** Files in a chunk: about a second of one thread's work, so that two threads end within about a second of each other. */
export const DIGEST_CHUNK = 2000;

/** The build's digests: files are added as they are written, and digested on worker threads, chunk by chunk. */
export interface DigestQueue {
  /** Files written (paths in the folder, as the route table names them), to digest. */
  add(files: string[]): void;
  /**
   * Resolves once every file added is digested, with `threads` threads at once from now on (the
   * rendering is over: the main thread only waits); 0 stops the chunks not begun and waits only for
   * those under way. Rejects with the first failure, once no thread still writes. Either way the
   * threads are closed.
   */
  finish(threads: number): Promise<void>;
}

/**
 * A queue of digests into `dir` on worker threads (`open`: `digestThread`), each chunk's entries
 * given to `digested` as it ends. Each chunk is handed to the first thread as soon as it is added:
 * while Eleventy renders, the main thread's event loop may not turn for seconds, and a thread that
 * waited for it between chunks sat idle (one chunk per Eleventy run). `finish` opens the other
 * threads and gives each the chunks not yet digested, last first, while the first thread goes on
 * from the front; a chunk's claim decides which thread digests it.
 */
export function digestQueue(
  dir: string,
  compress: boolean,
  digested: (entries: Map<string, BuiltFile>) => void,
  open: () => DigestThread = () => digestThread(dir, compress),
  chunkSize = DIGEST_CHUNK,
): DigestQueue {
  const chunks: { files: string[]; claim: Int32Array }[] = [];
  const opened: DigestThread[] = [];
  const runs: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;
  const stop = () => {
    for (const chunk of chunks) Atomics.compareExchange(chunk.claim, 0, FREE, STOPPED);
  };
  const give = (thread: DigestThread, chunk: (typeof chunks)[number]) => {
    runs.push(
      thread.run(chunk.files, chunk.claim).then(
        (entries) => void (entries && digested(entries)),
        (error: unknown) => {
          failure ??= { error };
          stop();
        },
      ),
    );
  };
  return {
    add(files) {
      for (let start = 0; start < files.length; start += chunkSize) {
        const chunk = { files: files.slice(start, start + chunkSize), claim: newClaim() };
        chunks.push(chunk);
        if (failure !== undefined) continue;
        if (opened.length === 0) opened.push(open());
        give(opened[0]!, chunk);
      }
    },
    async finish(threads) {
      if (threads === 0) stop();
      // Not begun: a chunk begun or digested is claimed.
      const left = chunks.filter((chunk) => Atomics.load(chunk.claim, 0) === FREE).reverse();
      for (let more = 1; more < threads && left.length > 0 && failure === undefined; more++) {
        const thread = open();
        opened.push(thread);
        for (const chunk of left) give(thread, chunk);
      }
      // Every chunk given is settled: digested, passed, stopped or failed; no thread still writes.
      for (let settled = 0; settled < runs.length;) {
        const now = runs.length;
        await Promise.all(runs.slice(settled));
        settled = now;
      }
      await Promise.all(opened.map((thread) => thread.close()));
      if (failure !== undefined) throw failure.error;
    },
  };
}
