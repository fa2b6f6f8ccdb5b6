// The email image's count as faces, a column per unit with its label under it (as the units layout):
// `ring`, a ring per unit that empties as the unit runs out (src/time/shape-rules.ts), its number
// inside; `flip`, the number on a card split at the middle, its top half a shade darker; `digital`,
// seven-segment digits. Colons between the columns for `separator=colon`; right to left in a language
// written so. The shapes are src/images/email-shapes.ts's.
import { isRightToLeftLanguage, unitText, unitWord, type UnitWords } from "../text/language-words.ts";
import { ringFraction } from "../time/shape-rules.ts";
import { unitDigits } from "../time/time-left.ts";
import type { EmailOptions } from "./email-options.ts";
import {
  INK,
  NOTHING,
  colorsOf,
  union,
  type CountArea,
  type CountLayout,
  type Placed,
  type Rect,
} from "./email-look.ts";
import { textWidth } from "./fonts.ts";
import { clear, overlay, type Indexed, type TextRun } from "./raster.ts";
import { atlasOf, labelOf } from "./email-glyphs.ts";
import { drawCard, fillRect, overlayOver, ringOf, segmentDigits, segmentMeasures } from "./email-shapes.ts";

const UNITS = ["day", "hour", "minute", "second"];
/** Numbers of every plural form of the languages' unit words (one, two, few, many, other...). */
const PLURAL_SAMPLES = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101];

/**
 * The characters of every word for a unit an image may draw in `lang` (the labels under the digits,
 * the words of a line of units, long and short): what a runtime that fetches the fonts before it
 * draws fetches them for.
 */
export function unitWordsDrawn(lang: string, words?: UnitWords): string {
  const key = `${lang}\0${words ? JSON.stringify(words) : ""}`;
  let drawn = wordsDrawn.get(key);
  if (drawn === undefined) {
    // (Languages may come from requests: the words of a few hundred are kept.)
    if (wordsDrawn.size > 200) wordsDrawn.clear();
    const all = UNITS.flatMap((unit, i) =>
      PLURAL_SAMPLES.flatMap((n) =>
        (["long", "short"] as const).flatMap((length) => [
          unitWord(lang, unit, n, length, words),
          ...unitText(n, i, "dhms", lang, length, words),
        ]),
      ),
    );
    // Each character once: what the fonts are chosen by.
    wordsDrawn.set(key, (drawn = [...new Set([...all.join("")])].join("")));
  }
  return drawn;
}
const wordsDrawn = new Map<string, string>();

/** The layouts drawn here. */
export const FACE_LAYOUTS = ["ring", "flip", "digital"] as const;

/**
 * The labels of a row of columns `column` pixels wide: each unit's word in `lang` (`short`: the
 * language's shortest; none for `labels=none`), and their type: 14 px, smaller where a unit's word is
 * wider than its column ("Sekunden" at 240 px), as its every plural form would be drawn.
 */
export function columnLabels(
  options: Pick<EmailOptions, "labels">,
  lang: string,
  shownUnits: number[],
  column: number,
  s: number,
  words?: UnitWords,
): {
  labelled: boolean;
  labelFor: (unit: number, n: number) => string;
  labelSize: number;
  /** The widest label at a size. */
  widest: (size: number) => number;
} {
  const labelled = options.labels != "none";
  const labelFor = (unit: number, n: number) =>
    labelled ? wordOf(lang, UNITS[unit]!, n, options.labels == "short" ? "short" : "long", words) : "";
  const widest = Math.max(
    1,
    ...shownUnits.flatMap((unit) => PLURAL_SAMPLES.map((n) => textWidth(labelFor(unit, n), 14 * s, 400, lang))),
  );
  const labelSize = Math.max(8 * s, Math.min(14 * s, Math.floor((14 * s * (column - 4 * s)) / widest)));
  return { labelled, labelFor, labelSize, widest: (size) => (widest * size) / (14 * s) };
}

/** A unit's word for a number, as `unitWord` gives it, kept (Intl's, formatted once a word: each frame asks again). */
const wordsKept = new Map<string, string>();
function wordOf(lang: string, unit: string, n: number, length: "long" | "short", words?: UnitWords): string {
  if (words) return unitWord(lang, unit, n, length, words);
  const key = `${lang}\0${unit}\0${length}\0${n}`;
  let word = wordsKept.get(key);
  if (word === undefined) {
    if (wordsKept.size >= 4000) wordsKept.clear();
    wordsKept.set(key, (word = unitWord(lang, unit, n, length)));
  }
  return word;
}

