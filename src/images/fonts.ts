// The fonts every image of the service is drawn with (fonts/, the `countdown-fonts` package of the
// project), and text set in them: one set for the email countdown and the link preview, so that
// every script a title may be written in is drawn with glyphs. A line is cut into pieces, each in the
// first face of the set that has its characters; the Unicode bidirectional algorithm (bidi-js) orders
// the pieces; HarfBuzz (harfbuzzjs) shapes each one (Arabic joining, Devanagari conjuncts and marks,
// Thai marks, kerning) and gives its glyphs' outlines, which go into the SVG as paths. resvg draws no
// text itself: its own layout misplaces Devanagari marks, drops spaces around them, and picks a
// face of the wrong weight for a piece it falls back on.
import bidiFactory from "bidi-js";
import * as hb from "harfbuzzjs";
import { fontBytes, fontCovers } from "./font-files.ts";

export type Weight = 400 | 700;

interface Face {
  file: string;
  weight: Weight;
  /** A collection with a face per CJK region: the index of each. */
  regions?: Record<string, number>;
  emoji?: true;
  /** The site's font (`useSiteFont`): its bytes, not a file of the set. */
  bytes?: Uint8Array;
}

/** In fallback order: the first face of the weight that has a character draws it. */
const FACES: Face[] = [
  { file: "NotoSans-Regular.ttf", weight: 400 },
  { file: "NotoSans-Bold.ttf", weight: 700 },
  { file: "NotoSansArabic-Regular.ttf", weight: 400 },
  { file: "NotoSansArabic-Bold.ttf", weight: 700 },
  { file: "NotoSansHebrew-Regular.ttf", weight: 400 },
  { file: "NotoSansHebrew-Bold.ttf", weight: 700 },
  { file: "NotoSansDevanagari-Regular.ttf", weight: 400 },
  { file: "NotoSansDevanagari-Bold.ttf", weight: 700 },
  { file: "NotoSansThai-Regular.ttf", weight: 400 },
  { file: "NotoSansThai-Bold.ttf", weight: 700 },
  // Before the CJK collection, so that an emoji does not load its 19 MB.
  { file: "NotoEmoji-Regular.ttf", weight: 400, emoji: true },
  // One weight: bold CJK text is drawn regular.
  { file: "NotoSansCJK-Regular.ttc", weight: 400, regions: { JP: 0, KR: 1, SC: 2, TC: 3, HK: 4 } },
];

/** A face ready to shape with: HarfBuzz's font, the characters it has, and its glyphs' outlines as drawn so far. */
interface LoadedFace {
  font: hb.Font;
  upem: number;
  has: Set<number>;
  outlines: Map<number, string>;
}

const blobs = new Map<string, hb.Blob>();
const loaded = new Map<string, LoadedFace>();

function load(face: Face, index = 0): LoadedFace {
  const key = `${face.file}#${index}`;
  let found = loaded.get(key);
  if (!found) {
    let blob = blobs.get(face.file);
    if (!blob) blobs.set(face.file, (blob = new hb.Blob(face.bytes ?? fontBytes(face.file))));
    const hbFace = new hb.Face(blob, index);
    found = {
      font: new hb.Font(hbFace),
      upem: hbFace.upem,
      has: new Set(hbFace.collectUnicodes()),
      outlines: new Map(),
    };
    loaded.set(key, found);
  }
  return found;
}

/**
 * The site's font (its site file's `font`, a TTF or OTF), first for every character it has, at both
 * weights (a bold text is drawn in its one weight); the set draws the rest.
 */
let siteFace: Face | undefined;

/**
 * Draws with the site's font from now on, or with the set alone (undefined); `name` names its bytes
 * (the live data's file of it: a new font, a new name).
 */
export function useSiteFont(font: { name: string; bytes: Uint8Array } | undefined): void {
  if (siteFace?.file === font?.name) return;
  siteFace = font && { file: font.name, weight: 400, bytes: font.bytes };
  shapedLines.clear();
  facesByWeight.clear();
}

/** The faces of a weight in fallback order; a bold text falls back to regular faces for what bold ones lack. */
const facesByWeight = new Map<Weight, Face[]>();
function facesOf(weight: Weight): Face[] {
  let faces = facesByWeight.get(weight);
  if (!faces)
    facesByWeight.set(
      weight,
      (faces = [
        ...(siteFace ? [siteFace] : []),
        ...FACES.filter((face) => face.weight === weight),
        ...(weight === 700 ? FACES.filter((face) => face.weight === 400) : []),
      ]),
    );
  return faces;
}

