// The digests of built files (size and hash, for the manifest) and their compressed twins.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { BuiltFile } from "../../src/eleventy/built-files.ts";
import {
  DIGEST_CHUNK,
  MIN_COMPRESSED_BYTES,
  digestQueue,
  digestThread,
  newClaim,
  type DigestThread,
} from "../../src/publish/file-digests.ts";
import { POLL_LIMIT } from "../support/paths.ts";

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
    writeFileSync(
      path.join(dir, name),
      n % 3 === 0 ? `<p>${n}</p>` : `<p>${`countdown ${n} `.repeat(MIN_COMPRESSED_BYTES / 10)}</p>`,
    );
    files.push(name);
  }
  writeFileSync(path.join(dir, "logo.png"), Buffer.alloc(4096, 7));
  files.push("/logo.png");
  return { dir, files };
}

/** One chunk of files digested on a thread of its own. */
async function digestFiles(dir: string, files: string[], compress: boolean): Promise<Map<string, BuiltFile>> {
  const thread = digestThread(dir, compress);
  try {
    const digests = await thread.run(files);
    if (digests === undefined) throw new Error("a chunk of its own was passed");
    return digests;
  } finally {
    await thread.close();
  }
}

describe("digestThread", () => {
  it("gives every file its size and hash, and twins that decode to it to the text files large enough", async () => {
    const { dir, files } = site(7);
    const digests = await digestFiles(dir, files, true);
    expect([...digests.keys()].sort()).toEqual([...files].sort());
    for (const [file, { size, hash, brotli: br, gzip: gz }] of digests) {
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
    expect([...digests.values()].every(({ brotli, gzip }) => brotli === 0 && gzip === 0)).toBe(true);
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
      // Given at once, answered in order.
      const [first, second] = await Promise.all([thread.run(files.slice(0, 2)), thread.run(files.slice(2))]);
      expect([...first!.keys()]).toEqual(files.slice(0, 2));
      expect([...second!.keys()]).toEqual(files.slice(2));
      // A failed chunk ends the thread: what it is given after fails at once.
      await expect(thread.run(["/missing.html"])).rejects.toThrow(/ENOENT|missing/);
      await expect(thread.run(files)).rejects.toThrow(/ENOENT|missing/);
    } finally {
      await thread.close();
    }
  });

  it("passes a chunk another thread claimed, or one stopped, and writes nothing for it", async () => {
    const { dir, files } = site(3);
    const thread = digestThread(dir, true);
    try {
      const claimed = newClaim();
      claimed[0] = 1;
      const stopped = newClaim();
      stopped[0] = 2;
      expect(await thread.run(files, claimed)).toBeUndefined();
      expect(await thread.run(files, stopped)).toBeUndefined();
      expect(readdirSync(dir).filter((name) => /\.(br|gz)$/.test(name))).toEqual([]);
      const free = newClaim();
      expect([...(await thread.run(files, free))!.keys()]).toEqual(files);
      expect(free[0]).toBe(1);
    } finally {
      await thread.close();
    }
  });
});

describe("digestQueue", () => {
  /**
   * Threads that digest the chunks given to them one after the other, each in `ms`, claiming each
   * as the real ones do, and record how many run at once; a chunk holding `failOn` fails.
   */
  function fakeDigests({ ms = 5, failOn }: { ms?: number; failOn?: string } = {}) {
    const seen = { running: 0, most: 0, chunks: [] as string[][], byThread: [] as string[][][], opened: 0, closed: 0 };
    const open = (): DigestThread => {
      const mine: string[][] = [];
      seen.byThread.push(mine);
      seen.opened++;
      let queue: Promise<unknown> = Promise.resolve();
      let failed: unknown;
      return {
        run(files, claim = newClaim()) {
          const done = queue.then(async () => {
            if (failed !== undefined) throw failed;
            if (Atomics.compareExchange(claim, 0, 0, 1) !== 0) return undefined;
            seen.chunks.push(files);
            mine.push(files);
            seen.most = Math.max(seen.most, ++seen.running);
            await new Promise((resolve) => setTimeout(resolve, ms));
            seen.running--;
            if (failOn !== undefined && files.includes(failOn)) throw (failed = new Error(`cannot read ${failOn}`));
            return new Map(
              files.map((file): [string, BuiltFile] => [file, { size: file.length, hash: "h", brotli: 0, gzip: 0 }]),
            );
          });
          queue = done.catch(() => {});
          return done;
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
    const added = [...names("a", DIGEST_CHUNK + 10), ...names("b", 7 * DIGEST_CHUNK)];
    queue.add(added.slice(0, DIGEST_CHUNK + 10));
    queue.add(added.slice(DIGEST_CHUNK + 10));
    await new Promise((resolve) => setTimeout(resolve, 12));
    expect(seen.most).toBe(1);
    await queue.finish(2);
    expect(seen.most).toBe(2);
    expect(got.sort()).toEqual([...added].sort());
    expect(seen.chunks.every((chunk) => chunk.length <= DIGEST_CHUNK)).toBe(true);
    expect(seen.chunks).toHaveLength(9);
    // The first thread went on from the front, the second took the last chunks first; each chunk once.
    const [first, second] = seen.byThread;
    expect(first![0]![0]).toBe("/a-0.html");
    expect(second!.length).toBeGreaterThan(0);
    expect(second![0]![0]).toBe(`/b-${6 * DIGEST_CHUNK}.html`);
    // Two threads, both closed at the end.
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
    while (seen.running === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    await queue.finish(0);
    expect(seen.running).toBe(0);
    expect(seen.chunks).toHaveLength(1);
  });

  it("goes on digesting chunk after chunk while the main thread is busy and never turns its event loop", () => {
    // As while Eleventy renders: every chunk added is digested on the worker with no answer read.
    const { dir, files } = site(12);
    const queue = digestQueue(dir, true, () => {}, undefined, 2);
    queue.add(files);
    const twins = files
      .filter((file) => file.endsWith(".html") && readFileSync(path.join(dir, file)).length >= MIN_COMPRESSED_BYTES)
      .map((file) => path.join(dir, `${file}.gz`));
    expect(twins.length).toBeGreaterThan(6);
    const giveUp = Date.now() + POLL_LIMIT;
    while (!twins.every((twin) => existsSync(twin)) && Date.now() < giveUp) {
      // busy: no await, so no message from the worker is read
    }
    expect(twins.filter((twin) => !existsSync(twin))).toEqual([]);
    return queue.finish(1);
  });
});
