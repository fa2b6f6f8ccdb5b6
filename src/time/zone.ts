// Time-zone arithmetic from the platform's Intl alone (no Luxon), small enough for the browser widget.
import { DAY, MINUTE } from "./units.ts";

/** A wall-clock reading in some zone: month 1-12, hour 0-23. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per zone: making one costs far more than formatting with it.
const formats: Record<string, Intl.DateTimeFormat> = {};

/** The zone's offset from UTC at the instant `ms`, in minutes, east positive (as Luxon's `offset`). */
export function zoneOffset(zone: string, ms: number): number {
  const format = (formats[zone] ??= new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" }));
  // The last part names the offset: "GMT+05:30"; "GMT-00:44:30" with seconds (Monrovia until 1972); "GMT" for none.
  const [, sign = "+", hours = 0, minutes = 0, seconds = 0] =
    /(.)(\d\d):(\d\d):?(\d*)$/.exec(format.formatToParts(ms).pop()!.value) ?? [];
  return +(sign + 1) * (+hours * 60 + +minutes + +seconds / 60);
}

/**
 * The instant of a wall clock given as "local ms" (the instant at which UTC reads what the zone's
 * clocks read: `Date.UTC` of the wall clock), by the rules of `wallClockToInstant`.
 */
export function localToInstant(local: number, zone: string): number {
  // Offsets stay under a day and transitions are days apart: a reading is the instant of the offset in
  // force a day before it or of the one a day after, whichever reads as it (of two, the earlier: the
  // one before a fall-back). When neither does it was skipped, and the offset before the jump reads it.
  const before = local - zoneOffset(zone, local - DAY) * MINUTE;
  const after = local - zoneOffset(zone, local + DAY) * MINUTE;
  return readsAs(before, local, zone) || !readsAs(after, local, zone) ? before : after;
}

/** Whether the zone's clocks read `local` (as "local ms") at the instant `ms`. */
const readsAs = (ms: number, local: number, zone: string) => local - zoneOffset(zone, ms) * MINUTE == ms;

/** A wall clock as "local ms" (`Date.UTC` of it), `months` and `days` later; they may overflow as `Date.UTC`'s fields do. */
export const localMs = (w: WallClock, months = 0, days = 0) =>
  Date.UTC(w.year, w.month - 1 + months, w.day + days, w.hour, w.minute, w.second);

/** The wall clock of "local ms" (the inverse of `localMs`). */
export function wallClockOf(local: number): WallClock {
  const at = new Date(local);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
  };
}

/**
 * The instant a wall clock in `zone` reads `wall`, by RFC 5545's rules (docs/authoring.md): the earlier of
 * the two in a fall-back; in a spring-forward gap (`gap: true`) the time moved forward by the gap, i.e.
 * read with the offset before it. Fields may overflow as `Date.UTC`'s do (day 32 is the next month's 1st).
 */
export function wallClockToInstant(wall: WallClock, zone: string): { ms: number; gap: boolean } {
  const local = localMs(wall);
  const ms = localToInstant(local, zone);
  // Only a skipped reading gets an instant that does not read as it.
  return { ms, gap: !readsAs(ms, local, zone) };
}

/** A wall clock as text, `2027-03-05T17:00:00` (no zone): how the build hands it to the live data and the widget. */
export const wallClockText = (w: WallClock) => new Date(localMs(w)).toISOString().slice(0, 19);

/** The wall clock of `wallClockText`'s text; undefined for anything else. */
export function parseWallClock(text: string): WallClock | undefined {
  const fields = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)$/.exec(text)?.slice(1).map(Number);
  return (
    fields && {
      year: fields[0]!,
      month: fields[1]!,
      day: fields[2]!,
      hour: fields[3]!,
      minute: fields[4]!,
      second: fields[5]!,
    }
  );
}

/**
 * The zones whose name in the platform's Intl (CLDR's, as ICU gives it: "Asia/Calcutta") is an old
 * one in the IANA database, by their IANA name ("Asia/Kolkata"). Intl takes both; people know the
 * IANA name, and the city in it.
 */
const RENAMED: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** A zone's IANA name: "Asia/Calcutta" (as Intl may name it) -> "Asia/Kolkata"; any other name as it is. */
export const ianaZone = (zone: string) => RENAMED[zone] ?? zone;
