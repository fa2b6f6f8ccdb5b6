// A done image in the email image (src/authoring/done-image.ts): the build draws it once into a palette
// picture of at most 255 colours (median cut) and at most DONE_BITMAP_SIDE pixels a side, index 0
// where it is transparent; at zero, the email image scales it into its own frame, the frame's
// background behind it and around it, so a snippet's width and height stay right. Free of Node.
import type { Rgb } from "./raster.ts";

/** The longest side the live data keeps: the email's default width. Wider emails scale it up. */
export const DONE_BITMAP_SIDE = 600;

/** A done image as the live data keeps it (`done/<hash>.json`). */
export interface DoneBitmap {
  width: number;
  height: number;
  /** RGB triples, flat: index k + 1's colour at 3k (index 0 is the frame's background). */
  palette: number[];
  /** One index a pixel, row by row, base64. */
  pixels: string;
}

const toBase64 = (bytes: Uint8Array) => {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
/** The bytes of base64 text (atob's, free of Node: a Worker draws too). */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
/** Each bitmap's pixels, decoded once (the live store keeps the bitmap it read). */
const decoded = new WeakMap<DoneBitmap, Uint8Array>();
function pixelsOf(bitmap: DoneBitmap): Uint8Array {
  let pixels = decoded.get(bitmap);
  if (!pixels) decoded.set(bitmap, (pixels = fromBase64(bitmap.pixels)));
  return pixels;
}

/** RGBA pixels (straight alpha) as a palette picture: median cut of their 15-bit colours into 255 boxes. */
export function quantize(rgba: Uint8Array, width: number, height: number): DoneBitmap {
  const key = (i: number) => ((rgba[i]! >> 3) << 10) | ((rgba[i + 1]! >> 3) << 5) | (rgba[i + 2]! >> 3);
  const counts = new Map<number, number>();
  // The exact colours' sums under each 15-bit colour: a box's colour is their mean, exact where it holds one.
  const sums = new Map<number, number[]>();
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128) continue;
    const k = key(i);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    const sum = sums.get(k) ?? sums.set(k, [0, 0, 0]).get(k)!;
    for (let c = 0; c < 3; c++) sum[c]! += rgba[i + c]!;
  }
  const channel = (k: number, c: number) => (k >> (10 - 5 * c)) & 31;
  let boxes: number[][] = counts.size ? [[...counts.keys()]] : [];
  while (boxes.length < 255) {
    // The box whose widest channel is widest, split at its weighted median along it.
    let best = -1;
    let bestRange = 0;
    let bestChannel = 0;
    boxes.forEach((box, b) => {
      for (let c = 0; c < 3; c++) {
        const values = box.map((k) => channel(k, c));
        const [lo, hi] = [Math.min(...values), Math.max(...values)];
        if (hi - lo > bestRange) [best, bestRange, bestChannel] = [b, hi - lo, c];
      }
    });
    if (best < 0) break;
    const box = boxes[best]!.sort((a, b) => channel(a, bestChannel) - channel(b, bestChannel));
    const total = box.reduce((sum, k) => sum + counts.get(k)!, 0);
    let at = 0;
    for (let seen = 0; at < box.length - 1 && seen + counts.get(box[at]!)! <= total / 2; at++)
      seen += counts.get(box[at]!)!;
    at = Math.max(1, at);
    boxes = [...boxes.slice(0, best), box.slice(0, at), box.slice(at), ...boxes.slice(best + 1)];
  }
  const indexOf = new Map<number, number>();
  const palette: number[] = [];
  boxes.forEach((box, b) => {
    const sum = [0, 1, 2].map((c) => box.reduce((total, k) => total + sums.get(k)![c]!, 0));
    const n = box.reduce((total, k) => total + counts.get(k)!, 0);
    for (const k of box) indexOf.set(k, b + 1);
    palette.push(...sum.map((v) => Math.round(v / n)));
  });
  const pixels = new Uint8Array(width * height);
  for (let p = 0; p < pixels.length; p++) pixels[p] = rgba[p * 4 + 3]! >= 128 ? indexOf.get(key(p * 4))! : 0;
  return { width, height, palette, pixels: toBase64(pixels) };
}

/**
 * The done image fitted whole into a `width` × `height` frame, centred on `background`, scaled by the
 * nearest pixel (no colour it does not have): the frame's palette and pixels.
 */
export function doneFrame(
  bitmap: DoneBitmap,
  width: number,
  height: number,
  background: Rgb,
): { palette: Rgb[]; pixels: Uint8Array } {
  const source = pixelsOf(bitmap);
  const scale = Math.min(width / bitmap.width, height / bitmap.height);
  const [w, h] = [Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale))];
  const [left, top] = [Math.floor((width - w) / 2), Math.floor((height - h) / 2)];
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < h; y++) {
    const row = Math.min(bitmap.height - 1, Math.floor(y / scale)) * bitmap.width;
    for (let x = 0; x < w; x++)
      pixels[(top + y) * width + left + x] = source[row + Math.min(bitmap.width - 1, Math.floor(x / scale))]!;
  }
  const palette: Rgb[] = [background];
  for (let i = 0; i < bitmap.palette.length; i += 3)
    palette.push([bitmap.palette[i]!, bitmap.palette[i + 1]!, bitmap.palette[i + 2]!]);
  return { palette, pixels };
}
