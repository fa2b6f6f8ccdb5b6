// The brotli and gzip twins of a build's text files (`page.html.br`, `page.html.gz`), written beside
// them so that the local server (sirv) and nginx's gzip_static send a compressed answer without
// compressing per request. Netlify compresses on its own, so a Netlify build writes none.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** Below this, compression saves less than it costs the client to undo it (and Lighthouse asks for none). */
export const MIN_COMPRESSED_BYTES = 1024;
/** Text by extension; a file without one is a JSON answer of the API or an embed-free page. */
const TEXT = /(\.(html|json|js|css|ics|svg|txt|xml)|\/[^./]+)$/;
/** Brotli's quality 5: within a tenth of its best here, at a twentieth of the time (npm run bench). */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const IN_FLIGHT = 16;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes the twins of every text file of `dir` of at least MIN_COMPRESSED_BYTES; returns how many files got them. */
export async function precompress(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && TEXT.test(`/${entry.name}`) && !entry.name.startsWith("_"))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let compressed = 0;
  // Several at a time: zlib's async calls run on Node's thread pool, beside the reads and writes.
  const next = async (): Promise<void> => {
    for (let file = files.pop(); file !== undefined; file = files.pop()) {
      const bytes = await readFile(file);
      if (bytes.length < MIN_COMPRESSED_BYTES) continue;
      const [br, gz] = await Promise.all([brotli(bytes, BROTLI), gzip(bytes, { level: 9 })]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      compressed++;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, next));
  return compressed;
}
