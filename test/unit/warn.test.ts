// `warn=<duration>` (src/time/warn.ts): its grammar, a whole number and one unit letter, read by the
// evergreen durations' reader; the span it makes; and the warning colours, which read on their themes.
import { describe, expect, it } from "vitest";
import { inWarnSpan, warnSpanMs } from "../../src/time/warn.ts";
import { parseDuration } from "../../src/time/evergreen.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import {
  DARK_BACKGROUNDS,
  LIGHT_BACKGROUNDS,
  READABLE_RATIO,
  WARN_COLOURS,
  contrastRatio,
  rgbOf,
} from "../../src/colour/colour.ts";

describe("warn's span", () => {
  it("reads a whole number and one unit letter: seconds, minutes, hours, days", () => {
    expect(["30s", "10m", "1h", "2d", "90m", "365d", "999999s"].map(warnSpanMs)).toEqual([
      30_000,
      600_000,
      3_600_000,
      2 * 86_400_000,
      5_400_000,
      365 * 86_400_000,
      999_999_000,
    ]);
  });

  it("is no span for anything else: the option is ignored", () => {
    for (const value of [
      undefined,
      "",
      "0s",
      "01h",
      "1",
      "h",
      "1.5h",
      "1 h",
      "1H",
      "1w",
      "1h30m",
      "P1D",
      "2 days",
      "366d",
      "1000000s",
      "-1h",
    ])
      expect(warnSpanMs(value), String(value)).toBeUndefined();
  });

  it("holds from its start to the target: the seconds the count shows at most the span, and more than none", () => {
    expect(inWarnSpan(3600, 3_600_000)).toBe(true);
    expect(inWarnSpan(3601, 3_600_000)).toBe(false);
    expect(inWarnSpan(1, 3_600_000)).toBe(true);
    expect(inWarnSpan(0, 3_600_000)).toBe(false);
    expect(inWarnSpan(1, undefined)).toBe(false);
  });

  it("leaves the evergreen durations as they were: from a minute to 365 days, whole minutes", () => {
    expect(parseDuration("72h")).toEqual({ ms: 72 * 3_600_000 });
    expect(parseDuration("30s")).toEqual({ error: expect.stringContaining("shorter than 1 minute") });
    expect(parseDuration("90s")).toEqual({ error: expect.stringContaining("not a whole number of minutes") });
    expect(parseDuration("400 days")).toEqual({ error: expect.stringContaining("longer than 365 days") });
  });
});

describe("the warning colours", () => {
  it("read at 4.5:1 on every background of their scheme, and are not the accent's hue", () => {
    for (const bg of LIGHT_BACKGROUNDS)
      expect(contrastRatio(rgbOf(WARN_COLOURS.light)!, bg)).toBeGreaterThanOrEqual(READABLE_RATIO);
    for (const bg of DARK_BACKGROUNDS)
      expect(contrastRatio(rgbOf(WARN_COLOURS.dark)!, bg)).toBeGreaterThanOrEqual(READABLE_RATIO);
    for (const hex of Object.values(WARN_COLOURS)) {
      const [r, g, b] = rgbOf(hex)!;
      expect(r).toBeGreaterThan(Math.max(g, b) + 100);
    }
    // Over a picture the widget's time left stays white, on a card of the light one (widget-more.css).
    expect(contrastRatio([255, 255, 255], rgbOf(WARN_COLOURS.light)!)).toBeGreaterThanOrEqual(READABLE_RATIO);
  });
});

describe("warn as a countdown's widget default", () => {
  it("is kept as the embed's query, as the email image's is", () => {
    const parsed = parseCountdownFile(
      "countdowns/launch.md",
      `---\ntitle: Launch\ntarget: "2031-01-01T00:00:00Z"\nwidget:\n  warn: 10m\n---\n`,
    );
    expect(parsed.countdown?.widget).toBe("warn=10m");
  });
});

describe("warn as a countdown's email default", () => {
  const parsed = (value: string) =>
    parseCountdownFile(
      "countdowns/launch.md",
      `---\ntitle: Launch\ntarget: "2031-01-01T00:00:00Z"\nemail:\n  warn: ${value}\n---\n`,
    );
  it("is kept as the image's query, and a span it does not take is the build's problem", () => {
    expect(parsed("1h").countdown?.email).toBe("warn=1h");
    expect(parsed('"1 hour"').problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'email.warn: "1 hour" is not a value of warn; write a span like "1h", "10m", "30s" or "2d"',
    ]);
  });
});
