// The GIF encoder (src/images/gif.ts) read back by omggif, a decoder of its own: every picture after
// each frame exactly the frames drawn one over another, each frame written as the tightest rectangle
// of what it changes, the colour table of the colours used alone, and each frame's LZW codes as
// narrow as its indexes allow.
import { GifReader } from "omggif";
import { describe, expect, it } from "vitest";
import { encodeGif, mixedRunsCleared, type GifFrame } from "../../src/images/gif.ts";
import { ByteWriter, lzw, lzwImageData, MAX_CODE, type LzwPause } from "../../src/images/lzw.ts";
import { ENCODED_FRAMES_BUDGET, encodedFramesKept, forgetEncodedFrames } from "../../src/images/encoded-frames.ts";

type Rgb = [number, number, number];
const PALETTE: Rgb[] = Array.from({ length: 64 }, (_, i) => [i * 4, 255 - i * 4, (i * 37) % 256]);

/** A pseudo-random sequence: the same frames on every run. */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** A first frame of the whole image, then frames of a counter's digits: rectangles that change some of their pixels. */
function framesOf(width: number, height: number, seed: number): GifFrame[] {
  const next = random(seed);
  const first = new Uint8Array(width * height).map(() => (next() < 0.8 ? 0 : Math.floor(next() * 64)));
  const frames: GifFrame[] = [{ left: 0, top: 0, width, height, pixels: first, delay: 100 }];
  for (let k = 0; k < 12; k++) {
    const [w, h] = [1 + Math.floor(next() * 20), 1 + Math.floor(next() * 12)];
    const [left, top] = [Math.floor(next() * (width - w)), Math.floor(next() * (height - h))];
    // Digits of a few inks: colours 0 to 7, some pixels as they were.
    const pixels = new Uint8Array(w * h).map(() => Math.floor(next() * 8));
    frames.push({ left, top, width: w, height: h, pixels, delay: 100 });
  }
  // One that changes nothing.
  frames.push({
    left: 0,
    top: 0,
    width,
    height,
    pixels: frames.reduce(compose(width, height), new Uint8Array(width * height)),
    delay: 100,
  });
  return frames;
}

/** The picture after a frame, as indexes: `canvas` with `frame` drawn over it. */
const compose = (width: number, _height: number) => (canvas: Uint8Array, frame: GifFrame) => {
  const next = canvas.slice();
  for (let y = 0; y < frame.height; y++)
    next.set(frame.pixels.subarray(y * frame.width, (y + 1) * frame.width), (frame.top + y) * width + frame.left);
  return next;
};

/** Each frame's rectangle and its LZW minimum code size, read from the file's blocks. */
function blocks(bytes: Uint8Array): { left: number; top: number; width: number; height: number; codeSize: number }[] {
  const found = [];
  let at = 13 + (bytes[10]! & 0x80 ? 3 << ((bytes[10]! & 7) + 1) : 0);
  const u16 = (i: number) => bytes[i]! | (bytes[i + 1]! << 8);
  while (at < bytes.length && bytes[at] !== 0x3b) {
    if (bytes[at] === 0x21) {
      at += 2;
      while (bytes[at]) at += bytes[at]! + 1;
      at++;
    } else {
      found.push({
        left: u16(at + 1),
        top: u16(at + 3),
        width: u16(at + 5),
        height: u16(at + 7),
        codeSize: bytes[at + 10]!,
      });
      at += 11;
      while (bytes[at]) at += bytes[at]! + 1;
      at++;
    }
  }
  return found;
}

