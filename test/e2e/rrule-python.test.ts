// The RRULE engine (src/time/rule.ts) against a second implementation, dateutil's rrule (Debian:
// python3-dateutil): seeded random rules of the subset the countdowns take, expanded on naive wall
// clocks by both over decades, compared as wall clocks (never as instants, so the machine's time
// zone data plays no part); and the next occurrence at random instants in zones with DST, found at
// once by the engine and by walking dateutil's wall clocks read through the same zone arithmetic.
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextOccurrence, type Schedule } from "../../src/time/occurrence.ts";
import { localToInstant, wallClockText, type WallClock } from "../../src/time/zone.ts";

// A rule with no occurrence left (BYSETPOS=3 of a one-day set) keeps dateutil looking until year
// 9999 whatever its UNTIL: each case gets a tenth of a second, its occurrences so far kept and
// "stopped" after them.
const PYTHON = `
import json, signal, sys
from datetime import datetime
from dateutil import rrule

class Stop(Exception):
    pass

def stop(*_):
    raise Stop()

signal.signal(signal.SIGALRM, stop)
out = []
for case in json.loads(sys.stdin.read()):
    start = datetime.fromisoformat(case["start"])
    until = datetime.fromisoformat(case["until"])
    rule = rrule.rrulestr(case["rule"] + ";UNTIL=" + until.strftime("%Y%m%dT%H%M%S"), dtstart=start)
    walls = []
    signal.setitimer(signal.ITIMER_REAL, 0.1)
    try:
        for wall in rule:
            walls.append(wall.isoformat())
    except Stop:
        walls.append("stopped")
    signal.setitimer(signal.ITIMER_REAL, 0)
    out.append(walls)
print(json.dumps(out))
`;

interface Case {
  rule: string;
  start: string;
  until: string;
}

/** Each case's wall clocks as dateutil expands them. */
function dateutil(cases: Case[]): string[][] {
  try {
    return JSON.parse(
      execFileSync("/usr/bin/python3", ["-c", PYTHON], {
        input: JSON.stringify(cases),
        encoding: "utf8",
        stdio: "pipe",
        maxBuffer: 1 << 28,
      }),
    );
  } catch (error) {
    const reason = String((error as { stderr?: string }).stderr || error);
    if (/ENOENT|ModuleNotFoundError/.test(reason))
      throw new Error(`these tests need Debian's python3-dateutil: apt-get install python3-dateutil (${reason})`);
    throw error;
  }
}

const DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
const FREQS = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"];

/** A rule of the subset, as an author could write it (every part the checker takes, in their combinations). */
const ruleArbitrary = fc
  .record({
    freq: fc.integer({ min: 0, max: 3 }),
    interval: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 5 })),
    days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 5 }),
    ordinals: fc.array(fc.constantFrom(0, 1, 2, 3, 4, -1, -2), { minLength: 5, maxLength: 5 }),
    monthDays: fc.uniqueArray(fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: -31, max: -1 })), {
      maxLength: 3,
    }),
    months: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
    setpos: fc.uniqueArray(fc.constantFrom(1, 2, 3, -1, -2), { maxLength: 2 }),
    wkst: fc.integer({ min: 0, max: 6 }),
    useMonthDays: fc.boolean(),
  })
  .map(({ freq, interval, days, ordinals, monthDays, months, setpos, wkst, useMonthDays }) => {
    const parts = [`FREQ=${FREQS[freq]}`];
    if (interval > 1) parts.push(`INTERVAL=${interval}`);
    if (months.length) parts.push(`BYMONTH=${months.join(",")}`);
    // BYMONTHDAY is not taken with WEEKLY (RFC 5545).
    if (useMonthDays && monthDays.length && freq != 1) parts.push(`BYMONTHDAY=${monthDays.join(",")}`);
    // An ordinal weekday only in a monthly or yearly rule; all or none of them with one (dateutil reads
    // "1MO,TU" as days both the first Monday and a Tuesday, where RFC 5545 means either).
    const ordinal = (i: number) => (freq >= 2 && ordinals[0] ? ordinals[i] || ordinals[0] : "");
    if (days.length) parts.push(`BYDAY=${days.map((d, i) => `${ordinal(i)}${DAYS[d]}`).join(",")}`);
    if (setpos.length && parts.length > 1 + +(interval > 1)) parts.push(`BYSETPOS=${setpos.join(",")}`);
    if (wkst) parts.push(`WKST=${DAYS[wkst]}`);
    return parts.join(";");
  });

