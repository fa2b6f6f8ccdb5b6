// A repeating countdown's rule in words, in English (the site's language), with the time in its zone:
// "Every Friday at 17:00 (Europe/Berlin), until 31 Dec 2030". Intl only, for the pages and the
// preview image alike.
import type { Repeat, Schedule } from "../time/occurrence.ts";

/**
 * `ms` in words of `lang` in `timeZone`. The formats are kept per language, zone and options: making
 * one takes milliseconds (one naming a zone generically, about ten), and a build asks the same few
 * for every repeating countdown.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateWords(lang: string, options: Intl.DateTimeFormatOptions, ms: number, timeZone: string): string {
  const key = `${lang}\0${timeZone}\0${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(lang, { timeZone, ...options })));
  return format.format(ms);
}

const ordinal = (day: number) => `${day}${day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th"}`;

export function repeatWords({ start, zone, repeat, untilMs }: Schedule): string {
  if (!repeat) return "";
  const date = Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute);
  const words = (options: Intl.DateTimeFormatOptions, ms = date, timeZone = "UTC") => dateWords("en-GB", options, ms, timeZone);
  const rule = {
    daily: () => "Every day",
    weekly: () => `Every ${words({ weekday: "long" })}`,
    monthly: () => `Every month on the ${ordinal(start.day)}${start.day > 28 ? " (a month without one is skipped)" : ""}`,
    yearly: () => `Every year on ${words({ day: "numeric", month: "long" })}${start.month === 2 && start.day === 29 ? " (in leap years)" : ""}`,
  }[repeat]();
  const until = untilMs === undefined ? "" : `, until ${words({ day: "numeric", month: "short", year: "numeric" }, untilMs, zone)}`;
  return `${rule} at ${words({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" })} (${zone})${until}`;
}

/**
 * A repeating countdown's rule as its widget shows it, in `lang`: the built-in word for how often
 * (`every`, from src/text/messages.ts), then Intl's weekday, day or date and the time with the
 * author's zone named generically, as of the occurrence `atMs`: "Weekly · Friday · 17:00 CET",
 * "Wöchentlich · Freitag · 17:00 MEZ".
 */
export function widgetRule({ start, zone, repeat }: Schedule, lang: string, atMs: number, every: Record<Repeat, string>): string {
  if (!repeat) return "";
  const day = Date.UTC(2000, start.month - 1, start.day);
  const words = (options: Intl.DateTimeFormatOptions, ms: number, timeZone = "UTC") => dateWords(lang, options, ms, timeZone);
  const when = {
    daily: () => undefined,
    weekly: () => words({ weekday: "long" }, atMs, zone),
    monthly: () => words({ day: "numeric" }, day),
    yearly: () => words({ day: "numeric", month: "long" }, day),
  }[repeat]();
  return [every[repeat], when, words({ hour: "numeric", minute: "2-digit", timeZoneName: "shortGeneric" }, atMs, zone)].filter(Boolean).join(" · ");
}
