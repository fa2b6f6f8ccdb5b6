// What a language says of itself through Intl, shared by the pages (built and in the browser) and
// the email image: which way its script runs, and a time unit's word for a number. (The widget's
// ticker writes the same direction test inline: every embed carries its bytes.)
import { unitDigits, type Labels } from "../time/time-left.ts";

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
 * A unit's word for a number in a language, plural-correct, from Intl: `long` ("days", "Tage",
 * "أيام"), `short` the language's narrowest ("d", "T"). The formats are kept by language, unit and
 * length; languages may come from requests (the email image's `lang`), so the map is cleared once it
 * holds a few hundred.
 */
const unitFormats = new Map<string, Intl.NumberFormat>();
export function unitWord(
  lang: string,
  unit: string,
  n: number,
  length: "long" | "short" = "long",
  words?: UnitWords,
): string {
  const own = length == "long" && ownWord(words, unit, n, lang);
  if (own) return own;
  return unitParts(lang, unit, n, length)
    .filter((part) => part.type === "unit")
    .map((part) => part.value)
    .join("")
    .trim();
}

function unitParts(lang: string, unit: string, n: number, length: "long" | "short") {
  const key = `${lang} ${unit} ${length}`;
  let format = unitFormats.get(key);
  if (!format) {
    if (unitFormats.size >= 400) unitFormats.clear();
    unitFormats.set(
      key,
      (format = new Intl.NumberFormat(lang, {
        style: "unit",
        unit,
        unitDisplay: length == "short" ? "narrow" : "long",
        // (The count's digits stand for the number: no group separator, "1234 hours".)
        useGrouping: false,
      })),
    );
  }
  return format.formatToParts(n);
}

const UNIT_NAMES = ["day", "hour", "minute", "second"];

/**
 * A countdown's own words for its units (its file's `unit_words`), by unit and plural category of
 * its language (`one`, `few`, `other`...; `other` always there): they take the place of Intl's long
 * words where the count is shown in the countdown's own language.
 */
export type UnitWords = Partial<Record<string, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>>;

/** The countdown's own word for `n` of `unit`, in the plural category of `lang`; undefined where it has none. */
function ownWord(words: UnitWords | undefined, unit: string, n: number, lang: string): string | undefined {
  const forms = words?.[unit];
  return forms && (forms[new Intl.PluralRules(lang).select(n)] ?? forms.other);
}

/**
 * A unit of the count as text: what comes before its number, the number, and what comes after (the
 * element writes them in parts; countText joins them): `auto` the published pattern's letter (`02h`);
 * `long` and `short` the language's words for the number, from Intl, where Intl puts them ("02
 * hours", "1 T", Swahili's "saa 02"), with the digits (unitDigits, ungrouped) for its number, and no
 * number where the language's word holds it (Arabic's for one and two); `long` takes the countdown's
 * own `words` where it has them; `none` the digits alone.
 */
export function unitText(
  n: number,
  i: number,
  run: string,
  lang: string,
  labels: Labels = "auto",
  words?: UnitWords,
): [string, string, string] {
  const digits = unitDigits(n, i, run);
  if (labels == "auto" || labels == "none") return ["", digits, labels == "auto" ? "dhms"[i]! : ""];
  const own = labels == "long" && ownWord(words, UNIT_NAMES[i]!, n, lang);
  if (own) return ["", digits, " " + own];
  const parts = unitParts(lang, UNIT_NAMES[i]!, n, labels);
  const at = parts.findIndex((part) => part.type == "integer");
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join("");
  return at < 0 ? ["", "", text(0).trim()] : [text(0, at), digits, text(at + 1)];
}

/** Between the units: a space, or a colon (tight between numbers alone, `1:02:03:04`; spaced between labelled ones). */
export const separatorText = (separator: "space" | "colon" = "space", labels: Labels = "auto") =>
  separator == "space" ? " " : labels == "none" ? ":" : " : ";

/**
 * The count as one line of text (the widget's `text` layout, the pages' count): the units of `run`
 * as unitText writes them, joined by the separator (`1d 02h 03m 04s`, `1 day 02 hours …`, `1:02:03:04`).
 * `whole`: each unit's spaces, and the one before a colon, non-breaking, so a line too long for its
 * box wraps between units only (`345 Tage :` / `21 Stunden`), never between a number and its word.
 */
export const countText = (
  units: number[],
  run: string,
  lang: string,
  labels: Labels = "auto",
  separator: "space" | "colon" = "space",
  words?: UnitWords,
  whole?: boolean,
) =>
  units
    .flatMap((n, i) => (run.includes("dhms"[i]!) ? [unitText(n, i, run, lang, labels, words).join("")] : []))
    .map((unit) => (whole ? unit.replace(/ /g, "\xa0") : unit))
    .join(whole ? separatorText(separator, labels).replace(/^ (?=:)/, "\xa0") : separatorText(separator, labels));