/**
 * Whether a face has a code point: from the font files' table of what each covers where the runtime
 * has one (a Worker's, made by its build: no font is fetched to be asked), else from the face itself.
 */
function faceHas(face: Face, code: number): boolean {
  return (face.bytes ? undefined : fontCovers(face.file, code)) ?? load(face).has.has(code);
}

/** The face that draws a code point at a weight; undefined when none has it. */
function faceFor(code: number, weight: Weight): Face | undefined {
  return facesOf(weight).find((face) => faceHas(face, code));
}

/** Spaces, joiners, marks of direction and variation selectors: drawn by the face of the piece they are in. */
// eslint-disable-next-line no-misleading-character-class -- each of them is meant, the selectors included
const NEUTRAL = /[\s\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f]/u;

/**
 * The font files of the set a text, or any part of it, needs at a weight, by name: the Latin face
 * always, and each face a character needs. (A space goes with the piece before it, but a part of
 * the text may start with it: its own face is named too.)
 */
export function fontFilesFor(text: string, weight: Weight): string[] {
  const faces = new Set<Face>([facesOf(weight).find((face) => !face.bytes)!]);
  const seen = new Set<number>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (seen.has(code)) continue;
    seen.add(code);
    const face = faceFor(code, weight);
    if (face) faces.add(face);
  }
  return [...faces].filter((face) => !face.bytes).map((face) => face.file);
}

/** The font files of the set `texts` need at either weight: what a runtime that fetches the fonts before it draws fetches. */
export function fontFilesOf(texts: readonly string[]): Set<string> {
  // (A face is chosen character by character: the texts may be read as one.)
  const text = texts.join("");
  return new Set([...fontFilesFor(text, 400), ...fontFilesFor(text, 700)]);
}

/** Whether the set has a glyph for every character of `text` (white space and joiners aside). */
export function covers(text: string): boolean {
  return [...text].every((char) => NEUTRAL.test(char) || faceFor(char.codePointAt(0)!, 400) !== undefined);
}

/** The CJK region whose glyph shapes a language writes Han characters with. */
function cjkRegion(lang: string): string {
  const { language, script, region } = new Intl.Locale(lang).maximize();
  if (language === "ko") return "KR";
  if (language === "zh") return script === "Hant" ? (region === "HK" ? "HK" : "TC") : "SC";
  return "JP";
}

const bidi = bidiFactory();
/** One buffer for every piece: shaping is synchronous. */
const buffer = new hb.Buffer();

/** A line set in the fonts: its glyphs left to right, from its start, in pixels. */
interface ShapedLine {
  width: number;
  /** Whether the line's own direction is right to left (its first strong letter is). */
  rtl: boolean;
  glyphs: { face: LoadedFace; glyph: number; x: number; y: number }[];
  size: number;
}

const shapedLines = new Map<string, ShapedLine>();

/** `text` as one line at `size` pixels and `weight`, in `lang` (Han shapes, language forms). */
export function shape(text: string, size: number, weight: Weight, lang: string): ShapedLine {
  const key = `${size}\0${weight}\0${lang}\0${text}`;
  const kept = shapedLines.get(key);
  if (kept) return kept;
  const levels = bidi.getEmbeddingLevels(text);
  // Pieces: code points of one face and one bidi level, in the text's order.
  const pieces: { start: number; end: number; face: Face; level: number }[] = [];
  let offset = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const level = levels.levels[offset]!;
    const last = pieces.at(-1);
    // A space goes with the piece before it (an emoji's space is as wide as an emoji: not that one).
    const joins = NEUTRAL.test(char) && last && !last.face.emoji && faceHas(last.face, code);
    const face = (joins ? last.face : faceFor(code, weight)) ?? last?.face ?? facesOf(weight)[0]!;
    if (last && last.face === face && last.level === level) last.end = offset + char.length;
    else pieces.push({ start: offset, end: offset + char.length, face, level });
    offset += char.length;
  }
  // Visual order (UAX #9, L2): from the highest level down to the lowest odd one, each run of pieces at that level or higher is reversed.
  const order = pieces.slice();
  const highest = Math.max(0, ...pieces.map((piece) => piece.level));
  const lowestOdd = Math.min(...pieces.map((piece) => piece.level).filter((level) => level % 2 === 1), Infinity);
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < order.length; i++) {
      if (order[i]!.level < level) continue;
      let j = i;
      while (j + 1 < order.length && order[j + 1]!.level >= level) j++;
      order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
      i = j;
    }
  }
  const region = cjkRegion(lang);
  const glyphs: ShapedLine["glyphs"] = [];
  let pen = 0;
  for (const piece of order) {
    const face = load(piece.face, piece.face.regions?.[region] ?? 0);
    const scale = size / face.upem;
    buffer.reset();
    buffer.addText(text.slice(piece.start, piece.end));
    buffer.guessSegmentProperties();
    buffer.setDirection(piece.level % 2 ? hb.Direction.RTL : hb.Direction.LTR);
    buffer.setLanguage(lang);
    hb.shape(face.font, buffer);
    const positions = buffer.getGlyphPositions();
    buffer.getGlyphInfos().forEach((info, i) => {
      const position = positions[i]!;
      glyphs.push({ face, glyph: info.codepoint, x: pen + position.xOffset * scale, y: -position.yOffset * scale });
      pen += position.xAdvance * scale;
    });
  }
  const line = { width: pen, rtl: levels.paragraphs[0]?.level === 1, glyphs, size };
  if (shapedLines.size > 5000) shapedLines.clear();
  shapedLines.set(key, line);
  return line;
}

