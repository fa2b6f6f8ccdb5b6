// Advance widths from a TrueType font file, read from its own tables (cmap formats 4 and 12, hhea,
// hmtx, head): enough to wrap a title into lines before resvg draws it. Kerning and shaping are left
// out, so a width is a close estimate; callers keep a margin.

export interface FontMetrics {
  /** The width of `text` at `size` pixels; a character the font lacks counts as wide as "M". */
  width(text: string, size: number): number;
  /** Whether the font has a glyph for every character of `text` (white space aside). */
  covers(text: string): boolean;
}

export function fontMetrics(file: Uint8Array): FontMetrics {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0, count = view.getUint16(4); i < count; i++) {
    const record = 12 + i * 16;
    tables.set(String.fromCharCode(...file.subarray(record, record + 4)), view.getUint32(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`the font has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = view.getUint16(table("head") + 18);
  const metricCount = view.getUint16(table("hhea") + 34);
  const hmtx = table("hmtx");
  const advance = (glyph: number) => view.getUint16(hmtx + 4 * Math.min(glyph, metricCount - 1));
  const glyphOf = cmapReader(view, table("cmap"));
  const fallback = advance(glyphOf(0x4d));
  const widths = new Map<number, number>();
  const unitsOf = (code: number) => {
    let units = widths.get(code);
    if (units === undefined) {
      const glyph = glyphOf(code);
      units = glyph === 0 ? fallback : advance(glyph);
      widths.set(code, units);
    }
    return units;
  };
  return {
    width(text, size) {
      let units = 0;
      for (const char of text) units += unitsOf(char.codePointAt(0)!);
      return (units * size) / unitsPerEm;
    },
    covers: (text) => [...text].every((char) => /\s/.test(char) || glyphOf(char.codePointAt(0)!) !== 0),
  };
}

/** The glyph of a code point from the best Unicode subtable of `cmap` (format 12, else format 4); 0 when none. */
function cmapReader(view: DataView, cmap: number): (code: number) => number {
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0, count = view.getUint16(cmap + 2); i < count; i++) {
    const record = cmap + 4 + i * 8;
    const [platform, encoding] = [view.getUint16(record), view.getUint16(record + 2)];
    const subtable = cmap + view.getUint32(record + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = view.getUint16(subtable);
    if (format === 12) format12 = subtable;
    if (format === 4) format4 = subtable;
  }
  if (format12 !== undefined) {
    const groups = view.getUint32(format12 + 12);
    return (code) => {
      let [low, high] = [0, groups - 1];
      while (low <= high) {
        const middle = (low + high) >> 1;
        const group = format12 + 16 + middle * 12;
        if (code < view.getUint32(group)) high = middle - 1;
        else if (code > view.getUint32(group + 4)) low = middle + 1;
        else return view.getUint32(group + 8) + code - view.getUint32(group);
      }
      return 0;
    };
  }
  if (format4 === undefined) throw new Error("the font has no Unicode cmap");
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (code) => {
    if (code > 0xffff) return 0;
    for (let i = 0; i < segments; i++) {
      if (code > view.getUint16(ends + i * 2)) continue;
      const start = view.getUint16(starts + i * 2);
      if (code < start) return 0;
      const delta = view.getInt16(deltas + i * 2);
      const rangeOffset = view.getUint16(rangeOffsets + i * 2);
      if (rangeOffset === 0) return (code + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + i * 2 + rangeOffset + (code - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
