// Dates as people read them, one way on every surface (the pages, the widget, the email image and its
// alt text, link previews): the wall-clock time in a zone, in a language, without seconds, on the
// language's own 12- or 24-hour clock, then the zone as people know it: "Sun, Mar 7, 2027, 9:10 AM
// JST (Tokyo)"; the city alone where the zone has no abbreviation people use ("(Riyadh)"); "UTC" for
// UTC. Never a raw `Area/City` ID. Intl only: the widget's ticker and the pages' script carry it.

/** The words of a date and time; the zone is named after them (zoneWords). Its names are quoted: the element's build shortens unquoted ones. */
export const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  "day": "numeric",
  "month": "short",
  "year": "numeric",
  "hour": "numeric",
  "minute": "2-digit",
};

/**
 * Where a zone's abbreviation is looked for after the language's own: the locales whose CLDR data
 * names the zones of their region ("JST" only in Japanese, "IST" in Indian English, "AEDT" in
 * Australian English, "CET" in British English). An abbreviation is 2 to 5 capital Latin letters;
 * "GMT+9" and the like are offsets, not names.
 */
const NAMING_LOCALES = ["en-US", "en-GB", "en-IN", "en-AU", "en-ZA", "en-CA", "en-IE", "en-SG", "en-HK", "ja", "pt-BR"];

// Formats are costly to make and cheap to use; keys come from countdowns and, for the email image,
// from requests (`lang`), so the cache is cleared once it holds a few hundred. The repeat rules' words
// (src/text/repeat-words.ts) are formatted through it too.
const formats = new Map<string, Intl.DateTimeFormat>();
export function formatOf(lang: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = lang + timeZone + Object.entries(options);
  let format = formats.get(key);
  if (!format) {
    if (formats.size > 500) formats.clear();
    formats.set(key, (format = new Intl.DateTimeFormat(lang, { ...options, timeZone })));
  }
  return format;
}

/** The zone's short name at `ms` in a locale ("JST", "GMT+9"). */
const shortName = (locale: string, zone: string, ms: number) =>
  formatOf(locale, zone, { timeZoneName: "short" })
    .formatToParts(ms)
    .find((part) => part.type == "timeZoneName")!.value;

/**
 * A zone as people know it at `ms`: "JST (Tokyo)", "EDT (New York)", "(Riyadh)" where no abbreviation
 * is in use, "UTC". A fixed-offset zone (`Etc/GMT-9`), or any zone without its `city` (the visitor's
 * own, which they know), is its abbreviation or else its offset: "IST", "GMT+3". Zones are named as
 * the IANA database names them ("Asia/Kolkata"): the build writes them so (src/time/zone.ts, ianaZone).
 */
export function zoneWords(zone: string, ms: number, lang: string, city = true): string {
  if (/^(Etc\/)?UTC$/.test(zone)) return "UTC";
  const own = shortName(lang, zone, ms);
  // The language's own name says which of the zone's offsets is in force ("GMT+1", "GMT+2"): the
  // search of the other locales is made once per zone, language and offset.
  const key = zone + " " + lang + " " + own;
  const abbreviation =
    abbreviations.get(key) ??
    [own, ...NAMING_LOCALES.map((locale) => shortName(locale, zone, ms))].find((name) => /^[A-Z]{2,5}$/.test(name)) ??
    "";
  if (abbreviations.size > 500) abbreviations.clear();
  abbreviations.set(key, abbreviation);
  const place = city && !/^Etc\//.test(zone) && zone.split("/").pop()!.replace(/_/g, " ");
  return place ? (abbreviation && abbreviation + " ") + "(" + place + ")" : abbreviation || own;
}
const abbreviations = new Map<string, string>();

/** An instant in a zone and a language: "Sun, Mar 7, 2027, 9:10 AM JST (Tokyo)"; without the `city`, "... 9:10 AM JST". */
export const dateWords = (ms: number, zone: string, lang: string, city = true): string =>
  formatOf(lang, zone, DATE_TIME).format(ms) + " " + zoneWords(zone, ms, lang, city);

/**
 * The same instant on the visitor's clock, where it reads differently from the author's: the time
 * alone on the same calendar day ("4:10 PM"), else with the weekday, day and month ("Sat, Mar 6,
 * 7:10 PM"). Undefined where both zones read the same.
 */
export function visitorWords(ms: number, zone: string, visitorZone: string, lang: string): string | undefined {
  const read = (timeZone: string) => formatOf(lang, timeZone, DATE_TIME).formatToParts(ms);
  const [author, visitor] = [read(zone), read(visitorZone)];
  const same = (type: string) =>
    author.find((part) => part.type == type)?.value == visitor.find((part) => part.type == type)?.value;
  if (["year", "month", "day", "hour", "minute", "dayPeriod"].every(same)) return undefined;
  const options: Intl.DateTimeFormatOptions =
    same("day") && same("month") && same("year")
      ? { hour: "numeric", minute: "2-digit" }
      : { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" };
  return formatOf(lang, visitorZone, options).format(ms);
}
