// Writes the manifest of a build's files (src/site/built-files.ts), and reads a build's back when the
// next build starts from it.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { shardCount, shardOf } from "../shards.ts";
import { MANIFEST_META, countdownOfFile, manifestShardFile, type FileEntry, type KeptEntry, type ManifestMeta, type ManifestShard } from "../site/built-files.ts";
import { jsonText } from "../text/escape.ts";

/**
 * Writes the manifest of `entries` (every file of the site, by path) of a build of `count` countdowns
 * into `dir`: the shards, then meta.json. An entry that names the folder holding it (a file shared
 * with an earlier build) is written with that folder's index in `homes`.
 */
export async function writeManifest(dir: string, entries: ReadonlyMap<string, KeptEntry>, about: Pick<ManifestMeta, "id" | "site" | "facts" | "count">): Promise<void> {
  const shards = shardCount(about.count);
  const homes = new Map<string, number>();
  for (const home of [...new Set([...entries.values()].map((entry) => entry[4]))].filter((home) => home !== undefined).sort()) homes.set(home, homes.size);
  const meta: ManifestMeta = { format: 1, ...about, shards, ...(homes.size > 0 ? { homes: [...homes.keys()] } : {}), files: {} };
  const byShard = Array.from({ length: shards }, (): ManifestShard => ({}));
  for (const [file, kept] of [...entries].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const entry: FileEntry = kept[4] === undefined ? (kept as FileEntry) : [kept[0], kept[1], kept[2], kept[3], homes.get(kept[4])!];
    const slug = countdownOfFile(file);
    if (slug === undefined) meta.files[file] = entry;
    else (byShard[shardOf(slug, shards)]![slug] ??= {})[file] = entry;
  }
  await mkdir(path.join(dir, "shards"), { recursive: true });
  for (const [index, shard] of byShard.entries()) await writeFile(path.join(dir, manifestShardFile(index)), jsonText(shard));
  await writeFile(path.join(dir, MANIFEST_META), jsonText(meta));
}

/**
 * Every file of a build's manifest, by path, each naming the folder that holds it: `own` for the
 * build's own files (undefined: they name none); undefined when the build has no manifest (an
 * earlier version's).
 */
export function readManifest(dir: string, own?: string): Map<string, KeptEntry> | undefined {
  if (!existsSync(path.join(dir, MANIFEST_META))) return undefined;
  const meta = JSON.parse(readFileSync(path.join(dir, MANIFEST_META), "utf8")) as ManifestMeta;
  const homes = meta.homes ?? [];
  const kept = (entry: FileEntry): KeptEntry => {
    const home = entry[4] === undefined ? own : homes[entry[4]];
    return home === undefined ? [entry[0], entry[1], entry[2], entry[3]] : [entry[0], entry[1], entry[2], entry[3], home];
  };
  const entries = new Map<string, KeptEntry>();
  for (const [file, entry] of Object.entries(meta.files)) entries.set(file, kept(entry));
  for (let index = 0; index < meta.shards; index++) {
    const shard = JSON.parse(readFileSync(path.join(dir, manifestShardFile(index)), "utf8")) as ManifestShard;
    for (const files of Object.values(shard)) for (const [file, entry] of Object.entries(files)) entries.set(file, kept(entry));
  }
  return entries;
}
