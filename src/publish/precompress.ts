// The brotli and gzip twins of a build's text files (`page.html.br`, `page.html.gz`), written beside
// them so that the local server (sirv) and nginx's gzip_static send a compressed answer without
// compressing per request. Netlify compresses on its own, so a Netlify build writes none.
import path from "node:path";
import { Worker } from "node:worker_threads";

/** Below this, compression saves less than it costs the client to undo it (and Lighthouse asks for none). */
export const MIN_COMPRESSED_BYTES = 1024;
/** Text by extension; a file without one is a JSON answer of the API or an embed-free page. */
const TEXT = /(\.(html|json|js|css|ics|svg|txt|xml)|\/[^./]+)$/;
const WORKER = new URL("./precompress-worker.js", import.meta.url);

/**
 * Writes the twins of those of `files` (paths in `dir`, as the route table names them: `/api/pages`)
 * that are text of at least MIN_COMPRESSED_BYTES, on a worker thread (precompress-worker.js says
 * why); returns how many got them.
 */
export function precompress(dir: string, files: string[]): Promise<number> {
  const todo = files.filter((file) => TEXT.test(file)).map((file) => path.join(dir, file));
  return new Promise((resolve, reject) => {
    let compressed: number | undefined;
    new Worker(WORKER, { workerData: { files: todo, minBytes: MIN_COMPRESSED_BYTES } })
      .on("message", (count: number) => (compressed = count))
      .on("error", reject)
      .on("exit", (code) => (compressed === undefined ? reject(new Error(`the compression worker stopped (exit ${code})`)) : resolve(compressed)));
  });
}
