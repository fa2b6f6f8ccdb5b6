// Fixture countdowns: the cases the contract names, with targets relative to the run's clock
// (TEST_NOW), so the tests mean the same thing on any day. No test reads the shipped samples but the
// one that checks they are valid (test/integration/samples.test.ts).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isoSeconds } from "../../src/time/time-left.ts";
import { encodePng } from "../../src/images/png.ts";
import { TEST_NOW } from "./paths.ts";
import { DateTime } from "luxon";

const DAY = 86_400_000;

/** A whole-second instant `days` after the run's clock. */
export function fromNow(days: number): string {
  return isoSeconds(Math.floor((TEST_NOW + days * DAY) / 1000) * 1000);
}

/** 200 characters, the longest title allowed, in words that wrap. */
export const LONGEST_TITLE =
  "The longest title a countdown may have, written out in plain words so that it wraps across several lines of the widget and still has to fit a frame of 280 by 180 pixels without clipping!!".padEnd(
    200,
    "!",
  );

/** 200 characters of what a careless or hostile author might write, at the length limit. */
const HOSTILE_START = `</script><script>alert(1)</script> "double" 'single' & amp; \u202Eevil RTL\u202C 🚀🎉 <img src=x onerror=alert(2)> {{ 7*7 }} {% raw %} <!-- -->`;
export const HOSTILE_LONG_TITLE = HOSTILE_START + "x".repeat(200 - [...HOSTILE_START].length);
const HOSTILE_DESCRIPTION =
  "<script>alert(3)</script>\n\n[click](javascript:alert(4)) <img src=x onerror=alert(5)> **bold** </textarea>";
export const HOSTILE_DONE = `</p><script>alert(6)</script>"'&`;

export const HOSTILE_TITLE = `Launch <b>"party"</b> & 'more' </script><script>alert(1)</script>`;

/** A weekly countdown at 17:00 in Berlin, from a Friday long past: it repeats across every DST change. */
export const WEEKLY_BERLIN = {
  slug: "weekly-berlin",
  start: "2024-01-05 17:00",
  zone: "Europe/Berlin",
  weekday: 5,
  hour: 17,
};

/** A daily countdown at 09:30 in New York that ends: its last occurrence is the last 09:30 up to `until`. */
export const DAILY_UNTIL = {
  slug: "daily-until",
  start: "2024-03-05 09:30",
  until: "2024-03-12 12:00",
  zone: "America/New_York",
};

/** A countdown in German whose widget has defaults for some options in its front matter. */
export const WIDGET_DEFAULTS = {
  slug: "widget-defaults",
  widget: { theme: "dark", layout: "units", units: "hm", accent: "fb7185", date: "utc", font: "serif" },
  /** Its own words for hours and minutes (`unit_words`), in place of Intl's German ones. */
  unitWords: { hour: { one: "Std.", other: "Std." }, minute: { other: "Min." } },
};

/** The call to action of the widget-defaults countdown (front matter only). */
export const WIDGET_LINK = { text: "Tickets & more", url: "https://tickets.example/concert?a=1&b=2" };

/** An evergreen countdown in German: 72 hours from each viewer's own start, starts without an offset read in Berlin. */
export const EVERGREEN = {
  slug: "willkommen",
  hours: 72,
  zone: "Europe/Berlin",
  title: "Willkommensangebot: 20 % Rabatt",
};

/** An evergreen countdown capped by `until` 10 hours after the run's clock: a viewer who started an hour ago counts to the cap, not 72 hours on. */
export const EVERGREEN_CAPPED = {
  slug: "angebot-bis",
  hours: 72,
  zone: "Europe/Berlin",
  until: fromNow(10 / 24),
};

/** The go links (`go:`) of the go-sale, go-ended and angebot-bis countdowns: /go/<slug> sends to `before`, then to `after`. */
export const GO_LINKS = { before: "https://shop.example/sale?ref=countdown", after: "https://shop.example/next" };
const GO_FIELD = `go:\n  before: "${GO_LINKS.before}"\n  after: "${GO_LINKS.after}"\n`;

/**
 * The go-ended countdown's done image: a PNG beside the countdowns folder, its left half red and its
 * right half blue, so a drawing of it is known by its colours.
 */
