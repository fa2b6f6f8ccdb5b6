// The digests of built files (size and hash, for the manifest) and their compressed twins.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { MIN_COMPRESSED_BYTES, digestFiles } from "../../src/publish/digest.ts";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A folder of `count` text files, every third too small to compress, and one image. */
function site(count: number): { dir: string; files: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), "digest-"));
  made.push(dir);
  const files: string[] = [];
  for (let n = 0; n < count; n++) {
    const name = `/page-${n}.html`;
    writeFileSync(path.join(dir, name), n % 3 === 0 ? `<p>${n}</p>` : `<p>${`countdown ${n} `.repeat(MIN_COMPRESSED_BYTES / 10)}</p>`);
    files.push(name);
  }
  writeFileSync(path.join(dir, "logo.png"), Buffer.alloc(4096, 7));
  files.push("/logo.png");
  return { dir, files };
}

describe("digestFiles", () => {
  it("gives every file its size and hash, and twins that decode to it to the text files large enough", async () => {
    const { dir, files } = site(7);
    const digests = await digestFiles(dir, files, true);
    expect([...digests.keys()].sort()).toEqual([...files].sort());
    for (const [file, [size, hash, br, gz]] of digests) {
      const bytes = readFileSync(path.join(dir, file));
      expect(size, file).toBe(bytes.length);
      expect(hash, file).toBe(createHash("sha256").update(bytes).digest("base64url").slice(0, 22));
      const twins = size >= MIN_COMPRESSED_BYTES && file.endsWith(".html");
      expect(br > 0 && gz > 0, file).toBe(twins);
      expect(readdirSync(dir).includes(`${file.slice(1)}.br`), file).toBe(twins);
      if (twins) {
        expect(brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))).equals(bytes), file).toBe(true);
        expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).equals(bytes), file).toBe(true);
      }
    }
  });

  it("writes no twins without compress (Netlify compresses on its own)", async () => {
    const { dir, files } = site(4);
    const digests = await digestFiles(dir, files, false);
    expect([...digests.values()].every(([, , br, gz]) => br === 0 && gz === 0)).toBe(true);
    expect(readdirSync(dir).filter((name) => /\.(br|gz)$/.test(name))).toEqual([]);
  });

  it("fails when a file is missing", async () => {
    const { dir, files } = site(2);
    await expect(digestFiles(dir, [...files, "/missing.html"], true)).rejects.toThrow(/ENOENT|missing/);
  });
});
