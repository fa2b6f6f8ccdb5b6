// Writes the manifest of a build's files (src/site/built-files.ts), and reads a build's back when the
// next build starts from it.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { shardCount, shardOf } from "../shards.ts";
import { MANIFEST_META, countdownOfFile, manifestShardFile, type FileEntry, type ManifestMeta, type ManifestShard } from "../site/built-files.ts";
import { jsonText } from "../text/escape.ts";

/** Writes the manifest of `entries` (every file of the site, by path) of a build of `count` countdowns into `dir`: the shards, then meta.json. */
export async function writeManifest(dir: string, entries: ReadonlyMap<string, FileEntry>, about: Pick<ManifestMeta, "id" | "site" | "facts" | "count">): Promise<void> {
  const shards = shardCount(about.count);
  const meta: ManifestMeta = { format: 1, ...about, shards, files: {} };
  const byShard = Array.from({ length: shards }, (): ManifestShard => ({}));
  for (const [file, entry] of [...entries].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const slug = countdownOfFile(file);
    if (slug === undefined) meta.files[file] = entry;
    else (byShard[shardOf(slug, shards)]![slug] ??= {})[file] = entry;
  }
  await mkdir(path.join(dir, "shards"), { recursive: true });
  for (const [index, shard] of byShard.entries()) await writeFile(path.join(dir, manifestShardFile(index)), jsonText(shard));
  await writeFile(path.join(dir, MANIFEST_META), jsonText(meta));
}

/** Every file of a build's manifest, by path; undefined when the build has none (an earlier version's). */
export function readManifest(dir: string): Map<string, FileEntry> | undefined {
  if (!existsSync(path.join(dir, MANIFEST_META))) return undefined;
  const meta = JSON.parse(readFileSync(path.join(dir, MANIFEST_META), "utf8")) as ManifestMeta;
  const entries = new Map(Object.entries(meta.files));
  for (let index = 0; index < meta.shards; index++) {
    const shard = JSON.parse(readFileSync(path.join(dir, manifestShardFile(index)), "utf8")) as ManifestShard;
    for (const files of Object.values(shard)) for (const [file, entry] of Object.entries(files)) entries.set(file, entry);
  }
  return entries;
}
