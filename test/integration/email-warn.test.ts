// The email image's `warn` (src/time/warn.ts, src/images/email-image.ts): from the first frame whose
// time left is inside the span, the count is drawn in the warning colour instead of the accent, and
// not a frame before. Drawn at a fixed instant, read back frame by frame from the GIF.
import { describe, expect, it } from "vitest";
import { renderEmailGif, renderEmailPng } from "../../src/images/email-image.ts";
import { resolveEmailOptions } from "../../src/images/email-options.ts";
import type { EmailCountdown } from "../../src/images/email-look.ts";
import { WARN_COLOURS, rgbOf } from "../../src/colour/colour.ts";
import { decodeGif, decodePng, type Rgba } from "../support/image-reader.ts";

/** A whole second long past, and a countdown 3630 s after it: its frames show 3629 s left, then one less each. */
const NOW = Date.parse("2030-06-01T12:00:00Z");
const TARGET = NOW + 3_630_000;
const COUNTDOWN: EmailCountdown = {
  title: "Doors open",
  lang: "en",
  zone: "UTC",
  status: "scheduled",
  targetAt: (nowMs) => ({ targetMs: TARGET, over: nowMs >= TARGET }),
  done: "Open",
  statusWords: "",
};
/** The themes' accents and warning colours, as the email image draws them (src/images/email-look.ts). */
const ACCENT = { light: [36, 73, 216], dark: [140, 174, 255] } as const;

/** How many pixels of `picture` are exactly `colour`. */
const count = ({ data }: Rgba, colour: readonly number[]) => {
  let n = 0;
  for (let i = 0; i < data.length; i += 4)
    if (data[i] === colour[0] && data[i + 1] === colour[1] && data[i + 2] === colour[2]) n++;
  return n;
};

describe("the email image's warn", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`draws the time left in the warning colour from the first frame in the span on, and not before (${theme})`, () => {
      const warn = rgbOf(WARN_COLOURS[theme])!;
      const accent = ACCENT[theme];
      // The last hour: the 29th frame after the first shows 3600 s, 1:00:00.
      const gif = decodeGif(renderEmailGif(COUNTDOWN, resolveEmailOptions("", `warn=1h&theme=${theme}`), NOW).bytes);
      expect(gif.frames).toHaveLength(60);
      const inks = gif.frames.map(({ shown }) => [count(shown, accent) > 0, count(shown, warn) > 0]);
      expect(inks.findIndex(([, warned]) => warned)).toBe(29);
      for (const [k, [accented, warned]] of inks.entries())
        expect([accented, warned], `frame ${k}`).toEqual(k < 29 ? [true, false] : [false, true]);
      // A span the frames never reach: the accent throughout; the whole of it inside a longer span.
      const before = decodeGif(
        renderEmailGif(COUNTDOWN, resolveEmailOptions("", `warn=59m&theme=${theme}`), NOW).bytes,
      );
      expect(before.frames.every(({ shown }) => count(shown, warn) === 0 && count(shown, accent) > 0)).toBe(true);
      const inside = decodeGif(renderEmailGif(COUNTDOWN, resolveEmailOptions("", `warn=2h&theme=${theme}`), NOW).bytes);
      expect(inside.frames.every(({ shown }) => count(shown, warn) > 0 && count(shown, accent) === 0)).toBe(true);
    });
  }

  it("is the PNG's colour too, and an invalid span is ignored: the image is as without it, byte for byte", () => {
    const warn = rgbOf(WARN_COLOURS.light)!;
    const png = decodePng(renderEmailPng(COUNTDOWN, resolveEmailOptions("", "warn=2h"), NOW).bytes);
    expect([count(png, warn) > 0, count(png, ACCENT.light)]).toEqual([true, 0]);
    const plain = renderEmailGif(COUNTDOWN, resolveEmailOptions("", ""), NOW).bytes;
    for (const invalid of ["1x", "0h", "1.5h", "h", "1 h", "366d", "90"])
      expect(
        renderEmailGif(COUNTDOWN, resolveEmailOptions("", `warn=${encodeURIComponent(invalid)}`), NOW).bytes,
        invalid,
      ).toEqual(plain);
  });
});
