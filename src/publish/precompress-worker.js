// The work of src/publish/precompress.ts, on a thread of its own: it reads, compresses and writes
// with Node's synchronous calls, so it neither waits behind the build's own file writes queued on
// Node's thread pool nor slows the main thread, and a build uses its second core while Eleventy
// renders on the first. Plain JavaScript: a worker starts without the TypeScript loader.
import { readFileSync, writeFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";

/** @type {{ files: string[]; minBytes: number }} */
const { files, minBytes } = workerData;
let compressed = 0;
for (const file of files) {
  const bytes = readFileSync(file);
  if (bytes.length < minBytes) continue;
  // Brotli's quality 5: within a tenth of its best here, at a twentieth of the time (npm run bench).
  // Told the input's size, brotli sizes its window to it: the same bytes, a third less time.
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params }));
  writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  compressed++;
}
parentPort?.postMessage(compressed);
