// Reads images back for the tests, independently of the code that drew them: GIFs decoded by omggif
// (each frame composed over the previous ones, as a viewer shows it) and PNGs by pngjs; and the
// characters of a line of bold Noto Sans text told apart by comparing each ink blob with that
// character drawn alone by resvg (no glyph atlas, no layout of the service).
import { readFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "../../src/images/resvg.ts";
import { GifReader } from "omggif";
import { PNG } from "pngjs";
import { fontFolder } from "../../src/images/font-files.ts";

export interface Rgba {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

interface DecodedGif {
  width: number;
  height: number;
  /** The NETSCAPE loop count; null when the GIF has none (it plays once). */
  loops: number | null;
  /** Each frame's delay in hundredths of a second, and the picture as shown once it is drawn. */
  frames: { delay: number; disposal: number; shown: Rgba }[];
}

export function decodeGif(bytes: Uint8Array): DecodedGif {
  const reader = new GifReader(Buffer.from(bytes));
  const canvas = new Uint8Array(reader.width * reader.height * 4);
  const frames: DecodedGif["frames"] = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    const info = reader.frameInfo(i);
    reader.decodeAndBlitFrameRGBA(i, canvas);
    frames.push({
      delay: info.delay,
      disposal: info.disposal,
      shown: { width: reader.width, height: reader.height, data: canvas.slice() },
    });
  }
  return { width: reader.width, height: reader.height, loops: reader.loopCount(), frames };
}

export function decodePng(bytes: Uint8Array): Rgba {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
}

/** The colour of the pixel at (x, y), without its alpha. */
export const colourAt = ({ width, data }: Rgba, x: number, y: number) =>
  [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)] as [number, number, number];

/** How many pixels of two pictures of one size differ by more than `tolerance` in a channel. */
export function differingPixels(a: Rgba, b: Rgba, tolerance = 0): number {
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance
    )
      count++;
  }
  return count;
}

const GRID_W = 10;
const GRID_H = 14;

/** A blob of ink as a fixed grid of its coverage, with its aspect: comparable across sizes. */
function signature(
  coverage: (x: number, y: number) => number,
  left: number,
  top: number,
  width: number,
  height: number,
): { grid: number[]; aspect: number } {
  const grid: number[] = [];
  for (let gy = 0; gy < GRID_H; gy++) {
    for (let gx = 0; gx < GRID_W; gx++) {
      const [x0, x1] = [
        left + Math.floor((gx * width) / GRID_W),
        left + Math.max(Math.floor((gx * width) / GRID_W) + 1, Math.floor(((gx + 1) * width) / GRID_W)),
      ];
      const [y0, y1] = [
        top + Math.floor((gy * height) / GRID_H),
        top + Math.max(Math.floor((gy * height) / GRID_H) + 1, Math.floor(((gy + 1) * height) / GRID_H)),
      ];
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += coverage(x, y);
      grid.push(sum / ((x1 - x0) * (y1 - y0)));
    }
  }
  return { grid, aspect: width / height };
}

/** Columns and rows of `coverage` over half inside a box: the blobs of a line of text, left to right. */
function blobs(coverage: (x: number, y: number) => number, width: number, top: number, bottom: number) {
  const inked = (x: number) => {
    for (let y = top; y < bottom; y++) if (coverage(x, y) > 0.5) return true;
    return false;
  };
  const found: { left: number; right: number; top: number; bottom: number }[] = [];
  for (let x = 0; x < width; x++) {
    if (!inked(x)) continue;
    const left = x;
    while (x < width && inked(x)) x++;
    let [rowTop, rowBottom] = [bottom, top];
    for (let y = top; y < bottom; y++) {
      for (let bx = left; bx < x; bx++) {
        if (coverage(bx, y) > 0.5) {
          rowTop = Math.min(rowTop, y);
          rowBottom = Math.max(rowBottom, y + 1);
        }
      }
    }
    found.push({ left, right: x, top: rowTop, bottom: rowBottom });
  }
  return found;
}

/** Reference signatures of characters, each drawn alone by resvg in bold Noto Sans. */
function references(chars: string) {
  const fontFile = path.join(fontFolder(), "NotoSans-Bold.ttf");
  const fontBytes = readFileSync(fontFile); // present, or the test says which file is missing
  return [...chars].map((char) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><text x="40" y="180" font-family="Noto Sans" font-weight="700" font-size="160">${char}</text></svg>`;
    const image = new Resvg(svg, {
      font: { fontBuffers: [fontBytes], loadSystemFonts: false, defaultFontFamily: "Noto Sans" },
    }).render();
    const pixels = image.pixels; // read once
    const alpha = (x: number, y: number) => pixels[(y * image.width + x) * 4 + 3]! / 255;
    const [blob] = blobs(alpha, image.width, 0, image.height);
    return { char, ...signature(alpha, blob!.left, blob!.top, blob!.right - blob!.left, blob!.bottom - blob!.top) };
  });
}

let countReferences: ReturnType<typeof references> | undefined;

/**
 * The characters of `<d>d <hh>h <mm>m <ss>s` (spaces left out; colons, for `separator=colon`) drawn in an ink of the picture: the
 * rows where `ink(r, g, b)` (its coverage, 0 to 1) is found make the line; each blob is the reference
 * character nearest to it. "" when no such ink is found.
 */
export function readCount(picture: Rgba, ink: (r: number, g: number, b: number) => number): string {
  countReferences ??= references("0123456789dhms:");
  const { width, height, data } = picture;
  const coverage = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return ink(data[i]!, data[i + 1]!, data[i + 2]!);
  };
  let [top, bottom] = [height, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (coverage(x, y) > 0.5) {
        top = Math.min(top, y);
        bottom = y + 1;
        break;
      }
    }
  }
  if (bottom <= top) return "";
  return blobs(coverage, width, top, bottom)
    .map((blob) => {
      const seen = signature(coverage, blob.left, blob.top, blob.right - blob.left, blob.bottom - blob.top);
      const distance = (ref: { grid: number[]; aspect: number }) =>
        ref.grid.reduce((sum, value, i) => sum + (value - seen.grid[i]!) ** 2, 0) + 4 * (ref.aspect - seen.aspect) ** 2;
      return countReferences!.reduce((best, ref) => (distance(ref) < distance(best) ? ref : best)).char;
    })
    .join("");
}
