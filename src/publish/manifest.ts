// Writes the manifest of a build's files (src/eleventy/built-files.ts), and reads a build's back when the
// next build starts from it. A build made from the served one reads only the shards of the countdowns
// that changed and writes only those again; every other shard is the served build's file, linked.
import { existsSync, linkSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { META_FILE, SHARDS_FOLDER, shardCount, shardFile, shardOf } from "../shards.ts";
import {
  countdownOfFile,
  type BuiltFile,
  type FileEntry,
  type ManifestMeta,
  type ManifestShard,
} from "../eleventy/built-files.ts";
import { jsonText } from "../text/escape.ts";

/** A build's manifest as the next build reads it: its meta, and the entries of the shards read (and of the site's own files). */
interface ReadManifest {
  dir: string;
  meta: ManifestMeta;
  /** Every file read, by path, each naming the folder that holds it (none: the build's own, on Netlify). */
  entries: Map<string, BuiltFile>;
  /** The shards read; undefined: all of them. */
  shards?: ReadonlySet<number>;
}

/**
 * Reads the manifest in `dir`: meta.json, and the shards of `slugs` when the next build can link the
 * others as they are (their entries name their folders, and a build of `count` countdowns has as
 * many shards), else every shard; undefined when the build has none (an earlier version's). `own`
 * names the build's folder, for entries that name none. Without `own` (a build whose files the next
 * one copies whole, not among OUT_DIR's builds or on Netlify), every file must be in the build's own
 * folder: undefined when the manifest names another (the next build then writes everything).
 */
export function readManifest(
  dir: string,
  { own, slugs, count }: { own?: string; slugs?: Iterable<string>; count?: number } = {},
): ReadManifest | undefined {
  if (!existsSync(path.join(dir, META_FILE))) return undefined;
  const meta = JSON.parse(readFileSync(path.join(dir, META_FILE), "utf8")) as ManifestMeta;
  const homes = meta.homes ?? [];
  let elsewhere = false;
  const kept = ([size, hash, brotli, gzip, at]: FileEntry): BuiltFile => {
    const named = at === undefined ? undefined : homes[at];
    if (own === undefined && named !== undefined && named !== meta.self) elsewhere = true;
    const home = own === undefined ? undefined : (named ?? own);
    return home === undefined ? { size, hash, brotli, gzip } : { size, hash, brotli, gzip, home };
  };
  const entries = new Map<string, BuiltFile>();
  for (const [file, entry] of Object.entries(meta.files)) entries.set(file, kept(entry));
  const linkable =
    slugs !== undefined &&
    meta.homes !== undefined &&
    meta.shardHomes !== undefined &&
    count !== undefined &&
    shardCount(count) === meta.shards;
  const shards = linkable ? new Set([...slugs].map((slug) => shardOf(slug, meta.shards))) : undefined;
  for (let index = 0; index < meta.shards; index++) {
    if (shards && !shards.has(index)) continue;
    const shard = JSON.parse(readFileSync(path.join(dir, shardFile(index)), "utf8")) as ManifestShard;
    for (const files of Object.values(shard))
      for (const [file, entry] of Object.entries(files)) entries.set(file, kept(entry));
  }
  if (elsewhere) return undefined;
  return { dir, meta, entries, ...(shards ? { shards } : {}) };
}

/**
 * Writes the manifest of `entries` (every file of the site, by path, or with `base` those of the
 * shards it read) of a build of `count` countdowns into `dir`: the shards, then meta.json. With
 * `own` (the build's folder name), every entry names the folder that holds it, so that a later build
 * can link a shard as it is; `base` is the manifest of the build this one is made from, whose shards
 * not read are linked. Returns the names of the folders the manifest names.
 */
export async function writeManifest(
  dir: string,
  entries: ReadonlyMap<string, BuiltFile>,
  about: Pick<ManifestMeta, "id" | "site" | "facts" | "count">,
  { own, base }: { own?: string; base?: ReadManifest } = {},
): Promise<Set<string>> {
  const shards = shardCount(about.count);
  const linked = base?.shards ? base : undefined;
  // Indexes stay as the base gave them, so that a linked shard means the same here; a new folder takes
  // a slot no entry names any more, else a new one.
  const slots: (string | null)[] = [...(linked?.meta.homes ?? [])];
  const homes = new Map<string, number>();
  slots.forEach((home, index) => home !== null && homes.set(home, index));
  const indexOf = (home: string) => {
    let index = homes.get(home);
    if (index === undefined) {
      index = slots.indexOf(null);
      if (index === -1) index = slots.push(home) - 1;
      else slots[index] = home;
      homes.set(home, index);
    }
    return index;
  };
  const onDisk = ({ size, hash, brotli, gzip, home = own }: BuiltFile): FileEntry =>
    home === undefined ? [size, hash, brotli, gzip] : [size, hash, brotli, gzip, indexOf(home)];
  const files: Record<string, FileEntry> = {};
  const byShard = new Map<number, Map<string, Map<string, FileEntry>>>();
  for (const [file, kept] of entries) {
    const slug = countdownOfFile(file);
    if (slug === undefined) files[file] = onDisk(kept);
    else {
      const index = shardOf(slug, shards);
      let shard = byShard.get(index);
      if (!shard) byShard.set(index, (shard = new Map()));
      let own = shard.get(slug);
      if (!own) shard.set(slug, (own = new Map()));
      own.set(file, onDisk(kept));
    }
  }
  const sorted = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1));
  await mkdir(path.join(dir, SHARDS_FOLDER), { recursive: true });
  const shardHomes: number[][] = [];
  for (let index = 0; index < shards; index++) {
    if (linked && !linked.shards!.has(index)) {
      linkSync(path.join(linked.dir, shardFile(index)), path.join(dir, shardFile(index)));
      shardHomes.push(linked.meta.shardHomes?.[index] ?? []);
      continue;
    }
    const shard: ManifestShard = {};
    const used = new Set<number>();
    for (const [slug, own] of sorted(byShard.get(index) ?? new Map<string, Map<string, FileEntry>>())) {
      shard[slug] = Object.fromEntries(sorted(own));
      for (const entry of own.values()) if (entry[4] !== undefined) used.add(entry[4]);
    }
    shardHomes.push([...used].sort((a, b) => a - b));
    await writeFile(path.join(dir, shardFile(index)), jsonText(shard));
  }
  const named = new Set(shardHomes.flat());
  for (const entry of Object.values(files)) if (entry[4] !== undefined) named.add(entry[4]);
  // A folder no entry names leaves its slot free.
  const kept = slots.map((home, index) => (named.has(index) ? home : null));
  while (kept.at(-1) === null) kept.pop();
  const meta: ManifestMeta = {
    format: 1,
    ...about,
    shards,
    ...(kept.length > 0 ? { homes: kept, shardHomes } : {}),
    ...(own !== undefined ? { self: own } : {}),
    files: Object.fromEntries(sorted(new Map(Object.entries(files)))),
  };
  await writeFile(path.join(dir, META_FILE), jsonText(meta));
  return new Set([...homes].filter(([, index]) => named.has(index)).map(([home]) => home));
}
