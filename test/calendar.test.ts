// The calendar file of a countdown as calendars read it: every case is expanded by two real parsers and
// compared with src/time/occurrence.ts, the service's own reading of the rule. ical.js (Thunderbird's)
// reads the whole file, VTIMEZONE included. Python's icalendar (Debian: python3-icalendar) parses it,
// dateutil's rrule (python3-dateutil) expands the RRULE in the zone named by TZID from the system's tz
// database (tzdata), and icalendar's own VTIMEZONE reader says which wall clock each instant is.
import { execFileSync } from "node:child_process";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFile, plainText } from "../src/authoring/calendar.ts";
import { parseCountdownFile, type Countdown } from "../src/authoring/countdown-file.ts";
import { occurrence } from "../src/time/occurrence.ts";
import { zoneOffset } from "../src/time/zone.ts";

const PAGE_URL = "https://countdowns.example.test/stream/";
// A fixed build time: the VTIMEZONE's horizon is counted from it.
const STAMP = "2027-01-01T00:00:00.000Z";

/** A countdown from front matter fields, as an author writes them. */
function countdownOf(fields: Record<string, string>, body = ""): Countdown {
  const yaml = Object.entries({ title: "Stream", ...fields }).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  const result = parseCountdownFile("countdowns/stream.md", `---\n${yaml.join("\n")}\n---\n${body}\n`);
  if (!result.countdown) throw new Error(JSON.stringify(result.problems));
  return result.countdown;
}

const icsOf = (countdown: Countdown) => calendarFile(countdown, { pageUrl: PAGE_URL, stamp: STAMP });

/** The first `limit` occurrences by occurrence.ts, fewer when the series ends. */
function expected(countdown: Countdown, limit: number): number[] {
  const starts: number[] = [];
  for (let k = 0; starts.length < limit && k < 4 * limit; k++) {
    const ms = occurrence(countdown.schedule, k);
    if (ms !== undefined) starts.push(ms);
  }
  return starts;
}

/** What an instant reads on the zone's clocks, `2027-03-26T17:00:00`, from the platform's Intl data. */
const wallClock = (ms: number, zone: string) => new Date(ms + zoneOffset(zone, ms) * 6e4).toISOString().slice(0, 19);

interface Reading {
  starts: number[];
  /** Each start as a wall clock in the event's zone, read with the file's VTIMEZONE. */
  wallClocks: string[];
  status: string;
  summary: string;
  description: string;
}

/** The event as ical.js expands it: up to `limit` starts. */
function readWithIcalJs(ics: string, limit: number): Reading {
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
  const starts: ICAL.Time[] = [];
  for (let iterator = event.iterator(), next; starts.length < limit && (next = iterator.next()); ) starts.push(next);
  return {
    starts: starts.map((time) => time.toUnixTime() * 1000),
    wallClocks: starts.map((time) => time.toString()),
    status: String(event.component.getFirstPropertyValue("status")),
    summary: event.summary,
    description: event.description,
  };
}

const PYTHON = `
import json, sys
from datetime import timezone
from itertools import islice
from zoneinfo import ZoneInfo
from dateutil import rrule
import icalendar

calendar = icalendar.Calendar.from_ical(sys.stdin.read())
event = calendar.walk("VEVENT")[0]
start = event["DTSTART"]
tzid = start.params.get("TZID")
# The start's wall clock in the named zone; fold=0 reads a doubled or skipped time as RFC 5545 does.
first = start.dt.replace(tzinfo=ZoneInfo(tzid)) if tzid else start.dt
rule = event.get("RRULE")
starts = list(islice(rrule.rrulestr(rule.to_ical().decode(), dtstart=first), int(sys.argv[1]))) if rule else [first]
zone = calendar.walk("VTIMEZONE")[0].to_tz() if tzid else timezone.utc
print(json.dumps({
  "starts": [round(s.timestamp() * 1000) for s in starts],
  "wallClocks": [s.astimezone(zone).replace(tzinfo=None).isoformat() for s in starts],
  "status": str(event["STATUS"]),
  "summary": str(event["SUMMARY"]),
  "description": str(event["DESCRIPTION"]),
}))
`;

