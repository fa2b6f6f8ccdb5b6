// The add-to-calendar file of a countdown (RFC 5545): one event starting exactly at the target, in UTC.
import type { Countdown } from "./countdown-file.ts";

/** TEXT values escape backslash, semicolon, comma and line breaks. */
export function icsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after CRLF and a space, never inside a character. */
export function foldLine(line: string): string {
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

export interface CalendarOptions {
  /** The countdown's page, absolute. */
  pageUrl: string;
  /** When the file was made (DTSTAMP). */
  stamp: string;
}

export function calendarFile(countdown: Countdown, { pageUrl, stamp }: CalendarOptions): string {
  const host = new URL(pageUrl).hostname;
  const description = [countdown.description, pageUrl].filter(Boolean).join("\n\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//countdown-service//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    // Stable across builds and deploys: a calendar that imports it twice updates the one event.
    `UID:${countdown.slug}@${host}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    `DTSTART:${icsDateTime(countdown.targetDate)}`,
    `SUMMARY:${icsText(countdown.title)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${pageUrl}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
