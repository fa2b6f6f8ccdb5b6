// The templates' filters that decide what a page says: when a countdown is, in the one way of
// src/text/dates.ts; the days' digits the page sizes its count by; the language and direction of a
// countdown's own words on a page of the site's language.
import { describe, expect, it } from "vitest";
import type { UserConfig } from "@11ty/eleventy";
import { siteFilters } from "../../src/eleventy/filters.ts";
import type { SiteCountdown } from "../../src/eleventy/site-input.ts";
import { SITE_DEFAULTS } from "../../src/site-identity.ts";

type Filter = (...args: never[]) => string;

function filters(language = "en"): Record<string, Filter> {
  const found: Record<string, Filter> = {};
  siteFilters(
    { addFilter: (name: string, filter: Filter) => (found[name] = filter) } as unknown as UserConfig,
    () => ({ origin: "https://x.test", basePath: "" }),
    () => ({ ...SITE_DEFAULTS, language }),
  );
  return found;
}

const countdown = (fields: Partial<SiteCountdown>) =>
  ({ nextMs: Date.parse("2027-03-07T00:10:00Z"), timezone: "Asia/Tokyo", lang: "en", ...fields }) as SiteCountdown;

describe("what the pages say of a countdown", () => {
  it("says when as the author's wall clock in the countdown's language, with the zone people know", () => {
    const { when } = filters();
    expect(when!(countdown({}) as never).replace(/\s/g, " ")).toBe("Sun, Mar 7, 2027, 9:10 AM JST (Tokyo)");
    expect(when!(countdown({ lang: "ja" }) as never)).toBe("2027年3月7日(日) 9:10 JST (Tokyo)");
  });

  it("counts the days' digits at the build's instant, at least one", () => {
    const { dayDigits } = filters();
    const at = (days: number) => Date.parse("2027-03-07T00:10:00Z") - days * 86_400_000 - 1;
    expect([0, 9, 10, 345, 4321, 26_000].map((days) => dayDigits!(countdown({}) as never, at(days) as never))).toEqual([
      1, 1, 2, 3, 4, 5,
    ]);
    // An ended countdown shows zeros.
    expect(dayDigits!(countdown({}) as never, (Date.parse("2027-03-07T00:10:00Z") + 86_400_000 * 500) as never)).toBe(
      1,
    );
  });

  it("marks a countdown's own words with their language where it is not the page's, and their direction where it runs the other way", () => {
    expect(filters("de").ownLang!(countdown({ lang: "de" }) as never)).toBe("");
    expect(filters("de").ownLang!(countdown({ lang: "ja" }) as never)).toBe(' lang="ja"');
    expect(filters("de").ownLang!(countdown({ lang: "ar" }) as never)).toBe(' lang="ar" dir="rtl"');
    expect(filters("ar").ownLang!(countdown({ lang: "en" }) as never)).toBe(' lang="en" dir="ltr"');
    expect(filters("he").ownLang!(countdown({ lang: "ar" }) as never)).toBe(' lang="ar"');
    // A site language the pages do not speak: their words are English, and so is their lang.
    expect(filters("sw").ownLang!(countdown({ lang: "sw" }) as never)).toBe(' lang="sw"');
  });
});
