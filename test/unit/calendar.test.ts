// The calendar file of a countdown (RFC 5545), as the unit tests read it: its lines, and ical.js
// (Thunderbird's parser) expanding every case and every zone the platform knows, compared with
// src/time/occurrence.ts, the service's own reading of the rule. Python's icalendar reads the same
// cases in the e2e tests (test/e2e/calendar-python.test.ts).
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { plainText } from "../../src/authoring/calendar.ts";
import {
  DESCRIPTION_BODY,
  DESCRIPTION_TEXT,
  PAGE_URL,
  countdownOf,
  expected,
  icsOf,
  readerCases,
  unfold,
  utc,
  wallClock,
  type Reading,
} from "../support/calendar.ts";

/** The event as ical.js expands it: up to `limit` starts. */
function readWithIcalJs(ics: string, limit: number): Reading {
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
  const starts: ICAL.Time[] = [];
  for (let iterator = event.iterator(), next; starts.length < limit && (next = iterator.next());) starts.push(next);
  return {
    starts: starts.map((time) => time.toUnixTime() * 1000),
    wallClocks: starts.map((time) => time.toString()),
    status: String(event.component.getFirstPropertyValue("status")),
    summary: event.summary,
    description: event.description,
  };
}

readerCases("ical.js", readWithIcalJs);

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

  // The VTIMEZONE lists the zone up to 30 years past the build (2057); its yearly rules go on after.
  it("ical.js still expands it to 17:00 local in 2058-2060", () => {
    const longRun = countdownOf({
      target: "2027-01-08 17:00",
      timezone: "Europe/Berlin",
      repeat: "weekly",
      until: "2060-12-31",
    });
    const { starts, wallClocks } = readWithIcalJs(icsOf(longRun), 1800);
    expect(starts).toEqual(expected(longRun, 1800));
    expect(wallClocks.at(-1)).toBe("2060-12-24T17:00:00");
    expect(wallClocks.every((wall) => wall.endsWith("T17:00:00"))).toBe(true);
  });
});

describe("the rule writes out what RFC 5545 would take from DTSTART", () => {
  it("the day of the month, and UNTIL in UTC", () => {
    expect(
      unfold(
        icsOf(
          countdownOf({
            target: "2027-01-31 09:00",
            timezone: "Europe/Berlin",
            repeat: "monthly",
            until: "2027-12-31 23:59",
          }),
        ),
      ),
    ).toContain("RRULE:FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20271231T225900Z");
    expect(
      unfold(icsOf(countdownOf({ target: "2028-02-29 12:00", timezone: "America/New_York", repeat: "yearly" }))),
    ).toContain("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29");
    expect(
      unfold(
        icsOf(
          countdownOf({
            target: "2027-02-05 17:00",
            timezone: "Europe/Berlin",
            repeat: "weekly",
            until: "2027-03-19 17:00",
          }),
        ),
      ),
    ).toContain("RRULE:FREQ=WEEKLY;UNTIL=20270319T160000Z");
  });
});

describe("a daily countdown across the DST changes keeps RFC 5545's reading of skipped and doubled times", () => {
  // 02:30 does not exist in Berlin on 2027-03-28: moved forward by the gap, to 03:30 CEST (01:30Z).
  const spring = countdownOf({ target: "2027-03-26 02:30", timezone: "Europe/Berlin", repeat: "daily" });
  // 02:30 happens twice in Berlin on 2027-10-31: the earlier, 02:30 CEST (00:30Z).
  const autumn = countdownOf({ target: "2027-10-29 02:30", timezone: "Europe/Berlin", repeat: "daily" });

  it("occurrence.ts moves the skipped 02:30 forward and takes the earlier of the doubled ones", () => {
    expect(expected(spring, 4)).toEqual(
      ["2027-03-26T01:30:00Z", "2027-03-27T01:30:00Z", "2027-03-28T01:30:00Z", "2027-03-29T00:30:00Z"].map(utc),
    );
    expect(expected(autumn, 4)).toEqual(
      ["2027-10-29T00:30:00Z", "2027-10-30T00:30:00Z", "2027-10-31T00:30:00Z", "2027-11-01T01:30:00Z"].map(utc),
    );
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

describe("a one-off countdown is one event at its exact instant", () => {
  it("starts in UTC, without RRULE or VTIMEZONE", () => {
    // The later of the two 02:30s of 2027-10-31 in Berlin, written with its offset: a TZID wall clock
    // could not say it; the UTC start does.
    const ics = icsOf(countdownOf({ target: "2027-10-31T02:30:00+01:00", timezone: "Europe/Berlin" }));
    expect(unfold(ics)).toContain("DTSTART:20271031T013000Z");
    expect(ics).not.toContain("RRULE");
    expect(ics).not.toContain("VTIMEZONE");
  });
});

describe("the description is plain text", () => {
  it("keeps the words and link targets, and drops the Markdown syntax", () => {
    expect(plainText(DESCRIPTION_BODY)).toBe(DESCRIPTION_TEXT);
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
});
