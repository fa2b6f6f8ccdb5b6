// The countdown in email: an animated GIF drawn when a mail client asks for it, one frame a second
// from that second on, played once and stopping on its last frame, so it never jumps back in time;
// its first frame alone is right (Outlook on Windows shows only that), and a PNG of it for clients
// that take no GIF. Drawn fast: resvg draws the parts that do not change (the title, the date line)
// once, and the digits once per size (a glyph atlas); each frame after the first is only the
// rectangle of digits that changed. docs/email.md says what it looks like and why.
import { unitDigits, unitsLeft } from "../time/time-left.ts";
import { readableOn, rgbOf } from "../text/colour.ts";
import { dateWords } from "../text/dates.ts";
import { isRightToLeftLanguage, unitWord } from "../text/language-words.ts";
import type { EmailOptions } from "./email-options.ts";
import { inkReach, shape, textWidth, wrapText } from "./fonts.ts";
import { encodeGif, type GifFrame } from "./gif.ts";
import { encodePng } from "./png.ts";
import { clear, crop, drawTexts, keptWithin, overlay, paletteOf, type Indexed, type Rgb, type TextRun } from "./raster.ts";
import { SECOND } from "../time/units.ts";

/** A countdown as its email image needs it; the caller knows the schedule and the words. */
export interface EmailCountdown {
  title: string;
  /** The countdown's language (BCP 47): its own words are in it. */
  lang: string;
  /** The author's time zone, in which the date line says when. */
  zone: string;
  status: "scheduled" | "postponed" | "cancelled";
  /** What it counts to at an instant (a repeating countdown: the next occurrence), and whether it is over. */
  targetAt(nowMs: number): { targetMs: number; over: boolean };
  /** The headline from the target on: the done message, in the countdown's language. */
  done: string;
  /** The headline of a postponed or cancelled countdown, in its language ("Postponed"). */
  statusWords: string;
}

/** Colours of the themes: background, text, secondary text, accent (as the widget's). */
const THEMES: Record<EmailOptions["theme"], { bg: Rgb; text: Rgb; muted: Rgb; accent: Rgb }> = {
  light: { bg: [255, 255, 255], text: [26, 32, 48], muted: [89, 98, 117], accent: [36, 73, 216] },
  dark: { bg: [19, 23, 34], text: [238, 241, 247], muted: [169, 178, 198], accent: [140, 174, 255] },
};
export const INK = { text: 0, muted: 1, accent: 2 } as const;

/** The colours of the options: the theme's, then the custom ones, each replaced by black or white when it reads too little (WCAG AA, 4.5:1). */
export function colorsOf(options: EmailOptions): { bg: Rgb; inks: Rgb[] } {
  const theme = THEMES[options.theme];
  const bg = (options.bg && rgbOf(options.bg)) || theme.bg;
  const readable = (colour: Rgb) => readableOn(colour, bg) as Rgb;
  const text = readable((options.color && rgbOf(options.color)) || theme.text);
  const muted = readable(options.color ? text : theme.muted);
  const accent = readable((options.accent && rgbOf(options.accent)) || theme.accent);
  return { bg, inks: [text, muted, accent] };
}

/** The date line: the target in the author's zone and the language, as every surface says it (src/text/dates.ts). */
function dateLine(targetMs: number, zone: string, lang: string): string {
  try {
    return dateWords(targetMs, zone, lang);
  } catch {
    return dateWords(targetMs, zone, "en");
  }
}

const UNITS = ["day", "hour", "minute", "second"];
/** Numbers of every plural form of the languages' unit words (one, two, few, many, other...). */
const PLURAL_SAMPLES = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101];

// ---- The glyph atlas -----------------------------------------------------------------------------

interface Glyph {
  image: Indexed;
  /** Where the pen is in the image, and how far it moves on. */
  penX: number;
  baseline: number;
  advance: number;
}

const ATLAS_CHARS = "0123456789dhms+ ";

/** The glyph atlases and the unit labels kept: at most 8 MB and 4 MB of pixels, the few sizes in use many times over. */
export const ATLAS_BYTES = 8 * 1024 * 1024;
export const LABEL_BYTES = 4 * 1024 * 1024;
const atlases = keptWithin<Map<string, Glyph>>(ATLAS_BYTES, (atlas) => [...atlas.values()].reduce((sum, glyph) => sum + glyph.image.pixels.length, 0));
const labels = keptWithin<Indexed>(LABEL_BYTES, (label) => label.pixels.length);