/** The width of `text` at `size` pixels, as shaped. */
export function textWidth(text: string, size: number, weight: Weight, lang = "en"): number {
  return shape(text, size, weight, lang).width;
}

/** A shaped line as SVG paths, its start at `x` and its baseline at `y` (in the fill of the element around it). */
export function linePaths(line: ShapedLine, x: number, y: number): string {
  return line.glyphs
    .map(({ face, glyph, x: gx, y: gy }) => {
      let outline = face.outlines.get(glyph);
      if (outline === undefined) face.outlines.set(glyph, (outline = face.font.glyphToPath(glyph)));
      if (!outline) return "";
      const scale = line.size / face.upem;
      return `<path transform="matrix(${scale} 0 0 ${-scale} ${round(x + gx)} ${round(y + gy)})" d="${outline}"/>`;
    })
    .join("");
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A glyph's outline's reach above and below the baseline, in font units (its path's points: a curve stays within them). */
const reaches = new WeakMap<LoadedFace, Map<number, [number, number]>>();
function reachOf(face: LoadedFace, glyph: number): [number, number] {
  let kept = reaches.get(face);
  if (!kept) reaches.set(face, (kept = new Map()));
  let reach = kept.get(glyph);
  if (reach) return reach;
  let outline = face.outlines.get(glyph);
  if (outline === undefined) face.outlines.set(glyph, (outline = face.font.glyphToPath(glyph)));
  const ys = [...outline.matchAll(/-?[\d.]+(?:e-?\d+)?/g)].map(Number).filter((_, i) => i % 2 === 1);
  reach = ys.length ? [Math.max(0, ...ys), Math.max(0, -Math.min(...ys))] : [0, 0];
  kept.set(glyph, reach);
  return reach;
}

/** How far a shaped line's ink reaches above its baseline (ascent) and below it (descent), in pixels. */
export function inkReach(line: ShapedLine): { ascent: number; descent: number } {
  let [ascent, descent] = [0, 0];
  for (const { face, glyph, y } of line.glyphs) {
    const scale = line.size / face.upem;
    const [up, down] = reachOf(face, glyph);
    [ascent, descent] = [Math.max(ascent, up * scale - y), Math.max(descent, down * scale + y)];
  }
  return { ascent, descent };
}

/** Whether a text is written right to left (its first strong letter is: Hebrew, Arabic...). */
export const isRightToLeft = (text: string) => bidi.getEmbeddingLevels(text).paragraphs[0]?.level === 1;

/** Where a word may be broken: between user-perceived characters (an emoji's ZWJ sequence, a letter and its marks stay whole). */
const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });

/** `text` in lines of at most `width` at `size`, broken between words (inside a word where it must), at most `max` lines, the last cut with "…". */
export function wrapText(
  text: string,
  size: number,
  weight: Weight,
  width: number,
  max: number,
  lang = "en",
): { lines: string[]; fits: boolean } {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => textWidth(candidate, size, weight, lang) <= width;
  // Words, or characters for scripts written without spaces (CJK, Thai).
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const { segment: char } of GRAPHEMES.segment(word)) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return { lines, fits: true };
  const kept = lines.slice(0, max);
  let last = kept[max - 1]!;
  while (last && !fits(`${last}…`))
    last = [...GRAPHEMES.segment(last)]
      .slice(0, -1)
      .map(({ segment }) => segment)
      .join("");
  kept[max - 1] = `${last.trimEnd()}…`;
  return { lines: kept, fits: false };
}
