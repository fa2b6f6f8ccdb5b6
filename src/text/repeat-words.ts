// A repeating countdown's rule in words of its language, as the pages, the widget, the email image's
// alt text and the link preview say it: the built-in word for how often (src/text/messages.ts), then
// Intl's weekday, day or date, the time and its zone as people know it (src/text/dates.ts), and the
// last day when it ends: "Weekly · Friday · 5:00 PM CET (Berlin) · until Dec 31, 2030".
import type { Schedule } from "../time/occurrence.ts";
import { formatOf, zoneWords } from "./dates.ts";
import { messagesFor } from "./messages.ts";
import { isRule, readRule } from "../time/rule.ts";
import { REPEATS, type Repeat } from "../vocabulary.ts";
import { exceptWords, ruleParts } from "./rule-words.ts";

/** `ms` in words of `lang` in `timeZone`, through the dates' cache of formats. */
const words = (lang: string, options: Intl.DateTimeFormatOptions, ms: number, timeZone = "UTC") =>
  formatOf(lang, timeZone, options).format(ms);

/**
 * The rule of a repeating countdown in `lang`, as of its occurrence `atMs` (whose offset names the
 * zone: CET in winter, CEST in summer): "Weekly · Friday · 5:00 PM CET (Berlin)", "Wöchentlich ·
 * Freitag · 17:00 MEZ (Berlin)"; an RRULE's parts in words (src/text/rule-words.ts): "Monthly ·
 * first Monday · 5:00 PM CET (Berlin)"; "" for a countdown that does not repeat.
 */
export function ruleWords(schedule: Schedule, lang: string, atMs: number): string {
  const { start, zone, repeat, untilMs } = schedule;
  if (!repeat) return "";
  const messages = messagesFor(lang);
  const rule = isRule(repeat);
  const every = messages.every[rule ? REPEATS[readRule(repeat, start).freq]! : (repeat as Repeat)];
  const day = Date.UTC(2000, start.month - 1, start.day);
  const when = rule
    ? undefined
    : {
        daily: () => undefined,
        weekly: () => words(lang, { weekday: "long" }, atMs, zone),
        monthly: () => words(lang, { day: "numeric" }, day),
        yearly: () => words(lang, { day: "numeric", month: "long" }, day),
      }[repeat as Repeat]();
  const time = `${words(lang, { hour: "numeric", minute: "2-digit" }, atMs, zone)} ${zoneWords(zone, atMs, lang)}`;
  const until =
    untilMs === undefined
      ? undefined
      : messages.until.replace(
          "{date}",
          words(lang, { day: "numeric", month: "short", year: "numeric" }, untilMs, zone),
        );
  const left = schedule.except && exceptWords(lang, schedule.except.length);
  return [...(rule ? ruleParts(schedule, lang, every) : [every, when]), time, until, left].filter(Boolean).join(" · ");
}
