// The countdowns as the live runtime holds them: written by the build into `<outDir>/live/` (a small
// meta.json and shard files), checked here when read, so a corrupt file is refused with a reason
// rather than served wrong. Free of Node: the reader of the files is given.
import type { SiteAddress } from "../paths.ts";
import { META_FILE, shardCount, shardFile, shardOf } from "../shards.ts";
import { jsonText } from "../text/escape.ts";
import { SITE_DEFAULTS } from "../site-identity.ts";
import type { Schedule } from "../time/occurrence.ts";
import {
  LIVE_COUNTDOWN_SCHEMA,
  isPlainObject,
  schemaProblem,
  type FromSchema,
  type LiveCountdown,
  type Schema,
} from "../published-record.ts";
import { SECOND } from "../time/units.ts";
import { parseWallClock } from "../time/zone.ts";
import { messageOf } from "../error-message.ts";

/** A countdown as the live runtime holds it (its record and the live routes' fields: src/published-record.ts); the build writes these (src/publish/live-data.ts). */
export type { LiveCountdown };

/**
 * `meta.json`: what the live runtime needs to know about the build, beside its countdowns (in the
 * shards), defined once as a JSON Schema: its type, and the check of the file when it is read.
 */
const LIVE_META_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["version", "tz", "site", "siteName", "count", "shards"],
  properties: {
    version: { type: "string", description: "The build's version, for the health answer." },
    tz: {
      type: "string",
      description:
        "The version of the time zone data the build converted wall-clock times with (Node's `process.versions.tz`).",
    },
    site: {
      type: "object",
      additionalProperties: false,
      required: ["origin", "basePath"],
      properties: { origin: { type: "string" }, basePath: { type: "string" } },
      description:
        "Where the build is published (src/paths.ts, SiteAddress): the Node server serves under its base path.",
    },
    siteName: {
      type: "string",
      description: "The site's name (`_data/site.json`): oEmbed's provider, the preview images.",
    },
    siteLanguage: {
      type: "string",
      description:
        "The site's language (BCP 47): the words of what no countdown has its own language for (an unknown slug's image or badge); English when left out (a build of an earlier version).",
    },
    siteAccent: {
      type: "string",
      pattern: "^#[0-9a-f]{6}$",
      description:
        "The site's accent: the email image's accent where neither the countdown nor the link gives one; the default blue when left out.",
    },
    siteFont: {
      type: "string",
      pattern: "^font/[\\w-]{16}\\.(ttf|otf)\\.json$",
      description:
        "The live file of the site's font for the images (src/paths.ts, siteFontFile); the bundled fonts alone when left out.",
    },
    count: { type: "integer", minimum: 0, description: "How many countdowns the shards hold." },
    shards: { type: "integer", minimum: 1, description: "How many shards hold them (src/shards.ts)." },
  },
} as const satisfies Schema;

/** `meta.json`: the live data without its countdowns, which are in `shards` files. */
export type LiveMeta = FromSchema<typeof LIVE_META_SCHEMA>;

/** The countdowns the build hands the live runtime, with what it needs to know about the build. */
export type LiveData = Omit<LiveMeta, "count" | "shards"> & { countdowns: LiveCountdown[] };

export interface LiveEntry extends LiveCountdown {
  /** The target instant; NaN for an evergreen countdown, whose deadline each request's start makes (evergreenMs). */
  targetMs: number;
  /** An evergreen countdown's duration in ms. */
  evergreenMs?: number;
  /** An evergreen countdown's cap (`until`) in ms: no viewer's deadline is later. */
  untilMs?: number;
  /** An evergreen countdown dated for one viewer (src/live/viewer-target.ts, forViewer): their start, whole seconds. */
  startMs?: number;
  /** A repeating countdown's occurrences (src/time/occurrence.ts). */
  schedule?: Schedule;
}

