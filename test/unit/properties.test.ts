// Property-based tests (fast-check) of the time math and of the author-time conversion: random
// instants from 1970 to 2400, every IANA zone the runtime knows, daylight saving transitions.
import fc from "fast-check";
import { DateTime, IANAZone } from "luxon";
import { zoneTransitionsOf } from "../support/zone-oracle.ts";
import { describe, expect, it } from "vitest";
import { parseTarget } from "../../src/authoring/targets.ts";
import {
  formatTimeLeft,
  isExpired,
  msToNextSecond,
  secondsLeft,
  timeLeft,
  unitsLeft,
  UNIT_RUNS,
} from "../../src/time/time-left.ts";

// From 1973: local wall clocks then read 1970 or later in every zone (the authoring floor), and no
// zone still keeps an offset that is not a whole number of minutes (Monrovia's -0:44:30 ends in 1972).
const FROM = Date.UTC(1973, 0, 1);
const TO = Date.UTC(2400, 0, 1);
const ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone")];
// A moderate number of cases per property by default; PROPERTY_RUNS=20000 for a deep run.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 500);

const instant = fc.integer({ min: FROM, max: TO });
const wholeSecond = instant.map((ms) => Math.floor(ms / 1000) * 1000);
const zone = fc.constantFrom(...ZONES);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** The wall-clock fields of an instant in a zone, as an author would write them (no offset). */
function wallClock(ms: number, zoneName: string): string {
  const local = DateTime.fromMillis(ms, { zone: zoneName });
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
}

/**
 * Every instant whose wall clock in `zoneName` reads `text`, found by brute force over every offset
 * from -14:00 to +14:00 in steps of 5 minutes (every offset in use since 1973 is one, Kiritimati's
 * -10:40 included): an oracle independent of the implementation's search.
 */
function instantsOf(text: string, zoneName: string): number[] {
  const [date, time] = text.split("T");
  const [y, mo, d] = date!.split("-").map(Number);
  const [h, mi, s] = time!.split(":").map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const zoneObject = IANAZone.create(zoneName);
  const found: number[] = [];
  for (let offset = -14 * 60; offset <= 14 * 60; offset += 5) {
    const ms = asUtc - offset * 60_000;
    if (zoneObject.offset(ms) === offset) found.push(ms);
  }
  return found.sort((a, b) => a - b);
}

