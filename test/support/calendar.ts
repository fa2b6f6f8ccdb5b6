// The calendar file of a countdown as calendar programs read it: countdowns made as authors write
// them, the occurrences the service itself computes (src/time/occurrence.ts), and the cases every
// reader must agree on, run by the unit tests with ical.js and by the e2e tests with Python's icalendar.
import { describe, expect, it } from "vitest";
import { calendarFile } from "../../src/authoring/calendar.ts";
import { calendarFeed } from "../../src/authoring/calendar-feed.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { type Countdown } from "../../src/authoring/countdown.ts";
import { occurrence } from "../../src/time/occurrence.ts";
import { zoneOffset } from "../../src/time/zone.ts";

export const PAGE_URL = "https://countdowns.example.test/stream/";
// A fixed build time: the VTIMEZONE's horizon is counted from it.
const STAMP = "2027-01-01T00:00:00.000Z";

/** A countdown from front matter fields, as an author writes them, in `countdowns/<slug>.md`. */
export function countdownOf(fields: Record<string, string | boolean>, body = "", slug = "stream"): Countdown {
  const yaml = Object.entries({ title: "Stream", ...fields }).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  const result = parseCountdownFile(`countdowns/${slug}.md`, `---\n${yaml.join("\n")}\n---\n${body}\n`);
  if (!result.countdown) throw new Error(JSON.stringify(result.problems));
  return result.countdown;
}

export const icsOf = (countdown: Countdown) => calendarFile(countdown, { pageUrl: PAGE_URL, stamp: STAMP });

/** The first `limit` occurrences by occurrence.ts, fewer when the series ends. */
export function expected(countdown: Countdown, limit: number): number[] {
  const starts: number[] = [];
  for (let k = 0; starts.length < limit && k < 4 * limit; k++) {
    const ms = occurrence(countdown.schedule, k);
    if (ms !== undefined) starts.push(ms);
  }
  return starts;
}

/** What an instant reads on the zone's clocks, `2027-03-26T17:00:00`, from the platform's Intl data. */
export const wallClock = (ms: number, zone: string) =>
  new Date(ms + zoneOffset(zone, ms) * 6e4).toISOString().slice(0, 19);

export interface Reading {
  starts: number[];
  /** Each start as a wall clock in the event's zone, read with the file's VTIMEZONE. */
  wallClocks: string[];
  status: string;
  summary: string;
  description: string;
}

/** A calendar program's reading of a file: up to `limit` starts. */
type Reader = (ics: string, limit: number) => Reading;

export const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");
export const utc = (iso: string) => Date.parse(iso);

export const DESCRIPTION_BODY =
  "# Stream night\n\nThe **weekly** _stream_, on [our channel](https://example.org/live) and https://example.org.\nBring `snacks`; and friends, too.\n\n- chat\n- games\n\n1. start\n2. end";
export const DESCRIPTION_TEXT =
  "Stream night\n\nThe weekly stream, on our channel (https://example.org/live) and https://example.org.\nBring snacks; and friends, too.\n\n• chat\n• games\n\n1. start\n2. end";

/** What every reader must read in the calendar files, as the service computes it. */
export function readerCases(name: string, read: Reader): void {
  describe(`${name} reads the calendar files as the service means them`, () => {
    it("a weekly countdown at 17:00 Berlin time: 52 weeks at 17:00 local, 16:00Z in CET, 15:00Z in CEST", () => {
      const weekly = countdownOf({ target: "2027-01-08 17:00", timezone: "Europe/Berlin", repeat: "weekly" });
      const { starts, wallClocks } = read(icsOf(weekly), 52);
      expect(starts).toEqual(expected(weekly, 52));
      expect(wallClocks.every((wall) => wall.endsWith("T17:00:00"))).toBe(true);
      expect(starts).toContain(utc("2027-03-26T16:00:00Z"));
      expect(starts).toContain(utc("2027-04-02T15:00:00Z"));
      expect(starts).toContain(utc("2027-10-29T15:00:00Z"));
      expect(starts).toContain(utc("2027-11-05T16:00:00Z"));
      expect(starts.at(-1)).toBe(utc("2027-12-31T16:00:00Z"));
    });

    it("a monthly countdown on the 31st: January, March, May, July, August, October and December, at 09:00 local", () => {
      const monthly = countdownOf({
        target: "2027-01-31 09:00",
        timezone: "Europe/Berlin",
        repeat: "monthly",
        until: "2027-12-31 23:59",
      });
      const { starts, wallClocks } = read(icsOf(monthly), 20);
      expect(starts).toEqual(expected(monthly, 20));
      expect(wallClocks).toEqual(
        ["01", "03", "05", "07", "08", "10", "12"].map((month) => `2027-${month}-31T09:00:00`),
      );
    });

    it("a yearly one on February 29 comes in leap years only", () => {
      const leapDay = countdownOf({ target: "2028-02-29 12:00", timezone: "America/New_York", repeat: "yearly" });
      const { starts, wallClocks } = read(icsOf(leapDay), 3);
      expect(starts).toEqual(expected(leapDay, 3));
      expect(wallClocks).toEqual(["2028-02-29T12:00:00", "2032-02-29T12:00:00", "2036-02-29T12:00:00"]);
    });

    it("an until at an occurrence includes it; a minute earlier excludes it", () => {
      for (const [until, last] of [
        ["2027-03-19 17:00", "2027-03-19T16:00:00Z"],
        ["2027-03-19 16:59", "2027-03-12T16:00:00Z"],
        ["2027-04-30 23:00", "2027-04-30T15:00:00Z"],
      ] as const) {
        const countdown = countdownOf({
          target: "2027-02-05 17:00",
          timezone: "Europe/Berlin",
          repeat: "weekly",
          until,
        });
        const { starts } = read(icsOf(countdown), 100);
        expect(starts, until).toEqual(expected(countdown, 100));
        expect(starts.at(-1), until).toBe(utc(last));
      }
    });

    it("CONFIRMED, TENTATIVE and CANCELLED", () => {
      for (const [status, value] of [
        ["scheduled", "CONFIRMED"],
        ["postponed", "TENTATIVE"],
        ["cancelled", "CANCELLED"],
      ] as const) {
        expect(read(icsOf(countdownOf({ target: "2027-06-01T12:00:00Z", status })), 1).status, status).toBe(value);
        expect(
          read(
            icsOf(countdownOf({ target: "2027-06-04 17:00", timezone: "Europe/Berlin", repeat: "weekly", status })),
            1,
          ).status,
          status,
        ).toBe(value);
      }
    });

    it("a one-off countdown is its target instant alone", () => {
      const oneOff = countdownOf({ target: "2027-10-31T02:30:00+01:00", timezone: "Europe/Berlin" });
      expect(read(icsOf(oneOff), 10).starts).toEqual([oneOff.targetMs]);
    });

    it("a repeating countdown in UTC from a UTC start", () => {
      const daily = countdownOf({ target: "2027-03-27 23:30", repeat: "daily", until: "2027-04-02" });
      expect(unfold(icsOf(daily))).toContain("DTSTART:20270327T233000Z");
      expect(read(icsOf(daily), 10).starts).toEqual(expected(daily, 10));
    });

    it("the description as plain text, then the page's URL, and the title unescaped", () => {
      const reading = read(
        icsOf(countdownOf({ title: "Stream; live, \\o/", target: "2027-06-01T12:00:00Z" }, DESCRIPTION_BODY)),
        1,
      );
      expect(reading.description).toBe(`${DESCRIPTION_TEXT}\n\n${PAGE_URL}`);
      expect(reading.summary).toBe("Stream; live, \\o/");
    });
  });
}