export const DONE_IMAGE = {
  file: "images/sale-over.png",
  width: 120,
  height: 60,
  left: [220, 20, 60],
  right: [30, 60, 200],
} as const;

/** A PNG of `width` × `height`, its left half in `left` and its right half in `right`. */
function halvesPng({
  width,
  height,
  left,
  right,
}: {
  width: number;
  height: number;
  left: readonly [number, number, number];
  right: readonly [number, number, number];
}) {
  const pixels = new Uint8Array(width * height).map((_, i) => (i % width < width / 2 ? 0 : 1));
  return encodePng(width, height, [left, right], pixels);
}

export const doneImageBytes = (): Uint8Array => halvesPng(DONE_IMAGE);

/**
 * A countdown with an image (its file's `image`, the header of its page, its preview's and its
 * widget's background): a PNG of the least size, its left half white (the brightest a picture can be,
 * under which the scrims must still make text read) and its right half blue.
 */
export const HEADER_IMAGE = {
  slug: "launch-image",
  title: "Launch day",
  alt: "A white and blue banner",
  file: "images/launch.png",
  width: 600,
  height: 315,
  left: [255, 255, 255],
  right: [30, 60, 200],
} as const;

export const headerImageBytes = (): Uint8Array => halvesPng(HEADER_IMAGE);

/**
 * A delivery cut-off on weekdays at 14:00 in Berlin (an RFC 5545 rule), from a Monday long past, with
 * one occurrence left out: the first Christmas Day on a weekday at least 30 days after the run's clock.
 */
export const WEEKDAY_CUTOFF = /* @__PURE__ */ (() => {
  let christmas = DateTime.fromMillis(TEST_NOW, { zone: "Europe/Berlin" }).set({ month: 12, day: 25 }).startOf("day");
  while (christmas.weekday > 5 || christmas.toMillis() < TEST_NOW + 30 * DAY)
    christmas = christmas.plus({ years: 1 }).set({ month: 12, day: 25 });
  return {
    slug: "cutoff",
    start: "2024-01-01 14:00",
    zone: "Europe/Berlin",
    hour: 14,
    rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    except: christmas.toISODate()!,
  };
})();

