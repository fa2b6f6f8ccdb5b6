// An evergreen countdown's start as the browser faces keep it (src/time/evergreen.ts): a link's start,
// or the first visit on the device kept in localStorage, which anything on the host page could have
// written; and the offsets a written start may carry.
import { afterEach, describe, expect, it } from "vitest";
import { START_AHEAD_MS, START_SPAN_DAYS, startMs, viewerDeadline } from "../../src/time/evergreen.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const storage = globalThis as unknown as { localStorage?: Record<string, string> };
afterEach(() => delete storage.localStorage);

describe("a written start's offset", () => {
  it("is taken up to ±14:00, the furthest in use, and refused past it", () => {
    expect(startMs("2031-05-13T10:00:00+14:00", "UTC")).toBe(Date.parse("2031-05-12T20:00:00Z"));
    expect(startMs("2031-05-13T10:00:00-14:00", "UTC")).toBe(Date.parse("2031-05-14T00:00:00Z"));
    for (const offset of ["+14:01", "-14:30", "+14:59", "-1459", "+15:00"])
      expect(startMs(`2031-05-13T10:00:00${offset}`, "UTC"), offset).toBeNaN();
  });
});

describe("a viewer's first visit, kept on their device", () => {
  it("is kept under countdown-start:<key> and gives the same deadline on the next visit", () => {
    storage.localStorage = {};
    const first = viewerDeadline(72 * HOUR, "UTC", "https://countdowns.example.org/ offer", null);
    const kept = Number(storage.localStorage["countdown-start:https://countdowns.example.org/ offer"]);
    expect(kept + 72 * HOUR).toBe(first);
    expect(viewerDeadline(72 * HOUR, "UTC", "https://countdowns.example.org/ offer", null)).toBe(first);
  });

  it("is range-checked as a link's start is: a kept value that is no instant, in the future or too old is replaced by this visit", () => {
    const key = "countdown-start:site offer";
    for (const written of [
      "1e400",
      "Infinity",
      "-5",
      "garbage",
      String(Date.now() + 10 * 365 * DAY),
      String(Date.now() + START_AHEAD_MS + 60_000),
      String(Date.now() - (START_SPAN_DAYS + 1) * DAY),
    ]) {
      storage.localStorage = { [key]: written };
      const before = Date.now();
      const deadline = viewerDeadline(HOUR, "UTC", "site offer", null);
      expect(deadline - HOUR, written).toBeGreaterThanOrEqual(before - 1000);
      expect(deadline - HOUR, written).toBeLessThanOrEqual(Date.now());
      expect(Number(storage.localStorage[key]), written).toBe(deadline - HOUR);
    }
    // A kept start in range stands, whole seconds.
    const earlier = Math.floor((Date.now() - 2 * DAY) / 1000) * 1000 + 456;
    storage.localStorage = { [key]: String(earlier) };
    expect(viewerDeadline(HOUR, "UTC", "site offer", null)).toBe(earlier - 456 + HOUR);
  });
});
