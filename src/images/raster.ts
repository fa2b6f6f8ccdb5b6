// Text drawn by resvg into palette images: a background and a few inks (the text, the secondary text,
// the accent), each in LEVELS shades of coverage over the background, so that anti-aliased text of
// any script keeps its edges in a palette of at most 1 + 4 × 15 colours. resvg draws on a
// transparent canvas; each pixel's coverage and nearest ink give its palette index.
import { Resvg } from "./resvg.ts";
import { linePaths, shape, type Weight } from "./fonts.ts";

export type Rgb = readonly [number, number, number];

/** Shades of each ink, from faint to full. */
const LEVELS = 15;

/** The palette of a background and inks: index 0 the background, then each ink's shades. */
export function paletteOf(background: Rgb, inks: readonly Rgb[]): Rgb[] {
  const palette: Rgb[] = [background];
  for (const ink of inks) {
    for (let level = 1; level <= LEVELS; level++) {
      const alpha = level / LEVELS;
      palette.push(ink.map((c, i) => Math.round(c * alpha + background[i]! * (1 - alpha))) as unknown as Rgb);
    }
  }
  return palette;
}

/** The palette index of ink `ink` at coverage `alpha` (0 to 255); 0 (the background) for none. */
const shade = (ink: number, alpha: number) =>
  alpha === 0 ? 0 : 1 + ink * LEVELS + Math.max(1, Math.round((alpha * LEVELS) / 255)) - 1;

/** The palette index of ink `ink` at coverage `cover` (0 to 1); 0 (the background) for none. */
export const shadeOf = (ink: number, cover: number) => shade(ink, Math.round(Math.min(1, Math.max(0, cover)) * 255));

/** Redraws ink `from` as ink `to` (shade for shade) in `image`, inside `rect` (x, y, width, height) or all of it. */
export function recolour(image: Indexed, from: number, to: number, rect = [0, 0, image.width, image.height]): void {
  const [left, top, width, height] = rect as [number, number, number, number];
  const [first, last] = [1 + from * LEVELS, from * LEVELS + LEVELS];
  for (let y = top; y < top + height; y++)
    for (let at = y * image.width + left; at < y * image.width + left + width; at++) {
      const index = image.pixels[at]!;
      if (index >= first && index <= last) image.pixels[at] = index + (to - from) * LEVELS;
    }
}

/** A palette image: width × height indexes. */
export interface Indexed {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** One run of text to draw. */
export interface TextRun {
  text: string;
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  weight: Weight;
  /** Which ink: 0, 1 or 2 (the palette says its colour). */
  ink: number;
  /** Which side of the line `x` is (default "left"). */
  align?: "left" | "center" | "right";
  strike?: boolean;
}

/**
 * The colours resvg draws each ink in: apart enough that every pixel's ink is known from its colour,
 * whatever the palette's colours are (they may even be the same).
 */
const DRAWING_INKS = ["#ff0000", "#00ff00", "#0000ff"];
const DRAWN: Rgb[] = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
];

/**
 * Draws `runs` on a `width` × `height` palette image of the background, in the language `lang` (the
 * shapes of Han characters): each run set by fonts.ts as paths, which resvg fills.
 */
export function drawTexts(width: number, height: number, runs: readonly TextRun[], lang: string): Indexed {
  const pixels = new Uint8Array(width * height);
  if (runs.length === 0) return { width, height, pixels };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${runs.map((run) => textSvg(run, DRAWING_INKS[run.ink]!, lang)).join("")}</svg>`;
  const rgba = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: "original" } }).render().pixels;
  const single = new Set(runs.map((run) => run.ink)).size === 1 ? runs[0]!.ink : -1;
  for (let i = 0, p = 0; i < pixels.length; i++, p += 4) {
    const alpha = rgba[p + 3]!;
    if (alpha === 0) continue;
    pixels[i] = shade(single >= 0 ? single : nearestInk(rgba[p]!, rgba[p + 1]!, rgba[p + 2]!, alpha), alpha);
  }
  return { width, height, pixels };
}

/**
 * Draws SVG shapes (`body`: paths and polygons, their `fill-opacity` as coverage) in ink `ink` on a
 * `width` × `height` palette image of the background: resvg fills them, as it fills the glyphs.
 */
export function drawShapes(width: number, height: number, body: string, ink: number): Indexed {
  const pixels = new Uint8Array(width * height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="#000">${body}</g></svg>`;
  const rgba = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: "original" } }).render().pixels;
  for (let i = 0, p = 3; i < pixels.length; i++, p += 4) pixels[i] = shade(ink, rgba[p]!);
  return { width, height, pixels };
}

