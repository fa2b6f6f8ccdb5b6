// A GIF89a encoder for palette images made of frames: one global colour table, each frame a rectangle
// of it (the first the whole image, later ones only what changed), with a delay, drawn over what is
// there ("do not dispose"), and no looping extension, so a viewer plays it once and stops on its last
// frame. It writes them as small as gifsicle's -O3 does (encodeGif). The pixels are LZW-compressed as
// the GIF89a specification (appendix F) says (lzw.ts); a later frame's encoding is kept by what it
// holds (encoded-frames.ts).

import { encodedFrame, type EncodedFrame } from "./encoded-frames.ts";
import { ByteWriter, lzw, MAX_CODE } from "./lzw.ts";

export interface GifFrame {
  /** Where the frame's rectangle is, and its size. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Palette indexes, row by row, `width` × `height`. */
  pixels: Uint8Array;
  /** How long it shows, in hundredths of a second. */
  delay: number;
}

/**
 * A GIF of `width` × `height` with `palette` (RGB triples, at most 256) and `frames`, each drawn over
 * the ones before it. Written as small as the frames allow, as `gifsicle -O3` writes them, the
 * picture after each frame the same: each frame only the tightest rectangle of the pixels it
 * changes (a 1 × 1 frame where it changes none), the pixels in it that it leaves as they were
 * transparent where that compresses smaller (the transparent index one of the table's that the
 * frame's own changes do not use), a colour table of the colours used alone, and the smallest LZW
 * code size that table allows.
 */
export function encodeGif(
  width: number,
  height: number,
  palette: readonly (readonly [number, number, number])[],
  frames: readonly GifFrame[],
): Uint8Array<ArrayBuffer> {
  if (palette.length < 1 || palette.length > 256)
    throw new Error(`a GIF palette has 1 to 256 colours, not ${palette.length}`);
  for (const frame of frames) {
    if (
      frame.left < 0 ||
      frame.top < 0 ||
      frame.left + frame.width > width ||
      frame.top + frame.height > height ||
      frame.pixels.length !== frame.width * frame.height
    ) {
      throw new Error("a GIF frame must lie inside the image and hold width × height pixels");
    }
  }
  const changes = changedRectangles(width, height, frames);
  // The colours used alone, those the later frames use most first: a frame whose colours all have
  // small indexes is written with as few bits a code as they need, whatever the table's size.
  const used = new Uint8Array(256);
  const laterFrames = new Uint32Array(256);
  changes.forEach((change, k) => {
    const seen = new Uint8Array(256);
    const pixels = change.pixels;
    for (let i = 0; i < pixels.length; i++) seen[pixels[i]!] = 1;
    seen.forEach((one, index) => {
      used[index]! |= one;
      if (k > 0) laterFrames[index]! += one;
    });
  });
  const table = [...used.keys()]
    .filter((index) => used[index])
    .sort((a, b) => laterFrames[b]! - laterFrames[a]! || a - b);
  const newIndex = new Uint8Array(256);
  table.forEach((index, i) => (newIndex[index] = i));
  return writeGif(
    width,
    height,
    table.map((i) => palette[i]!),
    changes,
    newIndex,
  );
}

/** The bits a code needs for indexes up to `largest`: at least 2, as LZW in a GIF requires. */
const bitsFor = (largest: number) => Math.max(2, Math.ceil(Math.log2(largest + 1)));

/** A frame as written: its rectangle, its pixels there (palette indexes), and which of them it leaves as they were. */
interface Change extends GifFrame {
  unchanged: Uint8Array;
}

