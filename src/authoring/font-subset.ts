// The site's web font, subset by the build: from the site file's TTF or OTF, the glyphs of the
// characters of its language's script (and of every site's: Basic Latin, Latin-1, punctuation,
// currency, arrows), by HarfBuzz's subsetter (harfbuzzjs' hb-subset WebAssembly), packed as WOFF
// (each table deflated). The pages, the widget and the element load it in place of the file the site
// file names where it is smaller; characters it lacks come from the next font of the stack, the
// system's. It depends on the font and the site's language alone, not on the countdowns, so one
// countdown's edit never changes it (nor every page that names it).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";

/** Code point ranges, inclusive. */
type Ranges = readonly (readonly [number, number])[];

/** Every site's: Basic Latin and Latin-1 (digits, the published pattern's letters), punctuation, currency, letterlike symbols, arrows, the replacement character. */
const COMMON: Ranges = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
  [0x2190, 0x21ff],
  [0xfffd, 0xfffd],
];

/** Each script's blocks (Intl.Locale's script of the site's language); a script not here is not subset. */
const SCRIPTS: Record<string, Ranges> = {
  Latn: [
    [0x100, 0x24f],
    [0x300, 0x36f],
    [0x1e00, 0x1eff],
  ],
  Cyrl: [
    [0x300, 0x36f],
    [0x400, 0x52f],
  ],
  Grek: [
    [0x300, 0x36f],
    [0x370, 0x3ff],
    [0x1f00, 0x1fff],
  ],
  Arab: [
    [0x600, 0x6ff],
    [0x750, 0x77f],
    [0xfb50, 0xfdff],
    [0xfe70, 0xfeff],
  ],
  Hebr: [
    [0x590, 0x5ff],
    [0xfb1d, 0xfb4f],
  ],
  Deva: [
    [0x900, 0x97f],
    [0xa8e0, 0xa8ff],
  ],
};

/** The ranges a site in `language` keeps, or undefined where its script is not one subset here (CJK among them). */
export function subsetRanges(language: string): Ranges | undefined {
  let script: string | undefined;
  try {
    script = new Intl.Locale(language).maximize().script;
  } catch {
    return undefined;
  }
  const own = script && SCRIPTS[script];
  return own ? [...COMMON, ...own] : undefined;
}

/** The ranges as CSS's `unicode-range`. */
export const unicodeRange = (ranges: Ranges) =>
  ranges.map(([from, to]) => `U+${hex(from)}${to > from ? `-${hex(to)}` : ""}`).join(",");
const hex = (n: number) => n.toString(16).toUpperCase();

interface Subsetter {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, codePoint: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

let subsetter: Subsetter | undefined;
/** HarfBuzz's subsetter, compiled once (it needs no imports). */
function loadSubsetter(): Subsetter {
  const file = createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz-subset.wasm");
  return (subsetter ??= new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)))
    .exports as unknown as Subsetter);
}

/** `font` (a TTF or OTF) with the glyphs of `ranges` alone (and what their shaping needs), as a TTF or OTF; undefined where HarfBuzz cannot. */
export function subsetFont(font: Uint8Array, ranges: Ranges): Uint8Array | undefined {
  const hb = loadSubsetter();
  const data = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer).set(font, data);
  // (Mode 2, writable: HarfBuzz reads the bytes where they are.)
  const blob = hb.hb_blob_create(data, font.byteLength, 2, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  const set = hb.hb_subset_input_unicode_set(input);
  for (const [from, to] of ranges) for (let c = from; c <= to; c++) hb.hb_set_add(set, c);
  const subset = hb.hb_subset_or_fail(face, input);
  hb.hb_subset_input_destroy(input);
  let bytes: Uint8Array | undefined;
  if (subset) {
    const result = hb.hb_face_reference_blob(subset);
    const length = hb.hb_blob_get_length(result);
    const at = hb.hb_blob_get_data(result, 0);
    if (length > 0) bytes = new Uint8Array(hb.memory.buffer, at, length).slice();
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subset);
  }
  hb.hb_face_destroy(face);
  hb.free(data);
  return bytes;
}

/**
 * An sfnt font (TTF or OTF) as WOFF 1.0 (W3C, WOFF File Format 1.0, section 4): its header, its
 * table directory, then each table deflated where that is smaller, else as it is, each padded to 4
 * bytes. The font's own checksums are kept.
 */
export function woff(sfnt: Uint8Array): Uint8Array {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const count = view.getUint16(4);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 12 + i * 16;
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    const raw = sfnt.subarray(offset, offset + length);
    const deflated = deflateSync(raw, { level: 9 });
    return {
      tag: view.getUint32(entry),
      checksum: view.getUint32(entry + 4),
      raw,
      stored: deflated.length < raw.length ? deflated : raw,
    };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const header = 44;
  let offset = header + count * 20;
  const total = tables.reduce((sum, table) => sum + pad(table.stored.length), offset);
  const out = new Uint8Array(total);
  const write = new DataView(out.buffer);
  const sfntSize = tables.reduce((sum, table) => sum + pad(table.raw.length), 12 + count * 16);
  write.setUint32(0, 0x774f4646); // "wOFF"
  write.setUint32(4, view.getUint32(0)); // the sfnt's flavour: TrueType's 0x00010000, or "OTTO"
  write.setUint32(8, total);
  write.setUint16(12, count);
  write.setUint32(16, sfntSize);
  // (Version, metadata and private data: none, zero.)
  tables.forEach((table, i) => {
    const entry = header + i * 20;
    write.setUint32(entry, table.tag);
    write.setUint32(entry + 4, offset);
    write.setUint32(entry + 8, table.stored.length);
    write.setUint32(entry + 12, table.raw.length);
    write.setUint32(entry + 16, table.checksum);
    out.set(table.stored, offset);
    offset += pad(table.stored.length);
  });
  return out;
}

/** The last subset made, by its font's bytes and language: the site file's reading and the build's copy make the same. */
let last: { font: Uint8Array; language: string; made: ReturnType<typeof makeWebFont> } | undefined;

/** The site's subset web font from its TTF or OTF, for a site in `language`; undefined where none is made (its script is not subset, or HarfBuzz cannot). */
export function subsetWebFont(font: Uint8Array, language: string): { bytes: Uint8Array; range: string } | undefined {
  if (!last || last.language !== language || !sameBytes(last.font, font))
    last = { font: font.slice(), language, made: makeWebFont(font, language) };
  return last.made;
}

function makeWebFont(font: Uint8Array, language: string) {
  const ranges = subsetRanges(language);
  const subset = ranges && subsetFont(font, ranges);
  return subset && { bytes: woff(subset), range: unicodeRange(ranges) };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
