// The add-to-calendar file of a countdown (RFC 5545): one event at the target, with its status; a
// repeating countdown's event repeats (RRULE) at the same wall-clock time in the countdown's zone,
// which the file describes (VTIMEZONE) for calendars that do not know the zone by name. The site's
// feed (calendar-feed.ts) holds the same events, with one VTIMEZONE per zone.
import MarkdownIt from "markdown-it";
import type { Countdown } from "./countdown.ts";
import type { Status } from "../vocabulary.ts";
import type { Schedule } from "../time/occurrence.ts";
import { zoneOffset } from "../time/zone.ts";
import { isRule } from "../time/rule.ts";
import { evergreenWords } from "../text/messages.ts";
import { zoneTransitions } from "../time/zone-transitions.ts";
import { MINUTE } from "../time/units.ts";

/** TEXT values escape backslash, semicolon, comma and line breaks. */
export function icsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after CRLF and a space, never inside a character. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** `2026-12-31T23:00:00Z` -> `20261231T230000Z` */
export function icsDateTime(iso: string): string {
  return iso.replace(/[-:]/g, "").replace(/\.\d+/, "");
}

/** An instant in UTC, `20261231T230000Z`. */
const utcText = (ms: number) => icsDateTime(new Date(ms).toISOString());
/** A wall clock given as local ms (`Date.UTC` of its fields, see zone.ts), `20261231T230000`. */
const localText = (local: number) => utcText(local).slice(0, -1);

const STATUS = { scheduled: "CONFIRMED", postponed: "TENTATIVE", cancelled: "CANCELLED" } as const satisfies Record<
  Status,
  string
>;
// The VTIMEZONE spells out the zone's changes from the year before the first occurrence to `until`,
// but at most this many years past the later of the first occurrence and the build; its yearly rules
// then go on without end, as the zone's present rules do.
const HORIZON_YEARS = 30;

interface CalendarOptions {
  /** The countdown's page, absolute. */
  pageUrl: string;
  /** When the file was made (DTSTAMP). */
  stamp: string;
}

/** The years of a zone an event's times need its VTIMEZONE to spell out (UTC years, inclusive). */
export interface ZoneYears {
  zone: string;
  firstYear: number;
  lastYear: number;
}

/** The first lines of a calendar of events: a countdown's file, and the site's feed. */
export const CALENDAR_START = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//countdown-service//EN",
  "CALSCALE:GREGORIAN",
  "METHOD:PUBLISH",
];

/** A calendar's lines as its file: each folded, each ended by CRLF. */
export const calendarText = (lines: readonly string[]) => `${lines.map(foldLine).join("\r\n")}\r\n`;

export function calendarFile(countdown: Countdown, options: CalendarOptions): string {
  if (countdown.evergreenMs) return evergreenFile(countdown, options);
  const { zone, lines } = calendarEvent(countdown, options);
  return calendarText([...CALENDAR_START, ...(zone ? zoneLines(zone) : []), ...lines, "END:VCALENDAR"]);
}

/** The VTIMEZONE of a zone over its years. */
export const zoneLines = ({ zone, firstYear, lastYear }: ZoneYears) => vtimezone(zone, firstYear, lastYear);

/**
 * A dated countdown's VEVENT, unfolded, and the years of the zone it refers to (none in UTC): the
 * same in its own file and in the site's feed.
 */
