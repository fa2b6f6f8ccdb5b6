// The work of src/publish/file-digests.ts, on a thread of its own: it reads each built file, hashes it for
// the manifest and writes its compressed twins, with Node's synchronous calls, so it neither waits
// behind the build's own file writes queued on Node's thread pool nor slows the main thread, and a
// build uses its second core while Eleventy renders on the first. Plain JavaScript: a worker starts
// without the TypeScript loader.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";

/** @type {{ dir: string; compress: boolean; minBytes: number; text: string }} */
const { dir, compress, minBytes, text } = workerData;
const isText = new RegExp(text);

// Each message is a chunk of files and its claim, shared with the other threads given the same chunk;
// the answer, their entries, or null when another thread claimed it first (or the build stopped it).
// A file that cannot be read ends the thread with its error, which the build reports.
parentPort?.on("message", (/** @type {{ files: string[]; claim: Int32Array }} */ { files, claim }) =>
  parentPort?.postMessage(Atomics.compareExchange(claim, 0, 0, 1) === 0 ? digest(files) : null),
);

/** @param {string[]} files */
function digest(files) {
  /** @type {[string, { size: number; hash: string; brotli: number; gzip: number }][]} */
  const entries = [];
  for (const file of files) {
    const bytes = readFileSync(path.join(dir, file));
    // 128 bits of SHA-256: the ETag of the file, the same for the same bytes in every build.
    const entry = {
      size: bytes.length,
      hash: createHash("sha256").update(bytes).digest("base64url").slice(0, 22),
      brotli: 0,
      gzip: 0,
    };
    if (compress && bytes.length >= minBytes && isText.test(file)) {
      // Brotli's quality 5: within a tenth of its best here, at a twentieth of the time (npm run bench).
      // Told the input's size, brotli sizes its window to it: the same bytes, a third less time.
      const params = {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      };
      const br = zlib.brotliCompressSync(bytes, { params });
      // gzip's level 6 (zlib's default): 0.2% larger than level 9 on these pages, at 70% of the time;
      // the gzip twin is only for the clients that do not take brotli.
      const gz = zlib.gzipSync(bytes, { level: 6 });
      writeFileSync(path.join(dir, `${file}.br`), br);
      writeFileSync(path.join(dir, `${file}.gz`), gz);
      entry.brotli = br.length;
      entry.gzip = gz.length;
    }
    entries.push([file, entry]);
  }
  return entries;
}
