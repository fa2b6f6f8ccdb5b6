// Language tags as authors write them (a countdown's `lang`, the site's `language`): well formed, and
// of a language the platform's Intl knows.
/** Languages' English names, from Intl's own data; undefined for a code it does not know. */
export const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** Per language tag, asked once (a build may hold 100,000 countdowns): whether Intl knows its language, and has its dates and labels. */
const knowledge = new Map<string, { language: boolean; data: boolean }>();
export function intlKnowledge(tag: string): { language: boolean; data: boolean } {
  let known = knowledge.get(tag);
  if (!known) {
    known = {
      language: LANGUAGE_NAMES.of(new Intl.Locale(tag).language) !== undefined,
      data: Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0,
    };
    knowledge.set(tag, known);
  }
  return known;
}

/**
 * What is wrong with a well-formed tag (`isLanguageTag`) whose language Intl has never heard of: a
 * language's name or a typo ("german"); undefined for a language it knows.
 */
export function unknownLanguage(written: string): string | undefined {
  const tag = Intl.getCanonicalLocales(written)[0]!;
  if (intlKnowledge(tag).language) return undefined;
  const code = languageCodeNamed(new Intl.Locale(tag).language);
  return `"${written}" is not a language code Intl knows; ${code ? `for ${LANGUAGE_NAMES.of(code)} write "${code}"` : `write one like "en", "de" or "pt-BR"`}`;
}

/** The two-letter code of a language written by its English name ("german": "de"), if there is one. */
function languageCodeNamed(name: string): string | undefined {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (const first of letters)
    for (const second of letters) if (LANGUAGE_NAMES.of(first + second)?.toLowerCase() === name) return first + second;
  return undefined;
}
