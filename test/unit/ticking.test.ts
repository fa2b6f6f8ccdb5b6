// What the browser counts to (src/time/ticking.ts, countingTo): from the attributes the build writes
// (src/eleventy/filters.ts, countdownData), a repeating countdown walks on from the build's next
// occurrence, one occurrence at a time, and must land where the shared occurrence code
// (nextOccurrence, tested against Luxon and brute force in occurrence.test.ts) says, whenever the page
// is looked at: the same week, across skipped dates, years later, after its last occurrence.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { isoSeconds } from "../../src/time/time-left.ts";
import type { UserConfig } from "@11ty/eleventy";
import { SITE_DEFAULTS } from "../../src/site-identity.ts";
import { siteFilters } from "../../src/eleventy/filters.ts";
import {
  lastOccurrence,
  nextOccurrence,
  occurrence,
  startOf,
  targetAt,
  type Schedule,
} from "../../src/time/occurrence.ts";
import type { Repeat } from "../../src/vocabulary.ts";

// Set by the bundler in the browser's builds (src/eleventy/assets.ts); the repeating build's value here.
beforeAll(() => {
  (globalThis as { REPEATS?: boolean }).REPEATS = true;
});
const { countingTo } = await import("../../src/time/ticking.ts");

const DAY = 864e5;
const ZONES = [
  "UTC",
  "Europe/Berlin",
  "America/New_York",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "America/Santiago",
  "Pacific/Chatham",
];
const REPEATS: Repeat[] = ["daily", "weekly", "monthly", "yearly"];

/** A schedule from 2000 to 2040: days 28 to 31 and Feb 29 among them, times in spring-forward gaps and fall-back hours among them. */
const schedules = fc
  .record({
    year: fc.integer({ min: 2000, max: 2040 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 29, max: 31 })),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 30, 45),
    zone: fc.constantFrom(...ZONES),
    repeat: fc.constantFrom(...REPEATS),
    untilYears: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  })
  .filter(({ year, month, day }) => new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day)
  .map(({ year, month, day, hour, minute, zone, repeat, untilYears }): Schedule => {
    const start = { year, month, day, hour, minute, second: 0 };
    return {
      start,
      zone,
      repeat,
      ...(untilYears === undefined ? {} : { untilMs: Date.UTC(year + untilYears, month - 1, day) }),
    };
  });