/** A unit's column: its left edge and width. */
interface Column {
  left: number;
  width: number;
}

/** What sets a face's size: each shown unit's room for its face, and the digits its number has at most. */
type Room = { face: number; digits: number }[];

/** A unit's face in its column: its height, and how it is drawn and placed there. */
interface Face {
  height: number;
  /** The number's text (or shape) where it goes, with its room. */
  placed(column: Column, text: string): Placed;
  draw(image: Indexed, column: Column, unit: number, value: number, text: string): void;
  /** The colon between two columns, at the boundary `x`, in a room `room` wide. */
  colon: { placed(x: number, room: number): Placed; draw(image: Indexed, x: number): void };
}

/** The width of a text of `digits` digits at 1 px of bold type (the font's digits are tabular). */
const digitWidth = (digits: number) => (digits * textWidth("0", 100, 700)) / 100;
/** The largest size every unit's room lets be. */
const fitting = (rooms: Room, size: (face: number, digits: number) => number) =>
  Math.min(...rooms.map(({ face, digits }) => size(face, digits)));
const middleOf = (column: Column) => column.left + column.width / 2;

/**
 * A face of type, centred on `middle` below the count's top (ring and flip): the number's run, its
 * glyphs drawn from the atlas (over a card: where they have more ink), the colon on the same line.
 */
function typeFace(numberSize: number, top: number, middle: number) {
  const baseline = top + Math.round(middle + numberSize * 0.36);
  const run = (text: string, x: number) =>
    ({ text, x, y: baseline, size: numberSize, weight: 700, ink: INK.accent, align: "center" }) as const;
  const glyphs = (image: Indexed, text: string, centre: number, over: boolean) => {
    const atlas = atlasOf(numberSize, INK.accent);
    let pen = centre - [...text].reduce((sum, char) => sum + atlas.get(char)!.advance, 0) / 2;
    for (const char of text) {
      const glyph = atlas.get(char)!;
      (over ? overlayOver : overlay)(image, glyph.image, Math.round(pen - glyph.penX), baseline - glyph.baseline);
      pen += glyph.advance;
    }
  };
  const colon = {
    placed: (x: number, room: number): Placed => ({
      run: run(":", x),
      lang: "en",
      room: { x: x - room / 2, y: 0, width: room, height: 0 },
    }),
    draw: (image: Indexed, x: number) => glyphs(image, ":", x, false),
  };
  return { run, glyphs, colon };
}

/** The ring face: rings of one size, as wide as the narrowest room (at most 120 px), each number inside its ring. */
function ringFace(rooms: Room, top: number, s: number, spanSeconds?: number): Face {
  const diameter = Math.min(120 * s, ...rooms.map((room) => room.face));
  const thickness = Math.max(2 * s, Math.round(diameter * 0.08));
  const hole = diameter - 2 * thickness;
  const numberSize = Math.max(
    6 * s,
    Math.min(
      Math.floor(hole * 0.42),
      fitting(rooms, (_, digits) => Math.floor((hole * 0.78) / digitWidth(digits))),
    ),
  );
  const type = typeFace(numberSize, top, diameter / 2);
  const ringLeft = (column: Column) => column.left + Math.floor((column.width - diameter) / 2);
  return {
    height: diameter,
    placed: (column, text) => ({
      run: type.run(text, middleOf(column)),
      lang: "en",
      room: { x: ringLeft(column) + thickness, y: 0, width: hole, height: 0 },
    }),
    draw: (image, column, unit, value, text) => {
      const fraction = ringFraction(value, unit, spanSeconds ? spanSeconds / 86_400 : undefined);
      overlay(image, ringOf(diameter, thickness, fraction, INK.accent), ringLeft(column), top);
      type.glyphs(image, text, middleOf(column), false);
    },
    colon: type.colon,
  };
}

/**
 * The flip face: each number on a card as wide as it needs, split at the middle by a line of the
 * background, its top half a shade darker than its bottom (`darker`: whether more of the ink is darker,
 * as the accent on a light background).
 */
