// The digests of built files and their compressed twins, on one worker thread or shared by several:
// the same entries and the same twins either way.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { MIN_COMPRESSED_BYTES, digestFiles, settled } from "../../src/publish/digest.ts";

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
  it("gives every file its size and hash, and twins to the text files large enough, alike on one thread or two", async () => {
    const one = site(7);
    const two = site(7);
    const [alone, shared] = [await digestFiles(one.dir, one.files, true), await digestFiles(two.dir, two.files, true, 2)];
    expect([...shared.keys()].sort()).toEqual([...one.files].sort());
    expect(shared).toEqual(alone);
    for (const [file, [size, , br, gz]] of shared) {
      const bytes = readFileSync(path.join(two.dir, file));
      expect(size, file).toBe(bytes.length);
      const twins = size >= MIN_COMPRESSED_BYTES && file.endsWith(".html");
      expect(br > 0 && gz > 0, file).toBe(twins);
      if (twins) {
        expect(brotliDecompressSync(readFileSync(path.join(two.dir, `${file}.br`))).equals(bytes), file).toBe(true);
        expect(gunzipSync(readFileSync(path.join(two.dir, `${file}.gz`))).equals(bytes), file).toBe(true);
      }
    }
    expect(readdirSync(two.dir).sort()).toEqual(readdirSync(one.dir).sort());
  });

  it("shares fewer files than threads, and none, without an empty worker's failure", async () => {
    const { dir, files } = site(1);
    expect([...(await digestFiles(dir, files.slice(0, 1), true, 4)).keys()]).toEqual(files.slice(0, 1));
    expect((await digestFiles(dir, [], true, 2)).size).toBe(0);
  });

  it("fails when a file is missing, once every thread has stopped", async () => {
    const { dir, files } = site(4);
    await expect(digestFiles(dir, [...files, "/missing.html"], true, 2)).rejects.toThrow(/ENOENT|missing/);
  });
});

describe("settled", () => {
  it("gives every value in order, or the first failure once all have settled", async () => {
    expect(await settled([Promise.resolve(1), Promise.resolve(2)])).toEqual([1, 2]);
    let slowDone = false;
    const slow = new Promise<number>((resolve) => setTimeout(() => ((slowDone = true), resolve(3)), 50));
    await expect(settled([Promise.reject(new Error("first")), slow, Promise.reject(new Error("second"))])).rejects.toThrow("first");
    expect(slowDone).toBe(true);
  });
});
