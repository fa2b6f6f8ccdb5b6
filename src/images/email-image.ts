// The countdown in email: an animated GIF drawn when a mail client asks for it, one frame a second
// from that second on, played once and stopping on its last frame, so it never jumps back in time;
// its first frame alone is right (Outlook on Windows shows only that), and a PNG of it for clients
// that take no GIF. Drawn fast: resvg draws the parts that do not change (the title, the date line)
// once, and the digits once per size (a glyph atlas); each frame after the first is only the
// rectangle of digits that changed. docs/email.md says what it looks like and why.
import { unitsLeft } from "../time/time-left.ts";
import { SECOND } from "../time/units.ts";
import type { EmailOptions } from "./email-options.ts";
import { colorsOf, type EmailCountdown, type Moment, type Rect } from "./email-look.ts";
import { layoutOf } from "./email-layout.ts";
import { encodeGif, type GifFrame } from "./gif.ts";
import { encodePng } from "./png.ts";
import { crop, drawTexts, paletteOf, type Indexed } from "./raster.ts";

/**
 * The moment of each frame: one a second from `nowMs`'s second on, until the target (its frame the
 * last, a headline). Frame k shows what the JSON says at any instant of the k-th second after the
 * request's (the time left rounded down, as there): it is read at that second's last millisecond.
 */
function momentsOf(countdown: EmailCountdown, nowMs: number, count: number): { moments: Moment[]; targetMs: number } {
  const start = Math.floor(nowMs / SECOND) * SECOND + SECOND - 1;
  const first = countdown.targetAt(start);
  if (countdown.status !== "scheduled")
    return { moments: [{ headline: countdown.statusWords }], targetMs: first.targetMs };
  const moments: Moment[] = [];
  for (let k = 0; k < count; k++) {
    const at = start + k * SECOND;
    // The target of the first frame: a repeating countdown's next one comes in a later email.
    if (first.over || at >= first.targetMs) {
      moments.push({ headline: countdown.done });
      break;
    }
    moments.push({ units: unitsLeft(first.targetMs, at) });
  }
  return { moments, targetMs: first.targetMs };
}

/** The frames of the countdown at `nowMs`: the whole first image, then each second's changed rectangle. */
function framesOf(
  countdown: EmailCountdown,
  options: EmailOptions,
  nowMs: number,
  count: number,
): { width: number; height: number; frames: GifFrame[]; first: Indexed } {
  const { moments, targetMs } = momentsOf(countdown, nowMs, count);
  // A headline ends the count: it is drawn as a frame of its own, over the whole image.
  const counting = moments.filter((moment): moment is { units: number[] } => "units" in moment);
  const ending = moments.find((moment) => "headline" in moment);
  const frames: GifFrame[] = [];
  let first: Indexed | undefined;
  if (counting.length > 0) {
    const layout = layoutOf(countdown, options, counting, targetMs);
    const image: Indexed = { width: layout.width, height: layout.height, pixels: layout.base.pixels.slice() };
    counting.forEach((moment, k) => {
      const rect = layout.draw(image, moment);
      if (k === 0) {
        first = { width: image.width, height: image.height, pixels: image.pixels.slice() };
        frames.push({
          left: 0,
          top: 0,
          width: image.width,
          height: image.height,
          pixels: image.pixels.slice(),
          delay: 100,
        });
      } else if (rect.width > 0 && rect.height > 0)
        frames.push({
          left: rect.x,
          top: rect.y,
          width: rect.width,
          height: rect.height,
          pixels: crop(image, rect.x, rect.y, rect.width, rect.height),
          delay: 100,
        });
      else frames.push({ left: 0, top: 0, width: 1, height: 1, pixels: crop(image, 0, 0, 1, 1), delay: 100 });
    });
    // The headline's own image: as large as the count's (layoutOf keeps the size).
    if (ending)
      frames.push({
        left: 0,
        top: 0,
        width: layout.width,
        height: layout.height,
        pixels: layoutOf(countdown, options, [ending], targetMs).base.pixels,
        delay: 100,
      });
    return { width: layout.width, height: layout.height, frames, first: first! };
  }
  const layout = layoutOf(countdown, options, [ending!], targetMs);
  frames.push({ left: 0, top: 0, width: layout.width, height: layout.height, pixels: layout.base.pixels, delay: 100 });
  return { width: layout.width, height: layout.height, frames, first: layout.base };
}

/** The animated GIF of a countdown at `nowMs`, with its size in pixels. */
export function renderEmailGif(
  countdown: EmailCountdown,
  options: EmailOptions,
  nowMs: number,
): { bytes: Uint8Array<ArrayBuffer>; width: number; height: number } {
  const { width, height, frames } = framesOf(countdown, options, nowMs, options.frames);
  const { bg, inks } = colorsOf(options);
  return { bytes: encodeGif(width, height, paletteOf(bg, inks), frames), width, height };
}

/** The first frame alone, as a PNG. */
export function renderEmailPng(
  countdown: EmailCountdown,
  options: EmailOptions,
  nowMs: number,
): { bytes: Uint8Array<ArrayBuffer>; width: number; height: number } {
  const { width, height, first } = framesOf(countdown, options, nowMs, 1);
  const { bg, inks } = colorsOf(options);
  return { bytes: encodePng(width, height, paletteOf(bg, inks), first.pixels), width, height };
}

/**
 * Every text of the countdown's image at `nowMs` (its first frame), with the room it has and where its
 * ink is, in the image's pixels: what the layout property checks (no text out of its room, none over
 * another). Each text is drawn alone on a canvas larger than the image, so ink that would be cut shows.
 */
export function emailImageTexts(
  countdown: EmailCountdown,
  options: EmailOptions,
  nowMs: number,
): { width: number; height: number; texts: { text: string; room: Rect; ink: Rect | undefined }[] } {
  const { moments, targetMs } = momentsOf(countdown, nowMs, 1);
  const { width, height, placed } = layoutOf(countdown, options, moments, targetMs);
  const texts = placed.map(({ run, lang, room }) => {
    const drawn = drawTexts(3 * width, 3 * height, [{ ...run, x: run.x + width, y: run.y + height }], lang);
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < drawn.pixels.length; i++) {
      if (drawn.pixels[i] === 0) continue;
      const [x, y] = [i % drawn.width, Math.floor(i / drawn.width)];
      [left, top, right, bottom] = [
        Math.min(left, x),
        Math.min(top, y),
        Math.max(right, x + 1),
        Math.max(bottom, y + 1),
      ];
    }
    const ink =
      left === Infinity ? undefined : { x: left - width, y: top - height, width: right - left, height: bottom - top };
    return { text: run.text, room, ink };
  });
  return { width, height, texts };
}