describe("the time math holds for any target and now", () => {
  it("splits into parts that add up to the whole, each in range, never negative", () => {
    fc.assert(
      fc.property(instant, instant, (target, now) => {
        const left = timeLeft(target, now);
        const total = secondsLeft(target, now);
        expect(total).toBe(Math.max(0, Math.floor((target - now) / 1000)));
        expect(left.days * 86400 + left.hours * 3600 + left.minutes * 60 + left.seconds).toBe(total);
        expect(left.days).toBeGreaterThanOrEqual(0);
        expect(left.hours).toBeGreaterThanOrEqual(0);
        expect(left.hours).toBeLessThanOrEqual(23);
        expect(left.minutes).toBeGreaterThanOrEqual(0);
        expect(left.minutes).toBeLessThanOrEqual(59);
        expect(left.seconds).toBeGreaterThanOrEqual(0);
        expect(left.seconds).toBeLessThanOrEqual(59);
        for (const part of Object.values(left)) expect(Number.isInteger(part)).toBe(true);
        expect(isExpired(target, now)).toBe(now >= target);
        expect(unitsLeft(target, now)).toEqual(Object.values(left));
        expect(formatTimeLeft(unitsLeft(target, now))).toBe(
          `${left.days}d ${String(left.hours).padStart(2, "0")}h ${String(left.minutes).padStart(2, "0")}m ${String(left.seconds).padStart(2, "0")}s`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("shows any run of units as the whole time left, rounded down to its smallest unit", () => {
    fc.assert(
      fc.property(instant, instant, fc.constantFrom(...UNIT_RUNS), (target, now, run) => {
        const parts = unitsLeft(target, now, run);
        const sizes = [86400, 3600, 60, 1];
        const smallest = sizes["dhms".indexOf(run.at(-1)!)]!;
        // The parts add up to the whole, less what is below the smallest unit shown.
        const total = secondsLeft(target, now);
        expect(parts.reduce((sum, n, i) => sum + n * sizes[i]!, 0)).toBe(total - (total % smallest));
        parts.forEach((n, i) => {
          const unit = "dhms"[i]!;
          if (!run.includes(unit)) expect(n).toBe(0);
          // Below the largest unit shown, each part stays under the unit above it.
          else if (unit !== run[0]) expect(n * sizes[i]!).toBeLessThan(sizes[i - 1]!);
        });
        expect(
          formatTimeLeft(parts, run)
            .split(" ")
            .map((part) => part.at(-1))
            .join(""),
        ).toBe(run);
      }),
      { numRuns: RUNS },
    );
  });

  it("never increases as time passes, and falls by exactly one at each boundary", () => {
    fc.assert(
      fc.property(wholeSecond, instant, fc.integer({ min: 0, max: 10_000_000 }), (target, now, later) => {
        expect(secondsLeft(target, now + later)).toBeLessThanOrEqual(secondsLeft(target, now));
        const wait = msToNextSecond(now);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(1000);
        if (now + wait < target) expect(secondsLeft(target, now + wait)).toBe(secondsLeft(target, now) - 1);
        expect(secondsLeft(target, now + wait - 1)).toBe(secondsLeft(target, now));
        if (now + wait <= target) expect(secondsLeft(target, now + wait)).toBeLessThan(secondsLeft(target, now));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("an author's wall-clock time converts to the right instant in every zone", () => {
  it("round-trips: the instant read back in the zone is the time the author wrote", () => {
    fc.assert(
      fc.property(wholeSecond, zone, (ms, zoneName) => {
        const text = wallClock(ms, zoneName);
        const parsed = parseTarget(text, zoneName);
        expect("ms" in parsed, `${text} ${zoneName}`).toBe(true);
        if (!("ms" in parsed)) return;
        expect(wallClock(parsed.ms, zoneName)).toBe(text);
        // The earlier instant when the wall clock reads this twice, so never later than the original.
        expect(parsed.ms).toBe(instantsOf(text, zoneName)[0]);
        expect(parsed.ms).toBeLessThanOrEqual(ms);
      }),
      { numRuns: RUNS },
    );
  });

  it("takes an offset or Z as that very instant, whatever the zone", () => {
    fc.assert(
      fc.property(wholeSecond, zone, fc.integer({ min: -12 * 4, max: 14 * 4 }), (ms, zoneName, quarters) => {
        const offset = quarters * 15;
        const shifted = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
        const sign = offset < 0 ? "-" : "+";
        const text = `${shifted}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
        expect(parseTarget(text, zoneName)).toMatchObject({ ms });
        expect(parseTarget(`${new Date(ms).toISOString().slice(0, 19)}Z`, zoneName)).toMatchObject({ ms });
      }),
      { numRuns: RUNS },
    );
  });

  it("rejects the times a spring-forward gap skips and takes the earlier of fall-back's doubled times", () => {
    const zonesWithTransitions = ZONES.filter((name) => zoneTransitionsOf(name, 2026).length > 0);
    expect(zonesWithTransitions.length).toBeGreaterThan(50);
    let gaps = 0;
    let doubled = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...zonesWithTransitions),
        fc.integer({ min: 1973, max: 2399 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: -120 * 60, max: 120 * 60 }),
        (zoneName, year, which, secondsAround) => {
          const found = zoneTransitionsOf(zoneName, year);
          if (found.length === 0) return;
          const transition = found[which % found.length]!;
          const zoneObject = IANAZone.create(zoneName);
          const at = transition + secondsAround * 1000;
          // Readings near the transition with the offset of either side: across a spring-forward
          // gap one of them is a time the clocks skip, across a fall-back one happens twice.
          for (const offset of [zoneObject.offset(transition - 1000), zoneObject.offset(transition)]) {
            const reading = new Date(at + offset * 60_000).toISOString().slice(0, 19);
            const truth = instantsOf(reading, zoneName);
            const parsed = parseTarget(reading, zoneName);
            if (truth.length === 0) {
              gaps++;
              expect("error" in parsed && parsed.error, `${reading} ${zoneName}`).toMatch(
                /does not exist in .*: the clocks skip it/,
              );
            } else {
              if (truth.length > 1) doubled++;
              expect(parsed, `${reading} ${zoneName}`).toMatchObject({ ms: truth[0] });
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(gaps).toBeGreaterThan(0);
    expect(doubled).toBeGreaterThan(0);
  });

  it("finds the gaps by themselves: a wall-clock time inside a spring-forward gap is an error", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "Europe/Berlin",
          "America/New_York",
          "Australia/Sydney",
          "America/Santiago",
          "Asia/Tehran",
          "Pacific/Chatham",
        ),
        fc.integer({ min: 1980, max: 2399 }),
        fc.nat(59),
        (zoneName, year, minute) => {
          for (const transition of zoneTransitionsOf(zoneName, year)) {
            const before = IANAZone.create(zoneName).offset(transition - 1000);
            const after = IANAZone.create(zoneName).offset(transition);
            if (after <= before) continue;
            // The wall clock jumps from (transition + before) to (transition + after): readings between are skipped.
            const skipped = new Date(transition + before * 60_000 + Math.min(minute, after - before - 1) * 60_000)
              .toISOString()
              .slice(0, 19);
            expect(instantsOf(skipped, zoneName)).toEqual([]);
            expect("error" in parseTarget(skipped, zoneName)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
