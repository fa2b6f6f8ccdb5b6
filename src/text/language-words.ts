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
export function unitWord(lang: string, unit: string, n: number, length: "long" | "short" = "long"): string {
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
      })),
    );
  }
  return format.formatToParts(n);
}

const UNIT_NAMES = ["day", "hour", "minute", "second"];

/**
 * A unit of the count as text, its number and its label (the element writes them in two parts;
 * countText joins them): `auto` the published pattern's letter (`02h`); `long` and `short` the
 * language's words for the number, from Intl, with the digits (unitDigits) for its number and what
 * Intl writes around it ("02 hours", "1 T"; no number where the language's word holds it, Arabic's for
 * one and two); `none` the digits alone.
 */
export function unitText(n: number, i: number, run: string, lang: string, labels: Labels = "auto"): [string, string] {
  const digits = unitDigits(n, i, run);
  if (labels == "auto" || labels == "none") return [digits, labels == "auto" ? "dhms"[i]! : ""];
  const parts = unitParts(lang, UNIT_NAMES[i]!, n, labels);
  const number = parts.some((part) => part.type == "integer") ? digits : "";
  const label = parts
    .filter((part) => part.type != "integer")
    .map((part) => part.value)
    .join("");
  return [number, number ? label : label.trim()];
}

/** Between the units: a space, or a colon (tight between numbers alone, `1:02:03:04`; spaced between labelled ones). */
export const separatorText = (separator: "space" | "colon" = "space", labels: Labels = "auto") =>
  separator == "space" ? " " : labels == "none" ? ":" : " : ";

/**
 * The count as one line of text (the widget's `text` layout, the pages' count): the units of `run`
 * as unitText writes them, joined by the separator (`1d 02h 03m 04s`, `1 day 02 hours …`, `1:02:03:04`).
 */
export const countText = (
  units: number[],
  run: string,
  lang: string,
  labels: Labels = "auto",
  separator: "space" | "colon" = "space",
) =>
  units
    .flatMap((n, i) => (run.includes("dhms"[i]!) ? [unitText(n, i, run, lang, labels).join("")] : []))
    .join(separatorText(separator, labels));
