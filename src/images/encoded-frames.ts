// The frames a GIF encoder has written, kept by what they hold: a later frame of an email image is
// the same few characters changing at the same place (its seconds, in a look), whoever's countdown it
// is, so its smallest encoding is worked out once and written again from here. A frame is found by
// the indexes it writes, the pixels it leaves as they were and its code size, compared whole (the
// hash only picks the bucket); the least recently used go past a budget of bytes, so a flood of
// distinct drawings keeps the memory bounded.

/** What a frame is written as: its image data, and its graphic control extension's transparency. */
export interface EncodedFrame {
  data: Uint8Array;
  /** The transparent index, or -1 when the frame is written opaque. */
  transparent: number;
}

interface Kept {
  bits: number;
  pixels: Uint8Array;
  unchanged: Uint8Array;
  frame: EncodedFrame;
}

/** The bytes kept at most: about a thousand seconds' frames of a 600 px image. */
export const ENCODED_FRAMES_BUDGET = 8 * 1024 * 1024;

const kept = new Map<string, Kept>();
let keptBytes = 0;

/** FNV-1a over the indexes and the unchanged marks, with the code size: a bucket's key. */
function keyOf(bits: number, pixels: Uint8Array, unchanged: Uint8Array): string {
  let hash = 0x811c9dc5 ^ bits;
  for (let i = 0; i < pixels.length; i++) {
    hash = Math.imul(hash ^ (pixels[i]! | (unchanged[i]! << 8)), 0x01000193);
  }
  return `${bits}:${pixels.length}:${hash >>> 0}`;
}

const same = (a: Uint8Array, b: Uint8Array) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * The frame written before for the same indexes, unchanged marks and code size, or what `encode`
 * writes now (then kept).
 */
export function encodedFrame(
  bits: number,
  pixels: Uint8Array,
  unchanged: Uint8Array,
  encode: () => EncodedFrame,
): EncodedFrame {
  const key = keyOf(bits, pixels, unchanged);
  const found = kept.get(key);
  if (found && found.bits === bits && same(found.pixels, pixels) && same(found.unchanged, unchanged)) {
    // The most recently used last.
    kept.delete(key);
    kept.set(key, found);
    return found.frame;
  }
  const frame = encode();
  const size = 2 * pixels.length + frame.data.length;
  if (size > ENCODED_FRAMES_BUDGET / 16) return frame;
  if (found) forget(key, found);
  kept.set(key, { bits, pixels: pixels.slice(), unchanged: unchanged.slice(), frame });
  keptBytes += size;
  for (const [oldest, entry] of kept) {
    if (keptBytes <= ENCODED_FRAMES_BUDGET) break;
    forget(oldest, entry);
  }
  return frame;
}

function forget(key: string, entry: Kept): void {
  kept.delete(key);
  keptBytes -= 2 * entry.pixels.length + entry.frame.data.length;
}

/** How many frames and bytes are kept (the tests' view of the budget), and a way to empty it. */
export const encodedFramesKept = () => ({ frames: kept.size, bytes: keptBytes });
export function forgetEncodedFrames(): void {
  kept.clear();
  keptBytes = 0;
}
