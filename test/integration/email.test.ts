// The countdown in email (`/api/email/<slug>.gif` and `.png`), through the live handler as the Node
// server and the Netlify Function call it, at a fixed clock. Every image is decoded by independent
// readers (omggif, pngjs; test/support/image-reader.ts): each frame as a viewer composes it is the
// same picture as a drawing of that second alone, and its digits, told apart by glyphs drawn by resvg
// in the test, are the JSON's time left for that second.
import { readFileSync, readdirSync } from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { EMAIL_OPTION_NAMES } from "../../src/images/email-options.ts";
import { covers, fontFilesFor } from "../../src/images/fonts.ts";
import { LIVE_ROUTES } from "../../src/http/routes.ts";
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { emailAnswers } from "../../src/live/email.ts";
import {
  BUSY_WORK_PER_THREAD,
  MOST_WORK_PER_THREAD,
  emailDrawings,
  workOf,
  type EmailDrawings,
} from "../../src/live/email-drawings.ts";
import { drawEmail, emailTexts, type EmailJob, type Painter } from "../../src/live/email-drawing.ts";
import { unitWord as unitWordOf } from "../../src/text/language-words.ts";
import { onWorkerThreads, startWorker } from "../../src/node/email-painters.ts";
import { Worker } from "node:worker_threads";
import { resolveEmailOptions } from "../../src/images/email-options.ts";
import { createLiveHandler } from "../../src/live/handler.ts";
import type { LiveCountdown } from "../../src/live/live-store.ts";
import { testLiveStore } from "../support/live-store.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { decodeGif, decodePng, differingPixels, readCount, type Rgba } from "../support/image-reader.ts";
import { unitsParts } from "../support/units-text.ts";

const SECOND = 1000;
const DAY = 86_400_000;
/** The clock: 0.4 s into a second, far from today. */
const START = Date.parse("2031-05-14T09:26:40Z");
const NOW = START + 400;
const at = (ms: number) => isoSeconds(ms);

const countdowns: LiveCountdown[] = [
  // 3d 00h 00m 19.6s at the request: days, hours and minutes all turn over at the 21st frame.
  { slug: "sale", title: "Summer sale", targetDate: at(START + 3 * DAY + 20 * SECOND), zone: "Europe/Berlin" },
  // Ten days become nine at the 11th frame: the text gets shorter.
  { slug: "ten-days", title: "Ten days", targetDate: at(START + 10 * DAY + 10 * SECOND) },
  // Five seconds left: five frames of count, then the done message.
  { slug: "soon", title: "Soon", targetDate: at(START + 5 * SECOND), done: "The sale has ended" },
  { slug: "over", title: "Over", targetDate: "2020-01-01T00:00:00Z" },
  {
    slug: "weekly",
    title: "Friday stream",
    targetDate: "2024-01-05T16:00:00Z",
    zone: "Europe/Berlin",
    repeat: { rule: "weekly", start: "2024-01-05T17:00:00" },
  },
  {
    slug: "postponed",
    title: "Konzert im Park",
    targetDate: at(START + 40 * DAY),
    zone: "Europe/Berlin",
    lang: "de",
    status: "postponed",
  },
  {
    slug: "cancelled",
    title: "Konzert im Park",
    targetDate: at(START + 40 * DAY),
    zone: "Europe/Berlin",
    lang: "de",
    status: "cancelled",
  },
  {
    slug: "arabic",
    title: "تخفيضات الصيف",
    targetDate: at(START + 3 * DAY + 20 * SECOND),
    zone: "Asia/Riyadh",
    lang: "ar",
  },
  // Ended, with a done message longer than two lines of the smallest headline at 240 px.
  {
    slug: "long-done",
    title: "Summer sale",
    targetDate: "2020-01-01T00:00:00Z",
    done: "The festival is over: thank you to every visitor, musician, cook and helper who came this year",
  },
  { slug: "defaults", title: "With defaults", targetDate: at(START + 3 * DAY), email: "theme=dark&width=300" },
  // Its own words for hours and minutes (`unit_words`), in German.
  {
    slug: "worte",
    title: "Stadtfest",
    targetDate: at(START + 3 * DAY + 2 * 3600 * SECOND),
    lang: "de",
    unitWords: { hour: { one: "Std.", other: "Std." }, minute: { other: "Min." } },
  },
  // Evergreen: 72 hours from each viewer's start, starts without an offset read in Berlin.
  { slug: "offer", title: "Welcome offer", evergreen: 72 * 3600, zone: "Europe/Berlin" },
  // The same, capped: no viewer's deadline is after the campaign's end, 10 hours from the clock.
  {
    slug: "capped",
    title: "Until the end",
    evergreen: 72 * 3600,
    zone: "Europe/Berlin",
    until: at(NOW - 400 + 10 * 3600 * SECOND),
  },
];
const store = testLiveStore(countdowns, { version: "email-test" });

/**
 * Drawings that wait as long as it takes: the bound on waiting is a time, which a loaded machine can
 * pass in a burst, so only its own test sets one (and short).
 */
const patientDrawings = (limits?: Parameters<typeof emailDrawings>[0], painter?: Parameters<typeof emailDrawings>[1]) =>
  emailDrawings(limits, painter, Infinity);

/** A handler of the email route and the live JSON at a clock the test sets, with drawings of its own. */
function service(drawings: EmailDrawings = patientDrawings()) {
  const clock = { now: NOW };
  const handler = createLiveHandler({
    store: () => store,
    answers: { ...LIVE_ANSWERS, ...emailAnswers(drawings) },
    now: () => clock.now,
    log: () => {},
  });
  const get = async (target: string, nowMs = NOW, signal?: AbortSignal) => {
    clock.now = nowMs;
    const answer = await handler({
      method: "GET",
      pathname: target.split("?")[0]!,
      query: target.split("?")[1] ?? "",
      signal,
    });
    return { ...answer, bytes: answer.body as Uint8Array };
  };
  return { get, drawings };
}

const { get } = service();
/** Red digits on white (dark enough to be kept: 6.6:1), no title: the count is the only red in the picture. */
const READABLE = "accent=c00000&color=000000&title=hide";
const red = (r: number, g: number) => (r > 128 ? Math.max(0, r - g) / 192 : 0);

