// What one build of the site is made from: the settings, the validated countdowns, the instant of
// the build, its version, and the compiled browser assets. The build gathers it (src/publish/gather.ts)
// and hands it to the site's configuration.
import type { Config } from "../config.ts";
import { INDEX_PAGE_SIZE, indexPages } from "../paths.ts";
import { listed, type Countdown, type Problem } from "../authoring/countdown.ts";
import { isOver, targetAt } from "../time/occurrence.ts";
import { isoSeconds } from "../time/time-left.ts";
import type { SiteIdentity } from "../site-identity.ts";
import type { SiteAssets } from "./assets.ts";

/** A countdown as the build's instant sees it: what it counts to then, and whether it is over. */
export interface SiteCountdown extends Countdown {
  /** The next occurrence at the build's instant (the target of a one-off; the last one once over). */
  nextMs: number;
  /** `nextMs` as `YYYY-MM-DDThh:mm:ssZ`. */
  nextDate: string;
  over: boolean;
}

export interface SiteInput {
  config: Config;
  /** The site's name, description, language, accent, links and repository (`_data/site.json`). */
  identity: SiteIdentity;
  /** Where Eleventy writes the site: `$OUT_DIR/site`, or the folder a build is made in. */
  outputDir: string;
  /** Soonest next occurrence at the build's instant first, ties by slug: the order of `/api/pages`. */
  countdowns: SiteCountdown[];
  /** The instant of the build, in ms: what "upcoming" and "ended" mean on the pages. */
  builtAt: number;
  /** The stamp (DTSTAMP) of a countdown's calendar file, by slug, when not `builtAt`: the build it was last changed in. */
  stamps?: ReadonlyMap<string, number>;
  version: string;
  assets: SiteAssets;
  /** Build only these countdowns' own files (the dev loop's rebuild of what changed); the lists still hold them all. */
  only?: ReadonlySet<string>;
  /** With `only`: the numbers of the index's pages to write (the others are as the build before wrote them); undefined: every page. */
  indexPages?: ReadonlySet<number>;
  /** Write only the countdowns' own files, not the index, the lists and the 404 pages (a later run of a large build). */
  ownFilesOnly?: boolean;
  /** A build for `npm run dev`: every HTML file loads its reload script (src/dev/). */
  dev?: boolean;
  /** What the valid countdowns probably do not mean (a past target, ...): said, never failing the build. */
  warnings?: Problem[];
}

/** The index: the listed countdowns, upcoming soonest first, then ended, the most recent first (src/pages/index.njk pages it). */
export function indexOrder<T extends { over: boolean; unlisted?: true }>(countdowns: readonly T[]): T[] {
  const shown = listed(countdowns);
  return [...shown.filter((c) => !c.over), ...shown.filter((c) => c.over).reverse()];
}

/** A page of the index: its number (from 1), how many there are, its countdowns, and the last countdown of the page before. */
interface IndexPage<T> {
  number: number;
  count: number;
  items: T[];
  before?: T;
}

/** The index's pages, in order; at least one (an empty site's). */
export function indexPagesOf<T>(ordered: readonly T[]): IndexPage<T>[] {
  const count = indexPages(ordered.length);
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    count,
    items: ordered.slice(i * INDEX_PAGE_SIZE, (i + 1) * INDEX_PAGE_SIZE),
    ...(i > 0 ? { before: ordered[i * INDEX_PAGE_SIZE - 1] } : {}),
  }));
}

/** The countdowns at an instant, soonest next occurrence first (ties by slug). */
export function atInstant(countdowns: Countdown[], nowMs: number): SiteCountdown[] {
  return countdowns
    .map((countdown) => {
      const nextMs = countdown.schedule.repeat ? targetAt(countdown.schedule, nowMs)! : countdown.targetMs;
      const over = countdown.schedule.repeat
        ? isOver(countdown.schedule, nowMs)
        : nowMs >= Math.min(countdown.targetMs, countdown.evergreenUntilMs ?? Infinity);
      // Object.assign, not a spread: at 100,000 countdowns it takes a fifth of the time (BENCHMARKS.md).
      // (An evergreen countdown's NO_DATE_MS is never over and names no date; past its cap it is over.)
      return Object.assign({}, countdown, { nextMs, nextDate: countdown.evergreenMs ? "" : isoSeconds(nextMs), over });
    })
    .sort((a, b) => a.nextMs - b.nextMs || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}