export function calendarEvent(
  countdown: Countdown,
  { pageUrl, stamp }: CalendarOptions,
): { zone: ZoneYears | undefined; lines: string[] } {
  const host = new URL(pageUrl).hostname;
  const description = [plainText(countdown.description), pageUrl].filter(Boolean).join("\n\n");
  const { zone, event } = when(countdown, new Date(stamp).getUTCFullYear());
  const lines = [
    "BEGIN:VEVENT",
    // Stable across builds and deploys: a calendar that imports it twice updates the one event.
    `UID:${countdown.slug}@${host}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    ...event,
    `STATUS:${STATUS[countdown.status]}`,
    `SUMMARY:${icsText(countdown.title)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${pageUrl}`,
    "END:VEVENT",
  ];
  return { zone, lines };
}

/**
 * An evergreen countdown has no date: each visitor's deadline is their own (its page's script makes
 * the visitor's event). Its file says what it is, as a to-do without a date (VTODO, whose DTSTART and
 * DUE are optional): the title, and the duration from the first visit where a date would be.
 */
function evergreenFile(countdown: Countdown, { pageUrl, stamp }: CalendarOptions): string {
  const host = new URL(pageUrl).hostname;
  const description = [plainText(countdown.description), pageUrl].filter(Boolean).join("\n\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//countdown-service//EN",
    "METHOD:PUBLISH",
    "BEGIN:VTODO",
    `UID:${countdown.slug}@${host}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    ...(countdown.status === "cancelled" ? ["STATUS:CANCELLED"] : []),
    `SUMMARY:${icsText(`${countdown.title} (${evergreenWords(countdown.evergreenMs!, countdown.lang)})`)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${pageUrl}`,
    "END:VTODO",
    "END:VCALENDAR",
  ];
  return calendarText(lines);
}

/** A repeating schedule's RRULE value (`FREQ=WEEKLY;UNTIL=...`), as the calendar file and the calendar links write it. */
export function repeatRule({ start, repeat, untilMs }: Schedule): string {
  // A rule as the file wrote it; its COUNT ends it, and RFC 5545 takes no UNTIL beside a COUNT.
  if (isRule(repeat!))
    return repeat + (untilMs === undefined || /COUNT=/.test(repeat!) ? "" : `;UNTIL=${utcText(untilMs)}`);
  // The day of a monthly or yearly rule is written out, as RFC 5545 would take it from DTSTART:
  // without it ical.js moves February 29 to March 1 in common years instead of skipping them.
  const day =
    repeat == "monthly"
      ? `;BYMONTHDAY=${start.day}`
      : repeat == "yearly"
        ? `;BYMONTH=${start.month};BYMONTHDAY=${start.day}`
        : "";
  return `FREQ=${repeat!.toUpperCase()}${day}${untilMs === undefined ? "" : `;UNTIL=${utcText(untilMs)}`}`;
}

/** The event's DTSTART, RRULE and EXDATEs, and the years of the zone they refer to (none in UTC). */
function when(countdown: Countdown, buildYear: number): { zone: ZoneYears | undefined; event: string[] } {
  const { start, zone, repeat, untilMs, except = [] } = countdown.schedule;
  // A one-off starts at its instant, in UTC: exact even for a target written with an offset in a
  // fall-back hour, which a wall clock with TZID would read as the earlier of the two.
  const utcStart = `DTSTART:${utcText(countdown.targetMs)}`;
  if (!repeat) return { zone: undefined, event: [utcStart] };
  const rule = `RRULE:${repeatRule(countdown.schedule)}`;
  // The occurrences left out, as DTSTART writes them.
  const exdates = except.map((ms) =>
    zone == "UTC" ? `EXDATE:${utcText(ms)}` : `EXDATE;TZID=${zone}:${localText(ms + zoneOffset(zone, ms) * MINUTE)}`,
  );
  if (zone == "UTC") return { zone: undefined, event: [utcStart, rule, ...exdates] };
  // A wall clock in the zone, repeated by RFC 5545's rules (DST, skipped days): those of occurrence.ts.
  const local = Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second);
  const horizon = Math.max(start.year, buildYear) + HORIZON_YEARS;
  const lastYear = untilMs === undefined ? horizon : Math.min(horizon, new Date(untilMs).getUTCFullYear());
  return {
    zone: { zone, firstYear: start.year - 1, lastYear },
    event: [`DTSTART;TZID=${zone}:${localText(local)}`, rule, ...exdates],
  };
}

/** Transitions that recur each year on the same weekday of a month, at the same local time. */
interface Run {
  key: string;
  from: number;
  to: number;
  /** Local ms of each onset, read with the offset before it (RFC 5545's DTSTART of an observance). */
  onsets: number[];
  /** The weekday's place in the month that every onset shares: 1 to 5, and -1 for the last. */
  places: number[];
}

/**
 * The zone in the UTC years `firstYear` to `lastYear` as a VTIMEZONE: the offset in force at the start;
 * the yearly rules still in force at the end, each as an observance with a yearly RRULE (the only form
 * Outlook reads) that goes on without end; every other transition as an observance of its own. That
 * is the form every parser reads: ical.js skips all but the first date of an RDATE, and Debian's
 * python3-icalendar fails on the UTC UNTIL that RFC 5545 requires in a VTIMEZONE's RRULE.
 */