/** The count's characters at a size, in an ink, drawn once (one resvg call) and kept. */
function atlasOf(size: number, ink: number): Map<string, Glyph> {
  return atlases(`${size} ${ink}`, () => {
    const pad = Math.ceil(size * 0.15);
    // Wide enough for the widest character ("m"), so that no cell holds a part of its neighbour.
    const cell = Math.ceil(Math.max(...[...ATLAS_CHARS].map((char) => textWidth(char, size, 700)))) + 2 * pad;
    const height = Math.ceil(size * 1.3);
    const baseline = Math.ceil(size * 1.0);
    const chars = [...ATLAS_CHARS];
    const runs: TextRun[] = chars.map((char, i) => ({ text: char, x: i * cell + pad, y: baseline, size, weight: 700, ink }));
    const drawn = drawTexts(cell * chars.length, height, runs, "en");
    const atlas = new Map<string, Glyph>();
    chars.forEach((char, i) => {
      atlas.set(char, { image: { width: cell, height, pixels: crop(drawn, i * cell, 0, cell, height) }, penX: pad, baseline, advance: textWidth(char, size, 700) });
    });
    return atlas;
  });
}

/** A unit's label drawn once per text, size and language. */
const labelOf = (text: string, size: number, lang: string, width: number): Indexed =>
  labels(`${text}\0${size}\0${lang}\0${width}`, () =>
    drawTexts(width, Math.ceil(size * 1.5), [{ text, x: width / 2, y: Math.ceil(size * 1.1), size, weight: 400, ink: INK.muted, align: "center" }], lang),
  );

// ---- Layout and frames ---------------------------------------------------------------------------

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a frame shows: the time left (four numbers), or a headline (done, postponed, cancelled). */
type Moment = { units: number[] } | { headline: string };

/**
 * The moment of each frame: one a second from `nowMs`'s second on, until the target (its frame the
 * last, a headline). Frame k shows what the JSON says at any instant of the k-th second after the
 * request's (the time left rounded down, as there): it is read at that second's last millisecond.
 */
