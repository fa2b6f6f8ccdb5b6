// The widget's options as the ticker and the build judge them: an invalid value is ignored; and as <countdown-timer>'s attributes.
import { describe, expect, it } from "vitest";
import { elementAttributes, isValidOption, resolveOptions, optionPattern } from "../../src/widget/options.ts";

describe("the widget's lang option", () => {
  it("takes a language tag: a two- or three-letter language, then subtags", () => {
    for (const tag of ["de", "pt-BR", "zh-Hant-TW", "yue", "sr-Latn"])
      expect(isValidOption("lang", tag), tag).toBe(true);
  });

  it("ignores what is not one: a language's English name, an underscore, punctuation", () => {
    for (const value of ["german", "German", "de_DE", "!!", "", "e"])
      expect(isValidOption("lang", value), value).toBe(false);
    expect(resolveOptions("", "lang=german&theme=dark", new RegExp(optionPattern()))).toEqual({ theme: "dark" });
  });
});

describe("elementAttributes: the options as <countdown-timer>'s attributes", () => {
  it("writes what differs from the widget's defaults, `title` as `heading`, without `sync` or the light theme", () => {
    expect(
      elementAttributes({ theme: "dark", layout: "tiles", title: "hide", sync: "1", accent: "e11d48", lang: "de" }),
    ).toBe(' theme="dark" accent="e11d48" layout="tiles" lang="de" heading="hide"');
    expect(elementAttributes({ theme: "light", layout: "text", title: "show", after: "message" })).toBe("");
  });
});