function vtimezone(zone: string, firstYear: number, lastYear: number): string[] {
  const begin = Date.UTC(firstYear, 0, 1);
  const initial = zoneOffset(zone, begin);
  const transitions = zoneTransitions(zone, firstYear, lastYear);
  const runs: Run[] = [];
  for (const { ms, from, to } of transitions) {
    const onset = ms + from * MINUTE;
    const date = new Date(onset);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    const places = [Math.ceil(date.getUTCDate() / 7), ...(date.getUTCDate() + 7 > lastDay ? [-1] : [])];
    const key = [from, to, date.getUTCMonth(), date.getUTCDay(), date.toISOString().slice(11)].join(" ");
    const run = runs.findLast((candidate) => candidate.key == key);
    const shared = run?.places.filter((place) => places.includes(place)) ?? [];
    if (run && shared.length && new Date(run.onsets.at(-1)!).getUTCFullYear() == date.getUTCFullYear() - 1) {
      run.onsets.push(onset);
      run.places = shared;
    } else runs.push({ key, from, to, onsets: [onset], places });
  }
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  // Summer time is an offset that clocks move forward to, or back from (RFC 5545's DAYLIGHT).
  const observance = (daylight: boolean, from: number, to: number, onset: number, rule?: string) => {
    const kind = daylight ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localText(onset)}`,
      ...(rule ? [rule] : []),
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `END:${kind}`,
    );
  };
  observance(initial > (transitions[0]?.to ?? initial), initial, initial, begin + initial * MINUTE);
  for (const { from, to, onsets, places } of runs) {
    const first = new Date(onsets[0]!);
    // A rule followed to the end of the range goes on; any other run is listed onset by onset.
    if (onsets.length > 1 && new Date(onsets.at(-1)!).getUTCFullYear() >= lastYear) {
      const place = places.includes(-1) ? -1 : places[0];
      observance(
        to > from,
        from,
        to,
        onsets[0]!,
        `RRULE:FREQ=YEARLY;BYMONTH=${first.getUTCMonth() + 1};BYDAY=${place}${WEEKDAYS[first.getUTCDay()]}`,
      );
    } else for (const onset of onsets) observance(to > from, from, to, onset);
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** An offset in minutes east as RFC 5545 writes it: `+0100`, `-0330`, seconds only when there are some. */
function offsetText(minutes: number): string {
  const seconds = Math.round(Math.abs(minutes) * 60);
  const text = [seconds / 3600, (seconds / 60) % 60, seconds % 60]
    .map((part) => String(Math.floor(part)).padStart(2, "0"))
    .join("");
  return (minutes < 0 ? "-" : "+") + (seconds % 60 ? text : text.slice(0, 4));
}

const markdown = new MarkdownIt({ html: false, linkify: true });

/** The Markdown body as plain text: no markup, link targets in parentheses, list items marked, blocks apart. */
export function plainText(source: string): string {
  let text = "";
  let marker = "";
  for (const token of markdown.parse(source, {})) {
    if (token.type == "inline") {
      text += `${marker}${inlineText(token.children ?? [])}\n`;
      marker = "";
    } else if (token.type == "list_item_open") marker = token.info ? `${token.info}${token.markup} ` : "• ";
    else if (token.type == "fence" || token.type == "code_block") text += `${token.content}\n`;
    else if (
      token.nesting == -1 &&
      !token.hidden &&
      /^(paragraph|heading|bullet_list|ordered_list|blockquote|table)_close$/.test(token.type)
    )
      text += "\n";
  }
  return text.replace(/\n{3,}/g, "\n\n").trim();
}

function inlineText(tokens: ReturnType<typeof markdown.parse>): string {
  let text = "";
  let href = "";
  for (const token of tokens) {
    if (token.type == "softbreak" || token.type == "hardbreak") text += "\n";
    else if (token.type == "link_open")
      href = token.markup == "linkify" || token.markup == "autolink" ? "" : String(token.attrGet("href") ?? "");
    else if (token.type == "link_close" && href) text += ` (${href})`;
    else text += token.content;
  }
  return text;
}
