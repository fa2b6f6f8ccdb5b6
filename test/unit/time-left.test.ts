// The time left is max(0, floor((target - now) / 1 s)) split into days, hours 0-23,
// minutes 0-59 and seconds 0-59, shown as `<d>d <hh>h <mm>m <ss>s`.
import { describe, expect, it } from "vitest";
import {
  formatTimeLeft,
  isExpired,
  isoSeconds,
  msToNextSecond,
  secondsLeft,
  timeLeft,
  unitsLeft,
} from "../../src/time/time-left.ts";
import { countText, separatorText, unitText, unitWord } from "../../src/text/language-words.ts";

const at = (iso: string) => Date.parse(iso);
const TARGET = at("2027-01-01T00:00:00Z");

describe("time left at the edges of the target", () => {
  it("is all zeros and expired exactly at the target", () => {
    expect(timeLeft(TARGET, TARGET)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(isExpired(TARGET, TARGET)).toBe(true);
  });

  it("is one second, not expired, one second before", () => {
    expect(timeLeft(TARGET, TARGET - 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(isExpired(TARGET, TARGET - 1000)).toBe(false);
  });

  it("rounds down: 1 ms before is zero seconds left but not yet expired", () => {
    expect(timeLeft(TARGET, TARGET - 1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(isExpired(TARGET, TARGET - 1)).toBe(false);
    expect(secondsLeft(TARGET, TARGET - 1999)).toBe(1);
  });

  it("never goes negative long after the target", () => {
    expect(timeLeft(TARGET, at("2099-05-05T05:05:05Z"))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(isExpired(TARGET, at("2099-05-05T05:05:05Z"))).toBe(true);
  });
});

describe("time left across the calendar", () => {
  it("splits into days, hours, minutes and seconds", () => {
    expect(timeLeft(TARGET, at("2026-12-30T20:58:57Z"))).toEqual({ days: 1, hours: 3, minutes: 1, seconds: 3 });
  });

  it("counts a leap day", () => {
    expect(timeLeft(at("2028-03-01T00:00:00Z"), at("2028-02-28T00:00:00Z")).days).toBe(2);
  });

  it("knows 2100 is not a leap year", () => {
    expect(timeLeft(at("2100-03-01T00:00:00Z"), at("2100-02-28T00:00:00Z")).days).toBe(1);
    expect(timeLeft(at("2101-01-01T00:00:00Z"), at("2100-01-01T00:00:00Z")).days).toBe(365);
  });

  it("handles targets centuries away", () => {
    const left = timeLeft(at("2400-01-01T00:00:00Z"), at("2000-01-01T00:00:00Z"));
    expect(left).toEqual({ days: 146_097, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("the published pattern", () => {
  it("leaves days unpadded and pads the rest to two digits", () => {
    expect(formatTimeLeft([0, 0, 0, 0])).toBe("0d 00h 00m 00s");
    expect(formatTimeLeft([1234, 5, 6, 7])).toBe("1234d 05h 06m 07s");
    expect(formatTimeLeft([9, 23, 59, 59])).toBe("9d 23h 59m 59s");
  });

  it("shows the units of a run alone: the largest holds those above it, the smallest is rounded down", () => {
    // Three days, 5 hours, 20 minutes and 5 seconds left.
    const now = TARGET - ((3 * 24 + 5) * 3600 + 20 * 60 + 5) * 1000;
    const shown = (run: string) => formatTimeLeft(unitsLeft(TARGET, now, run), run);
    expect(shown("dhms")).toBe("3d 05h 20m 05s");
    expect(shown("hms")).toBe("77h 20m 05s");
    expect(shown("hm")).toBe("77h 20m");
    expect(shown("dh")).toBe("3d 05h");
    expect(shown("d")).toBe("3d");
    expect(shown("ms")).toBe("4640m 05s");
    expect(shown("s")).toBe("278405s");
    // Five hours and a second: the largest unit shown is not padded.
    expect(formatTimeLeft(unitsLeft(TARGET, TARGET - 18_001_000, "hms"), "hms")).toBe("5h 00m 01s");
    expect(unitsLeft(TARGET, now, "hm")).toEqual([0, 77, 20, 0]);
  });

  it("takes the labels and the separator an owner chooses: letters, the language's words, none; a space or a colon", () => {
    const left = [3, 5, 20, 5];
    expect(countText(left, "dhms", "de")).toBe(formatTimeLeft(left));
    expect(countText(left, "dhms", "de", "none")).toBe("3 05 20 05");
    expect(countText(left, "dhms", "de", "none", "colon")).toBe("3:05:20:05");
    expect(countText([0, 77, 20, 0], "hm", "en", "none", "colon")).toBe("77:20");
    // The words are Intl's, with the count's own digits (padded as in the pattern), plural-correct.
    expect(countText([1, 2, 1, 0], "dhms", "en", "long")).toBe("1 day 02 hours 01 minute 00 seconds");
    expect(countText(left, "dhms", "de", "long")).toBe("3 Tage 05 Stunden 20 Minuten 05 Sekunden");
    expect(countText(left, "dhms", "de", "long", "colon")).toBe("3 Tage : 05 Stunden : 20 Minuten : 05 Sekunden");
    expect(countText(left, "dhms", "en", "short")).toBe("3d 05h 20m 05s");
    // Whole units (the widget's text, which may wrap): breakable only after a unit and its colon.
    expect(countText(left, "dhms", "de", "long", "colon", undefined, true)).toBe(
      "3\xa0Tage\xa0: 05\xa0Stunden\xa0: 20\xa0Minuten\xa0: 05\xa0Sekunden",
    );
    expect(countText(left, "dhms", "de", "long", "space", undefined, true)).toBe(
      "3\xa0Tage 05\xa0Stunden 20\xa0Minuten 05\xa0Sekunden",
    );
    expect(countText(left, "dhms", "de", "none", "colon", undefined, true)).toBe("3:05:20:05");
    // Where the language's word holds the number (Arabic's for one and two), no digits are added.
    expect(unitText(2, 1, "dhms", "ar", "long")).toEqual([
      "",
      "",
      new Intl.NumberFormat("ar", { style: "unit", unit: "hour", unitDisplay: "long" }).format(2),
    ]);
    expect(unitText(5, 1, "dhms", "ar", "long")[1]).toBe("05");
    // Numbers of a thousand and more have no group separator; a language that puts its word first keeps it there.
    expect(countText([0, 1234, 0, 0], "hm", "en", "long")).toBe(
      `1234 ${unitWord("en", "hour", 1234)} 00 ${unitWord("en", "minute", 0)}`,
    );
    const swahili = new Intl.NumberFormat("sw", { style: "unit", unit: "hour", unitDisplay: "long" }).formatToParts(2);
    expect(swahili.at(-1)!.type).toBe("integer");
    expect(unitText(2, 1, "dhms", "sw", "long")).toEqual([
      swahili
        .slice(0, -1)
        .map((part) => part.value)
        .join(""),
      "02",
      "",
    ]);
    // The separator between numbers alone is tight, between labelled units spaced.
    expect([separatorText("colon", "none"), separatorText("colon", "auto"), separatorText("space", "none")]).toEqual([
      ":",
      " : ",
      " ",
    ]);
  });

  it("takes a countdown's own words for its units in place of the platform's long words, by the plural category of its language", () => {
    const words = {
      day: { one: "Tag", other: "Tage" },
      minute: { one: "minuta", few: "minuty", many: "minut", other: "minuty" },
    };
    expect(countText([1, 5, 2, 0], "dhm", "de", "long", "space", words)).toBe(
      `1 Tag 05 ${unitWord("de", "hour", 5)} 02 minuty`,
    );
    expect(countText([2, 0, 5, 0], "dm", "pl", "long", "space", words)).toBe("2 Tage 05 minut");
    expect(unitWord("pl", "minute", 22, "long", words)).toBe("minuty");
    expect(unitWord("pl", "minute", 1, "long", words)).toBe("minuta");
    // Not in place of the shortest words, nor of the published letters.
    expect(unitWord("de", "day", 2, "short", words)).toBe(unitWord("de", "day", 2, "short"));
    expect(countText([2, 0, 0, 0], "dhms", "de", "auto", "space", words)).toBe("2d 00h 00m 00s");
  });

  it("writes instants as YYYY-MM-DDThh:mm:ssZ", () => {
    expect(isoSeconds(at("2026-12-31T23:00:00.999Z"))).toBe("2026-12-31T23:00:00Z");
  });
});

describe("waking on the second boundary", () => {
  it("waits until the time left next changes", () => {
    // 1500 ms left shows 1 s until less than 1000 ms is left: 501 ms from now.
    expect(msToNextSecond(TARGET - 1500)).toBe(501);
    expect(secondsLeft(TARGET, TARGET - 1500 + 500)).toBe(1);
    expect(secondsLeft(TARGET, TARGET - 1500 + 501)).toBe(0);
    // Exactly 2000 ms left shows 2 s for this millisecond only.
    expect(msToNextSecond(TARGET - 2000)).toBe(1);
    expect(msToNextSecond(TARGET - 1001)).toBe(2);
    expect(msToNextSecond(TARGET - 999.5)).toBe(1000);
  });
});
