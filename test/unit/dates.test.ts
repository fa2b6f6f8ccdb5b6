// Dates as people read them (src/text/dates.ts), the one way every surface writes an instant: the
// author's wall clock in the countdown's language, no seconds, with the zone people know; the
// visitor's own time where it reads differently. Luxon is the oracle of the wall clock.
import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { dateWords, visitorWords, zoneWords } from "../../src/text/dates.ts";

const at = (iso: string) => Date.parse(iso);

describe("an instant in words", () => {
  it("gives the author's wall clock and a zone people know: an abbreviation and the city, the city alone where none is used, UTC as UTC", () => {
    // Spaces: ICU puts a narrow no-break space before AM and PM.
    const words = (iso: string, zone: string, lang: string) => dateWords(at(iso), zone, lang).replace(/\s/g, " ");
    expect(words("2027-03-07T00:10:00Z", "Asia/Tokyo", "en")).toBe("Sun, Mar 7, 2027, 9:10 AM JST (Tokyo)");
    expect(words("2027-11-07T13:00:00Z", "America/New_York", "en")).toBe("Sun, Nov 7, 2027, 8:00 AM EST (New York)");
    expect(words("2027-07-07T12:00:00Z", "America/New_York", "en")).toBe("Wed, Jul 7, 2027, 8:00 AM EDT (New York)");
    expect(words("2027-07-15T12:00:00Z", "Europe/Berlin", "en-GB")).toBe("Thu, 15 Jul 2027, 14:00 CEST (Berlin)");
    expect(words("2027-01-15T12:00:00Z", "Europe/Berlin", "de")).toBe("Fr., 15. Jan. 2027, 13:00 MEZ (Berlin)");
    expect(words("2027-03-07T00:10:00Z", "Asia/Kolkata", "en")).toBe("Sun, Mar 7, 2027, 5:40 AM IST (Kolkata)");
    expect(words("2027-03-07T00:10:00Z", "Asia/Riyadh", "en")).toBe("Sun, Mar 7, 2027, 3:10 AM (Riyadh)");
    expect(words("2027-03-07T00:10:00Z", "America/Argentina/Buenos_Aires", "es")).toBe(
      "sáb, 6 mar 2027, 21:10 (Buenos Aires)",
    );
    expect(words("2027-03-07T00:10:00Z", "UTC", "en")).toBe("Sun, Mar 7, 2027, 12:10 AM UTC");
    expect(words("2027-03-07T00:10:00Z", "Etc/GMT-9", "en")).toBe("Sun, Mar 7, 2027, 9:10 AM GMT+9");
    expect(words("2027-03-07T00:10:00Z", "Asia/Tokyo", "ja")).toBe("2027年3月7日(日) 9:10 JST (Tokyo)");
  });

  it("names the visitor's own zone, which they know, without its city: its abbreviation, else its offset", () => {
    expect(dateWords(at("2027-03-07T00:10:00Z"), "Asia/Kolkata", "en", false).replace(/\s/g, " ")).toBe(
      "Sun, Mar 7, 2027, 5:40 AM IST",
    );
    expect(zoneWords("Asia/Riyadh", at("2027-03-07T00:10:00Z"), "en", false)).toBe("GMT+3");
    expect(zoneWords("UTC", at("2027-03-07T00:10:00Z"), "en", false)).toBe("UTC");
  });

  it("in every zone Intl knows and at any instant: the wall clock Luxon reads, no seconds, and never a raw Area/City name", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2199, 0, 1) }),
        (zone, ms) => {
          const minute = Math.floor(ms / 60_000) * 60_000;
          const text = dateWords(minute, zone, "en-GB");
          const wall = DateTime.fromMillis(minute, { zone, locale: "en-GB" });
          expect(
            text.startsWith(`${wall.toFormat("ccc, d LLL yyyy, H:mm")} `),
            `${zone} ${new Date(minute).toISOString()}: ${text}`,
          ).toBe(true);
          const named = text.slice(wall.toFormat("ccc, d LLL yyyy, H:mm").length + 1);
          expect(named).not.toMatch(/[/_]|\d:\d\d:\d\d/);
          expect(named).toMatch(/^(UTC|GMT[+-][\d:]+|([A-Z]{2,5} )?\([^()]+\))$/);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("the visitor's own time", () => {
  it("is given only where the visitor's clock reads differently: the time alone on the same day, else with the day", () => {
    const words = (zone: string, visitor: string) =>
      visitorWords(at("2027-03-07T00:10:00Z"), zone, visitor, "en")?.replace(/\s/g, " ");
    expect(words("Asia/Tokyo", "Asia/Seoul")).toBeUndefined();
    expect(words("Europe/Berlin", "Europe/Paris")).toBeUndefined();
    expect(words("Asia/Tokyo", "Asia/Shanghai")).toBe("8:10 AM");
    expect(words("Asia/Tokyo", "America/Los_Angeles")).toBe("Sat, Mar 6, 4:10 PM");
  });
});
