// What a build was made from, kept with it (`<build>/record.json`), so that the next build can write
// only what changed: a hash of the code and the settings that shape every file, and per countdown a
// hash of its checked record, the instant its page names (a repeating countdown's next occurrence at
// the build's instant) and the stamp of its calendar file; and per page of the index a hash of what
// it shows. A build from the same inputs at the same instant writes the same files, byte for byte, whether it starts from the previous build or not.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../config.ts";
import { indexOrder, indexPagesOf, type SiteInput } from "../eleventy/site-input.ts";
import { sha256 } from "../content-hash.ts";
import { jsonText } from "../text/escape.ts";

export const RECORD_FILE = "record.json";

/** Per countdown: the hash of its checked record, the instant its own files name, its calendar file's stamp. */
type CountdownRecord = [hash: string, nextMs: number, stampMs: number];

interface BuildRecord {
  format: 1;
  /** The code, the packages and the settings every file depends on. */
  code: string;
  countdowns: Record<string, CountdownRecord>;
  /** Per page of the index, from the first: a hash of what it shows (its countdowns, the page before's last, how many pages). */
  index?: string[];
}

/** What to write: the countdowns whose own files are written again and those removed; undefined: everything. */
export interface Changes {
  slugs: ReadonlySet<string>;
  removed: ReadonlySet<string>;
  /** The numbers of the index's pages to write: those new or showing anything else. */
  indexPages: ReadonlySet<number>;
}

/** A short name of a text: 22 characters of its SHA-256. */
export const hash = (text: string) => sha256(text).slice(0, 22);

let sourcesHash: string | undefined;
/** The site's sources (src/) and the locked packages; read once per process, and again after `forgetSources`. */
function sourcesDigest(): string {
  if (sourcesHash === undefined) {
    const digest = createHash("sha256");
    const src = path.join(PROJECT_ROOT, "src");
    const files = (readdirSync(src, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    const lock = path.join(PROJECT_ROOT, "package-lock.json");
    for (const file of [...files, ...(existsSync(lock) ? [lock] : [])])
      digest.update(path.relative(PROJECT_ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
    sourcesHash = digest.digest("base64url");
  }
  return sourcesHash;
}

/** The sources changed (the dev loop saw it): read them again for the next record. */
export function forgetSources(): void {
  sourcesHash = undefined;
}

/** The hash of what checking a countdown file depends on besides its bytes: the code, the packages, the time zone data, Node. */
export const checkCode = () =>
  hash(
    `${sourcesDigest()}\0${process.versions.tz}\0${process.versions.icu}\0${process.versions.unicode}\0${process.versions.node}`,
  );

/** The hash of everything but the countdowns that the files of a build depend on. */
function codeOf(input: SiteInput): string {
  const settings = {
    site: input.config.site,
    identity: input.identity,
    dev: input.dev ?? false,
    netlify: input.config.netlify,
    tz: process.versions.tz,
    icu: process.versions.icu,
    unicode: process.versions.unicode,
    node: process.versions.node,
    assets: [input.assets.ticker.hash, input.assets.pageStyle.hash, input.assets.widgetStyle.hash],
  };
  return hash(`${sourcesDigest()}\0${jsonText(settings)}`);
}

/** The record of a build from `input`, whose calendar files carry `stamps`. */
function recordOf(input: SiteInput, stamps: ReadonlyMap<string, number>): BuildRecord {
  const countdowns: Record<string, CountdownRecord> = {};
  for (const countdown of input.countdowns) {
    const { nextMs, nextDate, over, ...checked } = countdown;
    countdowns[countdown.slug] = [hash(jsonText(checked)), nextMs, stamps.get(countdown.slug) ?? input.builtAt];
  }
  // What a page of the index shows of a countdown: all of it (its hash), when it is next, whether it is over.
  const shown = (countdown: SiteInput["countdowns"][number] | undefined) =>
    countdown && [countdown.slug, countdowns[countdown.slug]![0], countdown.nextMs, countdown.over];
  const ordered = indexOrder(input.countdowns);
  const index = indexPagesOf(ordered).map((page) =>
    hash(JSON.stringify([page.count, shown(page.before), page.items.map(shown)])),
  );
  return { format: 1, code: codeOf(input), countdowns, index };
}

export function readRecord(buildDir: string | undefined): BuildRecord | undefined {
  if (buildDir === undefined) return undefined;
  try {
    const record = JSON.parse(readFileSync(path.join(buildDir, RECORD_FILE), "utf8")) as BuildRecord;
    return record.format === 1 && typeof record.code === "string" && typeof record.countdowns === "object"
      ? record
      : undefined;
  } catch {
    return undefined;
  }
}

export const recordText = (record: BuildRecord) => jsonText(record);

/**
 * What a build of `input` must write, given the record of the build it starts from: everything when
 * there is none or the code or settings differ; else the countdowns added, edited, removed, or whose
 * own files name another instant now (`full`: everything). And the stamps of the calendar files: a
 * countdown unchanged since the previous build keeps its stamp, so its file stays the same; and the
 * record of the new build, made with those stamps.
 */
export function planBuild(
  previous: BuildRecord | undefined,
  input: SiteInput,
  full = false,
): { changes?: Changes; stamps: Map<string, number>; record: BuildRecord } {
  const stamps = new Map<string, number>();
  const now = recordOf(input, stamps);
  const sameCode = previous?.code === now.code;
  const slugs = new Set<string>();
  for (const [slug, record] of Object.entries(now.countdowns)) {
    const [contentHash, nextMs] = record;
    const before = previous?.countdowns[slug];
    if (before && before[0] === contentHash) {
      stamps.set(slug, before[2]);
      record[2] = before[2];
    }
    if (!before || before[0] !== contentHash || before[1] !== nextMs) slugs.add(slug);
  }
  if (!previous || !sameCode || full) return { stamps, record: now };
  const removed = new Set(Object.keys(previous.countdowns).filter((slug) => !(slug in now.countdowns)));
  const indexPages = new Set(now.index!.flatMap((page, i) => (previous.index?.[i] === page ? [] : [i + 1])));
  return { changes: { slugs, removed, indexPages }, stamps, record: now };
}
