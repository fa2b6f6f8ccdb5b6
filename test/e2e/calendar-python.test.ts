// The calendar files read by a second program, Python's icalendar (Debian: python3-icalendar) with
// dateutil's rrule (python3-dateutil): it reads each file as RFC 5545 asks a reader to, the zone of
// its times from the file's own VTIMEZONE, never from the machine's time zone data, so the result
// does not depend on which tz release the machine has (Node's and Debian's disagree on some zones).
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  FEED_NAME,
  countdownOf,
  expected,
  feedCountdowns,
  feedOf,
  icsOf,
  readerCases,
  utc,
  wallClock,
  type Reading,
} from "../support/calendar.ts";

const PYTHON = `
import json, sys
from datetime import timezone
from itertools import islice
from dateutil import rrule
import icalendar
import pytz

calendar = icalendar.Calendar.from_ical(sys.stdin.read())
event = calendar.walk("VEVENT")[0]
start = event["DTSTART"]
rule = event.get("RRULE")
limit = int(sys.argv[1])
if start.params.get("TZID"):
    # The file's own VTIMEZONE (RFC 5545, 3.6.5), not the machine's time zone data.
    zone = calendar.walk("VTIMEZONE")[0].to_tz()
    # UNTIL is an instant: the wall clocks are expanded without it, and cut at it once read as instants.
    until = rule.get("UNTIL", [None])[0] if rule else None
    text = ";".join(part for part in (rule.to_ical().decode() if rule else "").split(";") if not part.startswith("UNTIL="))
    naive = start.dt.replace(tzinfo=None)
    walls = list(islice(rrule.rrulestr(text, dtstart=naive), limit * 4)) if rule else [naive]
    def instant(wall):
        # RFC 5545: a time the clocks skip is read with the offset before the gap; of two, the earlier.
        try:
            return zone.localize(wall, is_dst=None)
        except pytz.exceptions.NonExistentTimeError:
            return zone.localize(wall, is_dst=False)
        except pytz.exceptions.AmbiguousTimeError:
            return zone.localize(wall, is_dst=True)
    starts = [s for s in map(instant, walls) if until is None or s <= until][:limit]
else:
    zone = timezone.utc
    starts = list(islice(rrule.rrulestr(rule.to_ical().decode(), dtstart=start.dt), limit)) if rule else [start.dt]
print(json.dumps({
  "starts": [round(s.timestamp() * 1000) for s in starts],
  "wallClocks": [s.astimezone(zone).replace(tzinfo=None).isoformat() for s in starts],
  "status": str(event["STATUS"]),
  "summary": str(event["SUMMARY"]),
  "description": str(event["DESCRIPTION"]),
}))
`;

/** The event as Python's icalendar and dateutil expand it: up to `limit` starts. */
const readWithPython = (ics: string, limit: number): Reading => runPython(PYTHON, ics, limit);

/** What a script of Python's prints as JSON, given a calendar and a limit. */
function runPython<T>(script: string, ics: string, limit: number): T {
  try {
    // Debian's interpreter, where python3-icalendar is installed (a python3 earlier on PATH may lack it).
    return JSON.parse(
      execFileSync("/usr/bin/python3", ["-c", script, String(limit)], { input: ics, encoding: "utf8", stdio: "pipe" }),
    );
  } catch (error) {
    const reason = String((error as { stderr?: string }).stderr || error);
    if (/ENOENT|ModuleNotFoundError/.test(reason))
      throw new Error(
        `these tests need Debian's python3-icalendar and python3-dateutil: apt-get install python3-icalendar python3-dateutil (${reason})`,
      );
    throw error;
  }
}

readerCases("python3-icalendar", readWithPython);

describe("python3-icalendar reads the zones from the file", () => {
  it("agrees in the spring-forward gap and in the fall-back hour", () => {
    const spring = countdownOf({ target: "2027-03-26 02:30", timezone: "Europe/Berlin", repeat: "daily" });
    const autumn = countdownOf({ target: "2027-10-29 02:30", timezone: "Europe/Berlin", repeat: "daily" });
    const { starts, wallClocks } = readWithPython(icsOf(spring), 4);
    expect(starts).toEqual(expected(spring, 4));
    expect(wallClocks[2]).toBe("2027-03-28T03:30:00");
    expect(readWithPython(icsOf(autumn), 4).starts).toEqual(expected(autumn, 4));
  });

  it("expands a long series to 17:00 local up to 2038, where its VTIMEZONE reader stops the yearly rules, a limit of its own", () => {
    const longRun = countdownOf({
      target: "2027-01-08 17:00",
      timezone: "Europe/Berlin",
      repeat: "weekly",
      until: "2060-12-31",
    });
    const { starts, wallClocks } = readWithPython(icsOf(longRun), 1800);
    const until2038 = expected(longRun, 1800).filter((ms) => ms < utc("2038-01-01T00:00:00Z"));
    expect(starts.slice(0, until2038.length)).toEqual(until2038);
    expect(wallClocks.slice(0, until2038.length).every((wall) => wall.endsWith("T17:00:00"))).toBe(true);
  });

  it.each([
    "America/New_York",
    "Australia/Sydney",
    "Africa/Casablanca",
    "Asia/Kolkata",
    "Pacific/Chatham",
    "Europe/Dublin",
    "America/Sao_Paulo",
  ])("%s, monthly from 2005 to 2030, as the service's own time zone data has it", (zone) => {
    const monthly = countdownOf({ target: "2005-01-07 12:00", timezone: zone, repeat: "monthly", until: "2030-12-31" });
    const { starts, wallClocks } = readWithPython(icsOf(monthly), 312);
    expect(starts).toEqual(expected(monthly, 312));
    expect(wallClocks).toEqual(starts.map((ms) => wallClock(ms, zone)));
  });
});