/** Each frame cut to the tightest rectangle of what it changes on the picture the frames before it left. */
function changedRectangles(width: number, height: number, frames: readonly GifFrame[]): Change[] {
  // -1: nothing drawn there yet (any pixel changes it).
  const canvas = new Int16Array(width * height).fill(-1);
  const drawOnCanvas = (frame: GifFrame) => {
    for (let y = 0; y < frame.height; y++)
      canvas.set(frame.pixels.subarray(y * frame.width, (y + 1) * frame.width), (frame.top + y) * width + frame.left);
  };
  return frames.map((frame, k) => {
    // The first frame changes every pixel it has: nothing is there before it.
    if (k === 0) {
      drawOnCanvas(frame);
      return { ...frame, unchanged: new Uint8Array(frame.pixels.length) };
    }
    let [minX, minY, maxX, maxY] = [width, height, -1, -1];
    const { pixels: drawn, width: frameWidth } = frame;
    for (let y = 0; y < frame.height; y++) {
      const row = (frame.top + y) * width + frame.left;
      const from = y * frameWidth;
      // The row's first and last changed pixels, if any.
      let first = 0;
      while (first < frameWidth && canvas[row + first] === drawn[from + first]) first++;
      if (first === frameWidth) continue;
      let last = frameWidth - 1;
      while (canvas[row + last] === drawn[from + last]) last--;
      if (first + frame.left < minX) minX = first + frame.left;
      if (last + frame.left > maxX) maxX = last + frame.left;
      if (minY > y + frame.top) minY = y + frame.top;
      maxY = y + frame.top;
    }
    // Nothing changes: one pixel, as it is.
    if (maxX < 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
    const [w, h] = [maxX - minX + 1, maxY - minY + 1];
    const pixels = new Uint8Array(w * h);
    const unchanged = new Uint8Array(w * h);
    // What changes lies in the frame, but the one pixel of a frame that changes none may not.
    const inFrame =
      minX >= frame.left && maxX < frame.left + frame.width && minY >= frame.top && maxY < frame.top + frame.height;
    for (let y = 0; y < h; y++) {
      const at = (minY + y) * width + minX;
      const from = (minY + y - frame.top) * frame.width + minX - frame.left;
      for (let x = 0; x < w; x++) {
        const pixel = inFrame ? frame.pixels[from + x]! : canvas[at + x]!;
        pixels[y * w + x] = pixel;
        unchanged[y * w + x] = canvas[at + x] === pixel ? 1 : 0;
      }
    }
    drawOnCanvas(frame);
    return { left: minX, top: minY, width: w, height: h, pixels, delay: frame.delay, unchanged };
  });
}

/** The GIF's header: its size, and the global colour table of 2^`bits` colours (the colour resolution `bits`). */
function writeHeader(
  out: ByteWriter,
  width: number,
  height: number,
  colours: readonly (readonly [number, number, number])[],
  bits: number,
): void {
  out.text("GIF89a");
  out.u16(width);
  out.u16(height);
  out.byte(0x80 | ((bits - 1) << 4) | (bits - 1));
  out.byte(0); // background colour index
  out.byte(0); // pixel aspect ratio: none given
  for (let i = 0; i < 1 << bits; i++) {
    const [r, g, b] = colours[i] ?? [0, 0, 0];
    out.byte(r);
    out.byte(g);
    out.byte(b);
  }
}

/**
 * The GIF of `changes` with the colour table `colours`. Each frame is written the smallest of three
 * ways, each with as few bits a code as its indexes need: its pixels as they are; the pixels it does
 * not change transparent; or each of those as it is or transparent, whichever extends the string
 * the LZW encoder is building. The transparent index is one of the table's that the frame's own
 * changes do not use.
 */
function writeGif(
  width: number,
  height: number,
  colours: readonly (readonly [number, number, number])[],
  changes: readonly Change[],
  newIndex: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const bits = Math.max(1, Math.ceil(Math.log2(colours.length)));
  const out = new ByteWriter();
  writeHeader(out, width, height, colours, bits);
  const writers = [new ByteWriter(), new ByteWriter(), new ByteWriter(), new ByteWriter(), new ByteWriter()];
  changes.forEach((change, k) => {
    const { unchanged } = change;
    const pixels = new Uint8Array(change.pixels.length);
    // The indexes the frame's changes use (and the first free one), the largest of them and of all.
    const inUse = new Uint8Array(1 << bits);
    let [largest, largestChanged] = [0, 0];
    const source = change.pixels;
    for (let i = 0; i < pixels.length; i++) {
      const index = (pixels[i] = newIndex[source[i]!]!);
      if (index > largest) largest = index;
      if (unchanged[i] === 0) inUse[index] = 1;
    }
    for (let index = inUse.length - 1; index >= 0; index--)
      if (inUse[index]) {
        largestChanged = index;
        break;
      }
    const transparent = inUse.indexOf(0);
    // A later frame: as written before for the same pixels (encoded-frames.ts), else worked out now.
    const encode = () => smallestFrame(pixels, unchanged, bitsFor(largest), largestChanged, transparent, k, writers);
    const written = k > 0 ? encodedFrame(bits, pixels, unchanged, encode) : encode();
    // Graphic control extension: disposal 1 (leave the frame in place), transparency where used, the delay.
    out.bytes([0x21, 0xf9, 0x04, (1 << 2) | (written.transparent < 0 ? 0 : 1)]);
    out.u16(change.delay);
    out.bytes([Math.max(0, written.transparent), 0]);
    // Image descriptor: no local colour table, not interlaced.
    out.byte(0x2c);
    out.u16(change.left);
    out.u16(change.top);
    out.u16(change.width);
    out.u16(change.height);
    out.byte(0);
    out.bytes(written.data);
  });
  out.byte(0x3b);
  return out.result();
}

/**
 * A frame's image data, the smallest of the ways gifsicle -O3 tries: its pixels as they are; every
 * unchanged pixel transparent; the unchanged runs of more than one colour transparent (a later frame
 * with a free index, `transparent`, alone). A frame that fills LZW's table (the first) is also tried
 * with the full table kept (a deferred clear) and cleared before its last codes.
 */
function smallestFrame(
  pixels: Uint8Array,
  unchanged: Uint8Array,
  bits: number,
  largestChanged: number,
  transparent: number,
  k: number,
  writers: ByteWriter[],
): EncodedFrame {
  const [opaque, clear, runs, spare, other] = writers as [ByteWriter, ByteWriter, ByteWriter, ByteWriter, ByteWriter];
  const candidates: [ByteWriter, Uint8Array, number][] = [[opaque, pixels, bits]];
  if (transparent >= 0 && k > 0) {
    const cleared = pixels.slice();
    for (let i = 0; i < cleared.length; i++) if (unchanged[i]) cleared[i] = transparent;
    candidates.push(
      [clear, cleared, bitsFor(Math.max(largestChanged, transparent))],
      [runs, mixedRunsCleared(pixels, unchanged, transparent), Math.max(bits, bitsFor(transparent))],
    );
  }
  // One way (the first frame): the ways of clearing share what they have in common.
  if (candidates.length === 1)
    return { data: smallestClearing(pixels, bits, [opaque, spare, other]).view().slice(), transparent: -1 };
  let best = candidates[0]!;
  let filled = false;
  for (const candidate of candidates) {
    candidate[0].reset();
    const full = lzw(candidate[1], candidate[2], candidate[0], true).filled;
    if (candidate[0].size() < best[0].size() || candidate === best) [best, filled] = [candidate, full];
  }
  let data = best[0];
  for (const [clearWhenFull, limit] of filled ? CLEARING_VARIANTS : []) {
    const next = data === spare ? other : spare;
    next.reset();
    lzw(best[1], best[2], next, clearWhenFull, limit);
    if (next.size() < data.size()) data = next;
  }
  return { data: data.view().slice(), transparent: best[0] === opaque ? -1 : transparent };
}

/** Where a frame that fills LZW's table is also tried cleared, before its last codes (the image's lines change). */
const EARLY_CLEAR = 3900;
/** The ways of clearing a full table also tried for a frame that fills it: kept full; cleared early. */
const CLEARING_VARIANTS: [clearWhenFull: boolean, limit: number][] = [
  [false, MAX_CODE],
  [true, EARLY_CLEAR],
];

/**
 * `pixels` written the ways gifsicle -O3 clears LZW's table, the smallest: cleared when full; and,
 * where it fills, kept full (a deferred clear) and cleared early, each going on from where it parts
 * from the first (the same bytes as each written whole: most of a frame is before they part).
 */
function smallestClearing(pixels: Uint8Array, bits: number, writers: [ByteWriter, ByteWriter, ByteWriter]): ByteWriter {
  const [cleared, kept, early] = writers;
  cleared.reset();
  const atEarly = lzw(pixels, bits, cleared, true, MAX_CODE, undefined, EARLY_CLEAR + 1).paused;
  if (!atEarly) return cleared;
  const atFull = lzw(pixels, bits, cleared, true, MAX_CODE, atEarly, MAX_CODE + 1).paused;
  if (!atFull) return cleared;
  lzw(pixels, bits, cleared, true, MAX_CODE, atFull);
  lzw(pixels, bits, kept, false, MAX_CODE, atFull);
  lzw(pixels, bits, early, true, EARLY_CLEAR, atEarly);
  // The first of the smallest, in that order.
  return [cleared, kept, early].reduce((smallest, next) => (next.size() < smallest.size() ? next : smallest));
}

/**
 * The frame with each run of unchanged pixels (in scan order) transparent where it holds two or more
 * colours, and as it is where it is one colour (gifsicle's heuristic: a one-colour run is as long
 * either way, and may join its colour's pixels beside it).
 */
export function mixedRunsCleared(pixels: Uint8Array, unchanged: Uint8Array, transparent: number): Uint8Array {
  const out = pixels.slice();
  let start = -1;
  let mixed = false;
  for (let i = 0; i <= pixels.length; i++) {
    if (i < pixels.length && unchanged[i]) {
      if (start < 0) [start, mixed] = [i, false];
      else if (pixels[i] !== pixels[start]) mixed = true;
      continue;
    }
    if (start >= 0 && mixed) out.fill(transparent, start, i);
    start = -1;
  }
  return out;
}
