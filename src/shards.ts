// Per-countdown data of a build in shard files of about SHARD_SIZE countdowns each, a slug's shard
// found by a hash of it: the live data and the manifest of built files alike. Reading one countdown's
// data reads one shard, so a server's first answer costs the same at 3 countdowns and at 100,000.

const SHARD_SIZE = 256;

/** The one layout of a sharded folder (the live data, the manifest): this file says what is in the shards. */
export const META_FILE = "meta.json";
/** The folder of the shard files, beside META_FILE. */
export const SHARDS_FOLDER = "shards";
/** The shard file of `index`. */
export const shardFile = (index: number) => `${SHARDS_FOLDER}/${index}.json`;

/** How many shards `count` countdowns are kept in. */
export const shardCount = (count: number) => Math.max(1, Math.ceil(count / SHARD_SIZE));

/** The shard of a slug: FNV-1a of its characters (slugs are ASCII), modulo the number of shards. */
export function shardOf(slug: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) hash = Math.imul(hash ^ slug.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}
