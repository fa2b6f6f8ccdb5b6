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

/** Whole seconds left until `targetMs` at `nowMs`: max(0, floor((target - now) / 1 s)). */
export function secondsLeft(targetMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((targetMs - nowMs) / SECOND));
}

/** The time left as whole days, hours (0-23), minutes (0-59) and seconds (0-59), in that order. */
export function unitsLeft(targetMs: number, nowMs: number): number[] {
  const total = secondsLeft(targetMs, nowMs);
  return [total / DAY_S, (total % DAY_S) / HOUR_S, (total % HOUR_S) / MINUTE_S, total % MINUTE_S].map(Math.floor);
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

/** A unit's number as shown (`i` of unitsLeft's order): days as they are, the others two digits. */
export const unitDigits = (n: number, i: number) => (i && n < 10 ? "0" : "") + n;

/** The published pattern `<d>d <hh>h <mm>m <ss>s` of unitsLeft's numbers. */
export const formatTimeLeft = (units: number[]) => units.map((n, i) => unitDigits(n, i) + "dhms"[i]).join(" ");

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
