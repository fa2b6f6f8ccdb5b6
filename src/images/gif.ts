// A GIF89a encoder for palette images made of frames: one global colour table, each frame a rectangle
// of it (the first the whole image, later ones only what changed), with a delay, drawn over what is
// there ("do not dispose"), and no looping extension, so a viewer plays it once and stops on its last
// frame. It writes them as small as gifsicle's -O3 does (encodeGif). The pixels are LZW-compressed as
// the GIF89a specification (appendix F) says, with the open-addressing string table of Unix compress
// that GIF encoders have used since.
// Over 400 lines: the encoder, its LZW and the frames as gifsicle -O3 writes them, one format in one file.

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
    for (let y = 0; y < frame.height; y++) {
      const row = (frame.top + y) * width + frame.left;
      for (let x = 0; x < frame.width; x++) {
        if (canvas[row + x] !== frame.pixels[y * frame.width + x]) {
          if (x + frame.left < minX) minX = x + frame.left;
          if (x + frame.left > maxX) maxX = x + frame.left;
          if (y + frame.top < minY) minY = y + frame.top;
          maxY = y + frame.top;
        }
      }
    }
    // Nothing changes: one pixel, as it is.
    if (maxX < 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
    const [w, h] = [maxX - minX + 1, maxY - minY + 1];
    const pixels = new Uint8Array(w * h);
    const unchanged = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const at = (minY + y) * width + minX + x;
        const inFrame =
          minX + x >= frame.left &&
          minX + x < frame.left + frame.width &&
          minY + y >= frame.top &&
          minY + y < frame.top + frame.height;
        const pixel = inFrame
          ? frame.pixels[(minY + y - frame.top) * frame.width + minX + x - frame.left]!
          : canvas[at]!;
        pixels[y * w + x] = pixel;
        unchanged[y * w + x] = canvas[at] === pixel ? 1 : 0;
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
    for (let i = 0; i < pixels.length; i++) {
      const index = (pixels[i] = newIndex[change.pixels[i]!]!);
      if (index > largest) largest = index;
      if (!unchanged[i]) {
        inUse[index] = 1;
        if (index > largestChanged) largestChanged = index;
      }
    }
    const [opaque, clear, runs, spare] = writers as [ByteWriter, ByteWriter, ByteWriter, ByteWriter];
    // The candidates, as gifsicle -O3 makes them: the frame as it is; every unchanged pixel
    // transparent; the unchanged runs of more than one colour transparent. The smallest is written.
    const candidates: [ByteWriter, Uint8Array, number][] = [[opaque, pixels, bitsFor(largest)]];
    const transparent = inUse.indexOf(0);
    if (transparent >= 0 && k > 0) {
      const cleared = pixels.slice();
      for (let i = 0; i < cleared.length; i++) if (unchanged[i]) cleared[i] = transparent;
      candidates.push(
        [clear, cleared, bitsFor(Math.max(largestChanged, transparent))],
        [runs, mixedRunsCleared(pixels, unchanged, transparent), bitsFor(Math.max(largest, transparent))],
      );
    }
    let best = candidates[0]!;
    let filled = false;
    for (const candidate of candidates) {
      candidate[0].reset();
      const full = lzw(candidate[1], candidate[2], candidate[0], true);
      if (candidate[0].size() < best[0].size() || candidate === best) [best, filled] = [candidate, full];
    }
    // A frame large enough to fill LZW's table (the first): where smaller, the full table kept (a
    // deferred clear), or cleared earlier, before its last codes (the image's lines change).
    let data = best[0];
    for (const [clearWhenFull, limit] of filled ? CLEARING_VARIANTS : []) {
      const other = data === spare ? writers[4]! : spare;
      other.reset();
      lzw(best[1], best[2], other, clearWhenFull, limit);
      if (other.size() < data.size()) data = other;
    }
    const opaqueData = best[0] === opaque;
    // Graphic control extension: disposal 1 (leave the frame in place), transparency where used, the delay.
    out.bytes([0x21, 0xf9, 0x04, (1 << 2) | (opaqueData ? 0 : 1)]);
    out.u16(change.delay);
    out.bytes([opaqueData ? 0 : transparent, 0]);
    // Image descriptor: no local colour table, not interlaced.
    out.byte(0x2c);
    out.u16(change.left);
    out.u16(change.top);
    out.u16(change.width);
    out.u16(change.height);
    out.byte(0);
    out.bytes(data.view());
  });
  out.byte(0x3b);
  return out.result();
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

const HASH_SIZE = 5003;
const MAX_CODE = 4095;
/** The ways of clearing a full table also tried for a frame that fills it: kept full; cleared at 3900 codes. */
const CLEARING_VARIANTS: [clearWhenFull: boolean, limit: number][] = [
  [false, MAX_CODE],
  [true, 3900],
];
const hashTable = new Int32Array(HASH_SIZE);
const codeTable = new Int32Array(HASH_SIZE);

