// The email image's count: the units of its run as one line (the published pattern, the numbers
// alone, or with the language's words) or as columns with their labels, drawn per moment from the
// glyphs of src/images/email-glyphs.ts.
import { unitDigits } from "../time/time-left.ts";
import { countText, isRightToLeftLanguage, separatorText, unitText, type UnitWords } from "../text/language-words.ts";
import type { EmailOptions } from "./email-options.ts";
import {
  INK,
  NOTHING,
  union,
  type CountArea,
  type CountLayout,
  type Moment,
  type Placed,
  type Rect,
} from "./email-look.ts";
import { FACE_LAYOUTS, columnLabels, facesLayout, labelRun } from "./email-faces.ts";
import { inkReach, shape, textWidth } from "./fonts.ts";
import { clear, overlay, type Indexed } from "./raster.ts";
import { atlasOf, labelOf, wordOf, type Glyph } from "./email-glyphs.ts";

// ---- The count's layout --------------------------------------------------------------------------

/**
 * The count's layout in `area`, its size from `units` (the first moment's, so that an image keeps
 * its size from its count to its headline: the <img> snippet gives one size) and, for a line with
 * words, the widest of `moments`. Over 80 lines: the measures of the cells, the labels and the words
 * depend on each other, and the drawing closes over them.
 */