const startArbitrary = fc.record({
  year: fc.integer({ min: 1995, max: 2040 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.constantFrom(0, 15, 30, 59),
  second: fc.constant(0),
});

/** The engine's wall clocks up to `untilYear`: a schedule in UTC, where an instant reads as its wall clock. */
function engine(rule: string, start: WallClock, untilYear: number): string[] {
  const schedule: Schedule = { start, zone: "UTC", repeat: rule, untilMs: Date.UTC(untilYear, 0, 1) };
  const walls: string[] = [];
  for (let ms = nextOccurrence(schedule, 0); ms !== undefined; ms = nextOccurrence(schedule, ms + 1))
    walls.push(new Date(ms).toISOString().slice(0, 19));
  return walls;
}

describe("the RRULE engine agrees with python3-dateutil", () => {
  const samples = fc.sample(fc.tuple(ruleArbitrary, startArbitrary, fc.integer({ min: 8, max: 30 })), {
    seed: 5545,
    numRuns: 300,
  });
  const cases = samples.map(([rule, start, years]) => ({
    rule,
    start: wallClockText(start),
    until: `${start.year + years}-01-01T00:00:00`,
  }));
  const expected = dateutil(cases);

  it("expands 300 random rules to the same wall clocks over 8 to 30 years", () => {
    let occurrences = 0;
    samples.forEach(([rule, start, years], i) => {
      const walls = engine(rule, start, start.year + years);
      // (dateutil's UNTIL is inclusive, ours too: neither has an occurrence at midnight of New Year's Day there.)
      const stopped = expected[i]!.at(-1) == "stopped";
      const theirs = expected[i]!.filter((w) => w != "stopped" && w < cases[i]!.until);
      expect(stopped ? walls.slice(0, theirs.length) : walls, `${rule} from ${cases[i]!.start}`).toEqual(theirs);
      occurrences += walls.length;
    });
    expect(occurrences).toBeGreaterThan(20_000);
  });

  it("finds the next occurrence at random instants in zones with DST, as walking dateutil's wall clocks does", () => {
    const zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Sao_Paulo"];
    samples.slice(0, 150).forEach(([rule, start], i) => {
      const walls = expected[i]!.filter((w) => w != "stopped");
      if (walls.length < 3) return;
      const zone = zones[i % zones.length]!;
      const instants = walls.map((wall) => localToInstant(Date.parse(`${wall}Z`), zone));
      const schedule: Schedule = { start, zone, repeat: rule, untilMs: instants.at(-1) };
      const first = instants[0]!;
      const span = instants.at(-1)! - first;
      for (const fraction of [0, 0.1, 0.37, 0.5, 0.81, 0.99]) {
        const now = Math.floor(first + span * fraction) + (i % 7) * 3_600_000;
        const want = instants.find((ms) => ms >= now);
        expect(nextOccurrence(schedule, now), `${rule} from ${cases[i]!.start} in ${zone} at ${now}`).toBe(want);
      }
      // At an occurrence's own instant it is itself; a millisecond on, the one after it.
      const k = Math.floor(instants.length / 2);
      expect(nextOccurrence(schedule, instants[k]!)).toBe(instants[k]);
      expect(nextOccurrence(schedule, instants[k]! + 1)).toBe(instants[k + 1]);
    });
  });
});