describe("the GIF encoder", () => {
  for (const seed of [1, 2, 3]) {
    it(`writes frames whose pictures are exactly the frames drawn one over another (seed ${seed})`, () => {
      const [width, height] = [60, 30];
      const frames = framesOf(width, height, seed);
      const reader = new GifReader(Buffer.from(encodeGif(width, height, PALETTE, frames)));
      expect(reader.numFrames()).toBe(frames.length);
      const canvas = new Uint8Array(width * height * 4);
      let expected = new Uint8Array(width * height);
      frames.forEach((frame, k) => {
        expected = compose(width, height)(expected, frame);
        reader.decodeAndBlitFrameRGBA(k, canvas);
        const wrong = [...expected].filter((index, i) =>
          PALETTE[index]!.some((channel, c) => canvas[i * 4 + c] !== channel),
        ).length;
        expect(wrong, `pixels wrong after frame ${k}`).toBe(0);
        expect(reader.frameInfo(k).delay).toBe(100);
      });
    });
  }

  it("writes each later frame as the tightest rectangle of the pixels it changes, a 1 × 1 frame where it changes none", () => {
    const [width, height] = [40, 20];
    const base = new Uint8Array(width * height);
    const changed = base.slice();
    // The frame covers 20 × 10 at (5, 5); it changes only (9, 7) and (12, 11).
    const pixels = new Uint8Array(20 * 10);
    pixels[2 * 20 + 4] = 3;
    pixels[6 * 20 + 7] = 5;
    changed[7 * width + 9] = 3;
    changed[11 * width + 12] = 5;
    const bytes = encodeGif(width, height, PALETTE, [
      { left: 0, top: 0, width, height, pixels: base, delay: 100 },
      { left: 5, top: 5, width: 20, height: 10, pixels, delay: 100 },
      { left: 0, top: 0, width, height, pixels: changed, delay: 100 },
    ]);
    expect(blocks(bytes).map(({ left, top, width, height }) => [left, top, width, height])).toEqual([
      [0, 0, 40, 20],
      [9, 7, 4, 5],
      [0, 0, 1, 1],
    ]);
  });

  it("makes a run of unchanged pixels transparent where it holds several colours, and keeps a one-colour run as it is", () => {
    // Row by row in scan order: changed (0), a one-colour run, changed, a run of two colours, changed, a one-colour run across the row's end.
    const pixels = Uint8Array.from([5, 1, 1, 1, 6, 2, 3, 2, 7, 4, 4, 4]);
    const unchanged = Uint8Array.from([0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1]);
    expect([...mixedRunsCleared(pixels, unchanged, 9)]).toEqual([5, 1, 1, 1, 6, 9, 9, 9, 7, 4, 4, 4]);
    // A run that turns to another colour late is transparent from its start.
    expect([...mixedRunsCleared(Uint8Array.from([1, 1, 1, 2, 5]), Uint8Array.from([1, 1, 1, 1, 0]), 9)]).toEqual([
      9, 9, 9, 9, 5,
    ]);
  });

  it("writes a frame's unchanged runs of several colours transparent where that is smaller, its one-colour runs as they are", () => {
    const [width, height] = [64, 24];
    // Stripes of eight colours, then a frame that changes both ends of every row: its rectangle is
    // the whole image, most of it unchanged and of many colours.
    const base = new Uint8Array(width * height).map((_, i) => 8 + ((i % width) >> 3));
    const next = base.slice();
    for (let y = 0; y < height; y++) {
      next[y * width] = 1;
      next[y * width + width - 1] = 2;
    }
    const frames: GifFrame[] = [
      { left: 0, top: 0, width, height, pixels: base, delay: 100 },
      { left: 0, top: 0, width, height, pixels: next, delay: 100 },
    ];
    const bytes = encodeGif(width, height, PALETTE, frames);
    const reader = new GifReader(Buffer.from(bytes));
    // The second frame uses transparency, and shows exactly the picture it should.
    expect(reader.frameInfo(1).transparent_index).not.toBeNull();
    const canvas = new Uint8Array(width * height * 4);
    reader.decodeAndBlitFrameRGBA(0, canvas);
    reader.decodeAndBlitFrameRGBA(1, canvas);
    expect(
      [...next].filter((index, i) => PALETTE[index]!.some((channel, c) => canvas[i * 4 + c] !== channel)).length,
    ).toBe(0);
    // Smaller than the same frame written as it is.
    const opaque = encodeGif(width, height, PALETTE, [{ ...frames[1]!, pixels: next }]);
    expect(bytes.length - encodeGif(width, height, PALETTE, [frames[0]!]).length).toBeLessThan(opaque.length - 13);
  });

  for (const [name, pixelAt] of [
    // Which way of clearing the table is smallest differs: each of these is written by another.
    ["noise", (i: number, next: () => number) => Math.floor(next() * 64)],
    ["noise, then one colour", (i: number, next: () => number) => (i < 40_000 ? Math.floor(next() * 64) : 7)],
    ["patterns that change on the way", (i: number) => (i < 60_000 ? (i % 97) % 23 : ((i * 7) % 89) % 41)],
  ] as const) {
    it(`writes a frame that fills LZW's table so that it reads back exactly, whichever way the table is cleared (${name})`, () => {
      const [width, height] = [400, 300];
      const next = random(7);
      const pixels = new Uint8Array(width * height).map((_, i) => pixelAt(i, next));
      const wrongAfter = (bytes: Uint8Array) => {
        const reader = new GifReader(Buffer.from(bytes));
        const canvas = new Uint8Array(width * height * 4);
        reader.decodeAndBlitFrameRGBA(0, canvas);
        return [...pixels].filter((index, i) => PALETTE[index]!.some((channel, c) => canvas[i * 4 + c] !== channel))
          .length;
      };
      expect(
        wrongAfter(encodeGif(width, height, PALETTE, [{ left: 0, top: 0, width, height, pixels, delay: 100 }])),
      ).toBe(0);
      // Each way on its own, in a GIF of the whole palette: cleared when full, kept full, cleared early.
      for (const [clearWhenFull, limit] of [
        [true, 4095],
        [false, 4095],
        [true, 3900],
      ] as const) {
        const header = [
          ...Buffer.from("GIF89a"),
          width & 255,
          width >> 8,
          height & 255,
          height >> 8,
          0x80 | (5 << 4) | 5,
          0,
          0,
          ...PALETTE.flat(),
        ];
        const descriptor = [0x2c, 0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 0];
        const bytes = Uint8Array.from([
          ...header,
          ...descriptor,
          ...lzwImageData(pixels, 6, clearWhenFull, limit),
          0x3b,
        ]);
        expect(wrongAfter(bytes), `clear when full: ${clearWhenFull}, at ${limit}`).toBe(0);
      }
    });
  }

  it("has a colour table of the colours used alone, and writes each frame's codes as narrow as its indexes allow", () => {
    const [width, height] = [32, 16];
    // Colours 10 and 63 in the first frame; later frames use only one of them.
    const first = new Uint8Array(width * height).map((_, i) => (i % 3 ? 10 : 63));
    const later = new Uint8Array(8 * 8).fill(10);
    const bytes = encodeGif(width, height, PALETTE, [
      { left: 0, top: 0, width, height, pixels: first, delay: 100 },
      { left: 2, top: 2, width: 8, height: 8, pixels: later, delay: 100 },
    ]);
    // A table of 2 entries (the flag's size bits 0: 2^(0+1)).
    expect(bytes[10]! & 0x87).toBe(0x80);
    expect([...bytes.subarray(13, 19)]).toEqual([...PALETTE[10]!, ...PALETTE[63]!]);
    // GIF's narrowest LZW code size, 2, for both.
    expect(blocks(bytes).map((block) => block.codeSize)).toEqual([2, 2]);
  });
});

