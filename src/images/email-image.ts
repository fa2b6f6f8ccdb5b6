// The countdown in email: an animated GIF drawn when a mail client asks for it, one frame a second
// from that second on, played once and stopping on its last frame, so it never jumps back in time;
// its first frame alone is right (Outlook on Windows shows only that), and a PNG of it for clients
// that take no GIF. Drawn fast: resvg draws the parts that do not change (the title, the date line)
// once, and the digits once per size (a glyph atlas); each frame after the first is only the
// rectangle of digits that changed. docs/email.md says what it looks like and why.
import { UNIT_SECONDS, secondsLeft, unitsLeft } from "../time/time-left.ts";
import { SECOND } from "../time/units.ts";
import type { EmailOptions } from "./email-options.ts";
import { INK, colorsOf, type EmailCountdown, type Moment, type Rect } from "./email-look.ts";
import { inWarnSpan, warnSpanMs } from "../time/warn.ts";
import { layoutOf } from "./email-layout.ts";
import { encodeGif, type GifFrame } from "./gif.ts";
import { encodePng } from "./png.ts";
import { doneFrame, type DoneBitmap } from "./done-frame.ts";
import { crop, drawTexts, paletteOf, recolour, type Indexed } from "./raster.ts";

/** The longest a GIF frame can show: its delay is 16 bits of hundredths of a second (655 s). */
const LONGEST_FRAME_S = 655;

/**
 * The moment of each frame, and how long it shows: one per change of the smallest unit shown, from
 * `nowMs`'s second on, until the target (its frame the last, a headline). Frame 0 shows what the JSON
 * says during the request's second (the time left rounded down to that unit, read at the second's
 * last millisecond); frame k what it says from the k-th change on, read at the last millisecond of the
 * second the change falls in. A unit no frame can last (an hour, a day) is one still frame.
 */
function momentsOf(
  countdown: EmailCountdown,
  options: Pick<EmailOptions, "units">,
  nowMs: number,
  count: number,
): { moments: Moment[]; delays: number[]; lefts: number[]; targetMs: number } {
  const start = Math.floor(nowMs / SECOND) * SECOND + SECOND - 1;
  const first = countdown.targetAt(start);
  if (countdown.status !== "scheduled")
    return { moments: [{ headline: countdown.statusWords }], delays: [1], lefts: [0], targetMs: first.targetMs };
  const run = options.units;
  const step = UNIT_SECONDS["dhms".indexOf(run.at(-1)!)]!;
  const still = step > LONGEST_FRAME_S;
  if (still) count = 1;
  // Seconds from the request's second to the first change: what is left over the smallest unit, and one.
  const untilChange = first.over || still ? 1 : (secondsLeft(first.targetMs, start) % step) + 1;
  const moments: Moment[] = [];
  const delays: number[] = [];
  /** The whole seconds left each frame shows: `warn`'s span is judged by them. */
  const lefts: number[] = [];
  for (let k = 0; k < count; k++) {
    const at = k === 0 ? start : start + (untilChange + (k - 1) * step) * SECOND;
    // The target of the first frame: a repeating countdown's next one comes in a later email.
    if (first.over || at >= first.targetMs) {
      moments.push({ headline: countdown.done });
      delays.push(1);
      lefts.push(0);
      break;
    }
    moments.push({ units: unitsLeft(first.targetMs, at, run) });
    delays.push(k === 0 ? untilChange : step);
    lefts.push(secondsLeft(first.targetMs, at));
  }
  return { moments, delays, lefts, targetMs: first.targetMs };
}

/** The frames of the countdown at `nowMs`: the whole first image, then each second's changed rectangle. */
function framesOf(
  countdown: EmailCountdown,
  options: EmailOptions,
  nowMs: number,
  count: number,
): { width: number; height: number; frames: GifFrame[]; first: Indexed } {
  const { moments, delays, lefts, targetMs } = momentsOf(countdown, options, nowMs, count);
  // `warn`: from the first frame in its span on, the time left is drawn in the warning ink (the whole
  // count once, at that frame, whole; then each changed rectangle).
  const span = warnSpanMs(options.warn);
  let warned = false;
  /** A frame's delay in hundredths of a second. */
  const delay = (k: number) => 100 * delays[k]!;
  // A headline ends the count: it is drawn as a frame of its own, over the whole image.
  const counting = moments.filter((moment): moment is { units: number[] } => "units" in moment);
  const ending = moments.find((moment) => "headline" in moment);
  const frames: GifFrame[] = [];
  let first: Indexed | undefined;
  if (counting.length > 0) {
    const layout = layoutOf(countdown, options, counting, targetMs);
    const image: Indexed = { width: layout.width, height: layout.height, pixels: layout.base.pixels.slice() };
    counting.forEach((moment, k) => {
      let rect = layout.draw(image, moment);
      if (warned) recolour(image, INK.accent, INK.warn, [rect.x, rect.y, rect.width, rect.height]);
      else if (inWarnSpan(lefts[k]!, span)) {
        recolour(image, INK.accent, INK.warn);
        [warned, rect] = [true, { x: 0, y: 0, width: image.width, height: image.height }];
      }
      if (k === 0) {
        first = { width: image.width, height: image.height, pixels: image.pixels.slice() };
        frames.push({
          left: 0,
          top: 0,
          width: image.width,
          height: image.height,
          pixels: image.pixels.slice(),
          delay: delay(k),
        });
      } else if (rect.width > 0 && rect.height > 0)
        frames.push({
          left: rect.x,
          top: rect.y,
          width: rect.width,
          height: rect.height,
          pixels: crop(image, rect.x, rect.y, rect.width, rect.height),
          delay: delay(k),
        });
      else frames.push({ left: 0, top: 0, width: 1, height: 1, pixels: crop(image, 0, 0, 1, 1), delay: delay(k) });
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

/**
 * An ended countdown's done image, in the frame its done message would have (the same size, so a
 * snippet's width and height stay right), on the frame's background: one still frame.
 */
export function renderDoneImage(
  countdown: EmailCountdown,
  options: EmailOptions,
  nowMs: number,
  bitmap: DoneBitmap,
  format: "gif" | "png",
): Uint8Array<ArrayBuffer> {
  const { width, height } = layoutOf(
    countdown,
    options,
    [{ headline: countdown.done }],
    countdown.targetAt(nowMs).targetMs,
  );
  const { palette, pixels } = doneFrame(bitmap, width, height, colorsOf(options).bg);
  return format === "png"
    ? encodePng(width, height, palette, pixels)
    : encodeGif(width, height, palette, [{ left: 0, top: 0, width, height, pixels, delay: 100 }]);
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
  const { moments, targetMs } = momentsOf(countdown, options, nowMs, 1);
  const { width, height, placed } = layoutOf(countdown, options, moments, targetMs);
  const texts = placed.map(({ run, lang, room, ink: shape }) => {
    if (shape) return { text: run.text, room, ink: shape };
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
