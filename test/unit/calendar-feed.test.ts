// The site's calendar feed (/calendar.ics, src/authoring/calendar-feed.ts), as the unit tests read it:
// its lines, and ical.js reading it as a subscribed calendar app would, every repeating event
// expanded in its zone from the feed's own VTIMEZONE and compared with src/time/occurrence.ts.
// Python's icalendar reads the same feed in the e2e tests (test/e2e/calendar-python.test.ts).
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  FEED_NAME,
  eventsOf,
  expected,
  feedCountdowns,
  feedOf,
  ownFileOf,
  unfold,
  type Reading,
} from "../support/calendar.ts";

const { listed, leftOut } = feedCountdowns();
const ics = feedOf([...leftOut, ...listed]);
const lines = unfold(ics);
const value = (name: string) =>
  lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1));

describe("the site's calendar feed", () => {
  it("holds every listed countdown with a date, by slug, each VEVENT as its own file has it; no unlisted or evergreen one", () => {
    expect(value("UID")).toEqual(listed.map(({ slug }) => `${slug}@countdowns.example.test`).sort());
    const events = eventsOf(ics);
    expect(events).toHaveLength(listed.length);
    for (const countdown of listed) expect(events, countdown.slug).toContain(eventsOf(ownFileOf(countdown))[0]);
    for (const countdown of leftOut) expect(ics, countdown.slug).not.toContain(`${countdown.slug}@`);
    expect(ics).not.toContain("VTODO");
  });

  it("describes each zone its events use once, before the events, and no zone only a countdown left out uses", () => {
    expect(value("TZID")).toEqual(["America/New_York", "America/Sao_Paulo", "Europe/Berlin"]);
    expect(lines.filter((line) => line == "BEGIN:VTIMEZONE")).toHaveLength(3);
    expect(lines.lastIndexOf("END:VTIMEZONE")).toBeLessThan(lines.indexOf("BEGIN:VEVENT"));
    expect(ics).not.toContain("Asia/Tokyo");
  });

  it("spans in a zone's one VTIMEZONE the years of all its events: Berlin's from the weekly one's start, not the one from 2070", () => {
    const zoneOf = (text: string) =>
      /BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin\r\n[\s\S]*?END:VTIMEZONE\r\n/.exec(text)![0];
    const [weekly, far] = ["weekly-berlin", "far-berlin"].map((slug) => listed.find((c) => c.slug == slug)!);
    expect(zoneOf(ics)).toBe(zoneOf(ownFileOf(weekly!)));
    expect(zoneOf(ics)).not.toBe(zoneOf(ownFileOf(far!)));
  });

  it("says each event's status as its file does: CONFIRMED, TENTATIVE and CANCELLED", () => {
    const statuses = Object.fromEntries(
      eventsOf(ics).map((event) => [/UID:([\w-]+)@/.exec(event)![1], /STATUS:(\w+)/.exec(event)![1]]),
    );
    expect(statuses).toEqual({
      "far-berlin": "TENTATIVE",
      launch: "CONFIRMED",
      "leap-new-york": "CANCELLED",
      "sao-paulo-2010": "CONFIRMED",
      "sao-paulo-2030": "CONFIRMED",
      "weekly-berlin": "CONFIRMED",
    });
  });

  it("names itself after the site and asks to be fetched again every hour, before its first component", () => {
    const first = lines.indexOf("BEGIN:VTIMEZONE");
    for (const line of [
      "NAME:Launches\\, live\\; and more",
      "X-WR-CALNAME:Launches\\, live\\; and more",
      "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
      "X-PUBLISHED-TTL:PT1H",
      "SOURCE;VALUE=URI:https://countdowns.example.test/calendar.ics",
      "URL:https://countdowns.example.test/",
    ]) {
      expect(lines, line).toContain(line);
      expect(lines.indexOf(line), line).toBeLessThan(first);
    }
    expect(lines.slice(0, 2)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0"]);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("ends every line with CRLF and folds those over 75 octets, never inside a character", () => {
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const physical = ics.split("\r\n");
    for (const line of physical) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(physical.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(2);
    expect(physical.join("")).not.toContain("\uFFFD");
    expect(value("SUMMARY")).toContain(listed.find(({ slug }) => slug == "launch")!.title.replace(/,/g, "\\,"));
  });

  it("keeps the first countdowns it is given where there are more than it holds", () => {
    const [first, second, third] = listed;
    const few = unfold(feedOf([leftOut[0]!, third!, leftOut[1]!, first!, second!], 2));
    expect(few.filter((line) => line.startsWith("UID:"))).toEqual(
      [third!, first!].map(({ slug }) => `UID:${slug}@countdowns.example.test`).sort(),
    );
  });

  it("is a calendar with no events on a site with nothing listed", () => {
    expect(unfold(feedOf(leftOut)).filter((line) => /^BEGIN:V(EVENT|TODO|TIMEZONE)$/.test(line))).toEqual([]);
  });
});

/** An event of the feed as ical.js expands it, its zone read from the feed's VTIMEZONE: up to `limit` starts. */
function readWithIcalJs(calendar: ICAL.Component, uid: string, limit: number): Pick<Reading, "starts" | "status"> {
  const component = calendar.getAllSubcomponents("vevent").find((event) => event.getFirstPropertyValue("uid") == uid)!;
  const event = new ICAL.Event(component);
  const starts: ICAL.Time[] = [];
  for (let iterator = event.iterator(), next; starts.length < limit && (next = iterator.next());) starts.push(next);
  return {
    starts: starts.map((time) => time.toUnixTime() * 1000),
    status: String(component.getFirstPropertyValue("status")),
  };
}

describe("ical.js reads the feed as a subscribed calendar app", () => {
  const calendar = new ICAL.Component(ICAL.parse(ics));

  it("its name, what it is, and how often to fetch it again", () => {
    // ical.js types neither name (RFC 7986's NAME is not in its design set): it gives them as written.
    const text = (name: string) => String(calendar.getFirstPropertyValue(name)).replace(/\\([\\;,])/g, "$1");
    expect(text("name")).toBe(FEED_NAME);
    expect(text("x-wr-calname")).toBe(FEED_NAME);
    expect(calendar.getFirstPropertyValue("description")).toBe("Every launch.");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
    expect(String(calendar.getFirstPropertyValue("x-published-ttl"))).toBe("PT1H");
    expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(3);
  });

  it("every event at the service's own occurrences, each zone's by its one VTIMEZONE: Berlin's from 2027 and 2070, São Paulo's with summer time and after it", () => {
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(listed.length);
    for (const countdown of listed) {
      const { starts } = readWithIcalJs(calendar, `${countdown.slug}@countdowns.example.test`, 12);
      expect(starts, countdown.slug).toEqual(expected(countdown, 12));
    }
  });

  it("each event's status", () => {
    expect(readWithIcalJs(calendar, "far-berlin@countdowns.example.test", 1).status).toBe("TENTATIVE");
    expect(readWithIcalJs(calendar, "leap-new-york@countdowns.example.test", 1).status).toBe("CANCELLED");
    expect(readWithIcalJs(calendar, "launch@countdowns.example.test", 1).status).toBe("CONFIRMED");
  });
});
