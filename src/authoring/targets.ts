// A countdown's target as its author writes it: the forms a date-time may take, read in the
// countdown's zone (a time skipped by daylight saving time refused, one that happens twice the
// earlier), and written back in messages as the author wrote it, with its instant.
import { isoSeconds } from "../time/time-left.ts";
import { wallClockOf, wallClockToInstant, zoneOffset, type WallClock } from "../time/zone.ts";
import { DAY } from "../time/units.ts";

// A date, then optionally a time (after a `T` or a space; seconds optional) with an optional `Z` or
// `±hh:mm`. Fractions of a second are refused: the published `targetDate` has whole seconds, so a
// fraction would be silently dropped.
export const TARGET_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;
const TARGET_EXAMPLE = `"2026-12-31 23:59" (a time in "timezone"), "2026-12-31" (midnight there) or "2026-12-31T23:59:00Z" (UTC)`;

/** A date written with dots (18.12.2026), slashes (18/12/2026, 12/18/2026, 2026/12/18) or digits left unpadded (2026-1-5), and a time or not. */
const LOCAL_DATE = /^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})(?:(?:[ T]|, ?)(\d{1,2})[:.](\d{2})(?::(\d{2}))?)?$/;

/** "2026-12-18 18:00" as "18 December 2026, 18:00", for a message. */
function inWords(iso: string): string {
  const [y, mo, d, h, mi] = iso.split(/[- :]/).map(Number) as [number, number, number, number?, number?];
  const date = new Date(Date.UTC(y, mo - 1, d, h ?? 0, mi ?? 0));
  const words = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
  return h === undefined ? words : `${words}, ${iso.slice(11, 16)}`;
}

/**
 * What a date written as people write it locally means, written as the file takes it
 * ("2026-12-18 18:00"): one reading, or two where day and month could be either (12/11/2026); none
 * for what is not such a date.
 */
function isoReadings(written: string): string[] {
  const match = LOCAL_DATE.exec(written.trim());
  if (!match) return [];
  const [, a, separator, b, c, hour, minute, second] = match;
  const pad = (n: string | number) => String(n).padStart(2, "0");
  const time = hour === undefined ? "" : ` ${pad(hour)}:${minute}${second ? `:${second}` : ""}`;
  const iso = (year: string, month: string, day: string) =>
    +month >= 1 && +month <= 12 && +day >= 1 && +day <= 31 && year.length === 4
      ? [`${year}-${pad(month)}-${pad(day)}${time}`]
      : [];
  // Year first (2026/12/18, 2026-1-5); else the year last: dots are day first in every language that writes them.
  if (a!.length === 4) return iso(a!, b!, c!);
  if (separator === ".") return iso(c!, b!, a!);
  const dayFirst = iso(c!, b!, a!);
  const monthFirst = iso(c!, a!, b!);
  return a === b ? dayFirst : [...dayFirst, ...monthFirst];
}

/** A date-time as the author wrote it: the instant, and its wall-clock reading in the countdown's zone. */
export interface ParsedTarget {
  ms: number;
  wall: WallClock;
  /** The `Z` or `±hh:mm` the author wrote, if any. */
  offset?: string;
  /** A wall-clock time that happens twice (fall-back): the later instant, which is not the one taken. */
  laterMs?: number;
}

/**
 * Parses a date-time as people write it (`target`, `until`): a `T` or a space between date and time,
 * seconds or not, or a date alone (midnight). With `Z` or an offset it is that instant; without, a
 * wall-clock time in the zone (a time the clocks skip is an error; of two, the earlier is taken).
 */
export function parseTarget(target: string, zoneName: string): ParsedTarget | { error: string } {
  const match = TARGET_PATTERN.exec(target);
  if (!match) {
    const readings = isoReadings(target);
    if (readings.length === 1)
      return { error: `"${target}" reads as ${inWords(readings[0]!)}; the file takes it written "${readings[0]}"` };
    if (readings.length === 2)
      return {
        error: `"${target}" is not written as the file takes a date, and may mean day/month or month/day: write "${readings[0]}" or "${readings[1]}"`,
      };
    return { error: `"${target}" is not a date and time; write it like ${TARGET_EXAMPLE}` };
  }
  const [, y, mo, d, h = "0", mi = "0", s = "0", offset] = match;
  const fields: WallClock = { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi, second: +s };
  const asUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  const check = new Date(asUtc);
  if (
    fields.year < 1970 ||
    check.getUTCMonth() !== fields.month - 1 ||
    check.getUTCDate() !== fields.day ||
    fields.hour > 23 ||
    fields.minute > 59 ||
    fields.second > 59
  ) {
    return { error: `"${target}" is not a real date-time (or is before 1970); write it like ${TARGET_EXAMPLE}` };
  }
  if (offset !== undefined) {
    const sign = offset.startsWith("-") ? -1 : 1;
    const [oh = 0, om = 0] = offset === "Z" ? [] : offset.slice(1).split(":").map(Number);
    if (oh > 23 || om > 59) return { error: `"${target}" has an impossible UTC offset "${offset}"` };
    const ms = asUtc - sign * (oh * 60 + om) * 60_000;
    return { ms, wall: wallClockAt(ms, zoneName), offset };
  }
  const instant = wallClockToInstant(fields, zoneName);
  if (instant.gap) {
    return {
      error: `"${target}" does not exist in ${zoneName}: the clocks skip it when daylight saving time starts; pick a time outside the gap`,
    };
  }
  const laterMs = laterInstant(asUtc, instant.ms, zoneName);
  return { ms: instant.ms, wall: fields, ...(laterMs !== undefined ? { laterMs } : {}) };
}

/** For a wall clock (as local ms) that a zone reads twice, the later instant; `earlierMs` is the other. */
function laterInstant(local: number, earlierMs: number, zone: string): number | undefined {
  // The clocks go back within hours of the earlier instant: to the offset in force a day later.
  const offset = zoneOffset(zone, earlierMs + DAY);
  const ms = local - offset * 60_000;
  return ms > earlierMs && zoneOffset(zone, ms) === offset ? ms : undefined;
}

/** What the clocks of a zone read at an instant. */
function wallClockAt(ms: number, zone: string): WallClock {
  return wallClockOf(ms + zoneOffset(zone, ms) * 60_000);
}

/** A date-time as the author wrote it, with its instant in UTC when that reads differently. */
export function asWritten(text: string, ms: number): string {
  return text === isoSeconds(ms) ? `"${text}"` : `"${text}" (${isoSeconds(ms)})`;
}

/** `2026-10-25T00:30:00Z (UTC+02:00)`. */
export function instantText(ms: number, zone: string): string {
  return `${isoSeconds(ms)} (UTC${offsetText(zoneOffset(zone, ms))})`;
}

/** Minutes east of UTC as `+02:00`. */
export function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
