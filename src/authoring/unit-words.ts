// A countdown file's `unit_words`: its own words for the units, which take the place of Intl's where
// its count is shown with words in its own language (the widget, `<countdown-timer>`, the pages and
// the email image; src/text/language-words.ts). Each unit's word is one text, or a list of the
// singular and the plural, or the forms of the language's plural categories (Polish's `few`).
import type { UnitWords } from "../text/language-words.ts";
import { CONTROL_CHARACTERS, describe, describeValue, meantName } from "./fields.ts";

export const UNIT_WORD_UNITS = ["day", "hour", "minute", "second"] as const;
export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
/** The longest word a unit may have: a label under a number, or a word in a line. */
export const UNIT_WORD_MAX = 24;

/**
 * The field's words by unit and plural category (`other` always there), or undefined where the file
 * has none; each mistake is a problem at `unit_words.<unit>` that says how to write it.
 */
export function unitWordsField(
  value: unknown,
  problem: (field: string, message: string) => void,
): UnitWords | undefined {
  if (value === undefined || value === null) return undefined;
  const example = "like hour: [Stunde, Stunden]";
  if (typeof value !== "object" || Array.isArray(value)) {
    problem("unit_words", `must be the units' words indented under it, ${example}, not ${describe(value)}`);
    return undefined;
  }
  const words: UnitWords = {};
  for (const [unit, forms] of Object.entries(value as Record<string, unknown>)) {
    const at = `unit_words.${unit}`;
    if (!(UNIT_WORD_UNITS as readonly string[]).includes(unit)) {
      const meant = meantName(unit.replace(/s$/, ""), UNIT_WORD_UNITS);
      problem(
        at,
        `unknown unit; ${meant ? `did you mean "${meant}"? ` : ""}the units are ${UNIT_WORD_UNITS.join(", ")}`,
      );
      continue;
    }
    const word = (text: unknown, where: string) => {
      if (
        typeof text !== "string" ||
        !text.trim() ||
        text.trim().length > UNIT_WORD_MAX ||
        CONTROL_CHARACTERS.test(text)
      ) {
        problem(
          where,
          `${describeValue(text)} is not a word: write 1 to ${UNIT_WORD_MAX} characters on one line, ${example}`,
        );
        return undefined;
      }
      return text.trim();
    };
    if (typeof forms === "string") {
      const other = word(forms, at);
      if (other) words[unit] = { other };
    } else if (Array.isArray(forms)) {
      if (forms.length < 1 || forms.length > 2) {
        problem(at, `is a list of ${forms.length}: write the singular and the plural, ${example}`);
        continue;
      }
      const [one, other] = forms.map((form, i) => word(form, `${at}[${i}]`));
      if (one && (forms.length == 1 || other))
        words[unit] = forms.length == 1 ? { other: one } : { one, other: other! };
    } else if (typeof forms === "object" && forms !== null) {
      const byCategory: Partial<Record<Intl.LDMLPluralRule, string>> = {};
      for (const [category, text] of Object.entries(forms as Record<string, unknown>)) {
        if (!(PLURAL_CATEGORIES as readonly string[]).includes(category))
          problem(`${at}.${category}`, `is not a plural category; use ${PLURAL_CATEGORIES.join(", ")}`);
        else {
          const form = word(text, `${at}.${category}`);
          if (form) byCategory[category as Intl.LDMLPluralRule] = form;
        }
      }
      if (byCategory.other === undefined)
        problem(at, `has no "other": the form for any number the others do not name is needed`);
      else words[unit] = { ...byCategory, other: byCategory.other };
    } else problem(at, `must be a word, or a list of the singular and the plural, ${example}; not ${describe(forms)}`);
  }
  return Object.keys(words).length ? words : undefined;
}
