// How the drawn images break and measure their lines (src/images/fonts.ts), with the bundled fonts.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fontFilesFor, inkReach, shape, textWidth, useSiteFont, wrapText } from "../../src/images/fonts.ts";
import { ROOT } from "../support/paths.ts";

const FAMILY = "👨‍👩‍👧";
const DEVANAGARI = "त्योहार";

describe("lines of the drawn images", () => {
  it("breaks a word too long for its line between whole characters: an emoji's sequence and a letter with its marks stay whole, on the lines and before the …", () => {
    for (const [word, width] of [
      [FAMILY.repeat(9), 100],
      [DEVANAGARI.repeat(6), 90],
    ] as const) {
      const unit = word === FAMILY.repeat(9) ? FAMILY : DEVANAGARI;
      const { lines, fits } = wrapText(word, 24, 700, width, 3);
      expect(fits).toBe(false);
      const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
      const whole = [...graphemes.segment(unit)].map(({ segment }) => segment);
      for (const line of lines) {
        // Every character of every line is one of the word's own characters, or the "…".
        for (const { segment } of graphemes.segment(line)) expect([...whole, "…"]).toContain(segment);
      }
    }
  });

  it("says how far a line's glyphs reach above and below the baseline: further for Arabic's and Devanagari's marks than for Latin capitals", () => {
    const latin = inkReach(shape("HELLO", 20, 700, "en"));
    expect(latin.ascent).toBeGreaterThan(12);
    expect(latin.ascent).toBeLessThan(16);
    expect(latin.descent).toBeLessThan(1);
    expect(inkReach(shape("gypsy", 20, 400, "en")).descent).toBeGreaterThan(3);
    expect(inkReach(shape("दिवाली", 20, 700, "hi")).ascent).toBeGreaterThan(latin.ascent);
    expect(inkReach(shape("مهرجان العيد", 20, 700, "ar")).descent).toBeGreaterThan(latin.descent + 3);
  });
});

describe("the site's font in the drawn images", () => {
  // A font of digits alone (the emoji font's, with keycap shapes), as a site's font: it draws the
  // digits, the bundled fonts every other character.
  const digits = {
    name: "font/digits.ttf.json",
    bytes: new Uint8Array(readFileSync(path.join(ROOT, "fonts", "NotoEmoji-Regular.ttf"))),
  };
  const widths = () =>
    ["0123", "Stadtfest"].map((text) => [400, 700].map((weight) => textWidth(text, 20, weight as 400 | 700)));

  it("draws each character it has, at both weights, and leaves the rest to the bundled fonts", () => {
    try {
      const bundled = widths();
      useSiteFont(digits);
      const site = widths();
      expect(site[0]![0]).not.toBe(bundled[0]![0]);
      expect(site[0]![1]).not.toBe(bundled[0]![1]);
      // Both weights alike: the site's font has one.
      expect(site[0]![1]).toBe(site[0]![0]);
      expect(site[1]).toEqual(bundled[1]);
      // A Worker fetches only the files of the set (the site's font comes with the live data).
      expect(fontFilesFor("0123 Stadtfest", 700)).toEqual(["NotoSans-Bold.ttf"]);
      useSiteFont(undefined);
      expect(widths()).toEqual(bundled);
    } finally {
      useSiteFont(undefined);
    }
  });
});