/** The event as Python's icalendar and dateutil expand it: up to `limit` starts. */
function readWithPython(ics: string, limit: number): Reading {
  try {
    // Debian's interpreter, where python3-icalendar is installed (a python3 earlier on PATH may lack it).
    return JSON.parse(execFileSync("/usr/bin/python3", ["-c", PYTHON, String(limit)], { input: ics, encoding: "utf8", stdio: "pipe" }));
  } catch (error) {
    const reason = String((error as { stderr?: string }).stderr || error);
    if (/ENOENT|ModuleNotFoundError/.test(reason)) throw new Error(`these tests need Debian's python3-icalendar, python3-dateutil and tzdata (apt-get install ...): ${reason}`);
    throw error;
  }
}

const readers = { "ical.js": readWithIcalJs, "python3-icalendar": readWithPython };

/** One case per parser: its name, then its reader. */
const eachReader = it.each(Object.entries(readers));

const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");
const utc = (iso: string) => Date.parse(iso);

describe("a weekly countdown at 17:00 Berlin time repeats at 17:00 local across both DST changes", () => {
  const weekly = countdownOf({ target: "2027-01-08 17:00", timezone: "Europe/Berlin", repeat: "weekly" });
  const ics = icsOf(weekly);

  it("starts at the wall clock in its zone, repeats weekly, and describes the zone", () => {
    const lines = unfold(ics);
    expect(lines).toContain("DTSTART;TZID=Europe/Berlin:20270108T170000");
    expect(lines).toContain("RRULE:FREQ=WEEKLY");
    expect(lines).toContain("TZID:Europe/Berlin");
    expect(lines.indexOf("BEGIN:VTIMEZONE")).toBeLessThan(lines.indexOf("BEGIN:VEVENT"));
    expect(lines).toContain("UID:stream@countdowns.example.test");
    expect(lines).toContain(`URL:${PAGE_URL}`);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  eachReader("%s expands 52 weeks to 17:00 local: 16:00Z in CET, 15:00Z in CEST, as occurrence.ts", (_, read) => {
    const { starts, wallClocks } = read(ics, 52);
    expect(starts).toEqual(expected(weekly, 52));
    expect(wallClocks.every((wall) => wall.endsWith("T17:00:00"))).toBe(true);
    expect(starts).toContain(utc("2027-03-26T16:00:00Z"));
    expect(starts).toContain(utc("2027-04-02T15:00:00Z"));
    expect(starts).toContain(utc("2027-10-29T15:00:00Z"));
    expect(starts).toContain(utc("2027-11-05T16:00:00Z"));
    expect(starts.at(-1)).toBe(utc("2027-12-31T16:00:00Z"));
  });

  // The VTIMEZONE lists the zone up to 30 years past the build (2057); its yearly rules go on after.
  const longRun = countdownOf({ target: "2027-01-08 17:00", timezone: "Europe/Berlin", repeat: "weekly", until: "2060-12-31" });
  const weeks = 1800;

  it("ical.js still expands it to 17:00 local in 2058-2060", () => {
    const { starts, wallClocks } = readWithIcalJs(icsOf(longRun), weeks);
    expect(starts).toEqual(expected(longRun, weeks));
    expect(wallClocks.at(-1)).toBe("2060-12-24T17:00:00");
    expect(wallClocks.every((wall) => wall.endsWith("T17:00:00"))).toBe(true);
  });

  it("python3-icalendar does too; its VTIMEZONE reader alone stops yearly rules after 2038, a limit of its own", () => {
    const { starts, wallClocks } = readWithPython(icsOf(longRun), weeks);
    expect(starts).toEqual(expected(longRun, weeks));
    const from2039 = starts.indexOf(utc("2039-01-07T16:00:00Z"));
    expect(wallClocks.slice(0, from2039).every((wall) => wall.endsWith("T17:00:00"))).toBe(true);
    // The first Friday of summer time in 2039, read by a VTIMEZONE reader that stopped at 2038.
    expect(wallClocks[wallClocks.indexOf("2039-03-25T17:00:00") + 1]).toBe("2039-04-01T16:00:00");
  });
});

describe("a monthly countdown on the 31st skips the months without one, as RFC 5545 does", () => {
  const monthly = countdownOf({ target: "2027-01-31 09:00", timezone: "Europe/Berlin", repeat: "monthly", until: "2027-12-31 23:59" });
  const leapDay = countdownOf({ target: "2028-02-29 12:00", timezone: "America/New_York", repeat: "yearly" });

  eachReader("%s: January, March, May, July, August, October and December, at 09:00 local", (_, read) => {
    const { starts, wallClocks } = read(icsOf(monthly), 20);
    expect(starts).toEqual(expected(monthly, 20));
    expect(wallClocks).toEqual(["01", "03", "05", "07", "08", "10", "12"].map((month) => `2027-${month}-31T09:00:00`));
  });

  it("writes the day of the month out in the rule", () => {
    expect(unfold(icsOf(monthly))).toContain("RRULE:FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20271231T225900Z");
    expect(unfold(icsOf(leapDay))).toContain("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29");
  });

  eachReader("%s: a yearly one on February 29 comes in leap years only", (_, read) => {
    const { starts, wallClocks } = read(icsOf(leapDay), 3);
    expect(starts).toEqual(expected(leapDay, 3));
    expect(wallClocks).toEqual(["2028-02-29T12:00:00", "2032-02-29T12:00:00", "2036-02-29T12:00:00"]);
  });
});

describe("until ends the series at the last occurrence at or before it", () => {
  const upTo = (until: string) => countdownOf({ target: "2027-02-05 17:00", timezone: "Europe/Berlin", repeat: "weekly", until });

  it("writes UNTIL in UTC, as RFC 5545 requires with a TZID start", () => {
    expect(unfold(icsOf(upTo("2027-03-19 17:00")))).toContain("RRULE:FREQ=WEEKLY;UNTIL=20270319T160000Z");
  });

  eachReader("%s: an until at an occurrence includes it; a minute earlier excludes it", (_, read) => {
    for (const [until, last] of [["2027-03-19 17:00", "2027-03-19T16:00:00Z"], ["2027-03-19 16:59", "2027-03-12T16:00:00Z"], ["2027-04-30 23:00", "2027-04-30T15:00:00Z"]] as const) {
      const countdown = upTo(until);
      const { starts } = read(icsOf(countdown), 100);
      expect(starts, until).toEqual(expected(countdown, 100));
      expect(starts.at(-1), until).toBe(utc(last));
    }
  });
});

describe("a daily countdown across the DST changes keeps RFC 5545's reading of skipped and doubled times", () => {
  // 02:30 does not exist in Berlin on 2027-03-28: moved forward by the gap, to 03:30 CEST (01:30Z).
  const spring = countdownOf({ target: "2027-03-26 02:30", timezone: "Europe/Berlin", repeat: "daily" });
  // 02:30 happens twice in Berlin on 2027-10-31: the earlier, 02:30 CEST (00:30Z).
  const autumn = countdownOf({ target: "2027-10-29 02:30", timezone: "Europe/Berlin", repeat: "daily" });

  it("occurrence.ts moves the skipped 02:30 forward and takes the earlier of the doubled ones", () => {
    expect(expected(spring, 4)).toEqual(["2027-03-26T01:30:00Z", "2027-03-27T01:30:00Z", "2027-03-28T01:30:00Z", "2027-03-29T00:30:00Z"].map(utc));
    expect(expected(autumn, 4)).toEqual(["2027-10-29T00:30:00Z", "2027-10-30T00:30:00Z", "2027-10-31T00:30:00Z", "2027-11-01T01:30:00Z"].map(utc));
  });

  it("python3-icalendar agrees in the spring-forward gap and in the fall-back hour", () => {
    const { starts, wallClocks } = readWithPython(icsOf(spring), 4);
    expect(starts).toEqual(expected(spring, 4));
    expect(wallClocks[2]).toBe("2027-03-28T03:30:00");
    expect(readWithPython(icsOf(autumn), 4).starts).toEqual(expected(autumn, 4));
  });

  // ical.js (Timezone.utcOffset) reads a wall clock with the offset of the last transition at or
  // before it, and a doubled one with standard time: it departs from RFC 5545 by an hour on those
  // two days only, whatever the file says.
  it("ical.js puts the skipped 02:30 an hour early (01:30 CET), unlike RFC 5545", () => {
    const { starts } = readWithIcalJs(icsOf(spring), 4);
    expect(starts).toEqual(expected(spring, 4).map((ms, k) => (k == 2 ? ms - 36e5 : ms)));
  });

  it("ical.js takes the later of the doubled 02:30s (02:30 CET), unlike RFC 5545", () => {
    const { starts } = readWithIcalJs(icsOf(autumn), 4);
    expect(starts).toEqual(expected(autumn, 4).map((ms, k) => (k == 2 ? ms + 36e5 : ms)));
  });
});

describe("a postponed or cancelled countdown says so in its calendar file", () => {
  eachReader("%s reads CONFIRMED, TENTATIVE and CANCELLED", (_, read) => {
    for (const [status, value] of [["scheduled", "CONFIRMED"], ["postponed", "TENTATIVE"], ["cancelled", "CANCELLED"]] as const) {
      expect(read(icsOf(countdownOf({ target: "2027-06-01T12:00:00Z", status })), 1).status, status).toBe(value);
      expect(read(icsOf(countdownOf({ target: "2027-06-04 17:00", timezone: "Europe/Berlin", repeat: "weekly", status })), 1).status, status).toBe(value);
    }
  });
});

describe("a one-off countdown is one event at its exact instant", () => {
  // The later of the two 02:30s of 2027-10-31 in Berlin, written with its offset: a TZID wall clock
  // could not say it; the UTC start does.
  const oneOff = countdownOf({ target: "2027-10-31T02:30:00+01:00", timezone: "Europe/Berlin" });
  const ics = icsOf(oneOff);

  it("starts in UTC, without RRULE or VTIMEZONE", () => {
    expect(unfold(ics)).toContain("DTSTART:20271031T013000Z");
    expect(ics).not.toContain("RRULE");
    expect(ics).not.toContain("VTIMEZONE");
  });

  eachReader("%s expands it to the target instant alone", (_, read) => {
    expect(read(ics, 10).starts).toEqual([oneOff.targetMs]);
  });

  eachReader("%s reads a repeating countdown in UTC from a UTC start", (_, read) => {
    const daily = countdownOf({ target: "2027-03-27 23:30", repeat: "daily", until: "2027-04-02" });
    expect(unfold(icsOf(daily))).toContain("DTSTART:20270327T233000Z");
    expect(read(icsOf(daily), 10).starts).toEqual(expected(daily, 10));
  });
});

describe("the description is plain text", () => {
  const body = "# Stream night\n\nThe **weekly** _stream_, on [our channel](https://example.org/live) and https://example.org.\nBring `snacks`; and friends, too.\n\n- chat\n- games\n\n1. start\n2. end";
  const text = "Stream night\n\nThe weekly stream, on our channel (https://example.org/live) and https://example.org.\nBring snacks; and friends, too.\n\n• chat\n• games\n\n1. start\n2. end";

  it("keeps the words and link targets, and drops the Markdown syntax", () => {
    expect(plainText(body)).toBe(text);
  });

  eachReader("%s reads the plain text, then the page's URL, and the title unescaped", (_, read) => {
    const reading = read(icsOf(countdownOf({ title: "Stream; live, \\o/", target: "2027-06-01T12:00:00Z" }, body)), 1);
    expect(reading.description).toBe(`${text}\n\n${PAGE_URL}`);
    expect(reading.summary).toBe("Stream; live, \\o/");
  });
});

describe("the VTIMEZONE is right in every zone the platform knows", () => {
  // Monthly at noon (never in a DST gap) from 2005 to 2008: across the US rule change of 2007 and the
  // yearly rules still in force after it.
  it.each(Intl.supportedValuesOf("timeZone").filter((zone) => zone != "UTC"))("%s, read by ical.js", (zone) => {
    const monthly = countdownOf({ target: "2005-01-07 12:00", timezone: zone, repeat: "monthly", until: "2008-12-31" });
    const { starts } = readWithIcalJs(icsOf(monthly), 48);
    expect(starts).toEqual(expected(monthly, 48));
    expect(starts.map((ms) => wallClock(ms, zone).slice(8))).toEqual(Array(48).fill("07T12:00:00"));
  });

  it.each(["America/New_York", "Australia/Sydney", "Africa/Casablanca", "Asia/Kolkata", "Pacific/Chatham", "Europe/Dublin", "America/Sao_Paulo"])(
    "%s, read by python3-icalendar",
    (zone) => {
      const monthly = countdownOf({ target: "2005-01-07 12:00", timezone: zone, repeat: "monthly", until: "2030-12-31" });
      const { starts, wallClocks } = readWithPython(icsOf(monthly), 312);
      expect(starts).toEqual(expected(monthly, 312));
      expect(wallClocks).toEqual(starts.map((ms) => wallClock(ms, zone)));
    },
  );
});
