// A GIF89a encoder for palette images made of frames: one global colour table, each frame a rectangle
// of it (the first the whole image, later ones only what changed), with a delay, drawn over what is
// there ("do not dispose"), and no looping extension, so a viewer plays it once and stops on its last
// frame. The pixels are LZW-compressed as the GIF89a specification (appendix F) says, with the
// open-addressing string table of Unix compress that GIF encoders have used since.

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

/** A GIF of `width` × `height` with `palette` (RGB triples, at most 256) and `frames`. */
export function encodeGif(width: number, height: number, palette: readonly (readonly [number, number, number])[], frames: readonly GifFrame[]): Uint8Array<ArrayBuffer> {
  if (palette.length < 1 || palette.length > 256) throw new Error(`a GIF palette has 1 to 256 colours, not ${palette.length}`);
  // The table's size is a power of two, at least 4 (2 bits).
  let bits = 2;
  while (1 << bits < palette.length) bits++;
  const out = new ByteWriter();
  out.text("GIF89a");
  out.u16(width);
  out.u16(height);
  // Global colour table, colour resolution of `bits`, its size 2^bits.
  out.byte(0x80 | ((bits - 1) << 4) | (bits - 1));
  out.byte(0); // background colour index
  out.byte(0); // pixel aspect ratio: none given
  for (let i = 0; i < 1 << bits; i++) {
    const [r, g, b] = palette[i] ?? [0, 0, 0];
    out.byte(r);
    out.byte(g);
    out.byte(b);
  }
  for (const frame of frames) {
    if (frame.left < 0 || frame.top < 0 || frame.left + frame.width > width || frame.top + frame.height > height || frame.pixels.length !== frame.width * frame.height) {
      throw new Error("a GIF frame must lie inside the image and hold width × height pixels");
    }
    // Graphic control extension: disposal 1 (leave the frame in place), no transparency, the delay.
    out.bytes([0x21, 0xf9, 0x04, 1 << 2]);
    out.u16(frame.delay);
    out.bytes([0, 0]);
    // Image descriptor: no local colour table, not interlaced.
    out.byte(0x2c);
    out.u16(frame.left);
    out.u16(frame.top);
    out.u16(frame.width);
    out.u16(frame.height);
    out.byte(0);
    lzw(frame.pixels, bits, out);
  }
  out.byte(0x3b);
  return out.result();
}

const HASH_SIZE = 5003;
const MAX_CODE = 4095;
const hashTable = new Int32Array(HASH_SIZE);
const codeTable = new Int32Array(HASH_SIZE);

/**
 * The LZW data of `pixels` (code size `bits`), in sub-blocks of at most 255 bytes, then the
 * terminator. Over 80 lines: the encoder's loop runs once a pixel, its state (the hash table's
 * probe, the code being built, the bit buffer) in local variables that a split would pass between
 * calls on every pixel.
 */
function lzw(pixels: Uint8Array, bits: number, out: ByteWriter): void {
  const minCodeSize = Math.max(2, bits);
  out.byte(minCodeSize);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let codeSize = minCodeSize + 1;
  let nextCode = clear + 2;
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
      const key = (pixel << 12) + prefix;
      let slot = (pixel << 4) ^ prefix;
      let found = -1;
      if (hashTable[slot] === key) found = codeTable[slot]!;
      else if (hashTable[slot]! >= 0) {
        // Secondary probing, as compress does.
        const step = slot === 0 ? 1 : HASH_SIZE - slot;
        do {
          slot -= step;
          if (slot < 0) slot += HASH_SIZE;
          if (hashTable[slot] === key) {
            found = codeTable[slot]!;
            break;
          }
        } while (hashTable[slot]! >= 0);
      }
      if (found >= 0) {
        prefix = found;
        continue;
      }
      emit(prefix);
      prefix = pixel;
      if (nextCode <= MAX_CODE) {
        // The code is added after the one that may need the larger size is written.
        if (nextCode === 1 << codeSize && codeSize < 12) codeSize++;
        codeTable[slot] = nextCode++;
        hashTable[slot] = key;
      } else {
        // The table is full: start it again.
        emit(clear);
        hashTable.fill(-1);
        nextCode = clear + 2;
        codeSize = minCodeSize + 1;
      }
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
  result(): Uint8Array<ArrayBuffer> {
    return this.buffer.slice(0, this.length);
  }
}