// The site's feed: every event, each repeating one expanded in its zone from the feed's VTIMEZONE
// of that TZID, up to 2038, where the VTIMEZONE reader stops the yearly rules (above).
const FEED_PYTHON = `
import json, sys
from datetime import datetime, timezone
from itertools import islice
from dateutil import rrule
import icalendar

calendar = icalendar.Calendar.from_ical(sys.stdin.read())
zones = {str(zone["TZID"]): zone.to_tz() for zone in calendar.walk("VTIMEZONE")}
limit = int(sys.argv[1])
end = datetime(2038, 1, 1, tzinfo=timezone.utc)
events = {}
for event in calendar.walk("VEVENT"):
    start = event["DTSTART"]
    rule = event.get("RRULE")
    tzid = start.params.get("TZID")
    naive = start.dt.replace(tzinfo=None)
    # UNTIL is an instant: the wall clocks are expanded without it, and cut at it once read as instants.
    until = rule.get("UNTIL", [end])[0] if rule else end
    text = ";".join(part for part in (rule.to_ical().decode() if rule else "").split(";") if not part.startswith("UNTIL="))
    walls = list(islice(rrule.rrulestr(text, dtstart=naive), limit)) if rule else [naive]
    starts = [zones[tzid].localize(wall, is_dst=None) if tzid else wall.replace(tzinfo=timezone.utc) for wall in walls]
    events[str(event["UID"])] = {
        "starts": [round(s.timestamp() * 1000) for s in starts if s < end and s <= until],
        "status": str(event["STATUS"]),
        "summary": str(event["SUMMARY"]),
    }
print(json.dumps({
    "name": str(calendar["NAME"]),
    "calname": str(calendar["X-WR-CALNAME"]),
    "refresh": calendar["REFRESH-INTERVAL"].to_ical().decode(),
    "ttl": str(calendar["X-PUBLISHED-TTL"]),
    "zones": sorted(zones),
    "events": events,
}))
`;

interface FeedReading {
  name: string;
  calname: string;
  refresh: string;
  ttl: string;
  zones: string[];
  events: Record<string, { starts: number[]; status: string; summary: string }>;
}

describe("python3-icalendar reads the site's feed", () => {
  const { listed, leftOut } = feedCountdowns();
  const reading = runPython<FeedReading>(FEED_PYTHON, feedOf([...listed, ...leftOut]), 12);

  it("its name, its refresh interval, and one zone per TZID its events use", () => {
    expect(reading.name).toBe(FEED_NAME);
    expect(reading.calname).toBe(FEED_NAME);
    expect(reading.refresh).toBe("PT1H");
    expect(reading.ttl).toBe("PT1H");
    expect(reading.zones).toEqual(["America/New_York", "America/Sao_Paulo", "Europe/Berlin"]);
  });

  it("every listed countdown with a date, at the service's own occurrences, with its status; none left out", () => {
    expect(Object.keys(reading.events).sort()).toEqual(
      listed.map(({ slug }) => `${slug}@countdowns.example.test`).sort(),
    );
    for (const countdown of listed) {
      const event = reading.events[`${countdown.slug}@countdowns.example.test`]!;
      expect(event.starts, countdown.slug).toEqual(
        expected(countdown, 12).filter((ms) => ms < utc("2038-01-01T00:00:00Z")),
      );
      expect(event.summary).toBe(countdown.title);
    }
    expect(reading.events["weekly-berlin@countdowns.example.test"]!.starts).toHaveLength(12);
    expect(reading.events["far-berlin@countdowns.example.test"]!.status).toBe("TENTATIVE");
    expect(reading.events["leap-new-york@countdowns.example.test"]!.status).toBe("CANCELLED");
    expect(reading.events["launch@countdowns.example.test"]!.status).toBe("CONFIRMED");
  });
});
