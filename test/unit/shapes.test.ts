// The shapes of the ring, flip and digital layouts (src/widget/shapes.ts): how full each ring is,
// which digits flip, and which segments each digit lights.
import { describe, expect, it } from "vitest";
import { digitalStyle, flips } from "../../src/widget/shapes.ts";
import { ringFraction, RING_DAYS, SEGMENTS } from "../../src/time/shape-rules.ts";

describe("the ring, flip and digital layouts' shapes", () => {
  it("fills a ring with what is left of its unit: days of the span (365 by default), hours of 24, minutes and seconds of 60", () => {
    expect(RING_DAYS).toBe(365);
    expect(ringFraction(73, 0)).toBeCloseTo(73 / 365);
    expect(ringFraction(365, 0)).toBe(1);
    expect(ringFraction(26_000, 0)).toBe(1);
    expect(ringFraction(2, 0, 3)).toBeCloseTo(2 / 3);
    expect(ringFraction(6, 1)).toBe(0.25);
    expect(ringFraction(77, 1)).toBe(1);
    expect(ringFraction(15, 2)).toBe(0.25);
    expect(ringFraction(45, 3)).toBe(0.75);
    expect(ringFraction(0, 3)).toBe(0);
    expect(ringFraction(0, 0, 0)).toBe(0);
  });

  it("flips only the digits that changed, matched from the right, and none on the first draw", () => {
    expect(flips("", "59")).toEqual([false, false]);
    expect(flips("59", "58")).toEqual([false, true]);
    expect(flips("10", "09")).toEqual([true, true]);
    expect(flips("05", "05")).toEqual([false, false]);
    expect(flips("100", "99")).toEqual([true, true]);
    expect(flips("105", "95")).toEqual([true, false]);
    expect(flips("999", "1000")).toEqual([true, true, true, true]);
  });

  it("lights the seven segments of each digit as a seven-segment display does", () => {
    const lit = (digit: number) => [..."abcdefg"].filter((_, s) => (SEGMENTS[digit]! >> s) & 1).join("");
    expect(SEGMENTS.map((_, digit) => lit(digit))).toEqual([
      "abcdef",
      "bc",
      "abdeg",
      "abcdg",
      "bcfg",
      "acdfg",
      "acdefg",
      "abc",
      "abcdefg",
      "abcdfg",
    ]);
    // The styles light a digit's segments, and no other: 1 its two on the right.
    const style = digitalStyle("S");
    expect(/S \[data-d="1"\]\{([^}]*)\}/.exec(style)![1]).toBe("--s1:currentColor;--s2:currentColor;");
    expect(style).not.toMatch(/font-family|@font-face|url\(/);
  });
});
