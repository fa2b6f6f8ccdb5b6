import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { UserConfig } from "@11ty/eleventy";
import { siteFilters } from "../../src/site/filters.ts";

type Filter = (...args: never[]) => string;

function filters(): Record<string, Filter> {
  const found: Record<string, Filter> = {};
  siteFilters({ addFilter: (name: string, filter: Filter) => (found[name] = filter) } as unknown as UserConfig, () => ({ origin: "https://x.test", basePath: "" }));
  return found;
}

describe("dates on the pages", () => {
  it("writes the target in the author's zone as Luxon's ZZZZ token does, in every zone, either side of daylight saving", () => {
    const { zonedDateTime } = filters();
    const instants = ["2027-01-15T12:00:00Z", "2027-07-15T12:00:00Z", "1985-03-31T00:59:59Z", "2100-10-31T23:00:00Z"];
    let checked = 0;
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      for (const iso of instants) {
        expect(zonedDateTime!(iso as never, zone as never), `${iso} in ${zone}`).toBe(DateTime.fromISO(iso, { zone }).toFormat("d LLL yyyy, HH:mm:ss ZZZZ"));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("names each instant's own offset, not the first one formatted in that zone", () => {
    const { zonedDateTime } = filters();
    expect(zonedDateTime!("2027-01-15T12:00:00Z" as never, "Europe/Berlin" as never)).toBe("15 Jan 2027, 13:00:00 GMT+1");
    expect(zonedDateTime!("2027-07-15T12:00:00Z" as never, "Europe/Berlin" as never)).toBe("15 Jul 2027, 14:00:00 GMT+2");
    expect(zonedDateTime!("2027-07-15T12:00:00Z" as never, "America/New_York" as never)).toBe("15 Jul 2027, 08:00:00 EDT");
  });
});
