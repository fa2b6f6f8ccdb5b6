// The email image's faces (`layout=ring`, `flip`, `digital`), through the live handler at a fixed
// clock, read back by independent decoders (test/support/image-reader.ts). Each frame of the GIF is
// the same picture as that second drawn alone; what it shows is checked from its pixels: from one
// second to the next only the seconds' column changes (on the left in Arabic); a ring's filled part,
// measured along its circle, is the shared rule's fraction (src/time/shape-rules.ts) of the JSON's
// count; the digital digits' lit segments are the seven-segment map of the JSON's count; the flip
// cards' digits read as the JSON's count, on cards split at the middle, their top halves darker.
import { describe, expect, it } from "vitest";
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { emailAnswers } from "../../src/live/email.ts";
import { emailDrawings } from "../../src/live/email-drawings.ts";
import { createLiveHandler } from "../../src/live/handler.ts";
import type { LiveCountdown } from "../../src/live/live-store.ts";
import { ringFraction } from "../../src/time/shape-rules.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { testLiveStore } from "../support/live-store.ts";
import { decodeGif, decodePng, differingPixels, readCount, type Rgba } from "../support/image-reader.ts";

const SECOND = 1000;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The clock: 0.4 s into a second, far from today. */
const START = Date.parse("2031-05-14T09:26:40Z");
const NOW = START + 400;
const at = (ms: number) => isoSeconds(ms);
const FACES = ["ring", "flip", "digital"];

const countdowns: LiveCountdown[] = [
  // 3d 00h 00m 19.6s at the request: days, hours and minutes all turn over at the 21st frame.
  { slug: "sale", title: "Summer sale", targetDate: at(START + 3 * DAY + 20 * SECOND), zone: "Europe/Berlin" },
  { slug: "arabic", title: "تخفيضات الصيف", targetDate: at(START + 3 * DAY + 20 * SECOND), lang: "ar" },
  // 200d 17h 42m 30s: every ring partly full.
  { slug: "mixed", title: "Mixed", targetDate: at(START + 200 * DAY + 17 * HOUR + 42 * 60 * SECOND + 31 * SECOND) },
  // Five digits of days.
  { slug: "far", title: "Far", targetDate: at(START + 12_345 * DAY + 5 * HOUR) },
  // Five seconds left: five frames of count, then the done message.
  { slug: "soon", title: "Soon", targetDate: at(START + 5 * SECOND), done: "The sale has ended" },
  // Evergreen: 72 hours from each viewer's start; its days' ring holds 3 days.
  { slug: "offer", title: "Welcome offer", evergreen: 72 * 3600, zone: "Europe/Berlin" },
];
const store = testLiveStore(countdowns, { version: "email-faces-test" });
const clock = { now: NOW };
const handler = createLiveHandler({
  store: () => store,
  answers: { ...LIVE_ANSWERS, ...emailAnswers(emailDrawings(undefined, undefined, Infinity)) },
  now: () => clock.now,
  log: () => {},
});
async function get(target: string, nowMs = NOW) {
  clock.now = nowMs;
  const answer = await handler({ method: "GET", pathname: target.split("?")[0]!, query: target.split("?")[1] ?? "" });
  return { ...answer, bytes: answer.body as Uint8Array };
}

/** Red on white, black text, no title: the count is the only red in the picture. */
const READABLE = "accent=c00000&color=000000&title=hide";
/** How much of the red ink a pixel holds (0 to 1): the faint shades too. */
const red = (r: number, g: number) => (r > 128 ? Math.max(0, r - g) / 192 : 0);
const redAt = (picture: Rgba, x: number, y: number) => {
  const i = (y * picture.width + x) * 4;
  return red(picture.data[i]!, picture.data[i + 1]!);
};

/** The JSON's time left at a clock: days, hours, minutes, seconds. */
async function jsonUnits(slug: string, nowMs: number, query = ""): Promise<number[]> {
  const { timeLeft } = JSON.parse(String((await get(`/api/countdown/${slug}?${query}`, nowMs)).body));
  return [timeLeft.days, timeLeft.hours, timeLeft.minutes, timeLeft.seconds];
}
const two = (n: number) => String(n).padStart(2, "0");

/** The picture of a countdown drawn for one second alone: a one-frame GIF. */
const alone = async (slug: string, query: string, nowMs: number): Promise<Rgba> =>
  decodeGif((await get(`/api/email/${slug}.gif?${query}&frames=1`, nowMs)).bytes).frames[0]!.shown;

/** The box of the pixels where two pictures differ; undefined where none does. */
function differenceBox(a: Rgba, b: Rgba) {
  let [left, right] = [Infinity, -Infinity];
  for (let i = 0; i < a.data.length; i += 4)
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) {
      const x = (i / 4) % a.width;
      [left, right] = [Math.min(left, x), Math.max(right, x + 1)];
    }
  return left === Infinity ? undefined : { left, right };
}

