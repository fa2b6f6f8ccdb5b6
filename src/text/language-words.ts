// What a language says of itself through Intl, shared by the pages (built and in the browser) and
// the email image: which way its script runs, and a time unit's word for a number. (The widget's
// ticker writes the same direction test inline: every embed carries its bytes.)

/** Whether a language is written right to left, as Intl knows its script ("ar", "he", "fa"...): kept per language, a few hundred at most. */
const directions = new Map<string, boolean>();
export function isRightToLeftLanguage(lang: string): boolean {
  let rtl = directions.get(lang);
  if (rtl === undefined) {
    if (directions.size >= 400) directions.clear();
    directions.set(
      lang,
      (rtl = /Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg/.test(new Intl.Locale(lang).maximize().script ?? "")),
    );
  }
  return rtl;
}

/**
 * A unit's word for a number in a language, plural-correct, from Intl ("days", "Tage", "أيام"). The
 * formats are kept by language and unit; languages may come from requests (the email image's `lang`),
 * so the map is cleared once it holds a few hundred.
 */
const unitFormats = new Map<string, Intl.NumberFormat>();
export function unitWord(lang: string, unit: string, n: number): string {
  const key = `${lang} ${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    if (unitFormats.size >= 400) unitFormats.clear();
    unitFormats.set(key, (format = new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" })));
  }
  return format
    .formatToParts(n)
    .filter((part) => part.type === "unit")
    .map((part) => part.value)
    .join("")
    .trim();
}
