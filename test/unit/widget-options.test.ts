// The widget's options as the ticker and the build judge them: an invalid value is ignored.
import { describe, expect, it } from "vitest";
import { isValidOption, resolveOptions, optionPattern } from "../../src/widget/options.ts";

describe("the widget's lang option", () => {
  it("takes a language tag: a two- or three-letter language, then subtags", () => {
    for (const tag of ["de", "pt-BR", "zh-Hant-TW", "yue", "sr-Latn"]) expect(isValidOption("lang", tag), tag).toBe(true);
  });

  it("ignores what is not one: a language's English name, an underscore, punctuation", () => {
    for (const value of ["german", "German", "de_DE", "!!", "", "e"]) expect(isValidOption("lang", value), value).toBe(false);
    expect(resolveOptions("", "lang=german&theme=dark", new RegExp(optionPattern()))).toEqual({ theme: "dark" });
  });
});