function momentsOf(countdown: EmailCountdown, nowMs: number, count: number): { moments: Moment[]; targetMs: number } {
  const start = Math.floor(nowMs / SECOND) * SECOND + SECOND - 1;
  const first = countdown.targetAt(start);
  if (countdown.status !== "scheduled") return { moments: [{ headline: countdown.statusWords }], targetMs: first.targetMs };
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

/** A text of the image and the room it has: its ink must stay inside it, and off every other text's. */
interface Placed {
  run: TextRun;
  lang: string;
  room: Rect;
}

interface Layout {
  width: number;
  height: number;
  base: Indexed;
  /** Every text the image shows (the first moment's count), where it goes. */
  placed: Placed[];
  /** Draws a moment's changing part onto the image, and gives the rectangle it may have changed. */
  draw(image: Indexed, moment: Moment): Rect;
}

/**
 * Where everything of the image goes, and how a moment is drawn. Over 80 lines: the measures of the
 * title, the count and the labels depend on each other (the widest moment sets the cells, the cells
 * the width), and the drawing closes over them.
 */
function layoutOf(countdown: EmailCountdown, options: EmailOptions, moments: Moment[], targetMs: number): Layout {
  const s = options.density;
  const width = options.width * s;
  const pad = 24 * s;
  const inner = width - 2 * pad;
  const lang = options.lang ?? countdown.lang;
  const runs: TextRun[] = [];
  const placed: Placed[] = [];
  /** A text drawn with the image's other fixed texts, across the whole width. */
  const place = (run: TextRun) => {
    runs.push(run);
    placed.push({ run, lang: countdown.lang, room: { x: 0, y: 0, width, height: 0 } });
  };
  /** The count's texts: drawn per moment, from the glyph atlas and the labels. */
  const counted: Placed[] = [];
  let y = pad;

  if (options.title === "show") {
    let size = 24 * s;
    let title = wrapText(countdown.title, size, 700, inner, 2, countdown.lang);
    if (!title.fits) title = wrapText(countdown.title, (size = 20 * s), 700, inner, 2, countdown.lang);
    const lines = stacked(title.lines, y, size, 700, countdown.lang, Math.round(size * 1.05), Math.round(size * 1.3), 2 * s);
    title.lines.forEach((line, i) => place({ text: line, x: width / 2, y: lines.baselines[i]!, size, weight: 700, ink: INK.text, align: "center" }));
    y = lines.bottom + 8 * s;
  }

  const first = moments[0]!;
  const countTop = y;
  // The count's size comes from the first moment's days ("0d" when it is a headline), so that an
  // image keeps its size from its count to its headline: the <img> snippet gives one size.
  const units = "units" in first ? first.units : [0, 0, 0, 0];
  /** What each unit (or, as -1, the whole count) shows now, and where its text starts and ends. */
  const drawn = new Map<number, { text: string; label: string; start: number; end: number }>();
  let countHeight: number;
  let drawMoment: (image: Indexed, moment: Moment) => Rect;

  if (options.layout === "units") {
    const columns = 4;
    const column = Math.floor(inner / columns);
    const digits = Math.max(2, String(units[0]).length);
    const numberSize = Math.min(52 * s, Math.floor((column * 0.92) / (digits * 0.6)));
    // The labels' type: 14 px, smaller where a unit's word in the language is wider than its column
    // ("Sekunden" at 240 px), as its every plural form (the numbers name them all) would be drawn.
    const widest = Math.max(...UNITS.flatMap((unit) => PLURAL_SAMPLES.map((n) => textWidth(unitWord(lang, unit, n), 14 * s, 400, lang))));
    const labelSize = Math.max(8 * s, Math.min(14 * s, Math.floor((14 * s * (column - 4 * s)) / widest)));
    const labelTop = countTop + Math.round(numberSize * 1.15);
    countHeight = labelTop - countTop + Math.ceil(labelSize * 1.5);
    const order = isRightToLeftLanguage(lang) ? [3, 2, 1, 0] : [0, 1, 2, 3];
    const columnOf = (unit: number) => pad + order.indexOf(unit) * column;
    for (let unit = 0; unit < 4; unit++) {
      const room = { x: columnOf(unit), y: 0, width: column, height: 0 };
      counted.push({ run: { text: unitDigits(units[unit]!, unit), x: room.x + column / 2, y: countTop + Math.round(numberSize * 0.95), size: numberSize, weight: 700, ink: INK.accent, align: "center" }, lang: "en", room });
      counted.push({ run: { text: unitWord(lang, UNITS[unit]!, units[unit]!), x: room.x + column / 2, y: labelTop + Math.ceil(labelSize * 1.1), size: labelSize, weight: 400, ink: INK.muted, align: "center" }, lang, room });
    }
    drawMoment = (image, moment) => {
      if (!("units" in moment)) return NOTHING;
      const atlas = atlasOf(numberSize, INK.accent);
      const changed: Rect[] = [];
      for (let unit = 0; unit < 4; unit++) {
        const text = unitDigits(moment.units[unit]!, unit);
        const label = unitWord(lang, UNITS[unit]!, moment.units[unit]!);
        const left = columnOf(unit);
        const previous = drawn.get(unit);
        if (previous?.text === text && previous.label === label) continue;
        drawn.set(unit, { text, label, start: 0, end: 0 });
        clear(image, left, countTop, column, countHeight);
        const textWidthPx = [...text].reduce((sum, char) => sum + atlas.get(char)!.advance, 0);
        let pen = left + (column - textWidthPx) / 2;
        for (const char of text) {
          const glyph = atlas.get(char)!;
          overlay(image, glyph.image, Math.round(pen - glyph.penX), countTop + Math.round(numberSize * 0.95) - glyph.baseline);
          pen += glyph.advance;
        }
        overlay(image, labelOf(label, labelSize, lang, column), left, labelTop);
        changed.push({ x: left, y: countTop, width: column, height: countHeight });
      }
      return union(changed);
    };
  } else {
    // The published pattern `<d>d <hh>h <mm>m <ss>s`, ASCII digits, left to right in every language.
    let size = 60 * s;
    while (size > 20 * s && textWidth(formatUnits(units), size, 700) > inner) size -= 2 * s;
    countHeight = Math.round(size * 1.05);
    const baseline = countTop + Math.round(size * 0.85);
    counted.push({ run: { text: formatUnits(units), x: width / 2, y: baseline, size, weight: 700, ink: INK.accent, align: "center" }, lang: "en", room: { x: 0, y: 0, width, height: 0 } });
    drawMoment = (image, moment) => {
      if (!("units" in moment)) return NOTHING;
      const atlas = atlasOf(size, INK.accent);
      const text = [...formatUnits(moment.units)];
      const advances = text.map((char) => atlas.get(char)!.advance);
      const start = Math.round((width - advances.reduce((sum, advance) => sum + advance, 0)) / 2);
      const before = drawn.get(-1);
      // The characters that changed, as pen positions: only those are drawn again. A text of another
      // length (9 days after 10) is centred anew: all of it, and what the one before covered.
      const moved = before === undefined || before.start !== start || before.text.length !== text.length;
      let pen = start;
      let [from, to] = [Infinity, -Infinity];
      const pens = text.map((char, i) => {
        const at = pen;
        if (moved || before.text[i] !== char) [from, to] = [Math.min(from, at), at + advances[i]!];
        pen += advances[i]!;
        return at;
      });
      if (moved && before) [from, to] = [Math.min(from, before.start), Math.max(to, before.end)];
      drawn.set(-1, { text: text.join(""), label: "", start, end: pen });
      if (from > to) return NOTHING;
      const bleed = Math.ceil(size * 0.12);
      const top = baseline - atlas.get("0")!.baseline;
      const x = Math.max(0, Math.floor(from - bleed));
      const rect = { x, y: top, width: Math.min(width, Math.ceil(to + bleed)) - x, height: atlas.get("0")!.image.height };
      clear(image, rect.x, rect.y, rect.width, rect.height);
      text.forEach((char, i) => {
        const glyph = atlas.get(char)!;
        const left = Math.round(pens[i]! - glyph.penX);
        if (left + glyph.image.width > rect.x && left < rect.x + rect.width) overlay(image, glyph.image, left, baseline - glyph.baseline);
      });
      // What the glyphs drew outside the rectangle is what was there: the neighbours' own pixels.
      return rect;
    };
  }

  // A headline (done, postponed, cancelled) in the count's place, as large as fits it, drawn with the rest.
  if ("headline" in first) {
    const headline = (size: number) => {
      const { lines, fits } = wrapText(first.headline, size, 700, inner, 2, countdown.lang);
      return { lines, fits, size, ...stacked(lines, 0, size, 700, countdown.lang, size, Math.round(size * 1.25), 2 * s) };
    };
    let shown = headline(32 * s);
    while (shown.size > 14 * s && (!shown.fits || shown.bottom > countHeight)) shown = headline(shown.size - 2 * s);
    const top = countTop + Math.round((countHeight - shown.bottom) / 2);
    shown.lines.forEach((line, i) => place({ text: line, x: width / 2, y: top + shown.baselines[i]!, size: shown.size, weight: 700, ink: INK.accent, align: "center" }));
    drawMoment = () => NOTHING;
  } else placed.push(...counted);
  y = countTop + countHeight;

  // When: the target in the author's zone; struck through once postponed or cancelled (the date no longer holds).
  // On two lines where one is too narrow for it (a long zone name at 240 px).
  const dateSize = 15 * s;
  const date = wrapText(dateLine(targetMs, countdown.zone, lang), dateSize, 400, inner, 2, countdown.lang);
  const dateLines = stacked(date.lines, y + 10 * s, dateSize, 400, countdown.lang, Math.round(dateSize * 1.05), Math.round(dateSize * 1.35), 2 * s);
  date.lines.forEach((line, i) => place({ text: line, x: width / 2, y: dateLines.baselines[i]!, size: dateSize, weight: 400, ink: INK.muted, align: "center", strike: countdown.status !== "scheduled" }));
  y = dateLines.bottom;
  const height = y + pad;
  for (const text of placed) text.room.height = height;
  return { width, height, base: drawTexts(width, height, runs, countdown.lang), placed, draw: drawMoment };
}

/**
 * Lines one under another from `top`: each baseline `first` below the top of its line and `step`
 * below the one before, and further where the glyphs reach further (Arabic's and Devanagari's marks),
 * so that no two lines' inks come closer than `gap`. Gives the baselines and where the last line ends.
 */
function stacked(lines: string[], top: number, size: number, weight: 400 | 700, lang: string, first: number, step: number, gap: number): { baselines: number[]; bottom: number } {
  const reach = lines.map((line) => inkReach(shape(line, size, weight, lang)));
  const baselines: number[] = [];
  reach.forEach((line, i) => baselines.push(i === 0 ? top + Math.max(first, Math.ceil(line.ascent)) : baselines[i - 1]! + Math.max(step, Math.ceil(reach[i - 1]!.descent + line.ascent + gap))));
  const last = baselines.at(-1) ?? top;
  return { baselines, bottom: reach.length ? last + Math.max(step - first, Math.ceil(reach.at(-1)!.descent)) : top };
}

const NOTHING: Rect = { x: 0, y: 0, width: 0, height: 0 };
const formatUnits = (units: number[]) => units.map((n, i) => unitDigits(n, i) + "dhms"[i]).join(" ");

function union(rects: Rect[]): Rect {
  if (rects.length === 0) return NOTHING;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, width: Math.max(...rects.map((r) => r.x + r.width)) - x, height: Math.max(...rects.map((r) => r.y + r.height)) - y };
}

