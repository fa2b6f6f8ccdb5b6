// Evergreen countdowns: each viewer counts a fixed duration from a start of their own (a recipient's
// signup, a visitor's first visit). The duration as authors write it, the start as mailing tools
// write it into a link, and the deadline they make. Shared by the build, the live routes and the
// browser scripts, so it stays free of Node.
import { localToInstant } from "./zone.ts";
import { DAY, HOUR, MINUTE, SECOND } from "./units.ts";

/** The shortest and the longest duration an evergreen countdown may have. */
const EVERGREEN_MIN_MS = MINUTE;
const EVERGREEN_MAX_DAYS = 365;
/** A start ahead of the clock by more than this is refused (mailing tools' clocks differ a little). */
export const START_AHEAD_MS = 5 * MINUTE;
/** A start further back than this is refused: no campaign's link lives that long. */
export const START_SPAN_DAYS = 366;

const UNITS: Record<string, number> = {
  w: 7 * DAY,
  week: 7 * DAY,
  d: DAY,
  day: DAY,
  h: HOUR,
  hr: HOUR,
  hour: HOUR,
  m: MINUTE,
  min: MINUTE,
  minute: MINUTE,
  s: SECOND,
  sec: SECOND,
  second: SECOND,
};
const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;
export const DURATION_EXAMPLE = `"72h", "3 days", "1d 12h", "90 minutes" or ISO 8601 "P3D", "PT72H"`;

/**
 * A duration as authors write it: number-and-unit pairs (`72h`, `3 days`, `1d 12h`, `90 minutes`;
 * weeks, days, hours, minutes, seconds) or ISO 8601 (`P3D`, `PT72H`, `P1DT12H`). Months and years
 * have no fixed length and are refused. In whole seconds, from a minute to 365 days.
 */
export function parseDuration(text: string): { ms: number } | { error: string } {
  const read = durationMs(text);
  if ("error" in read) return read;
  const { ms } = read;
  if (ms < EVERGREEN_MIN_MS || ms > EVERGREEN_MAX_DAYS * DAY)
    return {
      error: `"${text}" is ${ms < EVERGREEN_MIN_MS ? "shorter than 1 minute" : `longer than ${EVERGREEN_MAX_DAYS} days`}; an evergreen countdown lasts from 1 minute to ${EVERGREEN_MAX_DAYS} days`,
    };
  if (ms % MINUTE)
    return { error: `"${text}" is not a whole number of minutes; an evergreen countdown lasts whole minutes` };
  return { ms };
}

/** A duration as written (parseDuration's forms), in ms, whatever its length; or what is wrong with it. */
export function durationMs(text: string): { ms: number } | { error: string } {
  const trimmed = text.trim();
  let ms = 0;
  const iso = ISO_DURATION.exec(trimmed);
  if (iso && trimmed.length > 1 && !/T$/i.test(trimmed)) {
    const [, w = 0, d = 0, h = 0, m = 0, s = 0] = iso;
    ms = +w * 7 * DAY + +d * DAY + +h * HOUR + +m * MINUTE + +s * SECOND;
  } else {
    const pairs = /^(?:\d+\s*[a-z]+[\s,]*)+$/i.test(trimmed) ? [...trimmed.matchAll(/(\d+)\s*([a-z]+)/gi)] : [];
    for (const [, n, unit] of pairs) {
      // A plural's "s" goes ("days", "hrs"), not the "s" of a unit of two letters ("ms" is no minutes).
      const size = UNITS[unit!.toLowerCase().replace(/(?<=..)s$/, "")];
      if (size === undefined) {
        if (/^(mo|months?|y|yrs?|years?)$/i.test(unit!))
          return { error: `"${text}" counts in ${unit}, which have no fixed length; write days, like "30 days"` };
        return {
          error: `"${text}" has the unit "${unit}", which is not one of weeks, days, hours, minutes, seconds; write it like ${DURATION_EXAMPLE}`,
        };
      }
      ms += +n! * size;
    }
    if (pairs.length === 0) {
      const calendar =
        /^P.*[YM].*$/i.test(trimmed) && !/^PT/i.test(trimmed)
          ? ` (months and years have no fixed length; write days, like "P30D")`
          : "";
      return { error: `"${text}" is not a duration${calendar}; write it like ${DURATION_EXAMPLE}` };
    }
  }
  return { ms };
}

// A start as mailing tools write it: Unix seconds or milliseconds; or an ISO 8601 date, or date and time (a `T` or a
// space between; seconds and a fraction optional), with `Z`, `±hh:mm` or `±hhmm` or nothing (then a
// time in the countdown's zone). An unescaped "+" in a link reads as a space, so a space before the
// offset is taken as its "+".
const START = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:[.,]\d+)?)?\s*(Z|([+\- ])(\d\d):?(\d\d))?)?$/i;
const START_EXAMPLE =
  "an ISO 8601 date or date-time (2026-11-27, 2026-11-27T09:30:00Z, 2026-11-27 09:30 in the countdown's zone) or Unix seconds (1795771800)";

