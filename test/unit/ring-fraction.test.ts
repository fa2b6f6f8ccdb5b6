// The ring layout's rule (src/time/ring-fraction.ts), which the email image, the widget and
// <countdown-timer> share: how full each unit's ring is.
import { describe, expect, it } from "vitest";
import { ringFraction } from "../../src/time/ring-fraction.ts";

describe("a ring's fraction", () => {
  it("is the days of 365 (full from 365 on), the hours of 24, the minutes and seconds of 60", () => {
    expect(ringFraction(0, 73)).toBeCloseTo(0.2);
    expect(ringFraction(0, 365)).toBe(1);
    expect(ringFraction(0, 12_345)).toBe(1);
    expect(ringFraction(1, 6)).toBe(0.25);
    expect(ringFraction(2, 45)).toBe(0.75);
    expect(ringFraction(3, 30)).toBe(0.5);
    expect(ringFraction(3, 0)).toBe(0);
  });

  it("holds the days of the countdown's span where it has one (an evergreen one's duration, in seconds)", () => {
    expect(ringFraction(0, 2, 72 * 3600)).toBeCloseTo(2 / 3);
    expect(ringFraction(0, 5, 72 * 3600)).toBe(1);
    expect(ringFraction(0, 0, 3600)).toBe(0);
    // The span is the days' alone: the other units keep their own.
    expect(ringFraction(1, 12, 72 * 3600)).toBe(0.5);
  });

  it("is full for a unit that holds the ones above it (77 hours with units=hms)", () => {
    expect(ringFraction(1, 77)).toBe(1);
    expect(ringFraction(2, 125)).toBe(1);
  });
});