/** Runs of columns holding red ink over `least` between rows `top` and `bottom`: the shapes of a line, left to right. */
function inkRuns(picture: Rgba, least: number, top = 0, bottom = picture.height) {
  const inked = (x: number) => {
    for (let y = top; y < bottom; y++) if (redAt(picture, x, y) > least) return true;
    return false;
  };
  const runs: { left: number; right: number; top: number; bottom: number }[] = [];
  for (let x = 0; x < picture.width; x++) {
    if (!inked(x)) continue;
    const left = x;
    while (x < picture.width && inked(x)) x++;
    let [runTop, runBottom] = [bottom, top];
    for (let y = top; y < bottom; y++)
      for (let bx = left; bx < x; bx++)
        if (redAt(picture, bx, y) > least) [runTop, runBottom] = [Math.min(runTop, y), Math.max(runBottom, y + 1)];
    runs.push({ left, right: x, top: runTop, bottom: runBottom });
  }
  return runs;
}

describe("the email faces (ring, flip, digital)", () => {
  for (const layout of FACES)
    it(`${layout}: 60 frames of one second, each that second drawn alone; from one second to the next only the seconds' column changes, on the left in Arabic`, async () => {
      for (const [slug, query] of [
        ["sale", `${READABLE}&layout=${layout}`],
        ["arabic", `${READABLE}&layout=${layout}&separator=colon&theme=dark`],
      ] as const) {
        const gif = decodeGif((await get(`/api/email/${slug}.gif?${query}`)).bytes);
        expect([gif.width, gif.loops, gif.frames.length]).toEqual([600, null, 60]);
        expect(new Set(gif.frames.map((frame) => frame.delay))).toEqual(new Set([100]));
        const png = decodePng((await get(`/api/email/${slug}.png?${query}`)).bytes);
        expect(differingPixels(png, gif.frames[0]!.shown), `${slug} PNG`).toBe(0);
        for (const [k, frame] of gif.frames.entries())
          expect(differingPixels(frame.shown, await alone(slug, query, NOW + k * SECOND)), `${slug} frame ${k}`).toBe(
            0,
          );
        // The seconds are the last of four columns of the 552 px inside the padding (the first in Arabic).
        const seconds = slug === "sale" ? { left: 24 + 3 * 138, right: 576 } : { left: 24, right: 24 + 138 };
        for (let k = 0; k < 59; k++) {
          const box = differenceBox(gif.frames[k]!.shown, gif.frames[k + 1]!.shown);
          expect(box, `${slug} frames ${k} and ${k + 1}`).toBeDefined();
          // From 3d 00h 00m 00s to 2d 23h 59m 59s (frames 19 and 20), every column changes.
          if (k === 19) expect(box!.right - box!.left, `${slug}: the turn of the days`).toBeGreaterThan(3 * 138);
          else {
            expect(box!.left, `${slug} frames ${k} and ${k + 1}`).toBeGreaterThanOrEqual(seconds.left);
            expect(box!.right, `${slug} frames ${k} and ${k + 1}`).toBeLessThanOrEqual(seconds.right);
          }
        }
      }
    });

  it("ring: each ring is full for the shared rule's fraction of its unit, measured along its circle; the days against an evergreen countdown's duration", async () => {
    const cases: [string, string, number, string][] = [
      ["mixed", "", NOW, ""],
      ["sale", "", NOW + 30 * SECOND, ""],
      ["arabic", "", NOW, ""],
      // A recipient who started 25 hours ago: 1d 23h ... of a 3-day span.
      ["offer", `&start=${(START - 25 * HOUR) / SECOND}`, NOW, "&start=" + (START - 25 * HOUR) / SECOND],
    ];
    for (const [slug, query, nowMs, jsonQuery] of cases) {
      const picture = decodePng((await get(`/api/email/${slug}.png?${READABLE}&layout=ring${query}`, nowMs)).bytes);
      const units = await jsonUnits(slug, nowMs, jsonQuery.slice(1));
      const span = slug === "offer" ? 72 * 3600 : undefined;
      // The rings, left to right: the runs of red (the rings and the numbers inside them).
      const rings = inkRuns(picture, 0.05);
      expect(rings.length, slug).toBe(4);
      const inOrder = slug === "arabic" ? [3, 2, 1, 0] : [0, 1, 2, 3];
      rings.forEach((ring, i) => {
        const unit = inOrder[i]!;
        const [cx, cy] = [(ring.left + ring.right) / 2, (ring.top + ring.bottom) / 2];
        const radius = ((ring.right - ring.left) / 2) * 0.95;
        let full = 0;
        const SAMPLES = 720;
        for (let a = 0; a < SAMPLES; a++) {
          const angle = ((a + 0.5) / SAMPLES) * 2 * Math.PI;
          const [x, y] = [Math.floor(cx + radius * Math.sin(angle)), Math.floor(cy - radius * Math.cos(angle))];
          if (redAt(picture, x, y) > 0.6) full++;
        }
        // The rule: days of the span (3 days here) or of 365, hours of 24, minutes and seconds of 60.
        const whole = [span ? span / 86_400 : 365, 24, 60, 60][unit]!;
        const rule = Math.min(1, units[unit]! / whole);
        expect(
          ringFraction(units[unit]!, unit, span ? span / 86_400 : undefined),
          `the shared rule for unit ${unit}`,
        ).toBe(rule);
        expect(
          Math.abs(full / SAMPLES - rule),
          `${slug}: the ring of unit ${unit} (${units[unit]}), ${full / SAMPLES}`,
        ).toBeLessThan(0.015);
      });
    }
  });

  it("digital: the lit segments of each digit are the seven-segment map of the JSON's count, right to left in Arabic, at every width", async () => {
    // Which segments each digit lights (a top, b and c right, d bottom, e and f left, g middle), and
    // where each segment's middle is in a digit's box (its share of the width and of the height).
    const MAP = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"];
    const WHERE: Record<string, [number, number]> = {
      a: [0.5, 0.06],
      b: [0.9, 0.27],
      c: [0.9, 0.73],
      d: [0.5, 0.94],
      e: [0.1, 0.73],
      f: [0.1, 0.27],
      g: [0.5, 0.5],
    };
    const cases: [string, string, number][] = [
      ["sale", "", NOW],
      ["sale", "", NOW + 20 * SECOND],
      ["mixed", "&width=1200", NOW],
      ["arabic", "&width=300", NOW],
      ["far", "&width=240&labels=none", NOW],
    ];
    for (const [slug, query, nowMs] of cases) {
      const picture = decodePng((await get(`/api/email/${slug}.png?${READABLE}&layout=digital${query}`, nowMs)).bytes);
      const [days, hours, minutes, seconds] = await jsonUnits(slug, nowMs);
      const groups = [String(days), two(hours!), two(minutes!), two(seconds!)];
      const expected = (slug === "arabic" ? groups.toReversed() : groups).join("");
      // Every digit's box holds all seven segments, lit or faint: a run of ink of its own.
      const read = inkRuns(picture, 0.03)
        .map((box) => {
          const lit = Object.entries(WHERE)
            .filter(([, [fx, fy]]) => {
              const [x, y] = [box.left + fx * (box.right - box.left), box.top + fy * (box.bottom - box.top)];
              // The strongest ink near the segment's middle: full where lit, faint where not.
              let most = 0;
              for (let dy = -1; dy <= 1; dy++)
                for (let dx = -1; dx <= 1; dx++)
                  most = Math.max(most, redAt(picture, Math.round(x) + dx, Math.round(y) + dy));
              return most > 0.6;
            })
            .map(([segment]) => segment)
            .join("");
          return MAP.indexOf(lit) < 0 ? "?" : String(MAP.indexOf(lit));
        })
        .join("");
      expect(read, `${slug}${query} at +${nowMs - NOW} ms`).toBe(expected);
    }
  });

  it("flip: the cards' digits read as the JSON's count, each card split at the middle by a line of the background, its top half darker", async () => {
    for (const [slug, nowMs] of [
      ["sale", NOW],
      ["sale", NOW + 20 * SECOND],
      ["mixed", NOW],
    ] as const) {
      const picture = decodePng((await get(`/api/email/${slug}.png?${READABLE}&layout=flip`, nowMs)).bytes);
      const [days, hours, minutes, seconds] = await jsonUnits(slug, nowMs);
      // The digits are the full red; the cards a faint one, under the threshold readCount reads at.
      expect(readCount(picture, red), slug).toBe(`${days}${two(hours!)}${two(minutes!)}${two(seconds!)}`);
      const cards = inkRuns(picture, 0.05);
      expect(cards.length).toBe(4);
      for (const card of cards) {
        // Down the card's left edge, inside its rounded corners, clear of the digits.
        const x = card.left + 3;
        const column = Array.from({ length: card.bottom - card.top }, (_, i) => redAt(picture, x, card.top + i));
        const middle = Math.floor(column.length / 2);
        const split = column.slice(middle - 2, middle + 2);
        expect(Math.min(...split), `${slug}: the line across the card`).toBeLessThan(0.02);
        const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
        const [upper, lower] = [column.slice(4, middle - 3), column.slice(middle + 3, -4)];
        expect(mean(upper), `${slug}: the top half darker`).toBeGreaterThan(mean(lower) + 0.03);
      }
    }
  });

  it("keeps the count's size from its count to the done message, as the text and units layouts do", async () => {
    for (const layout of FACES) {
      const counting = decodePng((await get(`/api/email/soon.png?layout=${layout}`)).bytes);
      const done = decodePng((await get(`/api/email/soon.png?layout=${layout}`, NOW + 10 * SECOND)).bytes);
      expect([done.width, done.height], layout).toEqual([counting.width, counting.height]);
      const gif = decodeGif((await get(`/api/email/soon.gif?layout=${layout}`)).bytes);
      expect(gif.frames.length, layout).toBe(6);
      expect(differingPixels(gif.frames[5]!.shown, done), layout).toBe(0);
    }
  });
});
