// When a countdown happens: the occurrences of a one-off or repeating countdown (RFC 5545's rules),
// the one implementation for the build, the live function and the widget (pure: no Node, no Luxon).
import { localMs, localToInstant, wallClockOf, type WallClock } from "./zone.ts";
import type { Repeat } from "../vocabulary.ts";
import { DAY } from "./units.ts";
import { isRule, readRule, walkRule } from "./rule.ts";

/**
 * A countdown's occurrences: the first is `start`, a wall clock in `zone`; with `repeat` (a word, or
 * an RRULE's text: src/time/rule.ts), later ones are at the same wall-clock time; none is after
 * `untilMs` (inclusive, as RFC 5545's UNTIL), none at an instant of `except` (RFC 5545's EXDATE).
 */
export interface Schedule {
  start: WallClock;
  zone: string;
  repeat?: Repeat | string;
  untilMs?: number;
  except?: number[];
}

// How far apart occurrences are: in days for daily and weekly, in months for monthly and yearly.
const STEP = { daily: 1, weekly: 7, monthly: 1, yearly: 12 };
// Enough steps from the estimate to the answer, even across the 8 years without a Feb 29 (2096-2104).
const SCAN = 16;

const inDays = (repeat?: string) => repeat == "daily" || repeat == "weekly";

/** The k-th date the rule generates, as local ms (see zone.ts); undefined when the month lacks the day. */
function localAt({ start: w, repeat }: Schedule, k: number): number | undefined {
  const steps = k && k * STEP[repeat as Repeat];
  const days = inDays(repeat) ? steps : 0;
  const months = steps - days;
  const local = localMs(w, months, days);
  // RFC 5545 skips a date the month does not have (the 31st, Feb 29) instead of moving it.
  const skipped = !days && new Date(local).getUTCDate() != w.day;
  return k < 0 || (k && !repeat) || skipped ? undefined : local;
}

/** The index of an occurrence whose date is within a step of `ms` (read as local ms), by calendar arithmetic alone. */
function indexNear({ start: w, repeat }: Schedule, ms: number): number {
  const date = new Date(ms);
  const elapsed = inDays(repeat)
    ? (ms - localMs(w)) / DAY
    : (date.getUTCFullYear() - w.year) * 12 + date.getUTCMonth() + 1 - w.month;
  return Math.floor(elapsed / STEP[repeat as Repeat]);
}

/** The instant of occurrence k (k = 0, 1, ...), or undefined when there is none (a skipped date, after `untilMs`). */
export function occurrence(schedule: Schedule, k: number): number | undefined {
  const local = localAt(schedule, k);
  const ms = local === undefined ? undefined : localToInstant(local, schedule.zone);
  return ms === undefined || ms > (schedule.untilMs ?? ms) ? undefined : ms;
}

/**
 * The first occurrence at or after `nowMs` as [its index, its instant], or undefined when there is
 * none (a past one-off, after `untilMs`); none of `except`. (A rule's index is 0: nothing counts them.)
 */
export function nextOccurrenceOf(schedule: Schedule, nowMs: number): [k: number, ms: number] | undefined {
  const found = schedule.repeat && isRule(schedule.repeat) ? ruleNext(schedule, nowMs) : wordNext(schedule, nowMs);
  return found && schedule.except?.includes(found[1]) ? nextOccurrenceOf(schedule, found[1] + 1) : found;
}

/** The first occurrence of a rule at or after `nowMs`, `except` aside. */
function ruleNext({ start, zone, repeat, untilMs }: Schedule, nowMs: number): [k: number, ms: number] | undefined {
  let found: [number, number] | undefined;
  walkRule(readRule(repeat!, start), start, nowMs, 1, (local) => {
    // A wall clock a day before now is past: no need to ask the zone.
    if (local + DAY <= nowMs) return;
    const ms = localToInstant(local, zone);
    return ms > (untilMs ?? ms) || (ms >= nowMs && (found = [0, ms]));
  });
  return found;
}

/** The same for the four words, `except` aside. */
function wordNext(schedule: Schedule, nowMs: number): [k: number, ms: number] | undefined {
  // Every date two steps or more before the estimate is over (an instant is within 15 h of its local ms).
  for (let k = schedule.repeat ? Math.max(0, indexNear(schedule, nowMs) - 1) : 0, i = 0; i < SCAN; i++, k++) {
    const local = localAt(schedule, k);
    // A wall clock a day before now is past: no need to ask the zone.
    if (local === undefined || local + DAY <= nowMs) continue;
    const ms = localToInstant(local, schedule.zone);
    if (ms > (schedule.untilMs ?? ms)) return undefined;
    if (ms >= nowMs) return [k, ms];
  }
  return undefined;
}

/** The first occurrence at or after `nowMs`, or undefined when there is none (a past one-off, after `untilMs`). */
export const nextOccurrence = (schedule: Schedule, nowMs: number) => nextOccurrenceOf(schedule, nowMs)?.[1];

/**
 * The wall clock of occurrence k (one the rule does not skip), as the start of the same schedule from
 * it on: its occurrence j is the schedule's k + j (a monthly or yearly one keeps its day, so it skips
 * the same dates). The browser walks on from it, one occurrence at a time (src/time/ticking.ts).
 */
export const startOf = (schedule: Schedule, k: number): WallClock => wallClockOf(localAt(schedule, k)!);

/** The final occurrence: a one-off's only one, the last up to `untilMs` and not of `except`; undefined when it repeats forever. */
export function lastOccurrence(schedule: Schedule): number | undefined {
  const { start, zone, repeat, untilMs } = schedule;
  if (repeat && untilMs === undefined) return undefined;
  let ms: number | undefined;
  if (repeat && isRule(repeat))
    walkRule(readRule(repeat, start), start, untilMs!, -1, (local) => {
      if (local - DAY > untilMs!) return;
      const each = localToInstant(local, zone);
      return each <= untilMs! && (ms = each);
    });
  else ms = wordLast(schedule);
  return ms !== undefined && schedule.except?.includes(ms) ? lastOccurrence({ ...schedule, untilMs: ms - 1 }) : ms;
}

/** The same for the four words and a one-off, `except` aside. */
function wordLast(schedule: Schedule): number | undefined {
  const { repeat, untilMs } = schedule;
  // Every date two steps or more after the estimate is after `untilMs`: walk back from the one before.
  for (let k = repeat ? indexNear(schedule, untilMs!) + 1 : 0, i = 0; k >= 0 && i < SCAN; i++, k--) {
    const ms = occurrence(schedule, k);
    if (ms !== undefined) return ms;
  }
  return undefined;
}

/** What the countdown counts to at `nowMs`: the next occurrence, or once it is over the last one (undefined: it has none). */
export const targetAt = (schedule: Schedule, nowMs: number) =>
  nextOccurrence(schedule, nowMs) ?? lastOccurrence(schedule);

/** Over once no occurrence lies ahead, from the last one's instant on (as a one-off is from its target on). */
export const isOver = (schedule: Schedule, nowMs: number) => nextOccurrence(schedule, nowMs + 1) === undefined;