describe("LZW paused where the ways of clearing its table part", () => {
  for (const [name, pixelAt] of [
    ["noise", (_i: number, next: () => number) => Math.floor(next() * 64)],
    ["patterns that change on the way", (i: number) => (i < 60_000 ? (i % 97) % 23 : ((i * 7) % 89) % 41)],
  ] as const) {
    it(`goes on from there to the very bytes each way writes whole (${name})`, () => {
      const next = random(11);
      const pixels = new Uint8Array(120_000).map((_, i) => pixelAt(i, next));
      const out = new ByteWriter();
      const early = lzw(pixels, 6, out, true, MAX_CODE, undefined, 3901).paused;
      expect(early, "paused before the table is full").toBeDefined();
      const full = lzw(pixels, 6, new ByteWriter(), true, MAX_CODE, early, MAX_CODE + 1).paused;
      expect(full).toBeDefined();
      expect(full!.at).toBeGreaterThan(early!.at);
      const from = (pause: LzwPause, clearWhenFull: boolean, limit: number) => {
        const writer = new ByteWriter();
        lzw(pixels, 6, writer, clearWhenFull, limit, pause);
        return writer.result();
      };
      const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
      expect(same(from(full!, true, MAX_CODE), lzwImageData(pixels, 6, true))).toBe(true);
      expect(same(from(full!, false, MAX_CODE), lzwImageData(pixels, 6, false))).toBe(true);
      expect(same(from(early!, true, 3900), lzwImageData(pixels, 6, true, 3900))).toBe(true);
      // The first frame of a GIF is the smallest of the three.
      const gif = encodeGif(400, 300, PALETTE, [{ left: 0, top: 0, width: 400, height: 300, pixels, delay: 100 }]);
      const smallest = Math.min(
        ...[lzwImageData(pixels, 6, true), lzwImageData(pixels, 6, false), lzwImageData(pixels, 6, true, 3900)].map(
          (data) => data.length,
        ),
      );
      expect(gif.length).toBe(13 + 3 * 64 + 8 + 10 + smallest + 1);
    });
  }
});