export interface LiveStore {
  version: string;
  /** The build's time zone data version. */
  tz: string;
  site: SiteAddress;
  siteName: string;
  siteLanguage: string;
  siteAccent: string;
  /** The live file of the site's font for the images, if it has one. */
  siteFont?: string;
  count: number;
  /** A countdown by slug; throws `LiveDataError` when the shard it is in cannot be read. */
  get(slug: string): LiveEntry | undefined;
  /** Another file of the live data (a done image's bitmap: src/images/done-frame.ts), parsed once; throws `LiveDataError` when it is missing or no JSON. */
  file(name: string): unknown;
  /** The file `get(slug)` reads (its shard): what a runtime that fetches its files fetches first. */
  fileOf(slug: string): string;
  /** Reads every shard, as `get` would, and checks that they hold `count` countdowns; throws `LiveDataError` saying what is wrong. */
  verify(): void;
  /** The files `check` reads next: what a runtime that fetches its files fetches before it checks. */
  checkedFiles(): string[];
  /** Reads the data again as it is now (meta.json and one shard) and says what is wrong with it; [] when nothing is. */
  check(): string[];
}

export class LiveDataError extends Error {
  override name = "LiveDataError";
}

/** The files of the live data folder, by name (`meta.json`, `shards/<n>.json`), as the build writes them; with `only`, of those shards only. */
export function liveDataFiles({ countdowns, ...rest }: LiveData, only?: ReadonlySet<number>): Map<string, string> {
  const shards = shardCount(countdowns.length);
  const byShard = Array.from({ length: shards }, (): Record<string, LiveCountdown> => ({}));
  for (const countdown of countdowns) byShard[shardOf(countdown.slug, shards)]![countdown.slug] = countdown;
  const meta: LiveMeta = { ...rest, count: countdowns.length, shards };
  const wanted = byShard.flatMap((shard, index) =>
    only && !only.has(index) ? [] : [[shardFile(index), jsonText(shard)] as const],
  );
  return new Map([[META_FILE, jsonText(meta)], ...wanted]);
}

/** A file of the live data folder as text; undefined when it is not there. */
type LiveFileReader = (name: string) => string | undefined;

function readJson(read: LiveFileReader, name: string): unknown {
  const text = read(name);
  if (text === undefined) throw new LiveDataError(`live data file ${name} is missing`);
  try {
    return JSON.parse(text);
  } catch {
    throw new LiveDataError(`live data file ${name} is not valid JSON (cut short while it was written?)`);
  }
}

/**
 * The live data of a build, read through `read`: `meta.json` at once and checked; each shard when a
 * slug in it is first asked for, checked, and kept. Throws `LiveDataError` saying what is wrong.
 * Over 80 lines: the store's methods share the meta and the shards kept, which only this closure holds.
 */
