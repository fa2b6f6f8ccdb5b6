// The site's subset web font (src/authoring/font-subset.ts): HarfBuzz's own reader (harfbuzzjs' shaping
// build, another module than the subsetter) reads which characters the subset keeps, and the WOFF
// wrapper is unpacked table by table back to the subset's bytes. Browsers load it in
// test/e2e/site-font.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { subsetFont, subsetRanges, subsetWebFont, unicodeRange, woff } from "../../src/authoring/font-subset.ts";
import { siteFontOf } from "../../src/authoring/site-font.ts";
import { ROOT } from "../support/paths.ts";

const NOTO = new Uint8Array(readFileSync(path.join(ROOT, "fonts", "NotoSans-Regular.ttf")));
const covered = (font: Uint8Array) => new Set(new hb.Face(new hb.Blob(font), 0).collectUnicodes());
const has = (set: Set<number>, text: string) => [...text].every((c) => set.has(c.codePointAt(0)!));
const hasNone = (set: Set<number>, text: string) => [...text].every((c) => !set.has(c.codePointAt(0)!));

/** A WOFF 1.0 file unpacked: its flavour and each table's bytes, by tag. */
function unpack(file: Uint8Array): {
  signature: string;
  flavour: number;
  length: number;
  tables: Map<string, Uint8Array>;
} {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < view.getUint16(12); i++) {
    const entry = 44 + i * 20;
    const tag = String.fromCharCode(...file.subarray(entry, entry + 4));
    const [offset, stored, original] = [4, 8, 12].map((at) => view.getUint32(entry + at)) as [number, number, number];
    const bytes = file.subarray(offset, offset + stored);
    tables.set(tag, stored < original ? new Uint8Array(inflateSync(bytes)) : bytes);
  }
  return {
    signature: String.fromCharCode(...file.subarray(0, 4)),
    flavour: view.getUint32(4),
    length: view.getUint32(8),
    tables,
  };
}

/** An sfnt's tables, by tag. */
function tablesOf(font: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const entry = 12 + i * 16;
    tables.set(
      String.fromCharCode(...font.subarray(entry, entry + 4)),
      font.subarray(view.getUint32(entry + 8), view.getUint32(entry + 8) + view.getUint32(entry + 12)),
    );
  }
  return tables;
}

describe("the site's subset web font", () => {
  it("keeps the characters of the site language's script and every site's, and drops the others", () => {
    const german = covered(subsetFont(NOTO, subsetRanges("de")!)!);
    expect(has(german, "Grüße, Ölförderung: 0123456789 € – „ok“ ĄČŁŐ")).toBe(true);
    expect(hasNone(german, "ЖДЯαβγ")).toBe(true);
    const russian = covered(subsetFont(NOTO, subsetRanges("ru")!)!);
    expect(has(russian, "Жду 2 дня € 0123456789")).toBe(true);
    expect(hasNone(russian, "αβγĄČ")).toBe(true);
    // Chinese, Japanese, Korean (or a tag Intl cannot read): not subset.
    for (const language of ["ja", "zh", "ko", "x-nonsense-"]) expect(subsetRanges(language), language).toBeUndefined();
  });

  it("is packed as WOFF 1.0 whose tables are the subset's, byte for byte", () => {
    const subset = subsetFont(NOTO, subsetRanges("de")!)!;
    const file = woff(subset);
    const read = unpack(file);
    expect([read.signature, read.flavour, read.length]).toEqual(["wOFF", 0x00010000, file.length]);
    expect(read.tables).toEqual(tablesOf(subset));
    expect(file.length).toBeLessThan(subset.length);
  });

  it("is the web font where it is smaller than the file the site names: a tenth of a whole Noto Sans; none for a Japanese site", () => {
    const ttf = { file: "brand.ttf", type: "ttf" as const, hash: "whole" };
    const german = siteFontOf([ttf], () => NOTO, "de");
    const subset = subsetWebFont(NOTO, "de")!;
    expect(german).toEqual({
      web: {
        file: "brand.ttf",
        type: "woff",
        hash: expect.stringMatching(/^[\w-]{16}$/),
        range: unicodeRange(subsetRanges("de")!),
      },
      drawn: ttf,
    });
    expect(subset.bytes.length).toBeLessThan(NOTO.length / 8);
    expect(siteFontOf([ttf], () => NOTO, "ja")).toEqual({ web: ttf, drawn: ttf });
    // A WOFF2 given that is smaller than the subset stays the web font.
    const woff2 = { file: "brand.woff2", type: "woff2" as const, hash: "small" };
    const bytes = (file: { type: string }) => (file.type === "woff2" ? new Uint8Array(1000) : NOTO);
    expect(siteFontOf([woff2, ttf], bytes, "de")).toEqual({ web: woff2, drawn: ttf });
    expect(
      unicodeRange([
        [0x20, 0x7e],
        [0xfffd, 0xfffd],
      ]),
    ).toBe("U+20-7E,U+FFFD");
  });
});