/** The instant of a start as written, in whole seconds; NaN when it is not one of the forms. */
export function startMs(text: string, zone: string): number {
  text = text.trim();
  // Unix seconds, or milliseconds (as HubSpot's `unixtimestamp` writes them).
  if (/^\d{9,11}$/.test(text)) return +text * SECOND;
  if (/^\d{12,14}$/.test(text)) return +text;
  const match = START.exec(text);
  if (!match) return NaN;
  const [, y, mo, d, h = 0, mi = 0, s = 0, z, sign, oh, om] = match;
  const local = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  const at = new Date(local);
  // A date that does not exist (February 30, hour 24) would roll over: refused.
  // So would an offset past the ones in use (up to ±14:00).
  if (
    at.getUTCDate() != +d! ||
    at.getUTCMonth() != +mo! - 1 ||
    +h > 23 ||
    +mi > 59 ||
    +s > 59 ||
    +(oh ?? 0) * 60 + +(om ?? 0) > 840 ||
    +(om ?? 0) > 59
  )
    return NaN;
  if (!z) return localToInstant(local, zone);
  return sign ? local - (sign == "-" ? -1 : 1) * (+oh! * 60 + +om!) * MINUTE : local;
}

export type StartProblem = "start_required" | "invalid_start" | "start_in_future" | "start_too_old";

/**
 * A viewer's deadline: their start (whole seconds) plus the duration, at the latest `untilMs` (the
 * countdown's cap); or why the start is refused: none, not readable, ahead of the clock by more than
 * START_AHEAD_MS, or more than START_SPAN_DAYS back.
 */
export function deadline(
  start: string | null | undefined,
  zone: string,
  durationMs: number,
  nowMs: number,
  untilMs = Infinity,
): { startMs: number; deadlineMs: number } | { problem: StartProblem } {
  if (start == null || start.trim() == "") return { problem: "start_required" };
  const ms = startMs(start, zone);
  if (!(ms == ms)) return { problem: "invalid_start" };
  if (ms > nowMs + START_AHEAD_MS) return { problem: "start_in_future" };
  if (ms < nowMs - START_SPAN_DAYS * DAY) return { problem: "start_too_old" };
  const whole = Math.floor(ms / SECOND) * SECOND;
  return { startMs: whole, deadlineMs: Math.min(whole + durationMs, untilMs) };
}

/** What is wrong with a refused start and how to fix it, as the live JSON says it. */
export function startProblemText(problem: StartProblem, start: string | null | undefined): string {
  const written = JSON.stringify(start ?? "");
  switch (problem) {
    case "start_required":
      return `This countdown is evergreen: each viewer counts from a start of their own. Add ?start= with ${START_EXAMPLE}.`;
    case "invalid_start":
      return `The start ${written} is not ${START_EXAMPLE}. A mailing tool's merge tag that was not filled in reads like this.`;
    case "start_in_future":
      return `The start ${written} is in the future; a start is when the viewer's count began (a signup, a send), at most ${START_AHEAD_MS / MINUTE} minutes ahead of the server's clock.`;
    case "start_too_old":
      return `The start ${written} is more than ${START_SPAN_DAYS} days ago; starts further back are refused.`;
  }
}

/**
 * In a browser: dates an evergreen countdown's element (`data-evergreen`: its duration in ms,
 * `data-key`: its slug, `data-zone`, `data-until`: its cap) for this viewer, in `data-countdown`: their deadline, from the
 * link's start where it is one that is not refused, else from their first visit on this device
 * (kept in localStorage, partitioned by the top-level site in every current browser). The first
 * start seen is kept, so coming back without the link's start keeps the same deadline.
 */
export function dateForViewer(data: DOMStringMap, linkStart: string | null): void {
  if (data.evergreen)
    data.countdown = new Date(
      viewerDeadline(+data.evergreen, data.zone || "UTC", data.key!, linkStart, data.until),
    ).toISOString();
}

/** A viewer's deadline in a browser, as `dateForViewer` dates it; `key` names the countdown in localStorage, `until` (an instant) caps it. */
export function viewerDeadline(
  durationMs: number,
  zone: string,
  key: string,
  linkStart: string | null,
  until?: string,
): number {
  const now = Date.now();
  key = "countdown-start:" + key;
  // The same checks as deadline()'s, without its words (a refused start is NaN or out of range: not
  // taken), for the link's start and for the first visit kept (which anything on the page could write).
  const taken = (ms: number) => ms <= now + START_AHEAD_MS && ms >= now - START_SPAN_DAYS * DAY;
  const ms = linkStart ? startMs(linkStart, zone) : NaN;
  let first = NaN;
  try {
    first = +localStorage[key];
  } catch {}
  const start = taken(ms) ? ms - (ms % SECOND) : taken(first) ? first - (first % SECOND) : now - (now % SECOND);
  try {
    if (!taken(first)) localStorage[key] = start;
  } catch {}
  return Math.min(start + durationMs, until ? Date.parse(until) : Infinity);
}

/**
 * A calendar file (RFC 5545) of one visitor's deadline: one event at that instant, as the build's
 * calendar files write a one-off (src/authoring/calendar.ts), lines folded at 75 octets.
 */
export function calendarEvent(title: string, deadlineMs: number, pageUrl: string): string {
  const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d+/g, "");
  const text = (value: string) => value.replace(/[\\;,]/g, "\\$&").replace(/\n/g, "\\n");
  const fold = (line: string) => {
    let folded = "";
    let octets = 0;
    for (const char of line) {
      const size = new TextEncoder().encode(char).length;
      if (octets + size > 75) {
        folded += "\r\n ";
        octets = 1;
      }
      folded += char;
      octets += size;
    }
    return folded;
  };
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//countdown-service//EN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${deadlineMs}-${pageUrl}`,
    `DTSTAMP:${utc(Date.now())}`,
    `DTSTART:${utc(deadlineMs)}`,
    `SUMMARY:${text(title)}`,
    `URL:${pageUrl}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