export function createLiveStore(read: LiveFileReader): LiveStore {
  const data = readJson(read, META_FILE);
  const problem = schemaProblem(LIVE_META_SCHEMA, data, META_FILE);
  if (problem) throw new LiveDataError(`live data ${problem}`);
  const meta = data as LiveMeta;
  const shards = new Map<number, Map<string, LiveEntry>>();
  /** Shards that could not be read when asked for, and why: health says so. */
  const failed = new Map<number, string>();
  const shard = (index: number) => {
    let entries = shards.get(index);
    if (!entries) {
      try {
        entries = checkShard(readJson(read, shardFile(index)), shardFile(index));
      } catch (error) {
        failed.set(index, messageOf(error));
        throw error;
      }
      failed.delete(index);
      shards.set(index, entries);
    }
    return entries;
  };
  let nextChecked = 0;
  const files = new Map<string, unknown>();
  return {
    version: meta.version,
    tz: meta.tz,
    site: meta.site,
    siteName: meta.siteName,
    // (A build of an earlier version names neither: English and the default blue, as it was then.)
    siteLanguage: meta.siteLanguage ?? "en",
    siteAccent: meta.siteAccent ?? SITE_DEFAULTS.accent,
    ...(meta.siteFont ? { siteFont: meta.siteFont } : {}),
    count: meta.count,
    get: (slug) => shard(shardOf(slug, meta.shards)).get(slug),
    file(name) {
      if (!files.has(name)) files.set(name, readJson(read, name));
      return files.get(name);
    },
    fileOf: (slug) => shardFile(shardOf(slug, meta.shards)),
    verify() {
      let count = 0;
      for (let index = 0; index < meta.shards; index++) count += shard(index).size;
      if (count !== meta.count)
        throw new LiveDataError(`live data: the shards hold ${count} countdown(s), ${META_FILE} says ${meta.count}`);
    },
    checkedFiles: () => [META_FILE, ...[...failed.keys(), nextChecked % meta.shards].map((index) => shardFile(index))],
    check() {
      // The files as they are now, not as they were read: a shard read earlier may be gone since.
      // Every shard that failed when it was needed is read again (a repaired one answers from then
      // on, with no request needed), and one other shard per check, each in turn.
      const problems: string[] = [];
      for (const index of [...failed.keys()]) {
        try {
          shard(index);
        } catch (error) {
          problems.push(messageOf(error));
        }
      }
      try {
        const now = readJson(read, META_FILE) as Partial<LiveMeta> | null;
        if (now?.version !== meta.version || now?.shards !== meta.shards)
          throw new LiveDataError(
            `live data ${META_FILE} is no longer the one loaded (version ${JSON.stringify(now?.version)})`,
          );
        const index = nextChecked++ % meta.shards;
        checkShard(readJson(read, shardFile(index)), shardFile(index));
      } catch (error) {
        problems.unshift(messageOf(error));
      }
      return [...new Set(problems)];
    },
  };
}

/** A shard's countdowns, checked against the record's schema (src/published-record.ts), by slug. */
function checkShard(data: unknown, name: string): Map<string, LiveEntry> {
  if (!isPlainObject(data)) throw new LiveDataError(`live data ${name} is not an object of countdowns by slug`);
  const bySlug = new Map<string, LiveEntry>();
  for (const [key, value] of Object.entries(data)) {
    const at = `countdown ${JSON.stringify(key)}`;
    const problem =
      schemaProblem(LIVE_COUNTDOWN_SCHEMA, value, at) ??
      ((value as LiveCountdown).slug !== key ? `${at} holds another slug` : undefined);
    if (problem) throw new LiveDataError(`live data ${name}: ${problem}`);
    const countdown = value as LiveCountdown;
    const { targetDate, evergreen, until, zone, repeat } = countdown;
    // (The pattern takes a month 13: the instant must be one a Date holds.)
    const targetMs = targetDate ? Date.parse(targetDate) : NaN;
    // The last occurrence bounds the walk as `until` does (a COUNT's end has no `until`).
    const end = repeat?.last ?? repeat?.until;
    const untilMs = end === undefined ? undefined : Date.parse(end);
    const except = repeat?.except?.map(Date.parse);
    const capMs = until === undefined ? undefined : Date.parse(until);
    if (
      (targetDate && Number.isNaN(targetMs)) ||
      Number.isNaN(untilMs) ||
      Number.isNaN(capMs) ||
      except?.some(Number.isNaN)
    )
      throw new LiveDataError(`live data ${name}: ${at} names an instant that is no date`);
    const entry: LiveEntry = { ...countdown, targetMs, repeat: undefined };
    if (evergreen) entry.evergreenMs = evergreen * SECOND;
    if (capMs !== undefined) entry.untilMs = capMs;
    if (repeat !== undefined) {
      const wall = parseWallClock(repeat.start);
      if (!wall) throw new LiveDataError(`live data ${name}: ${at}.repeat.start is no wall clock`);
      entry.repeat = repeat;
      entry.schedule = {
        start: wall,
        zone: zone ?? "UTC",
        repeat: repeat.rule,
        ...(untilMs === undefined ? {} : { untilMs }),
        ...(except ? { except } : {}),
      };
    }
    bySlug.set(key, entry);
  }
  return bySlug;
}

/** A store over live data held in memory, in the same files the build writes (tests, tools). */
export const memoryLiveStore = (data: LiveData) => {
  const files = liveDataFiles(data);
  return createLiveStore((name) => files.get(name));
};
