// What the build knows of each file it writes, for the manifest the Node server serves from (its size
// and a hash of its bytes), and the brotli and gzip twins of its text files (`page.html.br`,
// `page.html.gz`), written beside them so that the Node server and nginx's gzip_static send a
// compressed answer without compressing per request. The work runs on a worker thread
// (digest-worker.js says why).
import { Worker } from "node:worker_threads";
import type { FileEntry } from "../site/built-files.ts";

/** Below this, compression saves less than it costs the client to undo it (and Lighthouse asks for none). */
export const MIN_COMPRESSED_BYTES = 1024;
/** Text by extension; a file without one is a JSON answer of the API or an embed-free page. */
const TEXT = /(\.(html|json|js|css|ics|svg|txt|xml)|\/[^./]+)$/;
const WORKER = new URL("./digest-worker.js", import.meta.url);

/**
 * Digests `files` (paths in `dir`, as the route table names them: `/api/pages`) and, with `compress`,
 * writes the twins of those that are text of at least MIN_COMPRESSED_BYTES.
 */
export function digestFiles(dir: string, files: string[], compress: boolean): Promise<Map<string, FileEntry>> {
  return new Promise((resolve, reject) => {
    let entries: Map<string, FileEntry> | undefined;
    new Worker(WORKER, { workerData: { dir, files, compress, minBytes: MIN_COMPRESSED_BYTES, text: TEXT.source } })
      .on("message", (list: [string, FileEntry][]) => (entries = new Map(list)))
      .on("error", reject)
      .on("exit", (code) => (entries === undefined ? reject(new Error(`the digest worker stopped (exit ${code})`)) : resolve(entries)));
  });
}