/** The code of the string `prefix` + `pixel` in the table, or -1 - the free slot it would take. */
function probe(pixel: number, prefix: number): number {
  const key = (pixel << 12) + prefix;
  let slot = (pixel << 4) ^ prefix;
  if (hashTable[slot] === key) return codeTable[slot]!;
  if (hashTable[slot]! >= 0) {
    // Secondary probing, as compress does.
    const step = slot === 0 ? 1 : HASH_SIZE - slot;
    do {
      slot -= step;
      if (slot < 0) slot += HASH_SIZE;
      if (hashTable[slot] === key) return codeTable[slot]!;
    } while (hashTable[slot]! >= 0);
  }
  return -1 - slot;
}

/**
 * The LZW data of `pixels` (code size `bits`), in sub-blocks of at most 255 bytes, then the
 * terminator. When the table is full (`limit` codes, at most 4095): cleared and started again
 * (`clearWhenFull`), or kept as it is, no code added (a deferred clear, which GIF allows). Returns
 * whether the table filled. Over 80
 * lines: the encoder's loop runs once a pixel, its state (the hash table's probe, the code being
 * built, the bit buffer) in local variables that a split would pass between calls on every pixel.
 */
function lzw(pixels: Uint8Array, bits: number, out: ByteWriter, clearWhenFull: boolean, limit = MAX_CODE): boolean {
  const minCodeSize = Math.max(2, bits);
  out.byte(minCodeSize);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let codeSize = minCodeSize + 1;
  let nextCode = clear + 2;
  let filled = false;
  // Bits waiting to be written (least significant first), and the block being filled.
  let accumulator = 0;
  let accumulated = 0;
  const block = new Uint8Array(255);
  let blockLength = 0;
  const emit = (code: number) => {
    accumulator |= code << accumulated;
    accumulated += codeSize;
    while (accumulated >= 8) {
      block[blockLength++] = accumulator & 0xff;
      accumulator >>>= 8;
      accumulated -= 8;
      if (blockLength === 255) {
        out.byte(255);
        out.bytes(block);
        blockLength = 0;
      }
    }
  };
  hashTable.fill(-1);
  emit(clear);
  if (pixels.length > 0) {
    let prefix = pixels[0]!;
    for (let i = 1; i < pixels.length; i++) {
      const pixel = pixels[i]!;
      const found = probe(pixel, prefix);
      if (found >= 0) {
        prefix = found;
        continue;
      }
      emit(prefix);
      const key = (pixel << 12) + prefix;
      prefix = pixel;
      if (nextCode <= limit) {
        // The code is added after the one that may need the larger size is written.
        if (nextCode === 1 << codeSize && codeSize < 12) codeSize++;
        codeTable[-1 - found] = nextCode++;
        hashTable[-1 - found] = key;
      } else if (clearWhenFull) {
        // The table is full: start it again.
        emit(clear);
        hashTable.fill(-1);
        nextCode = clear + 2;
        codeSize = minCodeSize + 1;
        filled = true;
      } else filled = true;
    }
    emit(prefix);
    // As after every code: the end code is read at the size the table has grown to.
    if (nextCode === 1 << codeSize && codeSize < 12) codeSize++;
  }
  emit(end);
  if (accumulated > 0) {
    block[blockLength++] = accumulator & 0xff;
    if (blockLength === 255) {
      out.byte(255);
      out.bytes(block);
      blockLength = 0;
    }
  }
  if (blockLength > 0) {
    out.byte(blockLength);
    out.bytes(block.subarray(0, blockLength));
  }
  out.byte(0);
  return filled;
}

/** An image's LZW data (its code size, sub-blocks, terminator) written one way of clearing the table: what the tests read back for each. */
export function lzwImageData(pixels: Uint8Array, bits: number, clearWhenFull: boolean, limit = MAX_CODE): Uint8Array {
  const out = new ByteWriter();
  lzw(pixels, bits, out, clearWhenFull, limit);
  return out.result();
}

/** A growing byte buffer. */
class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  private length = 0;
  private ensure(more: number): void {
    if (this.length + more <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + more) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
  byte(value: number): void {
    this.ensure(1);
    this.buffer[this.length++] = value;
  }
  u16(value: number): void {
    this.ensure(2);
    this.buffer[this.length++] = value & 0xff;
    this.buffer[this.length++] = value >> 8;
  }
  bytes(values: ArrayLike<number>): void {
    this.ensure(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
  }
  text(value: string): void {
    for (const char of value) this.byte(char.charCodeAt(0));
  }
  /** Empties it, keeping its buffer. */
  reset(): void {
    this.length = 0;
  }
  size(): number {
    return this.length;
  }
  /** What is written so far, without a copy (until the next write). */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
  result(): Uint8Array<ArrayBuffer> {
    return this.buffer.slice(0, this.length);
  }
}