/** A line of text as an SVG group of glyph outlines in `fill`, placed by its alignment; struck through on request. */
export function textSvg(run: Omit<TextRun, "ink" | "rtl">, fill: string, lang: string): string {
  const line = shape(run.text, run.size, run.weight, lang);
  const left = run.align === "center" ? run.x - line.width / 2 : run.align === "right" ? run.x - line.width : run.x;
  const strike = run.strike
    ? `<rect x="${left.toFixed(2)}" y="${(run.y - run.size * 0.3).toFixed(2)}" width="${line.width.toFixed(2)}" height="${Math.max(1, run.size * 0.06).toFixed(2)}"/>`
    : "";
  return `<g fill="${fill}">${linePaths(line, left, run.y)}${strike}</g>`;
}

/** The ink a premultiplied pixel is nearest to. */
function nearestInk(r: number, g: number, b: number, alpha: number): number {
  let best = 0;
  let bestDistance = Infinity;
  const [ur, ug, ub] = [(r * 255) / alpha, (g * 255) / alpha, (b * 255) / alpha];
  DRAWN.forEach(([ir, ig, ib], i) => {
    const distance = (ur - ir) ** 2 + (ug - ig) ** 2 + (ub - ib) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  });
  return best;
}

/** Copies the inked pixels of `from` onto `to` at (x, y) (the background of `from` leaves `to` as it is). */
export function overlay(to: Indexed, from: Indexed, x: number, y: number): void {
  // The rows and columns of `from` that fall on `to`.
  const [firstRow, lastRow] = [Math.max(0, -y), Math.min(from.height, to.height - y)];
  const [firstColumn, lastColumn] = [Math.max(0, -x), Math.min(from.width, to.width - x)];
  const [source, target] = [from.pixels, to.pixels];
  for (let row = firstRow; row < lastRow; row++) {
    const [fromRow, toRow] = [row * from.width, (y + row) * to.width + x];
    for (let column = firstColumn; column < lastColumn; column++) {
      const value = source[fromRow + column]!;
      if (value !== 0) target[toRow + column] = value;
    }
  }
}

/** Fills a rectangle of `image` with the background. */
export function clear(image: Indexed, x: number, y: number, width: number, height: number): void {
  for (let row = Math.max(0, y); row < Math.min(image.height, y + height); row++)
    image.pixels.fill(0, row * image.width + Math.max(0, x), row * image.width + Math.min(image.width, x + width));
}

/** A rectangle of `image`, as its own pixels. */
export function crop(image: Indexed, x: number, y: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let row = 0; row < height; row++)
    out.set(image.pixels.subarray((y + row) * image.width + x, (y + row) * image.width + x + width), row * width);
  return out;
}

/**
 * Drawings kept for reuse, by key, within a budget of pixels (one byte each): once a new one would
 * pass it, every one is dropped and the few in use are drawn again. Sizes and labels come from
 * requests (a width each), so what is kept is bounded in bytes, not only in entries.
 */
export function keptWithin<T>(budget: number, bytesOf: (value: T) => number) {
  const kept = new Map<string, T>();
  let bytes = 0;
  return (key: string, draw: () => T): T => {
    let value = kept.get(key);
    if (value === undefined) {
      value = draw();
      const size = bytesOf(value);
      if (bytes + size > budget) {
        kept.clear();
        bytes = 0;
      }
      kept.set(key, value);
      bytes += size;
    }
    return value;
  };
}