/** The frames of the countdown at `nowMs`: the whole first image, then each second's changed rectangle. */
function framesOf(countdown: EmailCountdown, options: EmailOptions, nowMs: number, count: number): { width: number; height: number; frames: GifFrame[]; first: Indexed } {
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
        frames.push({ left: 0, top: 0, width: image.width, height: image.height, pixels: image.pixels.slice(), delay: 100 });
      } else if (rect.width > 0 && rect.height > 0) frames.push({ left: rect.x, top: rect.y, width: rect.width, height: rect.height, pixels: crop(image, rect.x, rect.y, rect.width, rect.height), delay: 100 });
      else frames.push({ left: 0, top: 0, width: 1, height: 1, pixels: crop(image, 0, 0, 1, 1), delay: 100 });
    });
    // The headline's own image: as large as the count's (layoutOf keeps the size).
    if (ending) frames.push({ left: 0, top: 0, width: layout.width, height: layout.height, pixels: layoutOf(countdown, options, [ending], targetMs).base.pixels, delay: 100 });
    return { width: layout.width, height: layout.height, frames, first: first! };
  }
  const layout = layoutOf(countdown, options, [ending!], targetMs);
  frames.push({ left: 0, top: 0, width: layout.width, height: layout.height, pixels: layout.base.pixels, delay: 100 });
  return { width: layout.width, height: layout.height, frames, first: layout.base };
}