/** `<slug>.md` contents by slug. */
export function fixtureFiles(): Record<string, string> {
  return {
    "future-launch": `---\ntitle: ${JSON.stringify(HOSTILE_TITLE)}\ntarget: "${fromNow(3.2)}"\ndone: "We have lift-off"\n---\nThe **launch** <em>party</em>.\n`,
    "long-past": `---\ntitle: "Long past"\ntarget: "2000-01-01T00:00:00Z"\n---\n`,
    "recently-ended": `---\ntitle: "Recently ended"\ntarget: "${fromNow(-1)}"\n---\n`,
    "tie-b": `---\ntitle: "Tie B"\ntarget: "${fromNow(30).slice(0, 10)}T12:00:00Z"\n---\n`,
    "tie-a": `---\ntitle: "Tie A"\ntarget: "${fromNow(30).slice(0, 10)}T12:00:00Z"\n---\n`,
    "hostile-content": `---\ntitle: ${JSON.stringify(HOSTILE_LONG_TITLE)}\ntarget: "${fromNow(5)}"\ndone: ${JSON.stringify(HOSTILE_DONE)}\n---\n${HOSTILE_DESCRIPTION}\n`,
    "longest-title": `---\ntitle: "${LONGEST_TITLE}"\ntarget: "${fromNow(1234.5)}"\n---\n`,
    "berlin-wall-clock": `---\ntitle: "Berlin wall clock"\ntarget: "2099-07-01T12:00:00"\ntimezone: "Europe/Berlin"\n---\n`,
    // The widget's browser tests (test/e2e/widget.test.ts).
    [WEEKLY_BERLIN.slug]: `---\ntitle: "Friday stream"\ntarget: "${WEEKLY_BERLIN.start}"\ntimezone: "Europe/Berlin"\nrepeat: weekly\ndone: "We are live"\n---\n`,
    [DAILY_UNTIL.slug]: `---\ntitle: "Daily stand-up"\ntarget: "${DAILY_UNTIL.start}"\ntimezone: "${DAILY_UNTIL.zone}"\nrepeat: daily\nuntil: "${DAILY_UNTIL.until}"\n---\n`,
    "postponed-de": `---\ntitle: "Konzert im Park"\ntarget: "${fromNow(40)}"\nlang: de\nstatus: postponed\n---\n`,
    "cancelled-fr": `---\ntitle: "Concert annulé"\ntarget: "${fromNow(41)}"\nlang: fr\nstatus: cancelled\n---\n`,
    [EVERGREEN.slug]: `---\ntitle: "${EVERGREEN.title}"\nevergreen: "${EVERGREEN.hours}h"\ntimezone: "${EVERGREEN.zone}"\nlang: de\n---\nIhr persönliches Angebot.\n`,
    [EVERGREEN_CAPPED.slug]: `---\ntitle: "Angebot bis Kampagnenende"\nevergreen: "${EVERGREEN_CAPPED.hours}h"\nuntil: "${EVERGREEN_CAPPED.until}"\ntimezone: "${EVERGREEN_CAPPED.zone}"\nlang: de\nunlisted: true\n${GO_FIELD}widget:\n  link: { text: "Zum Angebot" }\n---\n`,
    [WEEKDAY_CUTOFF.slug]: `---\ntitle: "Order by 2 pm"\ntarget: "${WEEKDAY_CUTOFF.start}"\ntimezone: "${WEEKDAY_CUTOFF.zone}"\nrepeat: "${WEEKDAY_CUTOFF.rule}"\nexcept: ["${WEEKDAY_CUTOFF.except}"]\nunlisted: true\n---\n`,
    // A sale whose links change at zero: counting, and ended.
    "go-sale": `---\ntitle: "Sale"\ntarget: "${fromNow(3)}"\nunlisted: true\n${GO_FIELD}widget:\n  link: { text: "Shop now" }\n---\n`,
    [HEADER_IMAGE.slug]: `---\ntitle: "${HEADER_IMAGE.title}"\ntarget: "${fromNow(6)}"\nunlisted: true\nimage: "${HEADER_IMAGE.file}"\nimage_alt: "${HEADER_IMAGE.alt}"\n---\n`,
    "go-ended": `---\ntitle: "Sale over"\ntarget: "${fromNow(-2)}"\nunlisted: true\ndone_image: "${DONE_IMAGE.file}"\n${GO_FIELD}widget:\n  link: { text: "Next sale" }\n---\n`,
    [WIDGET_DEFAULTS.slug]: `---\ntitle: "Eigene Voreinstellungen"\ntarget: "${fromNow(12.5)}"\nlang: de\ndone: "Geschafft"\nunit_words:\n  hour: [Std., Std.]\n  minute: Min.\nwidget:\n${Object.entries(
      WIDGET_DEFAULTS.widget,
    )
      .map(([name, value]) => `  ${name}: "${value}"`)
      .join("\n")}\n  link: { text: "${WIDGET_LINK.text}", url: "${WIDGET_LINK.url}" }\n---\n`,
  };
}

/**
 * The fixtures' logo: a 3:1 SVG (drawn 96 x 32 in the pages' header) coloured by its own stylesheet,
 * as design tools export them: its rectangle is blue only where the SVG's styles apply (black otherwise).
 */
export const FIXTURE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 30"><style>rect{fill:#0b57d0}</style><rect width="90" height="30" rx="6"/><circle cx="15" cy="15" r="9" fill="#fff"/></svg>\n`;

/** The fixtures' site file (the defaults but for a logo) and its logo beside it. */
export function writeFixtureSite(siteFile: string): void {
  mkdirSync(path.dirname(siteFile), { recursive: true });
  writeFileSync(path.join(path.dirname(siteFile), "logo.svg"), FIXTURE_LOGO);
  writeFileSync(siteFile, `${JSON.stringify({ logo: "logo.svg" })}\n`);
}

/** Writes the fixtures into `dir`, replacing what was there, and the done image beside it. */
export function writeFixtureCountdowns(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(path.dirname(dir), path.dirname(DONE_IMAGE.file)), { recursive: true });
  writeFileSync(path.join(path.dirname(dir), DONE_IMAGE.file), doneImageBytes());
  writeFileSync(path.join(path.dirname(dir), HEADER_IMAGE.file), headerImageBytes());
  for (const [slug, text] of Object.entries(fixtureFiles())) writeFileSync(path.join(dir, `${slug}.md`), text);
}
