// What checking each countdown file gave, kept with a build (`<build>/checked.json`) so that the next
// build parses again only the files whose bytes changed: at 100,000 countdowns, parsing and checking
// every file takes about 3.5 s of the 5 s that reading and checking them takes (BENCHMARKS.md).
//
// A valid file's result (its countdown and its warnings) depends on its name, its bytes, the code
// that checks it, and the clock only through whether its target, or the end of its repeat rule, has
// passed. So a result is reused for the same name and bytes, under the same code, when those facts
// are the same at the new clock; anything else is parsed again. A file with problems is never kept.
import type { Countdown, ParseOptions, ParseResult, Problem } from "./countdown.ts";
import { sha256 as digest } from "../content-hash.ts";
import { isOver } from "../time/occurrence.ts";

type Kept = [bytes: string, facts: string, countdown: Countdown, warnings: Problem[]];

export interface CheckCache {
  /** The result kept for `file` with these bytes, if it holds checked `with` the clock and language given. */
  lookup(file: string, text: string, with_: CheckedWith): ParseResult | undefined;
  /** Keeps the result of parsing `file`, if it is valid. */
  keep(file: string, text: string, with_: CheckedWith, result: ParseResult): void;
  /** How many lookups found a result. */
  readonly reused: number;
  /** The results kept (of every file looked up or kept in this run), as the next build reads them. */
  text(): string;
}

/**
 * What a result depends on beside the file: the language a countdown takes when it names none (the
 * site's), and what its warnings know of the clock: whether its target, and its repeat rule's end,
 * have passed at `now`.
 */
function facts(countdown: Countdown, { now, defaultLang = "" }: CheckedWith): string {
  if (now === undefined) return defaultLang;
  const { schedule } = countdown;
  const past = !schedule.repeat && now >= countdown.targetMs;
  const until = schedule.untilMs === undefined ? "" : `${isOver(schedule, now)}${schedule.untilMs <= now}`;
  return `${defaultLang} ${past}${until}`;
}

/** What a file is checked with: the clock and the site's language (ParseOptions). */
export type CheckedWith = Pick<ParseOptions, "now" | "defaultLang">;

/**
 * A cache of check results made under `code` (the checking code, the time zone data, the Node
 * version), starting from `previous` (an earlier build's `text()`); results of other code are dropped.
 */
export function createCheckCache(code: string, previous?: string): CheckCache {
  let before: Record<string, Kept> = {};
  if (previous !== undefined) {
    try {
      const parsed = JSON.parse(previous) as { code?: string; files?: Record<string, Kept> };
      if (parsed.code === code && typeof parsed.files === "object" && parsed.files !== null) before = parsed.files;
    } catch {
      // A cut-short file: every file is parsed again.
    }
  }
  const now: Record<string, Kept> = {};
  let reused = 0;
  return {
    lookup(file, text, checked) {
      const kept = before[file];
      if (!kept || kept[0] !== digest(text) || kept[1] !== facts(kept[2], checked)) return undefined;
      now[file] = kept;
      reused++;
      return { countdown: kept[2], problems: [], warnings: kept[3] };
    },
    keep(file, text, checked, result) {
      if (result.countdown)
        now[file] = [digest(text), facts(result.countdown, checked), result.countdown, result.warnings];
    },
    get reused() {
      return reused;
    },
    text: () => JSON.stringify({ code, files: now }),
  };
}