/** The attributes the build writes for `schedule` at `builtAt`: its own filter (src/eleventy/filters.ts, countdownData), read as a DOMStringMap. */
function attributesAt(schedule: Schedule, builtAt: number): DOMStringMap {
  const found: Record<string, (countdown: never) => string> = {};
  siteFilters(
    {
      addFilter: (name: string, filter: (countdown: never) => string) => (found[name] = filter),
    } as unknown as UserConfig,
    () => ({ origin: "https://x.test", basePath: "" }),
    () => SITE_DEFAULTS,
  );
  const nextMs = targetAt(schedule, builtAt)!;
  const attributes = found.countdownData!({
    schedule,
    status: "scheduled",
    nextMs,
    nextDate: isoSeconds(nextMs),
  } as never);
  return Object.fromEntries(
    [...attributes.matchAll(/data-([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      value!,
    ]),
  );
}

describe("a repeating countdown in the browser", () => {
  it("restarted at any of its occurrences, has the same occurrences from there on (a skipped date stays skipped)", () => {
    fc.assert(
      fc.property(schedules, fc.integer({ min: 0, max: 400 }), (schedule, k) => {
        if (occurrence(schedule, k) === undefined) return;
        const restarted = { ...schedule, start: startOf(schedule, k) };
        for (let j = 0; j < 30; j++) expect(occurrence(restarted, j), `${j}`).toBe(occurrence(schedule, k + j));
      }),
      { numRuns: 300 },
    );
  });

  it("counts to what the shared occurrence code says at every later instant, walking on from the build's next occurrence", () => {
    fc.assert(
      fc.property(
        schedules,
        fc.integer({ min: 0, max: 30 * 365 }),
        fc.array(fc.integer({ min: 0, max: 3 * 365 * DAY }), { minLength: 1, maxLength: 4 }),
        (schedule, builtDays, steps) => {
          const builtAt = Date.UTC(schedule.start.year, 0, 1) + builtDays * DAY;
          if (targetAt(schedule, builtAt) === undefined) return;
          // The widget's and the pages' target.
          const targets = [countingTo(attributesAt(schedule, builtAt))];
          // Looked at later and later (a page left open, or opened years after its build).
          let now = builtAt;
          for (const step of steps) {
            now += step;
            // At an occurrence's own instant, the one after it counts; after the last, the last.
            const expected = new Date(nextOccurrence(schedule, now + 1) ?? lastOccurrence(schedule)!).toISOString();
            for (const target of targets)
              expect(new Date(target(now)).toISOString(), new Date(now).toISOString()).toBe(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds the next occurrence from the build's, not from the schedule's start: one step asks the zone a few times", () => {
    // A daily countdown started 20 years before its build: 7,300 occurrences before the one the build counted to.
    const schedule: Schedule = {
      start: { year: 2007, month: 3, day: 1, hour: 9, minute: 0, second: 0 },
      zone: "Europe/Berlin",
      repeat: "daily",
    };
    const builtAt = Date.UTC(2027, 2, 1, 12);
    const target = countingTo(attributesAt(schedule, builtAt));
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    try {
      const next = target(builtAt);
      expect(isoSeconds(next)).toBe("2027-03-02T08:00:00Z");
      expect(isoSeconds(target(next))).toBe("2027-03-03T08:00:00Z");
      expect(asked.mock.calls.length).toBeLessThanOrEqual(6);
    } finally {
      asked.mockRestore();
    }
  });

  it("moves on exactly at an occurrence's instant, and stays at the last one once the schedule has ended", () => {
    const schedule: Schedule = {
      start: { year: 2027, month: 1, day: 31, hour: 9, minute: 30, second: 0 },
      zone: "America/New_York",
      repeat: "monthly",
      untilMs: Date.UTC(2027, 6, 1),
    };
    const builtAt = Date.UTC(2027, 0, 1);
    for (const counting of [countingTo]) {
      const target = counting(attributesAt(schedule, builtAt));
      const [january, march] = [occurrence(schedule, 0)!, occurrence(schedule, 2)!];
      expect(target(january - 1)).toBe(january);
      // February has no 31st: from January's instant on, March's.
      expect(target(january)).toBe(march);
      const last = lastOccurrence(schedule)!;
      expect(isoSeconds(last)).toBe("2027-05-31T13:30:00Z");
      expect(target(last + 10 * 365 * DAY)).toBe(last);
    }
  });
});

describe("a countdown that repeats by a rule, in the browser", () => {
  // Weekdays at 14:00 in Berlin, Christmas Day and New Year's Eve left out.
  const schedule: Schedule = {
    start: { year: 2026, month: 12, day: 21, hour: 14, minute: 0, second: 0 },
    zone: "Europe/Berlin",
    repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    except: [Date.UTC(2026, 11, 25, 13), Date.UTC(2026, 11, 31, 13)],
  };

  it("gets the rule, its own start and the exceptions from the build's attributes, and skips them", () => {
    const builtAt = Date.UTC(2026, 11, 24, 12);
    const attributes = attributesAt(schedule, builtAt);
    expect(attributes).toMatchObject({
      countdown: "2026-12-24T13:00:00Z",
      repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      start: "2026-12-21T14:00:00",
      except: "2026-12-25T13:00:00Z 2026-12-31T13:00:00Z",
    });
    const target = countingTo(attributes);
    expect(isoSeconds(target(builtAt))).toBe("2026-12-24T13:00:00Z");
    // At the Thursday's cut-off, Friday is left out: Monday's.
    expect(isoSeconds(target(Date.UTC(2026, 11, 24, 13)))).toBe("2026-12-28T13:00:00Z");
    expect(isoSeconds(target(Date.UTC(2026, 11, 30, 13)))).toBe("2027-01-01T13:00:00Z");
    // Looked at a year later, at once.
    expect(isoSeconds(target(Date.UTC(2027, 11, 25, 12)))).toBe("2027-12-27T13:00:00Z");
  });
});
