// The occurrences of an RFC 5545 RRULE (the subset docs/authoring.md lists: FREQ, INTERVAL, BYDAY,
// BYMONTHDAY, BYMONTH, BYSETPOS, WKST; COUNT is checked when the file is, and bounds the schedule as
// its last occurrence), at the start's wall-clock time: pure, for the build, the live routes and the
// browser. Each period of the rule (a day, a week, a month, a year, INTERVAL of them apart) is read
// day by day: a day is in it when it passes every BY part; BYSETPOS then picks from those.
import { localMs } from "./zone.ts";
import type { WallClock } from "./zone.ts";
import { DAY } from "./units.ts";

/** RFC 5545's weekdays in the order of Date's getUTCDay (Sunday 0). */
export const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** A rule read for the walk: FREQ as 0-3 (DAILY, WEEKLY, MONTHLY, YEARLY), BYDAY as [ordinal or 0, weekday]. */
interface Rule {
  freq: number;
  interval: number;
  byday: number[][];
  bymonthday: number[];
  bymonth: number[];
  bysetpos: number[];
  wkst: number;
}

/** Whether a `repeat` is a rule, not one of the four words (daily, weekly, monthly, yearly). */
export const isRule = (repeat: string) => /FREQ=/i.test(repeat);

/** The parts of a rule's text ("FREQ=MONTHLY;BYDAY=1MO", "RRULE:" before it or not) by name. */
const ruleParts = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .replace(/^RRULE:/i, "")
      .toUpperCase()
      .split(";")
      .map((part) => part.split("=")),
  );

/** A checked rule's text read for the walk, with dateutil's defaults from the start (the start's weekday, day, month). */
export function readRule(text: string, start: WallClock): Rule {
  const parts = ruleParts(text);
  const list = (name: string) => (parts[name] ? parts[name].split(",") : []);
  const numbers = (name: string) => list(name).map(Number);
  const freq = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].indexOf(parts.FREQ!);
  let byday = list("BYDAY").map((day) => [+day.slice(0, -2), WEEKDAYS.indexOf(day.slice(-2))]);
  let bymonthday = numbers("BYMONTHDAY");
  const bymonth = numbers("BYMONTH");
  if (!byday.length && !bymonthday.length) {
    if (freq == 1) byday = [[0, new Date(localMs(start)).getUTCDay()]];
    if (freq > 1) bymonthday = [start.day];
    if (freq > 2 && !bymonth.length) bymonth.push(start.month);
  }
  return {
    freq,
    interval: +(parts.INTERVAL ?? 1),
    byday,
    bymonthday,
    bymonth,
    bysetpos: numbers("BYSETPOS"),
    wkst: WEEKDAYS.indexOf(parts.WKST ?? "MO"),
  };
}

/** The day (days since 1970-01-01) a local ms is on. */
const dayOf = (local: number) => Math.floor(local / DAY);

/** The first day of period `p` (p = 0 holds the start) and the day after its last. */
function period(rule: Rule, start: WallClock, p: number): [number, number] {
  const first = dayOf(localMs(start));
  const { freq, interval, wkst } = rule;
  if (freq == 0) return [first + p * interval, first + p * interval + 1];
  if (freq == 1) {
    const week = first - ((new Date(first * DAY).getUTCDay() - wkst + 7) % 7) + p * interval * 7;
    // The first week starts at the start, as dateutil's and rrule.js's do (it matters to BYSETPOS).
    return [p ? week : first, week + 7];
  }
  const months = p * interval * (freq == 3 ? 12 : 1);
  const from = Date.UTC(start.year, (freq == 3 ? 0 : start.month - 1) + months, 1);
  return [dayOf(from), dayOf(Date.UTC(start.year, (freq == 3 ? 12 : start.month) + months, 1))];
}

/** The period `local` (a local ms) is in, or the one before when it is between two. */
function periodNear(rule: Rule, start: WallClock, local: number): number {
  const { freq, interval } = rule;
  const day = dayOf(local);
  if (freq < 2) return Math.floor((day - period(rule, start, 0)[0]) / (freq ? 7 * interval : interval));
  const at = new Date(local);
  const years = at.getUTCFullYear() - start.year;
  return Math.floor((freq == 3 ? years : years * 12 + at.getUTCMonth() + 1 - start.month) / interval);
}

/** Whether `day` is `n`th (from the end when negative) among the days `from`..`to` (exclusive) in sevens. */
const nth = (n: number, day: number, from: number, to: number) =>
  n > 0 ? Math.floor((day - from) / 7) + 1 == n : Math.floor((to - 1 - day) / 7) + 1 == -n;

/** The local ms of period p's occurrences, in order (none before the start). */
function occurrencesIn(rule: Rule, start: WallClock, p: number): number[] {
  const [from, to] = period(rule, start, p);
  const startLocal = localMs(start);
  const time = startLocal - dayOf(startLocal) * DAY;
  const days: number[] = [];
  for (let day = from; day < to; day++) {
    const at = new Date(day * DAY);
    const [year, month, date, weekday] = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCDay()];
    const monthFrom = dayOf(Date.UTC(year, month, 1));
    const monthTo = dayOf(Date.UTC(year, month + 1, 1));
    // An ordinal weekday counts in the month, or in the year when a yearly rule names no month.
    const [scopeFrom, scopeTo] =
      rule.freq == 3 && !rule.bymonth.length
        ? [dayOf(Date.UTC(year, 0, 1)), dayOf(Date.UTC(year + 1, 0, 1))]
        : [monthFrom, monthTo];
    if (
      (!rule.bymonth.length || rule.bymonth.includes(month + 1)) &&
      (!rule.bymonthday.length ||
        rule.bymonthday.some((d) => d == (d > 0 ? date : date - (monthTo - monthFrom) - 1))) &&
      (!rule.byday.length || rule.byday.some(([n, w]) => w == weekday && (!n || nth(n!, day, scopeFrom, scopeTo))))
    )
      days.push(day);
  }
  const picked = rule.bysetpos.length
    ? days.filter((_, i) => rule.bysetpos.some((pos) => pos == i + 1 || pos == i - days.length))
    : days;
  return picked.map((day) => day * DAY + time).filter((local) => local >= startLocal);
}

/** Periods walked before giving up: more than 8 years of days (2096-2104 have no Feb 29). */
const SCAN = 3200;

/**
 * The local ms of the rule's occurrences from the one near `local` on (`step` 1) or back from it
 * (`step` -1), to `visit`, which returns a truthy value to stop.
 */
export function walkRule(
  rule: Rule,
  start: WallClock,
  local: number,
  step: 1 | -1,
  visit: (local: number) => unknown,
): void {
  for (let p = Math.max(0, periodNear(rule, start, local) - step), i = 0; p >= 0 && i < SCAN; p += step, i++) {
    const locals = occurrencesIn(rule, start, p);
    for (const each of step > 0 ? locals : locals.reverse()) if (visit(each)) return;
  }
}
