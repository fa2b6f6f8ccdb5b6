// The countdowns as the live runtime holds them: written by the build into `<outDir>/live/countdowns.json`,
// checked here when loaded, so a corrupt file is refused with a reason rather than served wrong.
import type { SiteAddress } from "../config.ts";
import type { BuildFacts } from "../routes/route-table.ts";
import type { Countdown } from "../countdown/countdown-file.ts";
import type { Repeat, Schedule } from "../time/occurrence.ts";
import { isoSeconds } from "../time/time-left.ts";
import { parseWallClock, wallClockText } from "../time/zone.ts";

export interface LiveCountdown {
  slug: string;
  title: string;
  /** `YYYY-MM-DDThh:mm:ssZ`: the target, the first occurrence of a repeating countdown. */
  targetDate: string;
  /** Left out when scheduled. */
  status?: "postponed" | "cancelled";
  /** A repeating countdown's rule: the first occurrence as a wall clock in `zone`, and its end. */
  repeat?: { rule: Repeat; start: string; zone: string; until?: string };
}

/** A countdown as the build publishes it, for the live runtime and as `/api/data/<slug>.json`. */
export function liveCountdown({ slug, title, targetDate, status, schedule }: Countdown): LiveCountdown {
  const { start, zone, repeat, untilMs } = schedule;
  return {
    slug,
    title,
    targetDate,
    ...(status !== "scheduled" ? { status } : {}),
    ...(repeat ? { repeat: { rule: repeat, start: wallClockText(start), zone, ...(untilMs !== undefined ? { until: isoSeconds(untilMs) } : {}) } } : {}),
  };
}

/** The file the build writes for the live runtime. */
export interface LiveDataFile {
  /** The release, for `/api/health`. */
  version: string;
  /** Where the build is published: the local server serves under its base path. */
  site: SiteAddress;
  /** The hashes the static headers need (the local server makes them from the route table). */
  facts: BuildFacts;
  countdowns: LiveCountdown[];
}

export interface LiveEntry extends LiveCountdown {
  targetMs: number;
  /** A repeating countdown's occurrences (src/time/occurrence.ts). */
  schedule?: Schedule;
}

export interface LiveStore {
  version: string;
  site: SiteAddress;
  facts: BuildFacts;
  count: number;
  get(slug: string): LiveEntry | undefined;
  slugs(): Iterable<string>;
}

export class LiveDataError extends Error {
  override name = "LiveDataError";
}

const TARGET_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const REPEATS: readonly string[] = ["daily", "weekly", "monthly", "yearly"];
const isText = (value: unknown): value is string => typeof value === "string";

/** Checks what the build wrote and indexes it by slug. Throws `LiveDataError` saying what is wrong. */
export function createLiveStore(data: unknown): LiveStore {
  const file = data as Partial<LiveDataFile> | null;
  if (
    typeof file !== "object" ||
    file === null ||
    !isText(file.version) ||
    !isText(file.site?.origin) ||
    !isText(file.site?.basePath) ||
    !Array.isArray(file.facts?.tickerHashes) ||
    !file.facts.tickerHashes.every(isText) ||
    !isText(file.facts?.pageStyleHash) ||
    !isText(file.facts?.widgetStyleHash) ||
    !Array.isArray(file.countdowns)
  ) {
    throw new LiveDataError("live data is not an object with a version, the site's address, its hashes and a list of countdowns");
  }
  const bySlug = new Map<string, LiveEntry>();
  file.countdowns.forEach((countdown: Partial<LiveCountdown>, index) => {
    const targetMs = isText(countdown?.targetDate) && TARGET_DATE.test(countdown.targetDate) ? Date.parse(countdown.targetDate) : NaN;
    if (!isText(countdown?.slug) || !isText(countdown.title) || Number.isNaN(targetMs)) {
      throw new LiveDataError(`live data countdown #${index} needs a slug, a title and a targetDate like 2026-12-31T23:59:59Z`);
    }
    const status = countdown.status === "postponed" || countdown.status === "cancelled" ? countdown.status : undefined;
    const entry: LiveEntry = { slug: countdown.slug, title: countdown.title, targetDate: countdown.targetDate!, targetMs, ...(status ? { status } : {}) };
    if (countdown.repeat !== undefined) {
      const { rule, start, zone, until } = countdown.repeat;
      const wall = typeof start === "string" ? parseWallClock(start) : undefined;
      const untilMs = until === undefined ? undefined : TARGET_DATE.test(until) ? Date.parse(until) : NaN;
      if (!REPEATS.includes(rule) || !wall || !isText(zone) || Number.isNaN(untilMs)) {
        throw new LiveDataError(`live data countdown #${index} has a repeat rule without a known rule, a start like 2027-03-05T17:00:00, a zone, or with a bad until`);
      }
      entry.repeat = countdown.repeat;
      entry.schedule = { start: wall, zone, repeat: rule, ...(untilMs === undefined ? {} : { untilMs }) };
    }
    bySlug.set(countdown.slug, entry);
  });
  return { version: file.version, site: file.site!, facts: file.facts!, count: bySlug.size, get: (slug) => bySlug.get(slug), slugs: () => bySlug.keys() };
}
