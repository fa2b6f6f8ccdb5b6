// The digests of built files (size and hash, for the manifest) and their compressed twins.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { KeptEntry } from "../../src/site/built-files.ts";
import { DIGEST_CHUNK, MIN_COMPRESSED_BYTES, digestQueue, digestThread, type DigestThread } from "../../src/publish/digest.ts";

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

/** One chunk of files digested on a thread of its own. */
async function digestFiles(dir: string, files: string[], compress: boolean): Promise<Map<string, KeptEntry>> {
  const thread = digestThread(dir, compress);
  try {
    return await thread.run(files);
  } finally {
    await thread.close();
  }
}

describe("digestThread", () => {
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

  it("takes chunk after chunk on one thread, each answered with its own files", async () => {
    const { dir, files } = site(6);
    const thread = digestThread(dir, true);
    try {
      expect([...(await thread.run(files.slice(0, 2))).keys()]).toEqual(files.slice(0, 2));
      expect([...(await thread.run(files.slice(2))).keys()]).toEqual(files.slice(2));
      // A failed chunk ends the thread: what it is given after fails at once.
      await expect(thread.run(["/missing.html"])).rejects.toThrow(/ENOENT|missing/);
      await expect(thread.run(files)).rejects.toThrow(/ENOENT|missing/);
    } finally {
      await thread.close();
    }
  });
});

describe("digestQueue", () => {
  /** Threads whose digests take `ms`, recording how many run at once; a chunk holding `failOn` fails. */
  function fakeDigests({ ms = 5, failOn }: { ms?: number; failOn?: string } = {}) {
    const seen = { running: 0, most: 0, chunks: [] as string[][], opened: 0, closed: 0 };
    const open = (): DigestThread => {
      seen.opened++;
      let busy = false;
      return {
        run: async (files) => {
          expect(busy, "a thread is given one chunk at a time").toBe(false);
          busy = true;
          seen.chunks.push(files);
          seen.most = Math.max(seen.most, ++seen.running);
          await new Promise((resolve) => setTimeout(resolve, ms));
          seen.running--;
          busy = false;
          if (failOn !== undefined && files.includes(failOn)) throw new Error(`cannot read ${failOn}`);
          return new Map(files.map((file): [string, KeptEntry] => [file, [file.length, "h", 0, 0]]));
        },
        close: async () => void seen.closed++,
      };
    };
    return { seen, open };
  }
  const names = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `/${prefix}-${n}.html`);

  it("digests every file once, in chunks, one thread at a time until finish says how many", async () => {
    const { seen, open } = fakeDigests();
    const got: string[] = [];
    const queue = digestQueue("/site", true, (entries) => got.push(...entries.keys()), open);
    const added = [...names("a", DIGEST_CHUNK + 10), ...names("b", 3 * DIGEST_CHUNK)];
    queue.add(added.slice(0, DIGEST_CHUNK + 10));
    queue.add(added.slice(DIGEST_CHUNK + 10));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.most).toBe(1);
    await queue.finish(2);
    expect(seen.most).toBe(2);
    expect(got.sort()).toEqual([...added].sort());
    expect(seen.chunks.every((chunk) => chunk.length <= DIGEST_CHUNK)).toBe(true);
    expect(seen.chunks).toHaveLength(5);
    // Two threads, each given chunk after chunk, both closed at the end.
    expect([seen.opened, seen.closed]).toEqual([2, 2]);
  });

  it("rejects with the first failure once no thread still runs, and begins no chunk after it", async () => {
    const { seen, open } = fakeDigests({ failOn: "/b-3.html" });
    const queue = digestQueue("/site", true, () => {}, open);
    queue.add([...names("a", DIGEST_CHUNK), ...names("b", DIGEST_CHUNK), ...names("c", DIGEST_CHUNK)]);
    await expect(queue.finish(1)).rejects.toThrow("cannot read /b-3.html");
    expect(seen.running).toBe(0);
    expect(seen.chunks.map((chunk) => chunk[0])).toEqual(["/a-0.html", "/b-0.html"]);
    expect(seen.closed).toBe(seen.opened);
  });

  it("stopped (finish(0)), waits for the chunk under way and begins no other", async () => {
    const { seen, open } = fakeDigests({ ms: 30 });
    const queue = digestQueue("/site", true, () => {}, open);
    queue.add(names("a", 3 * DIGEST_CHUNK));
    await queue.finish(0);
    expect(seen.running).toBe(0);
    expect(seen.chunks).toHaveLength(1);
  });
});
