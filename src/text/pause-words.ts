// The pause button's word, in the languages of the built-in messages (src/text/messages.ts): the
// widget's and the visitor page's (written by the build) and <countdown-timer>'s (its controls part
// carries this table, src/element/element-controls.ts). The button keeps its word and says whether it
// is pressed (aria-pressed), as a toggle button does; English for a language not listed.

const PAUSE_WORDS: Record<string, string> = {
  en: "Pause",
  ar: "إيقاف مؤقت",
  cs: "Pozastavit",
  da: "Pause",
  de: "Pause",
  es: "Pausa",
  fi: "Tauko",
  fr: "Pause",
  he: "השהיה",
  hi: "रोकें",
  it: "Pausa",
  ja: "一時停止",
  ko: "일시 정지",
  nb: "Pause",
  nl: "Pauzeren",
  pl: "Wstrzymaj",
  pt: "Pausar",
  ru: "Пауза",
  sv: "Pausa",
  tr: "Duraklat",
  uk: "Пауза",
  zh: "暂停",
};

/** The pause button's word in a language (by its language subtag: `pt-BR` is `pt`). */
export const pauseWord = (lang: string) => PAUSE_WORDS[lang.toLowerCase().split("-")[0]!] ?? PAUSE_WORDS.en!;
