// The images read back by Tesseract (Debian: tesseract-ocr, tesseract-ocr-jpn), an OCR engine that
// knows nothing of how they were drawn: the email image's count is the JSON's time left, and a
// Japanese title and date come out as the characters they are, not as boxes.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { emailAnswers } from "../../src/live/email.ts";
import { createLiveHandler } from "../../src/live/handler.ts";
import { testLiveStore } from "../support/live-store.ts";
import { renderPreview } from "../../src/images/preview-image.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { PNG } from "pngjs";
import { decodeGif, type Rgba } from "../support/image-reader.ts";

const TESSERACT = "/usr/bin/tesseract";
const JAPANESE = "/usr/share/tesseract-ocr/5/tessdata/jpn.traineddata";
beforeEach(() => {
  const missing = [TESSERACT, JAPANESE].filter((file) => !existsSync(file));
  if (missing.length)
    throw new Error(`no ${missing.join(", ")}: install them with "apt-get install -y tesseract-ocr tesseract-ocr-jpn"`);
});

const work = mkdtempSync(path.join(tmpdir(), "ocr-"));
/** What Tesseract reads in a PNG, white space taken out (it puts spaces between Japanese characters). */
function read(png: Uint8Array, lang: string): string {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.png`);
  writeFileSync(file, png);
  return execFileSync(TESSERACT, [file, "stdout", "-l", lang, "--psm", "6"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).replace(/\s+/g, "");
}

const START = Date.parse("2031-05-14T09:26:40Z");
const store = testLiveStore(
  [
    { slug: "sale", title: "Summer sale", targetDate: isoSeconds(START + 3 * 86_400_000 + 7 * 3_600_000 + 1234_000) },
    {
      slug: "hanabi",
      title: "花火大会のカウントダウン",
      targetDate: "2031-08-02T10:00:00Z",
      zone: "Asia/Tokyo",
      lang: "ja",
    },
    // Evergreen: 72 hours from each recipient's start; a start without an offset is a time in Berlin.
    { slug: "offer", title: "Welcome offer", evergreen: 72 * 3600, zone: "Europe/Berlin" },
  ],
  { version: "ocr" },
);
const handler = createLiveHandler({
  store: () => store,
  answers: { ...LIVE_ANSWERS, ...emailAnswers() },
  now: () => START + 400,
  log: () => {},
});
const handlerAt = (nowMs: number) =>
  createLiveHandler({
    store: () => store,
    answers: { ...LIVE_ANSWERS, ...emailAnswers() },
    now: () => nowMs,
    log: () => {},
  });
const getAt = async (target: string, nowMs = START + 400) =>
  (nowMs === START + 400 ? handler : handlerAt(nowMs))({
    method: "GET",
    pathname: target.split("?")[0]!,
    query: target.split("?")[1] ?? "",
  });
const get = (target: string) => getAt(target);
const two = (n: number) => String(n).padStart(2, "0");
const countOf = (timeLeft: { days: number; hours: number; minutes: number; seconds: number }) =>
  `${timeLeft.days}d${two(timeLeft.hours)}h${two(timeLeft.minutes)}m${two(timeLeft.seconds)}s`;
/** A decoded frame as a PNG, for Tesseract. */
const pngOf = ({ width, height, data }: Rgba) => {
  const png = new PNG({ width, height });
  png.data = Buffer.from(data);
  return new Uint8Array(PNG.sync.write(png));
};

describe("the images, read back by Tesseract", () => {
  it("the email image's count is the JSON's time left", async () => {
    const { timeLeft } = JSON.parse(String((await get("/api/countdown/sale")).body));
    const png = (await get("/api/email/sale.png?title=hide&width=480")).body as Uint8Array;
    expect(read(png, "eng")).toContain(
      `${timeLeft.days}d${two(timeLeft.hours)}h${two(timeLeft.minutes)}m${two(timeLeft.seconds)}s`,
    );
  });

  it("the email image's labels in words are the language's words for the JSON's time left, and colons stand between numbers alone", async () => {
    const { timeLeft } = JSON.parse(String((await get("/api/countdown/sale")).body));
    const numbers = [timeLeft.days, timeLeft.hours, timeLeft.minutes, timeLeft.seconds] as number[];
    // Intl's own words, with the count's padding: "3 Tage 07 Stunden 20 Minuten 34 Sekunden".
    const words = ["day", "hour", "minute", "second"]
      .map((unit, i) =>
        new Intl.NumberFormat("de", {
          style: "unit",
          unit,
          unitDisplay: "long",
          minimumIntegerDigits: i ? 2 : 1,
        }).format(numbers[i]!),
      )
      .join("")
      .replace(/\s+/g, "");
    const png = (await get("/api/email/sale.png?title=hide&width=800&labels=long&lang=de")).body as Uint8Array;
    expect(read(png, "eng")).toContain(words);
    const colons = (await get("/api/email/sale.png?title=hide&width=480&labels=none&separator=colon"))
      .body as Uint8Array;
    expect(read(colons, "eng")).toContain(`${timeLeft.days}:${numbers.slice(1).map(two).join(":")}`);
  });

  it("an evergreen countdown's frames count to the start's deadline: each frame read is the JSON's time left for that start and second", async () => {
    // Written as a mailing tool writes a date field: a wall clock in the countdown's zone, its space a "+".
    const redirect = await get("/api/email/offer.gif?title=hide&width=480&frames=40&start=2031-05-13+10:00");
    expect(redirect.status).toBe(308);
    const location = redirect.headers.Location!;
    expect(location).toBe(
      `offer.gif?title=hide&width=480&frames=40&start=${Date.parse("2031-05-13T08:00:00Z") / 1000}`,
    );
    const gif = decodeGif((await get(`/api/email/${location}`)).body as Uint8Array);
    expect(gif.frames).toHaveLength(40);
    for (const k of [0, 19, 20, 39]) {
      const { timeLeft } = JSON.parse(
        String((await getAt("/api/countdown/offer?start=2031-05-13T10:00", START + 400 + k * 1000)).body),
      );
      expect(read(pngOf(gif.frames[k]!.shown), "eng"), `frame ${k}`).toContain(countOf(timeLeft));
    }
    // 1d 22h 33m 19s at the request: the minute turns over at the 20th frame.
    expect(read(pngOf(gif.frames[19]!.shown), "eng")).toContain("1d22h33m00s");
    expect(read(pngOf(gif.frames[20]!.shown), "eng")).toContain("1d22h32m59s");
  });

  it("a Japanese title and date in the email image and the link preview are Japanese text, not boxes", async () => {
    const email = (await get("/api/email/hanabi.png?density=2")).body as Uint8Array;
    const emailText = read(email, "jpn");
    expect(emailText).toContain("花火大会");
    expect(emailText).toContain("2031年8月2日");
    const preview = renderPreview({
      title: "花火大会のカウントダウン",
      lang: "ja",
      when: "2031年8月2日土曜日 19:00 JST",
      whenFollowsTitle: true,
      accent: "#8caeff",
      siteName: "Countdowns",
      pageUrl: "https://example.test/hanabi/",
    });
    const previewText = read(preview, "jpn");
    expect(previewText).toContain("花火大会");
    expect(previewText).toContain("2031年8月2日");
  });
});