/** The animated GIF of a countdown at `nowMs`, with its size in pixels. */
export function renderEmailGif(countdown: EmailCountdown, options: EmailOptions, nowMs: number): { bytes: Uint8Array<ArrayBuffer>; width: number; height: number } {
  const { width, height, frames } = framesOf(countdown, options, nowMs, options.frames);
  const { bg, inks } = colorsOf(options);
  return { bytes: encodeGif(width, height, paletteOf(bg, inks), frames), width, height };
}

/** The first frame alone, as a PNG. */
export function renderEmailPng(countdown: EmailCountdown, options: EmailOptions, nowMs: number): { bytes: Uint8Array<ArrayBuffer>; width: number; height: number } {
  const { width, height, first } = framesOf(countdown, options, nowMs, 1);
  const { bg, inks } = colorsOf(options);
  return { bytes: encodePng(width, height, paletteOf(bg, inks), first.pixels), width, height };
}

/**
 * Every text of the countdown's image at `nowMs` (its first frame), with the room it has and where its
 * ink is, in the image's pixels: what the layout property checks (no text out of its room, none over
 * another). Each text is drawn alone on a canvas larger than the image, so ink that would be cut shows.
 */
export function emailImageTexts(countdown: EmailCountdown, options: EmailOptions, nowMs: number): { width: number; height: number; texts: { text: string; room: Rect; ink: Rect | undefined }[] } {
  const { moments, targetMs } = momentsOf(countdown, nowMs, 1);
  const { width, height, placed } = layoutOf(countdown, options, moments, targetMs);
  const texts = placed.map(({ run, lang, room }) => {
    const drawn = drawTexts(3 * width, 3 * height, [{ ...run, x: run.x + width, y: run.y + height }], lang);
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < drawn.pixels.length; i++) {
      if (drawn.pixels[i] === 0) continue;
      const [x, y] = [i % drawn.width, Math.floor(i / drawn.width)];
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x + 1), Math.max(bottom, y + 1)];
    }
    const ink = left === Infinity ? undefined : { x: left - width, y: top - height, width: right - left, height: bottom - top };
    return { text: run.text, room, ink };
  });
  return { width, height, texts };
}
