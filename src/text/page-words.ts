// The pages' own words (headings, labels, buttons, the scripts' messages) in the site file's language:
// the languages of the widget's built-in messages (src/text/messages.ts), English for any other. A
// language's file in src/text/page-words/ has every key of English's; `{name}` marks what the page fills in.
import ar from "./page-words/ar.ts";
import cs from "./page-words/cs.ts";
import da from "./page-words/da.ts";
import de from "./page-words/de.ts";
import en, { type PageWords } from "./page-words/en.ts";
import es from "./page-words/es.ts";
import fi from "./page-words/fi.ts";
import fr from "./page-words/fr.ts";
import he from "./page-words/he.ts";
import hi from "./page-words/hi.ts";
import it from "./page-words/it.ts";
import ja from "./page-words/ja.ts";
import ko from "./page-words/ko.ts";
import nb from "./page-words/nb.ts";
import nl from "./page-words/nl.ts";
import pl from "./page-words/pl.ts";
import pt from "./page-words/pt.ts";
import ru from "./page-words/ru.ts";
import sv from "./page-words/sv.ts";
import tr from "./page-words/tr.ts";
import uk from "./page-words/uk.ts";
import zh from "./page-words/zh.ts";

export type { PageWords } from "./page-words/en.ts";
type PageWord = keyof PageWords;

/** Every language the pages speak, by its tag. */
export const PAGE_LANGUAGES: Record<string, PageWords> = {
  ar,
  cs,
  da,
  de,
  en,
  es,
  fi,
  fr,
  he,
  hi,
  it,
  ja,
  ko,
  nb,
  nl,
  pl,
  pt,
  ru,
  sv,
  tr,
  uk,
  zh,
};

/** The words of the language of a tag: its own (`de`), its language's (`pt-BR` -> `pt`, `no` -> `nb`), or English. */
export function pageWordsFor(lang: string): PageWords {
  const language = lang.toLowerCase().split("-")[0]!;
  return PAGE_LANGUAGES[language] ?? (language === "no" ? nb : en);
}

/** The language of the pages' own words for a site of `lang`: itself where the pages speak it, else English. */
export const pageLanguage = (lang: string) =>
  pageWordsFor(lang) === en && lang.toLowerCase().split("-")[0] !== "en" ? "en" : lang;

/** The words the pages' scripts say (src/pages/*-script.ts), written into each page as JSON. */
export const SCRIPT_WORDS = [
  "yourTime",
  "copyLink",
  "linkCopied",
  "copied",
  "copyRefused",
  "hostColours",
  "tooLittleContrast",
  "notALanguage",
  "yourCountdown",
  "chooseDate",
  "chooseTime",
  "warning",
  "text",
  "timeLeft",
  "addressTaken",
] as const satisfies PageWord[];
export type ScriptWords = Pick<PageWords, (typeof SCRIPT_WORDS)[number]>;

/** A text with its `{name}`s filled in from `values`; a name without a value is left as it is. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
