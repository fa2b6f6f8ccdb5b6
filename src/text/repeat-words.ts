// A repeating countdown's rule in words of its language, as the pages, the widget, the email image's
// alt text and the link preview say it: the built-in word for how often (src/text/messages.ts), then
// Intl's weekday, day or date, the time and its zone as people know it (src/text/dates.ts), and the
// last day when it ends: "Weekly · Friday · 5:00 PM CET (Berlin) · until Dec 31, 2030".
import type { Schedule } from "../time/occurrence.ts";
import { zoneWords } from "./dates.ts";
import { messagesFor } from "./messages.ts";

/**
 * `ms` in words of `lang` in `timeZone`. The formats are kept per language, zone and options: making
 * one takes milliseconds, and a build asks the same few for every repeating countdown. Languages come
 * from countdowns (checked tags), so the map stays small; it is cleared past a few hundred all the same.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function words(lang: string, options: Intl.DateTimeFormatOptions, ms: number, timeZone = "UTC"): string {
  const key = `${lang}\0${timeZone}\0${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size > 500) formats.clear();
    formats.set(key, (format = new Intl.DateTimeFormat(lang, { timeZone, ...options })));
  }
  return format.format(ms);
}

/**
 * The rule of a repeating countdown in `lang`, as of its occurrence `atMs` (whose offset names the
 * zone: CET in winter, CEST in summer): "Weekly · Friday · 5:00 PM CET (Berlin)", "Wöchentlich ·
 * Freitag · 17:00 MEZ (Berlin)"; "" for a countdown that does not repeat.
 */
export function ruleWords({ start, zone, repeat, untilMs }: Schedule, lang: string, atMs: number): string {
  if (!repeat) return "";
  const messages = messagesFor(lang);
  const day = Date.UTC(2000, start.month - 1, start.day);
  const when = {
    daily: () => undefined,
    weekly: () => words(lang, { weekday: "long" }, atMs, zone),
    monthly: () => words(lang, { day: "numeric" }, day),
    yearly: () => words(lang, { day: "numeric", month: "long" }, day),
  }[repeat]();
  const time = `${words(lang, { hour: "numeric", minute: "2-digit" }, atMs, zone)} ${zoneWords(zone, atMs, lang)}`;
  const until = untilMs === undefined ? undefined : messages.until.replace("{date}", words(lang, { day: "numeric", month: "short", year: "numeric" }, untilMs, zone));
  return [messages.every[repeat], when, time, until].filter(Boolean).join(" · ");
}
