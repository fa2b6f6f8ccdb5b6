// How the drawn images break and measure their lines (src/images/fonts.ts), with the bundled fonts.
import { describe, expect, it } from "vitest";
import { inkReach, shape, wrapText } from "../../src/images/fonts.ts";

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