export function countLayout(
  options: EmailOptions,
  lang: string,
  area: CountArea,
  units: number[],
  moments: Moment[],
  words?: UnitWords,
  spanSeconds?: number,
): CountLayout {
  if ((FACE_LAYOUTS as readonly string[]).includes(options.layout))
    return facesLayout(options, lang, area, units, words, spanSeconds);
  const { s, width, pad, inner, top: countTop } = area;
  /** The count's texts: drawn per moment, from the glyph atlas and the labels. */
  const counted: Placed[] = [];
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
    // (With colons between the columns, the numbers leave them room.)
    const colons = options.separator == "colon";
    const numberSize = Math.min(52 * s, Math.floor((column * (colons ? 0.72 : 0.92)) / (digits * 0.6)));
    // The labels: the unit's word in the language, in type that fits its column (src/images/email-faces.ts).
    const { labelled, labelFor, labelSize } = columnLabels(options, lang, shownUnits, column, s, words);
    const labelTop = countTop + Math.round(numberSize * 1.15);
    countHeight = labelled ? labelTop - countTop + Math.ceil(labelSize * 1.5) : labelTop - countTop + 4 * s;
    const order = isRightToLeftLanguage(lang) ? shownUnits.toReversed() : shownUnits;
    const columnOf = (unit: number) => first + order.indexOf(unit) * column;
    // `separator=colon`: a colon on the numbers' line where two columns meet (drawn with the numbers).
    const numberBaseline = countTop + Math.round(numberSize * 0.95);
    const boundaries = colons ? order.slice(1).map((_, k) => first + (k + 1) * column) : [];
    for (const x of boundaries)
      counted.push({
        run: { text: ":", x, y: numberBaseline, size: numberSize, weight: 700, ink: INK.accent, align: "center" },
        lang: "en",
        room: { x: x - column / 2, y: 0, width: column, height: 0 },
      });
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
      if (labelled)
        counted.push({
          run: labelRun(labelFor(unit, units[unit]!), room.x + column / 2, labelTop, labelSize),
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
        const label = labelFor(unit, moment.units[unit]!);
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
        if (labelled) overlay(image, labelOf(label, labelSize, lang, column), left, labelTop);
        changed.push({ x: left, y: countTop, width: column, height: countHeight });
      }
      if (changed.length) {
        const colon = atlas.get(":")!;
        for (const x of boundaries)
          overlay(image, colon.image, Math.round(x - colon.advance / 2 - colon.penX), numberBaseline - colon.baseline);
      }
      return union(changed);
    };
  } else if (options.labels == "long" || options.labels == "short") {
    // One line of the units with the language's words (`1 day 02 hours`, `1 T 02h`), in its direction:
    // the digits drawn from the atlas, each word once as a glyph of its own; as large as the widest
    // moment lets it be. The whole line is drawn again when it changes (a plural changes its width).
    const between = separatorText(options.separator, options.labels);
    const rtl = isRightToLeftLanguage(lang);
    /** A moment's line as its pieces in reading order: digits and separators (the atlas's), words. */
    const piecesOf = (shown: number[]) =>
      shownUnits.flatMap((unit, k) => {
        const [before, number, after] = unitText(shown[unit]!, unit, run, lang, options.labels, words);
        return [
          ...(k ? [{ text: between, word: false }] : []),
          { text: before, word: true },
          { text: number, word: false },
          { text: after, word: true },
        ].filter((piece) => piece.text);
      });
    const glyphsOf = (shown: number[], size: number) => {
      const atlas = atlasOf(size, INK.accent);
      // (Drawn from left to right: a language written right to left reads them from the right.)
      const pieces = piecesOf(shown);
      return (rtl ? pieces.toReversed() : pieces).flatMap((piece) =>
        piece.word ? [wordOf(piece.text, size, INK.accent, lang)] : [...piece.text].map((char) => atlas.get(char)!),
      );
    };
    const lineWidth = (glyphs: Glyph[]) => glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
    // The widest moment's line, measured (as the glyphs' advances are) without drawing a glyph; the
    // distinct lines are few (the words change with a plural, the digits are of one width).
    const lines = new Map<string, { text: string; word: boolean }[]>();
    for (const shown of [units, ...moments.flatMap((moment) => ("units" in moment ? [moment.units] : []))]) {
      // (Every digit has the width of "0": the font's digits are tabular.)
      const pieces = piecesOf(shown).map((piece) =>
        piece.word ? piece : { ...piece, text: piece.text.replace(/\d/g, "0") },
      );
      lines.set(pieces.map((piece) => piece.text).join("\0"), pieces);
    }
    const measured = (pieces: { text: string; word: boolean }[], size: number) =>
      pieces.reduce(
        (sum, piece) =>
          sum +
          (piece.word
            ? textWidth(piece.text, size, 700, lang)
            : [...piece.text].reduce((width, char) => width + textWidth(char, size, 700), 0)),
        0,
      );
    const widest = (size: number) => Math.max(...[...lines.values()].map((pieces) => measured(pieces, size)));
    let size = 60 * s;
    while (size > 8 * s && widest(size) > inner) size -= s;
    // Deep enough for the words' ink below the baseline too (Arabic's ي reaches further than a digit).
    const wordDescent = Math.max(
      0,
      ...[...lines.values()].flatMap((pieces) =>
        pieces.filter((piece) => piece.word).map((piece) => inkReach(shape(piece.text, size, 700, lang)).descent),
      ),
    );
    countHeight = Math.round(size * 1.05) + Math.max(0, Math.ceil(wordDescent - size * 0.2));
    const baseline = countTop + Math.round(size * 0.85);
    counted.push({
      run: {
        text: piecesOf(units)
          .map((piece) => piece.text)
          .join(""),
        x: width / 2,
        y: baseline,
        size,
        weight: 700,
        ink: INK.accent,
        align: "center",
      },
      lang,
      room: { x: 0, y: 0, width, height: 0 },
    });
    drawMoment = (image, moment) => {
      if (!("units" in moment)) return NOTHING;
      const glyphs = glyphsOf(moment.units, size);
      const text = piecesOf(moment.units)
        .map((piece) => piece.text)
        .join("\0");
      const before = drawn.get(-1);
      if (before?.text === text) return NOTHING;
      const start = Math.round((width - lineWidth(glyphs)) / 2);
      const end = start + lineWidth(glyphs);
      drawn.set(-1, { text, label: "", start, end });
      const bleed = Math.ceil(size * 0.15);
      const x = Math.max(0, Math.min(start, before?.start ?? start) - bleed);
      const top = baseline - glyphs[0]!.baseline;
      const rect = {
        x,
        y: top,
        width: Math.min(width, Math.ceil(Math.max(end, before?.end ?? end) + bleed)) - x,
        height: glyphs[0]!.image.height,
      };
      clear(image, rect.x, rect.y, rect.width, rect.height);
      let pen = start;
      for (const glyph of glyphs) {
        overlay(image, glyph.image, Math.round(pen - glyph.penX), baseline - glyph.baseline);
        pen += glyph.advance;
      }
      return rect;
    };
  } else {
    // The published pattern `<d>d <hh>h <mm>m <ss>s` (or, with `labels=none`, the numbers alone, and
    // colons for `separator=colon`), ASCII digits, left to right in every language.
    let size = 60 * s;
    const formatUnits = (units: number[]) => countText(units, run, "en", options.labels, options.separator);
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

  return { height: countHeight, placed: counted, draw: drawMoment };
}
