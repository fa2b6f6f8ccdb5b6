// Where everything of the email image goes: the title, the count (as text or as units with their
// labels), the headline and the date line, each in a room its ink stays inside; the digits drawn once
// per size (a glyph atlas) and the unit labels once per text, both kept within a budget of bytes.
import { formatTimeLeft, unitDigits } from "../time/time-left.ts";
import { isRightToLeftLanguage, unitWord } from "../text/language-words.ts";
import type { EmailOptions } from "./email-options.ts";
import { dateLine, INK, type EmailCountdown, type Moment, type Rect } from "./email-look.ts";
import { inkReach, shape, textWidth, wrapText } from "./fonts.ts";
import { clear, crop, drawTexts, keptWithin, overlay, type Indexed, type TextRun } from "./raster.ts";

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
const atlases = keptWithin<Map<string, Glyph>>(ATLAS_BYTES, (atlas) =>
  [...atlas.values()].reduce((sum, glyph) => sum + glyph.image.pixels.length, 0),
);
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
    const runs: TextRun[] = chars.map((char, i) => ({
      text: char,
      x: i * cell + pad,
      y: baseline,
      size,
      weight: 700,
      ink,
    }));
    const drawn = drawTexts(cell * chars.length, height, runs, "en");
    const atlas = new Map<string, Glyph>();
    chars.forEach((char, i) => {
      atlas.set(char, {
        image: { width: cell, height, pixels: crop(drawn, i * cell, 0, cell, height) },
        penX: pad,
        baseline,
        advance: textWidth(char, size, 700),
      });
    });
    return atlas;
  });
}

/** A unit's label drawn once per text, size and language. */
const labelOf = (text: string, size: number, lang: string, width: number): Indexed =>
  labels(`${text}\0${size}\0${lang}\0${width}`, () =>
    drawTexts(
      width,
      Math.ceil(size * 1.5),
      [{ text, x: width / 2, y: Math.ceil(size * 1.1), size, weight: 400, ink: INK.muted, align: "center" }],
      lang,
    ),
  );