function flipFace(rooms: Room, top: number, s: number, darker: boolean): Face {
  const numberSize = Math.max(
    6 * s,
    Math.min(
      52 * s,
      fitting(rooms, (face, digits) => Math.floor(face / (digitWidth(digits) + 0.5))),
    ),
  );
  const height = Math.round(numberSize * 1.3);
  const type = typeFace(numberSize, top, height / 2);
  const card = (column: Column, text: string) => {
    const width = Math.round((digitWidth(text.length) + 0.5) * numberSize);
    return { x: column.left + Math.floor((column.width - width) / 2), y: top, width, height };
  };
  const line = Math.max(1, Math.round(numberSize * 0.03));
  return {
    height,
    placed: (column, text) => ({
      run: type.run(text, middleOf(column)),
      lang: "en",
      room: { ...card(column, text), y: 0, height: 0 },
    }),
    draw: (image, column, _unit, _value, text) => {
      const box = card(column, text);
      drawCard(image, box, INK.accent, darker ? { top: 0.2, bottom: 0.13 } : { top: 0.09, bottom: 0.15 });
      type.glyphs(image, text, middleOf(column), true);
      clear(image, box.x, top + Math.floor(height / 2 - line / 2), box.width, line);
    },
    colon: type.colon,
  };
}

/** The digital face: seven-segment digits as high as every unit's room lets its number be (at most 56 px). */
function digitalFace(rooms: Room, top: number, s: number): Face {
  const per = segmentMeasures(100);
  const height = Math.max(
    8 * s,
    Math.min(
      56 * s,
      fitting(rooms, (face, digits) => Math.floor((face * 100) / (digits * per.width + (digits - 1) * per.gap))),
    ),
  );
  const { width, thickness, gap } = segmentMeasures(height);
  const box = (column: Column, text: string): Rect => {
    const wide = text.length * width + (text.length - 1) * gap;
    return { x: column.left + Math.round((column.width - wide) / 2), y: top, width: wide, height };
  };
  const dots = (x: number) =>
    [0.3, 0.7].map((at) => ({ x: Math.round(x - thickness / 2), y: top + Math.round(height * at - thickness / 2) }));
  const shape = (text: string, x: number) =>
    ({ text, x, y: top + height, size: height, weight: 700, ink: INK.accent }) as const;
  return {
    height,
    placed: (column, text) => {
      const ink = box(column, text);
      return {
        run: shape(text, ink.x),
        lang: "en",
        room: { x: column.left, y: 0, width: column.width, height: 0 },
        ink,
      };
    },
    draw: (image, column, _unit, _value, text) => {
      const digitImages = segmentDigits(height, INK.accent);
      const { x } = box(column, text);
      [...text].forEach((char, i) => overlay(image, digitImages[Number(char)]!, x + i * (width + gap), top));
    },
    colon: {
      placed: (x, room) => {
        const [upper, lower] = dots(x);
        return {
          run: shape(":", x),
          lang: "en",
          room: { x: x - room / 2, y: 0, width: room, height: 0 },
          ink: { x: upper!.x, y: upper!.y, width: thickness, height: lower!.y + thickness - upper!.y },
        };
      },
      draw: (image, x) => {
        for (const dot of dots(x)) fillRect(image, dot.x, dot.y, thickness, thickness, INK.accent);
      },
    },
  };
}

/**
 * Widths of columns that share `total` pixels by `weights`, none narrower than `least` while the total
 * lets it be (those that would be are given it, the others share the rest).
 */
function columnWidths(weights: number[], total: number, least: number): number[] {
  const fixed = new Set<number>();
  for (;;) {
    const free = weights.reduce((sum, weight, i) => sum + (fixed.has(i) ? 0 : weight), 0);
    const rest = total - fixed.size * least;
    const widths = weights.map((weight, i) => (fixed.has(i) ? least : Math.floor((rest * weight) / free)));
    const short = widths.findIndex((width, i) => width < least && !fixed.has(i));
    if (short < 0 || fixed.size + 1 === weights.length) return widths;
    fixed.add(short);
  }
}

