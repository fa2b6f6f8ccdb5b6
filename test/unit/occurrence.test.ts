// Countdowns that change: a repeating countdown counts to its next occurrence, at the same
// wall-clock time in its zone; a date a month lacks is skipped, a time in a spring-forward gap moves
// forward by the gap, a time the clocks pass twice is the earlier. Named cases first, then properties
// against Luxon and a brute-force oracle over every zone the runtime knows, from 1970 to 2400.
import fc from "fast-check";
import { DateTime, IANAZone, Settings } from "luxon";
import { zoneTransitionsOf } from "../support/zone-oracle.ts";
import { describe, expect, it, vi } from "vitest";
import {
  isOver,
  lastOccurrence,
  nextOccurrence,
  occurrence,
  targetAt,
  type Schedule,
} from "../../src/time/occurrence.ts";
import type { Repeat } from "../../src/vocabulary.ts";
import { wallClockToInstant, zoneOffset, type WallClock } from "../../src/time/zone.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) =>
  ms === undefined ? undefined : new Date(ms).toISOString().replace(".000Z", "Z");
/** A wall clock written as `2027-03-28T02:30`. */
function wall(text: string): WallClock {
  const [year, month, day, hour, minute, second = 0] = text.split(/[-T:]/).map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second };
}
const schedule = (start: string, zone: string, repeat?: Repeat, until?: string): Schedule => ({
  start: wall(start),
  zone,
  repeat,
  untilMs: until === undefined ? undefined : at(until),
});
/** The next `count` occurrences from `fromMs` on, each asked for just after the one before. */
function upcoming(s: Schedule, fromMs: number, count: number): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  for (let now = fromMs, i = 0; i < count; i++) {
    const next = nextOccurrence(s, now);
    found.push(iso(next));
    if (next === undefined) break;
    now = next + 1;
  }
  return found;
}
/** The wall clock an instant reads in a zone, as `2027-03-28T03:30`. */
const readIn = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

describe("a weekly countdown stays at the same local time across daylight saving changes", () => {
  const weekly = schedule("2027-03-21T17:00", "Europe/Berlin", "weekly");

  it("is at 17:00 in Berlin the weeks before and after the spring change (16:00Z, then 15:00Z)", () => {
    expect(upcoming(weekly, at("2027-03-14T00:00:00Z"), 3)).toEqual([
      "2027-03-21T16:00:00Z",
      "2027-03-28T15:00:00Z",
      "2027-04-04T15:00:00Z",
    ]);
  });

  it("is at 17:00 in Berlin the weeks before and after the autumn change (15:00Z, then 16:00Z)", () => {
    expect(upcoming(weekly, at("2027-10-20T00:00:00Z"), 3)).toEqual([
      "2027-10-24T15:00:00Z",
      "2027-10-31T16:00:00Z",
      "2027-11-07T16:00:00Z",
    ]);
    expect([31, 32, 33].map((k) => readIn(occurrence(weekly, k)!, "Europe/Berlin"))).toEqual([
      "2027-10-24T17:00",
      "2027-10-31T17:00",
      "2027-11-07T17:00",
    ]);
  });
});