// ---- Layout and frames ---------------------------------------------------------------------------

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
export function layoutOf(
  countdown: EmailCountdown,
  options: EmailOptions,
  moments: Moment[],
  targetMs: number,
): Layout {
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
    const lines = stacked(
      title.lines,
      y,
      size,
      700,
      countdown.lang,
      Math.round(size * 1.05),
      Math.round(size * 1.3),
      2 * s,
    );
    title.lines.forEach((line, i) =>
      place({ text: line, x: width / 2, y: lines.baselines[i]!, size, weight: 700, ink: INK.text, align: "center" }),
    );
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

  const run = options.units;
  /** The units shown, as indices of unitsLeft's order. */
  const shownUnits = [0, 1, 2, 3].filter((unit) => run.includes("dhms"[unit]!));
  if (options.layout === "units") {
    // A column as wide as one of four, whatever the units shown: fewer units stand together, centred.
    const columns = shownUnits.length;
    const column = Math.floor(inner / 4);
    const first = pad + Math.floor((inner - columns * column) / 2);
    const digits = Math.max(2, String(units[shownUnits[0]!]).length);
    const numberSize = Math.min(52 * s, Math.floor((column * 0.92) / (digits * 0.6)));
    // The labels' type: 14 px, smaller where a unit's word in the language is wider than its column
    // ("Sekunden" at 240 px), as its every plural form (the numbers name them all) would be drawn.
    const widest = Math.max(
      ...shownUnits
        .map((unit) => UNITS[unit]!)
        .flatMap((unit) => PLURAL_SAMPLES.map((n) => textWidth(unitWord(lang, unit, n), 14 * s, 400, lang))),
    );
    const labelSize = Math.max(8 * s, Math.min(14 * s, Math.floor((14 * s * (column - 4 * s)) / widest)));
    const labelTop = countTop + Math.round(numberSize * 1.15);
    countHeight = labelTop - countTop + Math.ceil(labelSize * 1.5);
    const order = isRightToLeftLanguage(lang) ? shownUnits.toReversed() : shownUnits;
    const columnOf = (unit: number) => first + order.indexOf(unit) * column;
    for (const unit of shownUnits) {
      const room = { x: columnOf(unit), y: 0, width: column, height: 0 };
      counted.push({
        run: {
          text: unitDigits(units[unit]!, unit, run),
          x: room.x + column / 2,
          y: countTop + Math.round(numberSize * 0.95),
          size: numberSize,
          weight: 700,
          ink: INK.accent,
          align: "center",
        },
        lang: "en",
        room,
      });
      counted.push({
        run: {
          text: unitWord(lang, UNITS[unit]!, units[unit]!),
          x: room.x + column / 2,
          y: labelTop + Math.ceil(labelSize * 1.1),
          size: labelSize,
          weight: 400,
          ink: INK.muted,
          align: "center",
        },
        lang,
        room,
      });
    }
    drawMoment = (image, moment) => {
      if (!("units" in moment)) return NOTHING;
      const atlas = atlasOf(numberSize, INK.accent);
      const changed: Rect[] = [];
      for (const unit of shownUnits) {
        const text = unitDigits(moment.units[unit]!, unit, run);
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
          overlay(
            image,
            glyph.image,
            Math.round(pen - glyph.penX),
            countTop + Math.round(numberSize * 0.95) - glyph.baseline,
          );
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
    const formatUnits = (units: number[]) => formatTimeLeft(units, run);
    while (size > 20 * s && textWidth(formatUnits(units), size, 700) > inner) size -= 2 * s;
    countHeight = Math.round(size * 1.05);
    const baseline = countTop + Math.round(size * 0.85);
    counted.push({
      run: { text: formatUnits(units), x: width / 2, y: baseline, size, weight: 700, ink: INK.accent, align: "center" },
      lang: "en",
      room: { x: 0, y: 0, width, height: 0 },
    });
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
      const rect = {
        x,
        y: top,
        width: Math.min(width, Math.ceil(to + bleed)) - x,
        height: atlas.get("0")!.image.height,
      };
      clear(image, rect.x, rect.y, rect.width, rect.height);
      text.forEach((char, i) => {
        const glyph = atlas.get(char)!;
        const left = Math.round(pens[i]! - glyph.penX);
        if (left + glyph.image.width > rect.x && left < rect.x + rect.width)
          overlay(image, glyph.image, left, baseline - glyph.baseline);
      });
      // What the glyphs drew outside the rectangle is what was there: the neighbours' own pixels.
      return rect;
    };
  }

  // A headline (done, postponed, cancelled) in the count's place, as large as fits it, drawn with the rest.
  if ("headline" in first) {
    const headline = (size: number) => {
      const { lines, fits } = wrapText(first.headline, size, 700, inner, 2, countdown.lang);
      return {
        lines,
        fits,
        size,
        ...stacked(lines, 0, size, 700, countdown.lang, size, Math.round(size * 1.25), 2 * s),
      };
    };
    let shown = headline(32 * s);
    while (shown.size > 14 * s && (!shown.fits || shown.bottom > countHeight)) shown = headline(shown.size - 2 * s);
    const top = countTop + Math.round((countHeight - shown.bottom) / 2);
    shown.lines.forEach((line, i) =>
      place({
        text: line,
        x: width / 2,
        y: top + shown.baselines[i]!,
        size: shown.size,
        weight: 700,
        ink: INK.accent,
        align: "center",
      }),
    );
    drawMoment = () => NOTHING;
  } else placed.push(...counted);
  y = countTop + countHeight;

  // When: the target in the author's zone; struck through once postponed or cancelled (the date no longer holds).
  // On two lines where one is too narrow for it (a long zone name at 240 px).
  const dateSize = 15 * s;
  const date = wrapText(dateLine(targetMs, countdown.zone, lang), dateSize, 400, inner, 2, countdown.lang);
  const dateLines = stacked(
    date.lines,
    y + 10 * s,
    dateSize,
    400,
    countdown.lang,
    Math.round(dateSize * 1.05),
    Math.round(dateSize * 1.35),
    2 * s,
  );
  date.lines.forEach((line, i) =>
    place({
      text: line,
      x: width / 2,
      y: dateLines.baselines[i]!,
      size: dateSize,
      weight: 400,
      ink: INK.muted,
      align: "center",
      strike: countdown.status !== "scheduled",
    }),
  );
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
function stacked(
  lines: string[],
  top: number,
  size: number,
  weight: 400 | 700,
  lang: string,
  first: number,
  step: number,
  gap: number,
): { baselines: number[]; bottom: number } {
  const reach = lines.map((line) => inkReach(shape(line, size, weight, lang)));
  const baselines: number[] = [];
  reach.forEach((line, i) =>
    baselines.push(
      i === 0
        ? top + Math.max(first, Math.ceil(line.ascent))
        : baselines[i - 1]! + Math.max(step, Math.ceil(reach[i - 1]!.descent + line.ascent + gap)),
    ),
  );
  const last = baselines.at(-1) ?? top;
  return { baselines, bottom: reach.length ? last + Math.max(step - first, Math.ceil(reach.at(-1)!.descent)) : top };
}

const NOTHING: Rect = { x: 0, y: 0, width: 0, height: 0 };

function union(rects: Rect[]): Rect {
  if (rects.length === 0) return NOTHING;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return {
    x,
    y,
    width: Math.max(...rects.map((r) => r.x + r.width)) - x,
    height: Math.max(...rects.map((r) => r.y + r.height)) - y,
  };
}