// ---- The site's feed -----------------------------------------------------------------------------

const SITE_URL = "https://countdowns.example.test/";
/** A site's name with what a TEXT value escapes. */
export const FEED_NAME = "Launches, live; and more";
const feedPage = (slug: string) => `${SITE_URL}${slug}/`;

/**
 * The countdowns of a site's feed: two repeating ones in Berlin (the second from 2070, so the zone's
 * one VTIMEZONE spans both), two in São Paulo, one in New York, a one-off in UTC whose title is folded, one postponed
 * and one cancelled; and those it leaves out: an unlisted one (in a zone no other uses) and an evergreen one.
 */
export function feedCountdowns(): { listed: Countdown[]; leftOut: Countdown[] } {
  const long = "Raketenstart über Berlin: die Übertragung, live und in voller Länge 🚀, mit allen Gästen";
  return {
    listed: [
      countdownOf({ target: "2027-01-08 17:00", timezone: "Europe/Berlin", repeat: "weekly" }, "", "weekly-berlin"),
      countdownOf(
        { target: "2070-06-01 10:00", timezone: "Europe/Berlin", repeat: "yearly", status: "postponed" },
        "",
        "far-berlin",
      ),
      countdownOf(
        { target: "2028-02-29 12:00", timezone: "America/New_York", repeat: "yearly", status: "cancelled" },
        "",
        "leap-new-york",
      ),
      countdownOf({ title: long, target: "2027-06-01T12:00:00Z" }, DESCRIPTION_BODY, "launch"),
      // São Paulo kept summer time until 2019: the zone's one VTIMEZONE must hold those years for the
      // first and the years after for the second.
      countdownOf(
        { target: "2010-01-15 12:00", timezone: "America/Sao_Paulo", repeat: "monthly", until: "2012-12-31" },
        "",
        "sao-paulo-2010",
      ),
      countdownOf(
        { target: "2030-01-15 12:00", timezone: "America/Sao_Paulo", repeat: "yearly" },
        "",
        "sao-paulo-2030",
      ),
    ],
    leftOut: [
      countdownOf(
        { target: "2027-04-01 08:00", timezone: "Asia/Tokyo", repeat: "daily", unlisted: true },
        "",
        "hidden",
      ),
      countdownOf({ evergreen: "72h", timezone: "Europe/Berlin" }, "", "welcome"),
    ],
  };
}

/** The feed of a site of `countdowns`, as the build makes it (of at most `most`). */
export const feedOf = (countdowns: readonly Countdown[], most?: number) =>
  calendarFeed(countdowns, {
    ...(most === undefined ? {} : { most }),
    name: FEED_NAME,
    description: "Every launch.",
    siteUrl: SITE_URL,
    feedUrl: `${SITE_URL}calendar.ics`,
    pageUrl: feedPage,
    stamp: () => STAMP,
  });

/** A countdown's own calendar file on the same site. */
export const ownFileOf = (countdown: Countdown) =>
  calendarFile(countdown, { pageUrl: feedPage(countdown.slug), stamp: STAMP });

/** The VEVENT (or VTODO) blocks of a calendar, as written (folded). */
export const eventsOf = (ics: string) => ics.match(/BEGIN:(VEVENT|VTODO)\r\n[\s\S]*?END:\1\r\n/g) ?? [];
