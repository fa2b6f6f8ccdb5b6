// GIF's LZW (GIF89a, appendix F), with the open-addressing string table of Unix compress that GIF
// encoders have used since, and the growing byte buffer it writes into. An encoding can pause where
// two ways of clearing a full table would part, and each way go on from there: a frame that fills the
// table is written three ways (gif.ts), and they share all they have in common.

/** A growing byte buffer. */
export class ByteWriter {
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

const HASH_SIZE = 5003;
export const MAX_CODE = 4095;
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

/** Where a paused encoding stands: at the pixel `at`, about to write the code of `prefix`. */
export interface LzwPause {
  at: number;
  prefix: number;
  codeSize: number;
  nextCode: number;
  accumulator: number;
  accumulated: number;
  block: Uint8Array;
  blockLength: number;
  hashes: Int32Array;
  codes: Int32Array;
  /** What it had written. */
  written: Uint8Array;
}

/**
 * The LZW data of `pixels` (code size `bits`), in sub-blocks of at most 255 bytes, then the
 * terminator. When the table is full (`limit` codes, at most 4095): cleared and started again
 * (`clearWhenFull`), or kept as it is, no code added (a deferred clear, which GIF allows). Returns
 * whether the table filled; with `pauseAt`, it stops where the table would take that code (where
 * ways of clearing at `pauseAt - 1` part) and returns where it stands, which `from` goes on from
 * (the same pixels and code size, into an `out` of its own). Over 80 lines: the encoder's loop runs
 * once a pixel, its state (the hash table's probe, the code being built, the bit buffer) in local
 * variables that a split would pass between calls on every pixel.
 */
export function lzw(
  pixels: Uint8Array,
  bits: number,
  out: ByteWriter,
  clearWhenFull: boolean,
  limit = MAX_CODE,
  from?: LzwPause,
  pauseAt = Infinity,
): { filled: boolean; paused?: LzwPause } {
  const minCodeSize = Math.max(2, bits);
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
  let start = 1;
  let prefix = pixels[0] ?? 0;
  if (from) {
    out.reset();
    out.bytes(from.written);
    hashTable.set(from.hashes);
    codeTable.set(from.codes);
    block.set(from.block);
    ({ at: start, prefix, codeSize, nextCode, accumulator, accumulated, blockLength } = from);
  } else {
    out.byte(minCodeSize);
    hashTable.fill(-1);
    emit(clear);
  }
  if (pixels.length > 0) {
    for (let i = start; i < pixels.length; i++) {
      const pixel = pixels[i]!;
      const found = probe(pixel, prefix);
      if (found >= 0) {
        prefix = found;
        continue;
      }
      if (nextCode === pauseAt) {
        const [hashes, codes, written] = [hashTable.slice(), codeTable.slice(), out.view().slice()];
        const kept = { block: block.slice(), hashes, codes, written };
        return {
          filled,
          paused: { at: i, prefix, codeSize, nextCode, accumulator, accumulated, blockLength, ...kept },
        };
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
  return { filled };
}

/** An image's LZW data (its code size, sub-blocks, terminator) written one way of clearing the table: what the tests read back for each. */
export function lzwImageData(pixels: Uint8Array, bits: number, clearWhenFull: boolean, limit = MAX_CODE): Uint8Array {
  const out = new ByteWriter();
  lzw(pixels, bits, out, clearWhenFull, limit);
  return out.result();
}