describe("a monthly countdown on the 31st skips the months without one", () => {
  const monthly = schedule("2027-01-31T09:00", "Europe/Berlin", "monthly");

  it("happens on every 31st and never on the 28th, 30th or the 1st after", () => {
    expect(upcoming(monthly, at("2027-01-01T00:00:00Z"), 8)).toEqual([
      "2027-01-31T08:00:00Z",
      "2027-03-31T07:00:00Z",
      "2027-05-31T07:00:00Z",
      "2027-07-31T07:00:00Z",
      "2027-08-31T07:00:00Z",
      "2027-10-31T08:00:00Z",
      "2027-12-31T08:00:00Z",
      "2028-01-31T08:00:00Z",
    ]);
  });

  it("has no occurrence in February, April, June, September and November", () => {
    expect([1, 3, 5, 8, 10].map((k) => occurrence(monthly, k))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("a yearly countdown on February 29 happens only in leap years", () => {
  it("skips 2100, which is not a leap year, and the years between", () => {
    const leapDay = schedule("2096-02-29T12:00", "UTC", "yearly");
    expect(upcoming(leapDay, at("2096-01-01T00:00:00Z"), 3)).toEqual([
      "2096-02-29T12:00:00Z",
      "2104-02-29T12:00:00Z",
      "2108-02-29T12:00:00Z",
    ]);
    expect(occurrence(leapDay, 4)).toBeUndefined();
  });

  it("comes back every four years otherwise, at the same local time", () => {
    const leapDay = schedule("2024-02-29T12:00", "America/New_York", "yearly");
    expect(upcoming(leapDay, at("2024-03-01T00:00:00Z"), 2)).toEqual(["2028-02-29T17:00:00Z", "2032-02-29T17:00:00Z"]);
  });
});

describe("a daily countdown in a spring-forward gap moves forward by the gap", () => {
  it("is at 03:30 in Berlin on the day the clocks skip 02:30, and at 02:30 again the day after", () => {
    const daily = schedule("2027-03-26T02:30", "Europe/Berlin", "daily");
    const found = upcoming(daily, at("2027-03-26T00:00:00Z"), 4);
    expect(found).toEqual([
      "2027-03-26T01:30:00Z",
      "2027-03-27T01:30:00Z",
      "2027-03-28T01:30:00Z",
      "2027-03-29T00:30:00Z",
    ]);
    expect(found.map((text) => readIn(at(text!), "Europe/Berlin"))).toEqual([
      "2027-03-26T02:30",
      "2027-03-27T02:30",
      "2027-03-28T03:30",
      "2027-03-29T02:30",
    ]);
  });

  it("says when a wall clock fell in a gap", () => {
    expect(wallClockToInstant(wall("2027-03-28T02:30"), "Europe/Berlin")).toEqual({
      ms: at("2027-03-28T01:30:00Z"),
      gap: true,
    });
    expect(wallClockToInstant(wall("2027-03-28T03:30"), "Europe/Berlin")).toEqual({
      ms: at("2027-03-28T01:30:00Z"),
      gap: false,
    });
  });
});

describe("a daily countdown at a time the clocks pass twice takes the earlier one", () => {
  it("is at the first 02:30 in Berlin on the fall-back day, and happens once that day", () => {
    const daily = schedule("2027-10-30T02:30", "Europe/Berlin", "daily");
    expect(upcoming(daily, at("2027-10-30T00:00:00Z"), 3)).toEqual([
      "2027-10-30T00:30:00Z",
      "2027-10-31T00:30:00Z",
      "2027-11-01T01:30:00Z",
    ]);
  });

  it("takes the earlier instant in any zone (New York's doubled 01:30 is 05:30Z, not 06:30Z)", () => {
    expect(wallClockToInstant(wall("2027-10-31T02:30"), "Europe/Berlin")).toEqual({
      ms: at("2027-10-31T00:30:00Z"),
      gap: false,
    });
    expect(wallClockToInstant(wall("2027-11-07T01:30"), "America/New_York")).toEqual({
      ms: at("2027-11-07T05:30:00Z"),
      gap: false,
    });
  });

  it("does so whatever day it runs, where Luxon's fromObject picks by the offset in force today", () => {
    const doubled = wall("2027-10-31T02:30");
    const luxonOn = (today: number) => {
      const now = Settings.now;
      Settings.now = () => today;
      try {
        return iso(DateTime.fromObject(doubled, { zone: "Europe/Berlin" }).toMillis());
      } finally {
        Settings.now = now;
      }
    };
    // The disagreement this module resolves by the contract: Luxon's answer follows the run's season.
    expect(luxonOn(at("2026-07-01T00:00:00Z"))).toBe("2027-10-31T00:30:00Z");
    expect(luxonOn(at("2026-01-01T00:00:00Z"))).toBe("2027-10-31T01:30:00Z");
    expect(iso(wallClockToInstant(doubled, "Europe/Berlin").ms)).toBe("2027-10-31T00:30:00Z");
  });

  it("reads a time next to a transition right where Luxon's fromObject, guessing from today's offset, misreads it", () => {
    // Tehran fell back from +04:30 to +04:00 at 1977-10-20T19:30Z; 23:29:59 that evening happened once,
    // at 18:59:59Z. From today's +03:30 Luxon's two corrections do not settle, and it answers an
    // instant that reads 23:59:59.
    const once = wall("1977-10-20T23:29:59");
    const now = Settings.now;
    Settings.now = () => at("2026-01-01T00:00:00Z");
    try {
      expect(DateTime.fromObject(once, { zone: "Asia/Tehran" }).toISO()).toBe("1977-10-20T23:59:59.000+04:30");
    } finally {
      Settings.now = now;
    }
    expect(wallClockToInstant(once, "Asia/Tehran")).toEqual({ ms: at("1977-10-20T18:59:59Z"), gap: false });
  });
});

describe("until is inclusive, and after it there is no next occurrence", () => {
  const daily = schedule("2027-01-01T09:00", "UTC", "daily", "2027-01-05T09:00:00Z");

  it("still counts to an occurrence exactly at until, and to none after it", () => {
    expect(iso(nextOccurrence(daily, at("2027-01-05T08:59:59Z")))).toBe("2027-01-05T09:00:00Z");
    expect(iso(nextOccurrence(daily, at("2027-01-05T09:00:00Z")))).toBe("2027-01-05T09:00:00Z");
    expect(nextOccurrence(daily, at("2027-01-05T09:00:00.001Z"))).toBeUndefined();
    expect(iso(occurrence(daily, 4))).toBe("2027-01-05T09:00:00Z");
    expect(occurrence(daily, 5)).toBeUndefined();
  });

  it("is over from its last occurrence on, and then counts to that one", () => {
    expect(iso(lastOccurrence(daily))).toBe("2027-01-05T09:00:00Z");
    expect(isOver(daily, at("2027-01-05T08:59:59.999Z"))).toBe(false);
    expect(isOver(daily, at("2027-01-05T09:00:00Z"))).toBe(true);
    expect(iso(targetAt(daily, at("2031-01-01T00:00:00Z")))).toBe("2027-01-05T09:00:00Z");
  });

  it("ends with the last occurrence before until when until falls between two, skipped dates aside", () => {
    expect(iso(lastOccurrence(schedule("2027-01-01T09:00", "UTC", "daily", "2027-01-05T12:00:00Z")))).toBe(
      "2027-01-05T09:00:00Z",
    );
    expect(iso(lastOccurrence(schedule("2027-01-31T09:00", "UTC", "monthly", "2027-04-30T12:00:00Z")))).toBe(
      "2027-03-31T09:00:00Z",
    );
    expect(lastOccurrence(schedule("2027-01-31T09:00", "UTC", "monthly", "2027-01-01T00:00:00Z"))).toBeUndefined();
  });

  it("has no end without until", () => {
    expect(lastOccurrence(schedule("2027-01-01T09:00", "UTC", "daily"))).toBeUndefined();
    expect(isOver(schedule("2027-01-01T09:00", "UTC", "daily"), at("2399-12-31T00:00:00Z"))).toBe(false);
  });
});

describe("a countdown without repeat has exactly one occurrence", () => {
  const once = schedule("2027-06-01T12:00", "Asia/Tokyo");
  const target = at("2027-06-01T03:00:00Z");

  it("is its target, before and at the target, and nothing after", () => {
    expect([occurrence(once, 0), occurrence(once, 1), occurrence(once, -1)]).toEqual([target, undefined, undefined]);
    expect(nextOccurrence(once, at("1999-01-01T00:00:00Z"))).toBe(target);
    expect(nextOccurrence(once, target)).toBe(target);
    expect(nextOccurrence(once, target + 1)).toBeUndefined();
  });

  it("is over from the target on, as the time left is defined, and then still counts to it", () => {
    expect(isOver(once, target - 1)).toBe(false);
    expect(isOver(once, target)).toBe(true);
    expect(lastOccurrence(once)).toBe(target);
    expect(targetAt(once, target + DAY)).toBe(target);
  });
});

describe("asked at exactly an occurrence's instant, the next occurrence is that instant", () => {
  it("counts to the occurrence that is happening, and to the one after a millisecond later", () => {
    const weekly = schedule("2027-03-21T17:00", "Europe/Berlin", "weekly");
    for (const k of [0, 1, 31, 32, 500]) {
      const instant = occurrence(weekly, k)!;
      expect(nextOccurrence(weekly, instant)).toBe(instant);
      expect(nextOccurrence(weekly, instant + 1)).toBe(occurrence(weekly, k + 1));
    }
  });
});

describe("a countdown far from UTC is found when its date is another one in UTC", () => {
  it("counts to the 31st at 23:00 in Pago Pago (10:00Z on the 1st) from the first hours of the 1st in UTC", () => {
    const monthly = schedule("2027-01-31T23:00", "Pacific/Pago_Pago", "monthly");
    expect(iso(nextOccurrence(monthly, at("2027-02-01T00:00:00Z")))).toBe("2027-02-01T10:00:00Z");
    expect(iso(nextOccurrence(monthly, at("2027-02-01T10:00:00.001Z")))).toBe("2027-04-01T10:00:00Z");
  });

  it("counts to the 1st at 00:30 in Kiritimati (10:30Z the day before) from the last hours of the month in UTC", () => {
    const monthly = schedule("2027-01-01T00:30", "Pacific/Kiritimati", "monthly");
    expect(iso(nextOccurrence(monthly, at("2027-01-31T10:30:00Z")))).toBe("2027-01-31T10:30:00Z");
    expect(iso(lastOccurrence({ ...monthly, untilMs: at("2027-01-31T10:30:00Z") }))).toBe("2027-01-31T10:30:00Z");
  });
});

describe("the next occurrence is found centuries after the start in a few steps", () => {
  it("answers a daily countdown of 1970 in 2399 with a handful of zone look-ups", () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    try {
      const daily = schedule("1970-01-01T12:00", "Europe/Berlin", "daily");
      expect(iso(nextOccurrence(daily, at("2399-06-15T13:00:00Z")))).toBe("2399-06-16T10:00:00Z");
      expect(spy.mock.calls.length).toBeLessThan(20);
    } finally {
      spy.mockRestore();
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties. A moderate number of runs by default; PROPERTY_RUNS=20000 for a deep run.

const RUNS = Number(process.env.PROPERTY_RUNS) || 300;
// The suite's guard against a hang is for the default; a deep run gets time in proportion.
const PROPERTY_TIMEOUT = Math.max(300_000, RUNS * 100);
const FROM = Date.UTC(1970, 0, 1);
const TO = Date.UTC(2400, 0, 1);
// As in properties.test.ts: every zone the runtime knows, and UTC, which it does not list.
const ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone")];
// Zones with clock changes of every kind (DST both hemispheres, at midnight, by 30 min, a skipped
// day), drawn as often as all the others together so gaps and doubled times come up.
const CHANGING_ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "America/Santiago",
  "America/Havana",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Asia/Tehran",
  "Pacific/Apia",
  "Africa/Casablanca",
  "America/Sao_Paulo",
];
const zone = fc.oneof(fc.constantFrom(...ZONES), fc.constantFrom(...CHANGING_ZONES));
const instant = fc.integer({ min: FROM, max: TO });

/** A wall clock as local ms (the instant at which UTC reads the same), and back. */
const localOf = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
function wallOf(local: number): WallClock {
  const d = new Date(local);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * Every instant at which the zone's clocks read `local`, by brute force: each offset Luxon reports
 * within 36 hours of it (sampled every 3 hours) is tried, and kept if it maps back.
 */
function instantsOf(local: number, zoneName: string): number[] {
  const zoneObject = IANAZone.create(zoneName);
  const offsets = new Set<number>();
  for (let hours = -36; hours <= 36; hours += 3) offsets.add(zoneObject.offset(local + hours * HOUR));
  return [...offsets]
    .map((offset) => local - offset * MINUTE)
    .filter((ms) => ms + zoneObject.offset(ms) * MINUTE === local)
    .sort((a, b) => a - b);
}

/**
 * Where a reading the clocks skip lands by the contract: find the jump by bisection on what Luxon
 * says the clocks read, then read `local` with the offset in force just before the jump.
 */
function gapInstant(local: number, zoneName: string): number {
  const zoneObject = IANAZone.create(zoneName);
  const reads = (ms: number) => ms + zoneObject.offset(ms) * MINUTE;
  // Offsets lie within -12 h and +14 h, so the clocks read before `local` at `low` and after it at `high`.
  let low = local - 15 * HOUR;
  let high = local + 15 * HOUR;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reads(middle) < local) low = middle;
    else high = middle;
  }
  expect(reads(high - 1)).toBeLessThan(local);
  expect(reads(high)).toBeGreaterThan(local);
  const landed = local - zoneObject.offset(high - 1) * MINUTE;
  expect(landed).toBeGreaterThanOrEqual(high);
  return landed;
}

/** The contract's instant of a wall clock, from the oracles alone. */
function contractInstant(local: number, zoneName: string): { ms: number; gap: boolean } {
  const found = instantsOf(local, zoneName);
  return found.length > 0 ? { ms: found[0]!, gap: false } : { ms: gapInstant(local, zoneName), gap: true };
}

describe("the zone's offset at an instant is the platform's, as Luxon reads it", () => {
  it(
    "equals Luxon's offset at random instants and on both sides of every kind of transition",
    () => {
      fc.assert(
        fc.property(zone, instant, fc.integer({ min: 1970, max: 2399 }), fc.nat(), (zoneName, ms, year, pick) => {
          expect(zoneOffset(zoneName, ms), `${zoneName} ${iso(ms)}`).toBe(
            DateTime.fromMillis(ms, { zone: zoneName }).offset,
          );
          const found = zoneTransitionsOf(zoneName, year);
          if (found.length === 0) return;
          const transition = found[pick % found.length]!;
          for (const near of [transition - SECOND, transition - 1, transition, transition + 1]) {
            expect(zoneOffset(zoneName, near), `${zoneName} ${iso(near)}`).toBe(
              DateTime.fromMillis(near, { zone: zoneName }).offset,
            );
          }
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe("a wall-clock time converts to the contract's instant in every zone", () => {
  const counts = { doubled: 0, gaps: 0, luxonMisread: 0 };

  /**
   * Checks one reading against the oracles and Luxon. A time that exists once is its instant; of two,
   * the earlier; a skipped time moves forward by the gap, as Luxon's does. Luxon's fromObject starts
   * from the zone's offset today, so of two instants it may give either, and next to a transition
   * whose sides are both not today's offset it may give one that does not read as the wall clock at
   * all (see the named case): those answers of Luxon's are wrong, so they are counted, not matched.
   */
  function check(local: number, zoneName: string): void {
    const label = `${new Date(local).toISOString().slice(0, 19)} in ${zoneName}`;
    const ours = wallClockToInstant(wallOf(local), zoneName);
    const luxon = DateTime.fromObject(wallOf(local), { zone: zoneName }).toMillis();
    const truth = instantsOf(local, zoneName);
    if (truth.length === 0) {
      counts.gaps++;
      expect(ours, label).toEqual({ ms: gapInstant(local, zoneName), gap: true });
      expect(luxon, label).toBe(ours.ms);
      return;
    }
    expect(ours, label).toEqual({ ms: truth[0], gap: false });
    if (truth.length > 1) counts.doubled++;
    // Luxon's answer, when it reads as the wall clock, is one of the instants: the only one, or either of two.
    if (luxon + IANAZone.create(zoneName).offset(luxon) * MINUTE !== local) counts.luxonMisread++;
    else if (truth.length === 1) expect(luxon, label).toBe(truth[0]);
    else expect(truth, label).toContain(luxon);
  }

  it(
    "for random wall clocks from 1970 to 2400",
    () => {
      fc.assert(
        fc.property(zone, fc.integer({ min: FROM, max: TO }), (zoneName, ms) =>
          check(Math.floor(ms / SECOND) * SECOND, zoneName),
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "for readings near transitions: skipped, doubled and those either side",
    () => {
      fc.assert(
        fc.property(
          zone,
          fc.integer({ min: 1970, max: 2399 }),
          fc.nat(),
          fc.boolean(),
          fc.integer({ min: -3 * 3600, max: 3 * 3600 }),
          (zoneName, year, pick, before, secondsAround) => {
            const found = zoneTransitionsOf(zoneName, year);
            if (found.length === 0) return;
            const transition = found[pick % found.length]!;
            // What the clocks read around the jump with the offset of either side: skipped or doubled readings.
            const offset = IANAZone.create(zoneName).offset(before ? transition - 1 : transition);
            check(Math.floor((transition + offset * MINUTE) / SECOND) * SECOND + secondsAround * SECOND, zoneName);
          },
        ),
        { numRuns: RUNS },
      );
      expect(counts.gaps).toBeGreaterThan(0);
      expect(counts.doubled).toBeGreaterThan(0);
    },
    PROPERTY_TIMEOUT,
  );
});

// The occurrence oracle: Luxon's calendar arithmetic in UTC (so no zone moves the date), with the
// skipping of dates a month lacks done explicitly (Luxon clamps Jan 31 + 1 month to Feb 28), and each
// date's wall clock converted by the oracles above. It never uses the code under test.
const UNIT = { daily: "days", weekly: "weeks", monthly: "months", yearly: "years" } as const;

interface Expected {
  k: number;
  date: DateTime;
  /** undefined: the rule skips this date. */
  ms?: number;
  gap: boolean;
}

const startDate = (s: Schedule) =>
  DateTime.fromObject({ year: s.start.year, month: s.start.month, day: s.start.day }, { zone: "UTC" });

/** Occurrence k by the oracle, `until` aside. */
function expectedAt(s: Schedule, k: number): Expected {
  const date = s.repeat ? startDate(s).plus({ [UNIT[s.repeat as Repeat]]: k }) : startDate(s);
  if ((s.repeat === "monthly" || s.repeat === "yearly") && date.day !== s.start.day) return { k, date, gap: false };
  return {
    k,
    date,
    ...contractInstant(localOf({ ...s.start, year: date.year, month: date.month, day: date.day }), s.zone),
  };
}

/** The oracle's occurrences for a window of k around `ms`, wide enough to hold the last before and the first after it. */
function windowAround(s: Schedule, ms: number): Expected[] {
  if (!s.repeat) return [expectedAt(s, 0)];
  const unit = UNIT[s.repeat as Repeat];
  const estimate = Math.floor(DateTime.fromMillis(ms, { zone: "UTC" }).diff(startDate(s), unit).get(unit));
  // Yearly on Feb 29 goes up to 8 years without an occurrence (2096 to 2104).
  const reach = s.repeat === "yearly" ? 10 : 4;
  const low = Math.max(0, estimate - reach);
  const high = Math.max(0, estimate) + reach;
  const window: Expected[] = [];
  for (let k = low; k <= high; k++) window.push(expectedAt(s, k));
  expect(
    low === 0 || window.some((o) => o.ms !== undefined && o.ms < ms),
    "the oracle's window starts before the instant",
  ).toBe(true);
  expect(
    window.some((o) => o.ms !== undefined && o.ms >= ms),
    "the oracle's window ends after the instant",
  ).toBe(true);
  return window;
}

/** The rule generates this date: any day from the start (daily), a whole number of weeks on, the same day of the month, of the year. */
function ruleGenerates(s: Schedule, date: DateTime): boolean {
  const days = date.diff(startDate(s), "days").days;
  if (days < 0) return false;
  if (s.repeat === "daily") return true;
  if (s.repeat === "weekly") return days % 7 === 0;
  if (s.repeat === "monthly") return date.day === s.start.day;
  if (s.repeat === "yearly") return date.day === s.start.day && date.month === s.start.month;
  return days === 0;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const startClock = fc
  .record({
    year: fc.integer({ min: 1970, max: 2399 }),
    month: fc.integer({ min: 1, max: 12 }),
    // The days months lack come up often; a start on a day its own month lacks becomes that month's last.
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(29, 30, 31)),
    // Clocks change from midnight to 03:00 in most zones; a late hour far from UTC is on another date there.
    hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 1, 2, 3, 23)),
    minute: fc.oneof(fc.integer({ min: 0, max: 59 }), fc.constantFrom(0, 30)),
    second: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 59 })),
  })
  .map((w) => ({ ...w, day: Math.min(w.day, daysIn(w.year, w.month)) }));
const repeat = fc.constantFrom(undefined, "daily", "weekly", "monthly", "yearly") as fc.Arbitrary<Repeat | undefined>;
/** An instant anywhere, or next to occurrence k (mod the number up to 2400) of the schedule: at it, a millisecond either side, hours around. */
const instantSpec = fc.oneof(
  instant.map((ms) => ({ ms })),
  fc.record({
    k: fc.nat(200_000),
    delta: fc.oneof(fc.constantFrom(-1, 0, 0, 1), fc.integer({ min: -3 * HOUR, max: 3 * HOUR })),
  }),
);
type InstantSpec = { ms: number } | { k: number; delta: number };

/** The instant a spec names for a schedule, from the oracle. */
function resolve(s: Schedule, spec: InstantSpec): number {
  if ("ms" in spec) return spec.ms;
  if (!s.repeat) return expectedAt(s, 0).ms! + spec.delta;
  const unit = UNIT[s.repeat as Repeat];
  const count = Math.max(1, Math.floor(DateTime.fromMillis(TO, { zone: "UTC" }).diff(startDate(s), unit).get(unit)));
  for (let k = spec.k % count; ; k++) {
    const found = expectedAt(s, k).ms;
    if (found !== undefined) return found + spec.delta;
  }
}

describe("a repeating countdown counts to its next occurrence, for any rule, zone and now", () => {
  it(
    "is the oracle's first occurrence at or after now (none after until): at the start's time of day, on a date the rule generates, with none between",
    () => {
      fc.assert(
        fc.property(
          zone,
          startClock,
          repeat,
          fc.option(instantSpec, { nil: undefined }),
          instantSpec,
          (zoneName, start, rule, untilSpec, nowSpec) => {
            const s: Schedule = { start, zone: zoneName, repeat: rule };
            if (untilSpec) s.untilMs = resolve(s, untilSpec);
            const now = resolve(s, nowSpec);
            const label = `${JSON.stringify(s)} at ${iso(now)}`;
            const window = windowAround(s, now);
            const first = window.find((o) => o.ms !== undefined && o.ms >= now);
            const expected = first && first.ms! <= (s.untilMs ?? Infinity) ? first : undefined;

            const next = nextOccurrence(s, now);
            expect(iso(next), label).toBe(iso(expected?.ms));
            if (expected && next !== undefined) {
              expect(next).toBeGreaterThanOrEqual(now);
              expect(next).toBeLessThanOrEqual(s.untilMs ?? Infinity);
              expect(ruleGenerates(s, expected.date), label).toBe(true);
              const local = DateTime.fromMillis(next, { zone: zoneName });
              if (!expected.gap) {
                expect([local.year, local.month, local.day], label).toEqual([
                  expected.date.year,
                  expected.date.month,
                  expected.date.day,
                ]);
                expect([local.hour, local.minute, local.second], label).toEqual([
                  start.hour,
                  start.minute,
                  start.second,
                ]);
              }
            }
            // No occurrence lies in [now, next).
            expect(
              window.filter(
                (o) =>
                  o.ms !== undefined && o.ms >= now && o.ms < (next ?? Infinity) && o.ms <= (s.untilMs ?? Infinity),
              ),
              label,
            ).toEqual([]);
            // And each occurrence of the window is the oracle's, until applied.
            for (const o of window)
              expect(iso(occurrence(s, o.k)), `${label} k=${o.k}`).toBe(
                iso(o.ms !== undefined && o.ms <= (s.untilMs ?? Infinity) ? o.ms : undefined),
              );
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "with until, ends at the oracle's last occurrence up to until, and is over from then on",
    () => {
      fc.assert(
        fc.property(zone, startClock, repeat, instantSpec, (zoneName, start, rule, untilSpec) => {
          const s: Schedule = { start, zone: zoneName, repeat: rule };
          s.untilMs = resolve(s, untilSpec);
          const label = JSON.stringify(s);
          const expected = windowAround(s, s.untilMs)
            .filter((o) => o.ms !== undefined && o.ms <= s.untilMs!)
            .at(-1)?.ms;
          const last = lastOccurrence(s);
          expect(iso(last), label).toBe(iso(expected));
          if (last === undefined) {
            expect(nextOccurrence(s, FROM - DAY), label).toBeUndefined();
            return;
          }
          expect(nextOccurrence(s, last), label).toBe(last);
          expect(nextOccurrence(s, last + 1), label).toBeUndefined();
          expect(isOver(s, last - 1), label).toBe(false);
          expect(isOver(s, last), label).toBe(true);
          expect(targetAt(s, last + DAY), label).toBe(last);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