/** The JSON's time left at a clock, as the count's characters without spaces. */
async function jsonCount(slug: string, nowMs: number): Promise<string> {
  const { timeLeft } = JSON.parse(String((await get(`/api/countdown/${slug}`, nowMs)).body));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${timeLeft.days}d${two(timeLeft.hours)}h${two(timeLeft.minutes)}m${two(timeLeft.seconds)}s`;
}

/** The picture of a countdown drawn for one second alone: a one-frame GIF. */
const alone = async (slug: string, query: string, nowMs: number): Promise<Rgba> =>
  decodeGif((await get(`/api/email/${slug}.gif?${query}&frames=1`, nowMs)).bytes).frames[0]!.shown;

describe("the email GIF", () => {
  it("is 60 frames of one second from the second it is asked for, played once; each frame is that second drawn alone, with the JSON's time left", async () => {
    const answer = await get(`/api/email/sale.gif?${READABLE}`);
    expect(answer.status).toBe(200);
    expect(answer.headers["Content-Type"]).toBe("image/gif");
    const gif = decodeGif(answer.bytes);
    expect([gif.width, gif.loops, gif.frames.length]).toEqual([600, null, 60]);
    expect(new Set(gif.frames.map((frame) => frame.delay))).toEqual(new Set([100]));
    for (const [k, frame] of gif.frames.entries()) {
      // What the JSON says k seconds after the request, and the image asked for then.
      const then = NOW + k * SECOND;
      expect(readCount(frame.shown, red), `frame ${k}`).toBe(await jsonCount("sale", then));
      expect(differingPixels(frame.shown, await alone("sale", READABLE, then)), `frame ${k}`).toBe(0);
    }
    // The turn of days, hours and minutes is in it.
    expect(readCount(gif.frames[19]!.shown, red)).toBe("3d00h00m00s");
    expect(readCount(gif.frames[20]!.shown, red)).toBe("2d23h59m59s");
  });

  it("shows the units asked for, and changes a frame at each change of the smallest: a frame a minute without seconds, a still in hours or days", async () => {
    // The JSON's time left at a clock in a run of units (test/support/units-text.ts).
    const inUnits = async (nowMs: number, run: string) => {
      const { timeLeft } = JSON.parse(String((await get("/api/countdown/sale", nowMs)).body));
      const seconds = timeLeft.days * 86_400 + timeLeft.hours * 3600 + timeLeft.minutes * 60 + timeLeft.seconds;
      return unitsParts(seconds, run).join("");
    };
    const cases = [
      { run: "hms", frames: 3, delays: [100, 100, 100] },
      // 3d 00h 00m 19.6 s left: the minutes change 20 s after the request's second begins, then each minute.
      { run: "dhm", frames: 4, delays: [2000, 6000, 6000, 6000] },
      { run: "hm", frames: 60, delays: [2000, ...Array<number>(59).fill(6000)] },
      { run: "dh", frames: 60, delays: [100] },
      { run: "d", frames: 5, delays: [100] },
    ];
    for (const { run, frames, delays } of cases) {
      const gif = decodeGif((await get(`/api/email/sale.gif?${READABLE}&units=${run}&frames=${frames}`)).bytes);
      expect(
        gif.frames.map((frame) => frame.delay),
        run,
      ).toEqual(delays);
      let shownAt = NOW;
      for (const [k, frame] of gif.frames.entries()) {
        expect(readCount(frame.shown, red), `${run} frame ${k}`).toBe(await inUnits(shownAt, run));
        // The next frame shows once this one's delay (hundredths of a second) has passed.
        shownAt += delays[k]! * 10;
      }
    }
    expect(readCount(await alone("sale", `${READABLE}&units=hms`, NOW), red)).toBe("72h00m19s");
  });

  it("takes the labels and the separator asked for: the numbers alone, with colons; the units layout without its labels or with colons between its columns", async () => {
    expect(readCount(await alone("sale", `${READABLE}&labels=none`, NOW), red)).toBe("3000019");
    expect(readCount(await alone("sale", `${READABLE}&labels=none&separator=colon`, NOW), red)).toBe("3:00:00:19");
    expect(readCount(await alone("sale", `${READABLE}&separator=colon`, NOW), red)).toBe("3d:00h:00m:19s");
    // The units layout: without labels the count is a row of numbers alone, and the image is lower.
    const labelled = await alone("sale", `${READABLE}&layout=units`, NOW);
    const bare = await alone("sale", `${READABLE}&layout=units&labels=none`, NOW);
    expect(readCount(bare, red)).toBe("3000019");
    expect(bare.height).toBeLessThan(labelled.height);
    expect(readCount(await alone("sale", `${READABLE}&layout=units&separator=colon`, NOW), red)).toBe("3:00:00:19");
    // Every frame of an animation with words is that second drawn alone.
    const gif = decodeGif((await get(`/api/email/sale.gif?${READABLE}&labels=long&lang=de&frames=3`)).bytes);
    for (const [k, frame] of gif.frames.entries())
      expect(
        differingPixels(frame.shown, await alone("sale", `${READABLE}&labels=long&lang=de`, NOW + k * SECOND)),
        `frame ${k}`,
      ).toBe(0);
  });

  it("draws a countdown's own words for its units where the image is in its language, Intl's in another", () => {
    const entry = store.get("worte")!;
    const texts = (query: string) =>
      emailTexts({ entry, options: resolveEmailOptions(entry.email ?? "", query), second: NOW }).texts.map(
        (text) => text.text,
      );
    expect(texts("layout=units")).toEqual(expect.arrayContaining(["Std.", "Min."]));
    expect(texts("layout=units")).toContain(unitWordOf("de", "day", 3));
    // 3 days, 1 hour, 59 minutes and 59.6 seconds left.
    expect(texts("labels=long").join(" ")).toContain(
      `3 ${unitWordOf("de", "day", 3)} 01 Std. 59 Min. 59 ${unitWordOf("de", "second", 59)}`,
    );
    expect(texts("layout=units&lang=en")).not.toContain("Std.");
    expect(texts("layout=units&lang=en")).toContain(unitWordOf("en", "hour", 1));
  });

  it("clears what a longer count covered when it gets shorter (10 days, then 9)", async () => {
    const gif = decodeGif((await get(`/api/email/ten-days.gif?${READABLE}&frames=15`)).bytes);
    expect(gif.frames.length).toBe(15);
    for (const k of [9, 10, 14]) {
      expect(readCount(gif.frames[k]!.shown, red)).toBe(await jsonCount("ten-days", NOW + k * SECOND));
      expect(
        differingPixels(gif.frames[k]!.shown, await alone("ten-days", READABLE, NOW + k * SECOND)),
        `frame ${k}`,
      ).toBe(0);
    }
    expect(readCount(gif.frames[10]!.shown, red)).toBe("9d23h59m59s");
  });

  it("ends on the done message from the target on, and stops there", async () => {
    const gif = decodeGif((await get(`/api/email/soon.gif?${READABLE}`)).bytes);
    expect(gif.frames.length).toBe(6);
    // 4.6 s left: the JSON's 4 s, down to its 0 s in the last second before the target.
    expect(gif.frames.slice(0, 5).map((frame) => readCount(frame.shown, red))).toEqual([
      "0d00h00m04s",
      "0d00h00m03s",
      "0d00h00m02s",
      "0d00h00m01s",
      "0d00h00m00s",
    ]);
    // The last frame is the countdown drawn once it is over: one frame alone.
    const doneAlone = decodeGif((await get(`/api/email/soon.gif?${READABLE}`, START + 5 * SECOND)).bytes);
    expect(doneAlone.frames.length).toBe(1);
    expect(differingPixels(gif.frames[5]!.shown, doneAlone.frames[0]!.shown)).toBe(0);
    expect(differingPixels(gif.frames[5]!.shown, gif.frames[4]!.shown)).toBeGreaterThan(500);
    // The author's done message is what it says: another message draws another picture.
    const over = decodeGif((await get(`/api/email/over.gif?${READABLE}`)).bytes);
    expect(over.frames.length).toBe(1);
    expect(differingPixels(over.frames[0]!.shown, doneAlone.frames[0]!.shown)).toBeGreaterThan(500);
  });

  it("of a repeating countdown counts to the next occurrence, as the JSON does", async () => {
    const gif = decodeGif((await get(`/api/email/weekly.gif?${READABLE}&frames=3`)).bytes);
    expect(gif.frames.map((frame) => readCount(frame.shown, red))).toEqual(
      await Promise.all([0, 1, 2].map((k) => jsonCount("weekly", NOW + k * SECOND))),
    );
  });

  it("of a postponed or cancelled countdown is one frame with its status, as large as the count would be", async () => {
    const [postponed, cancelled, scheduled] = await Promise.all(
      ["postponed", "cancelled", "sale"].map(async (slug) =>
        decodeGif((await get(`/api/email/${slug}.gif?title=hide`)).bytes),
      ),
    );
    expect([postponed!.frames.length, cancelled!.frames.length]).toEqual([1, 1]);
    expect(differingPixels(postponed!.frames[0]!.shown, cancelled!.frames[0]!.shown)).toBeGreaterThan(100);
    expect([postponed!.height, cancelled!.height]).toEqual([scheduled!.height, scheduled!.height]);
  });

  it("grows under a done message taller than the count at its smallest, so that it never rises into the title", () => {
    const entry = store.get("long-done")!;
    for (const query of ["width=240&layout=text&labels=long&separator=colon", "width=240", "width=600"]) {
      const image = emailTexts({ entry, options: resolveEmailOptions("", query), second: NOW });
      const inks = image.texts.map(({ ink }) => ink!);
      expect(image.texts.map(({ text }) => text).join(" "), query).toContain("The festival is over");
      inks.forEach((ink, i) => {
        expect(ink.y + ink.height, `${query}: ${image.texts[i]!.text}`).toBeLessThanOrEqual(image.height);
        // One under another from the top, each at least 4 px under the ink of the one before.
        if (i > 0)
          expect(ink.y, `${query}: ${image.texts[i]!.text}`).toBeGreaterThanOrEqual(
            inks[i - 1]!.y + inks[i - 1]!.height + 4,
          );
      });
    }
  });

  it("draws the units layout's numbers in the language's direction: right to left in Arabic", async () => {
    const english = decodeGif((await get(`/api/email/sale.gif?${READABLE}&layout=units&frames=1`)).bytes);
    expect(readCount(english.frames[0]!.shown, red)).toBe("3000019");
    const arabic = decodeGif((await get(`/api/email/arabic.gif?${READABLE}&layout=units&frames=1`)).bytes);
    expect(readCount(arabic.frames[0]!.shown, red)).toBe("1900003");
  });
});

describe("an evergreen countdown", () => {
  /** Starts that all mean 2031-05-13 10:00 in Berlin (08:00 UTC), as mailing tools write them. */
  const SAME_START = [
    "2031-05-13T08:00:00Z",
    "2031-05-13T10:00",
    "2031-05-13 10:00:00",
    "2031-05-13T10:00:00+02:00",
    "2031-05-13T10:00:00 02:00",
    "2031-05-13T04:00:00-0400",
    "2031-05-13T08:00:00.600Z",
    String(Date.parse("2031-05-13T08:00:00Z") / SECOND),
    String(Date.parse("2031-05-13T08:00:00Z")),
  ];
  const DEADLINE = "2031-05-16T08:00:00Z";
  const json = async (query: string, nowMs = NOW) => {
    const answer = await get(`/api/countdown/offer${query}`, nowMs);
    return { status: answer.status, body: JSON.parse(String(answer.body)) };
  };

  it("counts each viewer's duration from their own start: every way of writing one start gives one deadline", async () => {
    for (const start of SAME_START) {
      const { status, body } = await json(`?start=${encodeURIComponent(start).replace(/%20/g, "+")}`);
      expect([start, status, body.targetDate, body.evergreen, body.start]).toEqual([
        start,
        200,
        DEADLINE,
        259200,
        "2031-05-13T08:00:00Z",
      ]);
      expect(body.timeLeft).toEqual({ days: 1, hours: 22, minutes: 33, seconds: 19 });
    }
    // A date alone is midnight in the countdown's zone.
    expect((await json("?start=2031-05-13")).body.targetDate).toBe("2031-05-15T22:00:00Z");
    // Over from the deadline on, as any countdown.
    const over = await json("?start=2031-05-10T09:26:40Z");
    expect([over.body.expired, over.body.timeLeft.days, over.body.timeLeft.seconds]).toEqual([true, 0, 0]);
  });

  it("with `until`, counts to the earlier of the viewer's start plus the duration and the cap, in the JSON and the image", async () => {
    const cap = at(NOW - 400 + 10 * 3600 * SECOND);
    // Started an hour ago: 71 hours are left of the duration, but the campaign ends in 10.
    const hourAgo = `start=${(NOW - 400) / SECOND - 3600}`;
    const capped = (await get(`/api/countdown/capped?${hourAgo}`)).body;
    expect(JSON.parse(String(capped)).targetDate).toBe(cap);
    expect(JSON.parse(String(capped)).timeLeft).toEqual({ days: 0, hours: 9, minutes: 59, seconds: 59 });
    // Started 70 hours ago: its own deadline, 2 hours on, comes first.
    const early = JSON.parse(
      String((await get(`/api/countdown/capped?start=${(NOW - 400) / SECOND - 70 * 3600}`)).body),
    );
    expect(early.targetDate).toBe(at(NOW - 400 + 2 * 3600 * SECOND));
    const gif = decodeGif((await get(`/api/email/capped.gif?${READABLE}&frames=1&${hourAgo}`)).bytes);
    expect(readCount(gif.frames[0]!.shown, red)).toBe("0d09h59m59s");
    // After the cap, every viewer's countdown is over, however recent their start.
    const after = JSON.parse(String((await get(`/api/countdown/capped?${hourAgo}`, NOW + 10 * 3600 * SECOND)).body));
    expect([after.expired, after.targetDate]).toEqual([true, cap]);
  });

  it("refuses a missing, unreadable, future or too old start with a 400 that says what and how, in the error shape", async () => {
    const cases: [string, string, RegExp][] = [
      ["", "start_required", /evergreen.*Add \?start= with an ISO 8601 date/],
      ["?start=", "start_required", /Add \?start=/],
      [
        "?start=*|DATE:Y-m-d|*",
        "invalid_start",
        /"\*\|DATE:Y-m-d\|\*" is not an ISO 8601 date.*merge tag that was not filled in/,
      ],
      ["?start=13/05/2031", "invalid_start", /is not an ISO 8601/],
      ["?start=2031-02-30", "invalid_start", /is not an ISO 8601/],
      ["?start=2031-05-13T10:00:00%2B99:99", "invalid_start", /is not an ISO 8601/],
      [`?start=${at(NOW + 6 * 60 * SECOND)}`, "start_in_future", /is in the future.*at most 5 minutes ahead/],
      [`?start=${at(NOW - 367 * DAY)}`, "start_too_old", /more than 366 days ago/],
    ];
    for (const [query, code, message] of cases) {
      const { status, body } = await json(query);
      expect([query, status, body.error.code]).toEqual([query, 400, code]);
      expect(body.error.message).toMatch(message);
    }
    // A mailing tool's clock a little ahead is no future: up to 5 minutes.
    expect((await json(`?start=${at(NOW + 4 * 60 * SECOND)}`)).status).toBe(200);
    // A countdown with a date ignores a start.
    expect((await get("/api/countdown/sale?start=nonsense")).status).toBe(200);
  });

  it("draws its image for the start: other spellings redirect to Unix seconds, so one deadline is one drawing, and its frames are the JSON's count", async () => {
    const drawings = patientDrawings();
    const own = service(drawings);
    const canonical = `start=${Date.parse("2031-05-13T08:00:00Z") / SECOND}`;
    for (const start of SAME_START.filter((start) => !/^\d{10}$/.test(start))) {
      // Only the options it reads, valid, once each and in their order, travel on: nothing the CDN does not key the redirect on.
      const answer = await own.get(
        `/api/email/offer.gif?title=hide&theme=auto&${READABLE}&start=${encodeURIComponent(start)}&utm_source=news&width=300&width=400&x=${"y".repeat(1500)}`,
      );
      expect([start, answer.status]).toEqual([start, 308]);
      expect(answer.headers.Location).toBe(`offer.gif?accent=c00000&color=000000&title=hide&width=300&${canonical}`);
      expect(answer.headers["Cache-Control"]).toBe("public, max-age=300");
      expect(answer.headers.Pragma).toBeUndefined();
      expect(answer.headers["Netlify-Vary"]).toBe(`query=${[...EMAIL_OPTION_NAMES, "start"].join("|")}`);
    }
    expect(drawings.stats().drawn).toBe(0);
    const answer = await own.get(`/api/email/offer.gif?${READABLE}&frames=3&${canonical}`);
    expect(answer.status).toBe(200);
    // Keyed on the start at the CDN; a countdown with a date is not (a random start cannot get past it).
    expect(answer.headers["Netlify-Vary"]).toBe(`query=${[...EMAIL_OPTION_NAMES, "start"].join("|")}`);
    expect((await get(`/api/email/sale.gif?frames=1&start=${canonical}`)).headers["Netlify-Vary"]).toBe(
      `query=${EMAIL_OPTION_NAMES.join("|")}`,
    );
    const gif = decodeGif(answer.bytes);
    const counts = await Promise.all(
      [0, 1, 2].map(async (k) => {
        const { timeLeft } = (await json(`?${canonical}`, NOW + k * SECOND)).body;
        return `${timeLeft.days}d${String(timeLeft.hours).padStart(2, "0")}h${String(timeLeft.minutes).padStart(2, "0")}m${String(timeLeft.seconds).padStart(2, "0")}s`;
      }),
    );
    expect(gif.frames.map((frame) => readCount(frame.shown, red))).toEqual(counts);
    expect(counts[0]).toBe("1d22h33m19s");
    // The same deadline asked again in its second: the drawing in hand; another start in that second, a drawing of its own.
    await own.get(`/api/email/offer.gif?${READABLE}&frames=3&${canonical}`);
    expect(drawings.stats().drawn).toBe(1);
    const later = decodeGif(
      (await own.get(`/api/email/offer.gif?${READABLE}&frames=3&start=${Date.parse("2031-05-13T09:00:00Z") / SECOND}`))
        .bytes,
    );
    expect(readCount(later.frames[0]!.shown, red)).toBe("1d23h33m19s");
    expect(drawings.stats().drawn).toBe(2);
  });

  it("answers a start it refuses with an image that says so (400), never a drawing", async () => {
    const drawings = patientDrawings();
    const own = service(drawings);
    const missing = await own.get("/api/email/offer.gif");
    const unfilled = await own.get("/api/email/offer.png?start=%7B%7B%20contact.SIGNUP_DATE%20%7D%7D");
    expect([
      missing.status,
      missing.headers["Content-Type"],
      unfilled.status,
      unfilled.headers["Content-Type"],
    ]).toEqual([400, "image/gif", 400, "image/png"]);
    expect(decodeGif(missing.bytes).frames.length).toBe(1);
    expect(decodePng(unfilled.bytes).width).toBe(600);
    expect(
      differingPixels(
        decodeGif(missing.bytes).frames[0]!.shown,
        decodeGif((await own.get("/api/email/offer.gif?start=2099-01-01")).bytes).frames[0]!.shown,
      ),
    ).toBeGreaterThan(100);
    expect(drawings.stats().drawn).toBe(0);
  });
});

describe("the email PNG", () => {
  it("is the GIF's first frame as a still image", async () => {
    for (const query of [
      "",
      "theme=dark&layout=units",
      "density=2&width=320",
      "layout=ring&warn=4d",
      "layout=flip&theme=dark&density=2",
      "layout=digital&separator=colon&width=240",
    ]) {
      const [png, gif] = [await get(`/api/email/sale.png?${query}`), await get(`/api/email/sale.gif?${query}`)];
      expect(png.headers["Content-Type"]).toBe("image/png");
      expect(differingPixels(decodePng(png.bytes), decodeGif(gif.bytes).frames[0]!.shown), query).toBe(0);
    }
  });
});

describe("the email image's options", () => {
  it("set the size, the density, the frames and the theme; the countdown's defaults apply and the query wins", async () => {
    const size = async (target: string) => {
      const gif = decodeGif((await get(target)).bytes);
      return [gif.width, gif.frames.length];
    };
    expect(await size("/api/email/sale.gif?width=240&frames=5")).toEqual([240, 5]);
    expect(await size("/api/email/sale.gif?width=1200&density=2&frames=1")).toEqual([2400, 1]);
    expect(await size("/api/email/defaults.gif?frames=2")).toEqual([300, 2]);
    expect(await size("/api/email/defaults.gif?frames=2&width=500")).toEqual([500, 2]);
    const corner = (picture: Rgba) => [...picture.data.subarray(0, 3)];
    expect(corner(decodePng((await get("/api/email/sale.png")).bytes))).toEqual([255, 255, 255]);
    expect(corner(decodePng((await get("/api/email/defaults.png")).bytes))).toEqual([19, 23, 34]);
    expect(corner(decodePng((await get("/api/email/defaults.png?theme=light")).bytes))).toEqual([255, 255, 255]);
    expect(corner(decodePng((await get("/api/email/sale.png?bg=fde047")).bytes))).toEqual([253, 224, 71]);
  });

  it("ignore an invalid value or an unknown name, as the widget does", async () => {
    const plain = (await get("/api/email/sale.gif")).bytes;
    for (const query of [
      "width=5000",
      "width=239",
      "frames=0",
      "frames=61",
      "frames=1.5",
      "density=3",
      "theme=auto",
      "accent=red",
      "accent=%23ff0000",
      "lang=german",
      "layout=tiles",
      "title=no",
      "utm_source=newsletter",
      "width=" + "9".repeat(2000),
      "%ff%fe=1",
      "theme=dark&theme=light",
    ]) {
      const answer = await get(`/api/email/sale.gif?${query}`);
      expect(answer.status, query).toBe(200);
      if (query !== "theme=dark&theme=light")
        expect(Buffer.compare(Buffer.from(answer.bytes), Buffer.from(plain)), query).toBe(0);
    }
  });

  it("are read once each, the first of a name given twice; a query past 2,048 characters or 32 parameters is a small image saying so (414, 400), whatever it repeats", async () => {
    const dark = (await get("/api/email/sale.gif?theme=dark")).bytes;
    expect(
      Buffer.compare(Buffer.from((await get("/api/email/sale.gif?theme=dark&theme=light")).bytes), Buffer.from(dark)),
    ).toBe(0);
    for (const [query, status] of [
      [`lang=en${"&lang=en".repeat(300)}`, 414],
      [`x=${"y".repeat(2048)}`, 414],
      [Array.from({ length: 33 }, (_, i) => `a${i}=1`).join("&"), 400],
    ] as const) {
      for (const [file, type] of [
        ["sale.gif", "image/gif"],
        ["nothing-here.png", "image/png"],
      ]) {
        const answer = await get(`/api/email/${file}?${query}`);
        expect([answer.status, answer.headers["Content-Type"], answer.headers["Cache-Control"]]).toEqual([
          status,
          type,
          "no-store",
        ]);
      }
    }
    // The JSON routes say it in the error shape.
    const json = await get(`/api/countdown/sale?${"shape=a&".repeat(400)}`);
    expect([json.status, JSON.parse(String(json.body)).error.code]).toEqual([414, "query_too_long"]);
  });

  it("keep colours readable: a text colour too close to the background is replaced by black or white", async () => {
    const picture = decodePng((await get(`/api/email/sale.png?bg=ffffff&accent=fefefe&title=hide`)).bytes);
    let dark = 0;
    for (let i = 0; i < picture.data.length; i += 4) if (picture.data[i]! < 64 && picture.data[i + 1]! < 64) dark++;
    expect(dark).toBeGreaterThan(1000);
  });
});

describe("an email image that is not there", () => {
  it("is a small image saying so, with a 404, in the format asked for; a path without its format is the API's JSON 404", async () => {
    const gif = await get("/api/email/no-such-countdown.gif");
    expect([gif.status, gif.headers["Content-Type"], gif.headers["Cache-Control"]]).toEqual([
      404,
      "image/gif",
      "no-store",
    ]);
    expect(decodeGif(gif.bytes).frames.length).toBe(1);
    const png = await get("/api/email/no-such-countdown.png?density=2");
    expect([png.status, png.headers["Content-Type"], decodePng(png.bytes).width]).toEqual([404, "image/png", 1200]);
    for (const target of ["/api/email/sale", "/api/email/sale.jpg", "/api/email/.gif", "/api/email/%E0%A4%A.gif"]) {
      const answer = await get(target);
      expect([answer.status, answer.headers["Content-Type"]], target).toEqual([404, "application/json; charset=utf-8"]);
    }
    const traversal = await get("/api/email/..%2F..%2Fetc%2Fpasswd.gif");
    expect([traversal.status, traversal.headers["Content-Type"]]).toEqual([404, "image/gif"]);
  });
});

describe("caching that fits email", () => {
  it("mail clients and the proxies of old fetch it anew on every open; Netlify's CDN keeps one drawing per options and second, keyed on the options only", () => {
    const headers: Readonly<Record<string, string>> = LIVE_ROUTES.find((route) => route.name === "email")!.headers;
    expect([headers["Cache-Control"], headers["Pragma"], headers["Expires"]]).toEqual([
      "no-cache, no-store, must-revalidate, max-age=0",
      "no-cache",
      "Thu, 01 Jan 1970 00:00:00 GMT",
    ]);
    expect(Date.parse(headers["Expires"]!)).toBe(0);
    expect(headers["Netlify-CDN-Cache-Control"]).toBe("public, durable, max-age=1");
    expect(headers["Netlify-Vary"]).toBe(`query=${EMAIL_OPTION_NAMES.join("|")}`);
  });

  it("a burst of identical requests costs one drawing, however its query is spelled", async () => {
    const { get: burst, drawings } = service();
    const targets = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? "/api/email/sale.gif?theme=dark&width=300" : "/api/email/sale.gif?width=300&theme=dark&utm_source=x",
    );
    const answers = await Promise.all(targets.map((target) => burst(target)));
    expect(drawings.stats().drawn).toBe(1);
    expect(new Set(answers.map((answer) => Buffer.from(answer.bytes).toString("base64"))).size).toBe(1);
    // The next second is another drawing.
    await burst("/api/email/sale.gif?theme=dark&width=300", NOW + SECOND);
    expect(drawings.stats().drawn).toBe(2);
  });

  it("thousands of requests at once, a hundred and fifty of them distinct: every one answered, drawings kept within their bounds in entries and bytes", async () => {
    const limits = { entries: 50, bytes: 300_000 };
    const { get: burst, drawings } = service(patientDrawings(limits));
    // Meanwhile the live JSON answers between the drawings, not after all of them.
    const answers = Promise.all(
      Array.from({ length: 2400 }, (_, i) => burst(`/api/email/sale.png?width=${240 + (i % 150)}`)),
    );
    const json = await burst("/api/countdown/sale");
    expect(json.status).toBe(200);
    expect(drawings.stats().drawn).toBeLessThan(50);
    const statuses = new Set((await answers).map((answer) => answer.status));
    expect(statuses).toEqual(new Set([200]));
    const stats = drawings.stats();
    expect(stats.drawn).toBe(150);
    expect(stats.kept).toBeLessThanOrEqual(limits.entries);
    expect(stats.keptBytes).toBeLessThanOrEqual(limits.bytes);
    expect([stats.waiting, stats.waitingWork, stats.drawing, stats.refused]).toEqual([0, 0, 0, 0]);
  });

  it("a flood of distinct heavy GIFs: past the work already waiting each takes the busy look (one frame, 600 px, density 1), and past the bound it is refused at once with a 503 image", async () => {
    // Drawn in this thread (as a Netlify function or a Worker draws): the bounds are one thread's.
    const { get: flood, drawings } = service();
    const heavy = (i: number) =>
      `/api/email/sale.gif?width=1200&density=2&layout=units&lang=ko&accent=${i.toString(16).padStart(6, "0")}`;
    const HEAVY = workOf({ options: resolveEmailOptions("", "width=1200&density=2") });
    expect(HEAVY).toBe(16);
    // The first starts at once; the next wait until their work reaches the busy mark; then the busy look, one unit each, up to the bound.
    const full = 1 + BUSY_WORK_PER_THREAD / HEAVY;
    const busy = MOST_WORK_PER_THREAD - BUSY_WORK_PER_THREAD;
    const answers = await Promise.all(Array.from({ length: full + busy + 50 }, (_, i) => flood(heavy(i))));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(full + busy).fill(200), ...Array(50).fill(503)]);
    const gifs = answers.slice(0, full + busy).map((answer) => decodeGif(answer.bytes));
    expect(gifs.map((gif) => [gif.width, gif.frames.length])).toEqual([
      ...Array(full).fill([2400, 60]),
      ...Array(busy).fill([600, 1]),
    ]);
    // Refused: a small image that says so, never kept, with when to ask again.
    const refused = answers.at(-1)!;
    expect([refused.headers["Content-Type"], refused.headers["Cache-Control"], refused.headers["Retry-After"]]).toEqual(
      ["image/gif", "no-store", "5"],
    );
    // 600 CSS pixels wide, the email image's default, at the link's density, whatever width it asked for: one drawing for every refusal.
    expect(decodeGif(refused.bytes).width).toBe(1200);
    expect(drawings.stats()).toMatchObject({ drawn: full + busy, refused: 50, waiting: 0, waitingWork: 0 });
    // Once the queue has drained, the same request is the whole GIF again.
    expect(decodeGif((await flood(heavy(0), NOW + SECOND)).bytes).frames).toHaveLength(60);
  });

  it("drops a drawing before it starts once every request for it has gone; one still waiting keeps it", async () => {
    const { get: flood, drawings } = service();
    const leaving = Array.from({ length: 10 }, () => new AbortController());
    const staying = new AbortController();
    const answers = leaving.map((client, i) => flood(`/api/email/sale.gif?width=${300 + i}`, NOW, client.signal));
    // Two requests for the seventh drawing: one leaves, the other stays.
    const shared = flood("/api/email/sale.gif?width=306", NOW, staying.signal);
    for (const client of leaving) client.abort();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    // The first had started (it is drawn, for no one); the seventh is drawn for the one still there.
    expect(statuses).toEqual([200, 503, 503, 503, 503, 503, 200, 503, 503, 503]);
    expect(decodeGif((await shared).bytes).frames).toHaveLength(60);
    expect(drawings.stats()).toMatchObject({ drawn: 2, abandoned: 8, refused: 0, waiting: 0 });
    // A request that has gone before it is asked for is not drawn at all, and counts as abandoned.
    const gone = new AbortController();
    gone.abort();
    expect((await flood("/api/email/sale.gif?width=555", NOW, gone.signal)).status).toBe(503);
    expect(drawings.stats()).toMatchObject({ drawn: 2, abandoned: 9 });
  });

  it("gives up a drawing that has waited its time without starting: its requests get the busy image, and the next one is drawn", async () => {
    // A painter whose first drawing does not end until it is told to: the one after it waits.
    let finishFirst = () => {};
    let painted = 0;
    const stuck: Painter = {
      threads: 1,
      paint: (job) =>
        painted++ === 0
          ? new Promise((resolve) => (finishFirst = () => resolve(drawEmail(job))))
          : Promise.resolve(drawEmail(job)),
      warnings: () => [],
      close: async () => {},
    };
    const drawings = emailDrawings(undefined, stuck, 200);
    const { get } = service(drawings);
    const first = get("/api/email/sale.gif?width=300");
    const second = await get("/api/email/sale.gif?width=301");
    expect([second.status, second.headers["Retry-After"]]).toEqual([503, "5"]);
    expect(drawings.stats()).toMatchObject({ refused: 1, waiting: 0 });
    finishFirst();
    expect((await first).status).toBe(200);
    expect((await get("/api/email/sale.gif?width=302")).status).toBe(200);
    expect(painted).toBe(2);
  });

  /** A painter of one thread whose first drawing fails with `error`; it draws the others. */
  const failingFirst = (error: Error): Painter => {
    let painted = 0;
    return {
      threads: 1,
      paint: (job) => (painted++ === 0 ? Promise.reject(error) : Promise.resolve(drawEmail(job))),
      warnings: () => [],
      close: async () => {},
    };
  };

  it("counts a drawing its painter fails (a thread ended) apart from those drawn, refused and abandoned, and its request gets the failure", async () => {
    const drawings = patientDrawings(undefined, failingFirst(new Error("no answer in 10 s; the thread was ended")));
    const { get } = service(drawings);
    await expect(get("/api/email/sale.gif?width=300")).rejects.toThrow(/the thread was ended/);
    expect((await get("/api/email/sale.gif?width=301")).status).toBe(200);
    expect(drawings.stats()).toMatchObject({ drawn: 1, failed: 1, refused: 0, abandoned: 0 });
  });
});

describe("drawings on worker threads (the Node server's)", () => {
  const job = (slug: string, query: string, format: "gif" | "png" = "gif"): EmailJob => {
    const entry = store.get(slug)!;
    return {
      entry,
      format,
      options: resolveEmailOptions(entry.email ?? "", query),
      second: Math.floor(NOW / SECOND) * SECOND,
    };
  };

  it("draw the same bytes as this thread does, for every kind of countdown and option", async () => {
    const painter = onWorkerThreads(2);
    try {
      const jobs = [
        job("sale", ""),
        job("sale", "layout=units&theme=dark"),
        job("arabic", "layout=units&density=2"),
        job("weekly", "frames=5"),
        job("postponed", ""),
        job("sale", "", "png"),
      ];
      const evergreen = store.get("offer")!;
      jobs.push({
        ...job("offer", "frames=3"),
        entry: { ...evergreen, targetMs: NOW + DAY, targetDate: at(NOW + DAY), startMs: NOW - 2 * DAY },
      });
      const fromWorkers = await Promise.all(jobs.map((each) => painter.paint(each)));
      for (const [i, each] of jobs.entries())
        expect(Buffer.from(fromWorkers[i]!).equals(Buffer.from(drawEmail(each))), `job ${i}`).toBe(true);
    } finally {
      await painter.close();
    }
  });

  it("give 100 distinct requests at once on 2 threads each its full animation; a job that fails costs only its own request", async () => {
    const drawings = patientDrawings(undefined, onWorkerThreads(2));
    try {
      const { get: burst } = service(drawings);
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => burst(`/api/email/sale.gif?width=${400 + i}`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
      expect(answers.map((answer) => decodeGif(answer.bytes).frames.length)).toEqual(Array(100).fill(60));
      expect(drawings.stats().drawn).toBe(100);
      // A job its thread cannot draw: that drawing fails with the thread's reason, the next one is drawn.
      await expect(drawings.draw("broken", { ...job("sale", ""), entry: null as never })).rejects.toThrow(
        /email drawing failed in its worker thread: TypeError/,
      );
      expect((await burst("/api/email/sale.gif?width=399")).status).toBe(200);
    } finally {
      await drawings.close();
    }
    await expect(drawings.draw("after", job("sale", ""))).rejects.toThrow(/closed/);
  });

  it("draw in this thread while no worker thread can start, say so in the log and the health warnings, and try a thread again later: the first that starts ends it", async () => {
    let clock = 0;
    let broken = true;
    let made = 0;
    const lines: string[] = [];
    const newWorker = () => {
      made++;
      return broken ? new Worker(new URL("file:///nonexistent/email-worker.mjs")) : startWorker();
    };
    const painter = onWorkerThreads(2, newWorker, { log: (line) => lines.push(line), now: () => clock });
    try {
      const jobs = [job("sale", ""), job("sale", "layout=units"), job("weekly", "frames=3")];
      const drawn = await Promise.all(jobs.map((each) => painter.paint(each)));
      for (const [i, each] of jobs.entries())
        expect(Buffer.from(drawn[i]!).equals(Buffer.from(drawEmail(each))), `job ${i}`).toBe(true);
      expect(lines).toEqual([
        expect.stringMatching(
          /^email images: a drawing thread could not start \(.*nonexistent.*\); drawing them in the main thread, and trying a thread again in 1 s$/s,
        ),
      ]);
      expect(painter.warnings()).toEqual([
        expect.stringMatching(
          /^email images: drawn in the main thread since 1970-01-01T00:00:00.000Z, as no drawing thread could start/,
        ),
      ]);
      // Until the next try, no thread is started.
      const tried = made;
      expect(Buffer.from(await painter.paint(jobs[0]!)).equals(Buffer.from(drawn[0]!))).toBe(true);
      expect(made).toBe(tried);
      // A second later a thread is tried again; it starts, and the warning ends.
      broken = false;
      clock += 1000;
      expect(Buffer.from(await painter.paint(jobs[1]!)).equals(Buffer.from(drawn[1]!))).toBe(true);
      expect(made).toBe(tried + 1);
      expect(painter.warnings()).toEqual([]);
      expect(lines.at(-1)).toBe("email images: a drawing thread started again; no longer drawing in the main thread");
    } finally {
      await painter.close();
    }
  });

  it("run at a lower priority than the event loop that answers every other request (a nice value of 10, Linux's per thread)", async () => {
    const nice = () =>
      readdirSync("/proc/self/task").map((task) =>
        Number(readFileSync(`/proc/self/task/${task}/stat`, "utf8").split(") ")[1]!.split(" ")[16]),
      );
    const before = nice().filter((value) => value === 10).length;
    const painter = onWorkerThreads(1);
    try {
      await painter.paint(job("sale", "frames=1"));
      expect(nice().filter((value) => value === 10).length).toBe(before + 1);
      expect(nice()).toContain(0);
    } finally {
      await painter.close();
    }
  });

  it("end a thread that does not answer, fail its drawing alone, and draw the next on a new thread", async () => {
    // A thread that answers nothing, then the real one.
    let made = 0;
    const silent =
      'const { parentPort } = require("node:worker_threads"); parentPort.postMessage({ ready: true }); parentPort.on("message", () => {});';
    // (The limit is each drawing's, the real one's too: wide enough for a new thread to start and draw on a busy machine.)
    const painter = onWorkerThreads(1, () => (made++ === 0 ? new Worker(silent, { eval: true }) : startWorker()), {
      limitMs: 10_000,
    });
    try {
      const hung = painter.paint(job("sale", "frames=1"));
      const next = painter.paint(job("sale", "frames=2"));
      await expect(hung).rejects.toThrow(/no answer in 10 s; the thread was ended/);
      expect(decodeGif(await next).frames).toHaveLength(2);
      expect(made).toBe(2);
    } finally {
      await painter.close();
    }
  });
});

describe("text in every script", () => {
  const SAMPLES = {
    Latin: "Été à Zürich, façade",
    Greek: "Καλοκαιρινές εκπτώσεις",
    Cyrillic: "Летняя распродажа",
    Arabic: "تخفيضات الصيف",
    Hebrew: "מבצע קיץ",
    Chinese: "夏季促销活动",
    Japanese: "夏のセール開始まで",
    Korean: "여름 세일",
    Devanagari: "ग्रीष्मकालीन बिक्री",
    Thai: "ลดราคาฤดูร้อน",
    Emoji: "🎉🚀⏰",
  };

  it("has a face for every character of a title in each script, emoji included, and the CJK collection is loaded only for CJK", () => {
    for (const [script, text] of Object.entries(SAMPLES)) expect(covers(text), script).toBe(true);
    expect(covers("\u{10FFFD}")).toBe(false);
    expect(fontFilesFor(SAMPLES.Latin, 700).some((file) => file.endsWith(".ttc"))).toBe(false);
    expect(fontFilesFor(SAMPLES.Japanese, 700).some((file) => file.endsWith(".ttc"))).toBe(true);
  });
});

describe("what a flood of distinct requests keeps", () => {
  it("levels off: the formats kept for what a request can vary (a language tag, colours, widths) are bounded", async () => {
    // Intl's formats hold their data outside the JS heap: each one made is counted, and each one
    // collected again (a FinalizationRegistry), so what the process keeps is counted exactly.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const kept = { NumberFormat: 0, DateTimeFormat: 0 };
    const collected = new FinalizationRegistry<keyof typeof kept>((name) => kept[name]--);
    const originals = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
    for (const name of ["NumberFormat", "DateTimeFormat"] as const) {
      (Intl as Record<string, unknown>)[name] = new Proxy(originals[name], {
        construct(target, args) {
          const made = Reflect.construct(target, args) as object;
          kept[name]++;
          collected.register(made, name);
          return made;
        },
      });
    }
    const settle = async () => {
      for (let i = 0; i < 5; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return { ...kept };
    };
    try {
      const { get } = service();
      const flood = async (from: number, count: number) => {
        for (let i = from; i < from + count; i++) {
          const hex = ((i * 2654435761) % 0xffffff).toString(16).padStart(6, "0");
          const lang = `en-x-${String(i).padStart(8, "0")}`;
          const answer = await get(
            `/api/email/sale.gif?layout=units&frames=1&lang=${lang}&accent=${hex}&width=${240 + (i % 961)}`,
            NOW + i * SECOND,
          );
          expect(answer.status).toBe(200);
        }
      };
      await flood(0, 500);
      const first = await settle();
      await flood(500, 1500);
      const then = await settle();
      // Unbounded, four unit formats were kept for every distinct language: 6,000 more here.
      expect(then.NumberFormat - first.NumberFormat, JSON.stringify({ first, then })).toBeLessThan(100);
      expect(then.DateTimeFormat - first.DateTimeFormat, JSON.stringify({ first, then })).toBeLessThan(100);
      expect(then.NumberFormat + then.DateTimeFormat).toBeLessThan(1500);
    } finally {
      Object.assign(Intl, originals);
    }
  });

  it("reads a language tag as its language, script and region, and takes none longer than 35 characters", async () => {
    const { resolveEmailOptions } = await import("../../src/images/email-options.ts");
    expect(resolveEmailOptions("", "lang=de-DE-u-ca-buddhist").lang).toBe("de-DE");
    expect(resolveEmailOptions("", "lang=zh-Hant-TW").lang).toBe("zh-Hant-TW");
    expect(resolveEmailOptions("", `lang=en-x-${"a".repeat(40)}`).lang).toBeUndefined();
  });
});
