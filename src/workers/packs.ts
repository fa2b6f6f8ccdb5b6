// The built files a Worker serves from packs rather than as assets of their own: every countdown's
// files (its page, owner page, calendar file, widget, record) and the index's pages after the first.
// A deploy may hold 20,000 assets on Cloudflare's free plan and 100,000 on the paid one, and a
// build writes five files per countdown: one asset per file would fit 4,000 countdowns at most.
// A pack holds the files of the countdowns whose slug hashes to it (src/shards.ts), about PACK_BYTES
// of them, so a countdown's files are read from one pack; the Worker fetches a pack from its assets
// when first asked for one of its files, and keeps it (src/workers/asset-files.ts).
//
// A pack's bytes: the length of its index (4 bytes, little-endian), the index as JSON (each file's
// offset after the index, its size and its hash, the ETag the Node server sends), then the files.
import { shardOf } from "../shards.ts";
import { countdownOfFile } from "../eleventy/built-files.ts";
import { WORKER_FOLDER } from "./asset-files.ts";

/** About the bytes of one pack: a countdown's first answer reads no more, and 100,000 countdowns fit in a few thousand packs. */
const PACK_BYTES = 2 * 1024 * 1024;

/** The folder of the packs among the Worker's assets. */
export const PACKS_FOLDER = `${WORKER_FOLDER}/packs`;
/** A pack's file: by its name in the packs' folder, and by its path among the assets. */
export const packName = (index: number) => `${index}.bin`;
export const packFile = (index: number) => `${PACKS_FOLDER}/${packName(index)}`;

/** How many packs files of `bytes` in all are kept in. */
export const packCount = (bytes: number) => Math.max(1, Math.ceil(bytes / PACK_BYTES));

/** The pack of a built file: its countdown's (each countdown's files are in one), else its own path's. */
export const packOf = (file: string, packs: number) => shardOf(countdownOfFile(file) ?? file, packs);

/** Where a file is in its pack: [offset after the index, size, hash]. */
type PackedAt = [offset: number, size: number, hash: string];

/** A pack's bytes, made of its files. */
export function writePack(files: readonly { file: string; bytes: Uint8Array; hash: string }[]): Uint8Array {
  const index: Record<string, PackedAt> = {};
  let offset = 0;
  for (const { file, bytes, hash } of files) {
    index[file] = [offset, bytes.length, hash];
    offset += bytes.length;
  }
  const indexBytes = new TextEncoder().encode(JSON.stringify(index));
  const pack = new Uint8Array(4 + indexBytes.length + offset);
  new DataView(pack.buffer).setUint32(0, indexBytes.length, true);
  pack.set(indexBytes, 4);
  let at = 4 + indexBytes.length;
  for (const { bytes } of files) {
    pack.set(bytes, at);
    at += bytes.length;
  }
  return pack;
}

/** A pack read: each file's size and hash, and its bytes. */
export interface Pack {
  has(file: string): boolean;
  /** [size, hash] of a file in the pack; undefined for one that is not. */
  entry(file: string): [size: number, hash: string] | undefined;
  bytes(file: string): Uint8Array | undefined;
}

export function readPack(pack: Uint8Array): Pack {
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const indexLength = view.getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(pack.subarray(4, 4 + indexLength))) as Record<string, PackedAt>;
  const start = 4 + indexLength;
  const at = (file: string) => (Object.hasOwn(index, file) ? index[file] : undefined);
  return {
    has: (file) => at(file) !== undefined,
    entry(file) {
      const found = at(file);
      return found && [found[1], found[2]];
    },
    bytes(file) {
      const found = at(file);
      return found && pack.subarray(start + found[0], start + found[0] + found[1]);
    },
  };
}