/** Whether more of `options`' accent over its background is darker (the accent darker than the background). */
function accentIsDarker(options: EmailOptions): boolean {
  const { bg, inks } = colorsOf(options);
  const light = ([r, g, b]: readonly number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return light(inks[INK.accent]!) < light(bg);
}

/**
 * The count as faces in `area`, sized for `units` (the first moment's: the days' digits set the size
 * of every number, so that an image keeps its size), the days' ring against `spanSeconds` (an
 * evergreen countdown's duration) where there is one. Over 80 lines: the columns, the faces' sizes and
 * the labels depend on each other, and the drawing closes over them.
 */
export function facesLayout(
  options: EmailOptions,
  lang: string,
  area: CountArea,
  units: number[],
  words?: UnitWords,
  spanSeconds?: number,
): CountLayout {
  const { s, pad, inner, top } = area;
  const run = options.units;
  const shownUnits = [0, 1, 2, 3].filter((unit) => run.includes("dhms"[unit]!));
  const digitsOf = (unit: number) => Math.max(2, unitDigits(units[unit]!, unit, run).length);
  const colons = options.separator == "colon";
  // Columns as wide as one of four together, whatever the units shown (fewer stand together, centred),
  // shared by the units' digits (five of days get more than two of hours), none narrower than its label.
  const { labelled, widest } = columnLabels(options, lang, shownUnits, inner, s, words);
  const widths = columnWidths(
    shownUnits.map((unit) => (options.layout === "ring" ? 1 : digitsOf(unit))),
    Math.floor(inner / 4) * shownUnits.length,
    labelled ? Math.ceil(widest(8 * s)) + 4 * s : 0,
  );
  const { labelFor, labelSize } = columnLabels(options, lang, shownUnits, Math.min(...widths), s, words);
  const order = isRightToLeftLanguage(lang) ? shownUnits.toReversed() : shownUnits;
  const first = pad + Math.floor((inner - widths.reduce((sum, width) => sum + width, 0)) / 2);
  const columnOf = (unit: number): Column => {
    const before = order.slice(0, order.indexOf(unit)).reduce((sum, u) => sum + widths[shownUnits.indexOf(u)]!, 0);
    return { left: first + before, width: widths[shownUnits.indexOf(unit)]! };
  };
  const boundaries = colons ? order.slice(1).map((unit) => columnOf(unit).left) : [];
  const colonRoom = Math.min(...widths);
  // (With colons between the columns, the faces leave them room.)
  const rooms = shownUnits.map((unit) => ({
    face: Math.floor(columnOf(unit).width * (colons ? 0.72 : 0.9)),
    digits: digitsOf(unit),
  }));
  const look =
    options.layout === "ring"
      ? ringFace(rooms, top, s, spanSeconds)
      : options.layout === "flip"
        ? flipFace(rooms, top, s, accentIsDarker(options))
        : digitalFace(rooms, top, s);
  const labelTop = top + look.height + 4 * s;
  const height = labelled ? labelTop - top + Math.ceil(labelSize * 1.5) : look.height + 4 * s;

  const placed: Placed[] = boundaries.map((x) => look.colon.placed(x, colonRoom));
  for (const unit of shownUnits) {
    const column = columnOf(unit);
    placed.push(look.placed(column, unitDigits(units[unit]!, unit, run)));
    if (labelled)
      placed.push({
        run: labelRun(labelFor(unit, units[unit]!), middleOf(column), labelTop, labelSize),
        lang,
        room: { x: column.left, y: 0, width: column.width, height: 0 },
      });
  }
  /** What each unit shows now. */
  const drawn = new Map<number, string>();
  const draw = (image: Indexed, moment: { units: number[] } | { headline: string }): Rect => {
    if (!("units" in moment)) return NOTHING;
    const changed: Rect[] = [];
    for (const unit of shownUnits) {
      const value = moment.units[unit]!;
      const [text, label] = [unitDigits(value, unit, run), labelFor(unit, value)];
      if (drawn.get(unit) === `${text}\0${label}`) continue;
      drawn.set(unit, `${text}\0${label}`);
      const column = columnOf(unit);
      clear(image, column.left, top, column.width, height);
      look.draw(image, column, unit, value, text);
      if (labelled) overlay(image, labelOf(label, labelSize, lang, column.width), column.left, labelTop);
      changed.push({ x: column.left, y: top, width: column.width, height });
    }
    if (changed.length) for (const x of boundaries) look.colon.draw(image, x);
    return union(changed);
  };
  return { height, placed, draw };
}

/** A unit's label in the units layout and the faces: centred at `x`, a line under `top`, muted. */
export const labelRun = (text: string, x: number, top: number, size: number): TextRun => ({
  text,
  x,
  y: top + Math.ceil(size * 1.1),
  size,
  weight: 400,
  ink: INK.muted,
  align: "center",
});
