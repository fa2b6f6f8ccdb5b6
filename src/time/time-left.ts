// The time math: the one place that turns "target and now" into the time left.
// Shared by the live handler, the widget ticker (bundled into the browser) and the tests,
// so it must stay free of Node and Luxon.
import { DAY, HOUR, MINUTE, SECOND } from "./units.ts";

interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The units as counts of seconds, in which the time left is split. */
const MINUTE_S = MINUTE / SECOND;
const HOUR_S = HOUR / SECOND;
const DAY_S = DAY / SECOND;
/** Seconds in each unit, in unitsLeft's order: days, hours, minutes, seconds. */
export const UNIT_SECONDS = [DAY_S, HOUR_S, MINUTE_S, 1];

/** Whole seconds left until `targetMs` at `nowMs`: max(0, floor((target - now) / 1 s)). */
export function secondsLeft(targetMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((targetMs - nowMs) / SECOND));
}

/**
 * The runs of units a countdown may show, largest first (the `units` option): `dhms` the published
 * pattern's, `hms` hours and less, `d` days alone.
 */
export const UNIT_RUNS = ["dhms", "dhm", "dh", "d", "hms", "hm", "h", "ms", "m", "s"] as const;
export type UnitRun = (typeof UNIT_RUNS)[number];
/** A regular expression's source that matches the runs alone, shorter than their list (it goes into every widget). */
export const UNIT_RUN_PATTERN = "d(h(ms?)?)?|h(ms?)?|ms?|s";

/**
 * The time left as whole days, hours (0-23), minutes (0-59) and seconds (0-59), in that order; in the
 * units of `run`, a unit it leaves out is 0, the largest it shows holds every unit above it (`hms`:
 * 77 hours for three days and five hours), and the smallest is rounded down.
 */
export function unitsLeft(targetMs: number, nowMs: number, run = "dhms"): number[] {
  let rest = secondsLeft(targetMs, nowMs);
  return UNIT_SECONDS.map((size, i) => {
    const n = run.includes("dhms"[i]!) ? Math.floor(rest / size) : 0;
    rest -= n * size;
    return n;
  });
}

/** The time left split into whole days, hours (0-23), minutes (0-59) and seconds (0-59). */
export function timeLeft(targetMs: number, nowMs: number): TimeLeft {
  const [days, hours, minutes, seconds] = unitsLeft(targetMs, nowMs) as [number, number, number, number];
  return { days, hours, minutes, seconds };
}

/** A countdown is over from the target instant on. */
export function isExpired(targetMs: number, nowMs: number): boolean {
  return nowMs >= targetMs;
}

/**
 * A unit's number as shown (`i` of unitsLeft's order): the largest unit of `run` as it is (days in the
 * published pattern), the others two digits.
 */
export const unitDigits = (n: number, i: number, run = "dhms") =>
  (i > "dhms".indexOf(run[0]!) && n < 10 ? "0" : "") + n;

/** The published pattern `<d>d <hh>h <mm>m <ss>s` of unitsLeft's numbers, with the units of `run` alone. */
export const formatTimeLeft = (units: number[], run = "dhms") =>
  units.flatMap((n, i) => (run.includes("dhms"[i]!) ? [unitDigits(n, i, run) + "dhms"[i]] : [])).join(" ");

/** The `labels` choices of the count (src/widget/options.ts): `auto` is the layout's own. */
export const LABELS = ["auto", "long", "short", "none"] as const;
export type Labels = (typeof LABELS)[number];

/** `YYYY-MM-DDThh:mm:ssZ`: the published form of an instant (UTC, whole seconds). */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Milliseconds until the time left to any whole-second target next changes, so a ticker can wake right
 * then: the shown value drops as soon as less than a whole number of seconds remains, i.e. just after
 * each of the clock's second boundaries (at a boundary itself, 1 ms later).
 */
export const msToNextSecond = (nowMs: number): number => Math.floor((SECOND - (nowMs % SECOND)) % SECOND) + 1;
