// The words the build writes into a widget in its countdown's language: the built-in messages of every
// language the project ships, and a repeating countdown's rule (its weekday, day, date and time from Intl).
import { describe, expect, it } from "vitest";
import { messagesFor } from "../../src/text/messages.ts";
import { ruleWords } from "../../src/text/repeat-words.ts";
import type { Schedule } from "../../src/time/occurrence.ts";
import type { Repeat } from "../../src/vocabulary.ts";

const LANGUAGES = [
  "en",
  "ar",
  "cs",
  "da",
  "de",
  "es",
  "fi",
  "fr",
  "he",
  "hi",
  "it",
  "ja",
  "ko",
  "nb",
  "nl",
  "pl",
  "pt",
  "ru",
  "sv",
  "tr",
  "uk",
  "zh",
];
/** Friday 15 January 2027, 17:00 in Berlin (16:00 UTC), repeating as asked. */
const schedule = (repeat: Repeat): Schedule => ({
  start: { year: 2027, month: 1, day: 15, hour: 17, minute: 0, second: 0 },
  zone: "Europe/Berlin",
  repeat,
});
const AT = Date.UTC(2027, 0, 15, 16);

describe("the widget's built-in words", () => {
  it("come in each shipped language, its own words, and in English for any other", () => {
    const english = messagesFor("en");
    for (const lang of LANGUAGES.slice(1)) {
      const messages = messagesFor(lang);
      expect(messages, lang).not.toBe(english);
      for (const key of ["done", "postponed", "cancelled", "newDate", "until"] as const)
        expect(messages[key], `${lang} ${key}`).not.toBe(english[key]);
      for (const repeat of ["daily", "weekly", "monthly", "yearly"] as const)
        expect(messages.every[repeat], `${lang} ${repeat}`).not.toBe(english.every[repeat]);
      expect(new Set(Object.values(messages.every)).size, lang).toBe(4);
    }
    expect(messagesFor("pt-BR")).toBe(messagesFor("pt"));
    expect(messagesFor("sw")).toBe(english);
  });

  it("say a repeating countdown's rule: how often in the language's word, then Intl's weekday, day or date, the time with its zone as people know it, and the last day", () => {
    const en = (repeat: Repeat) => ruleWords(schedule(repeat), "en", AT).replace(/\s/g, " ");
    const de = (repeat: Repeat) => ruleWords(schedule(repeat), "de", AT);
    expect(en("weekly")).toBe("Weekly · Friday · 5:00 PM CET (Berlin)");
    expect(de("weekly")).toBe("Wöchentlich · Freitag · 17:00 MEZ (Berlin)");
    expect(en("daily")).toBe("Daily · 5:00 PM CET (Berlin)");
    expect(en("monthly")).toBe("Monthly · 15 · 5:00 PM CET (Berlin)");
    expect(de("monthly")).toBe("Monatlich · 15 · 17:00 MEZ (Berlin)");
    expect(en("yearly")).toBe("Yearly · January 15 · 5:00 PM CET (Berlin)");
    expect(de("yearly")).toBe("Jährlich · 15. Januar · 17:00 MEZ (Berlin)");
    // In summer the zone is named as it is then.
    expect(ruleWords(schedule("weekly"), "en", Date.UTC(2027, 6, 16, 15)).replace(/\s/g, " ")).toBe(
      "Weekly · Friday · 5:00 PM CEST (Berlin)",
    );
    const until = { ...schedule("weekly"), untilMs: Date.UTC(2030, 11, 31, 22) };
    expect(ruleWords(until, "en", AT).replace(/\s/g, " ")).toBe(
      "Weekly · Friday · 5:00 PM CET (Berlin) · until Dec 31, 2030",
    );
    expect(ruleWords(until, "de", AT)).toBe("Wöchentlich · Freitag · 17:00 MEZ (Berlin) · bis 31. Dez. 2030");
    expect(ruleWords({ ...schedule("weekly"), repeat: undefined }, "en", AT)).toBe("");
  });
});