describe("the later frames kept by what they hold", () => {
  const [width, height] = [60, 30];
  /** A picture of four colours (0 to 3) and a frame over its middle that changes a few of its pixels, to each colour. */
  const pattern = new Uint8Array(width * height).map((_, i) => (i * 7 + (i >> 3)) % 4);
  const changes = (): GifFrame => {
    const [left, top, w, h] = [10, 5, 40, 20];
    const pixels = new Uint8Array(w * h).map((_, i) => pattern[(top + Math.floor(i / w)) * width + left + (i % w)]!);
    for (let i = 0; i < pixels.length; i += 97) pixels[i] = (pixels[i]! + 1) % 4;
    return { left, top, width: w, height: h, pixels, delay: 100 };
  };
  const fresh = (frames: GifFrame[]) => {
    forgetEncodedFrames();
    return encodeGif(width, height, PALETTE, frames);
  };
  const first = (pixels: Uint8Array): GifFrame => ({ left: 0, top: 0, width, height, pixels, delay: 100 });

  it("writes a later frame kept from another GIF only where it is the same frame there: the same code size, the same pixels left as they were", () => {
    // The same frame over the same pixels; in a GIF of more colours (a larger table: an index free for
    // transparency); over other pixels under it (other pixels left as they were).
    const gifs: GifFrame[][] = [
      [first(pattern), changes()],
      [first(pattern.map((index, i) => (i < width ? 10 + (i % 20) : index))), changes()],
      [first(pattern.map((index, i) => (i === 5 * width + 12 ? (index + 2) % 4 : index))), changes()],
    ];
    const anew = gifs.map(fresh);
    forgetEncodedFrames();
    const kept = gifs.map((frames) => encodeGif(width, height, PALETTE, frames));
    expect(encodedFramesKept().frames).toBe(3);
    expect(kept).toEqual(anew);
    // And again, each now written from what is kept.
    expect(gifs.map((frames) => encodeGif(width, height, PALETTE, frames))).toEqual(anew);
    expect(encodedFramesKept().frames).toBe(3);
  });

  it("keeps no more bytes than its budget, the least recently used going first", () => {
    forgetEncodedFrames();
    const [width, height] = [400, 300];
    const first = new Uint8Array(width * height);
    // Distinct frames of 250 × 200 (stripes a pixel apart more each time): far more than the budget holds.
    for (let k = 0; k < 120; k++) {
      const pixels = new Uint8Array(250 * 200).map((_, i) => (i % (k + 2) === 0 ? 5 : 9));
      encodeGif(width, height, PALETTE, [
        { left: 0, top: 0, width, height, pixels: first, delay: 100 },
        { left: 10, top: 10, width: 250, height: 200, pixels, delay: 100 },
      ]);
      expect(encodedFramesKept().bytes).toBeLessThanOrEqual(ENCODED_FRAMES_BUDGET);
    }
    expect(encodedFramesKept().frames).toBeGreaterThan(10);
    expect(encodedFramesKept().frames).toBeLessThan(120);
  });
});
