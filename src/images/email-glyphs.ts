// The email image's glyphs: the count's characters drawn once per size and ink (an atlas), its words
// and its units' labels drawn once per text, all kept within a budget of bytes, so that a frame is
// drawn by copying pixels, not by drawing text again.
import { INK } from "./email-look.ts";
import { textWidth } from "./fonts.ts";
import { crop, drawTexts, keptWithin, type Indexed, type TextRun } from "./raster.ts";

export interface Glyph {
  image: Indexed;
  /** Where the pen is in the image, and how far it moves on. */
  penX: number;
  baseline: number;
  advance: number;
}

const ATLAS_CHARS = "0123456789dhms+ :";

/** The glyph atlases and the unit labels kept: at most 8 MB and 4 MB of pixels, the few sizes in use many times over. */
export const ATLAS_BYTES = 8 * 1024 * 1024;
export const LABEL_BYTES = 4 * 1024 * 1024;
const atlases = keptWithin<Map<string, Glyph>>(ATLAS_BYTES, (atlas) =>
  [...atlas.values()].reduce((sum, glyph) => sum + glyph.image.pixels.length, 0),
);
const labels = keptWithin<Indexed>(LABEL_BYTES, (label) => label.pixels.length);

/** The count's characters at a size, in an ink, drawn once (one resvg call) and kept. */
export function atlasOf(size: number, ink: number): Map<string, Glyph> {
  return atlases(`${size} ${ink}`, () => {
    const pad = Math.ceil(size * 0.15);
    // Wide enough for the widest character ("m"), so that no cell holds a part of its neighbour.
    const cell = Math.ceil(Math.max(...[...ATLAS_CHARS].map((char) => textWidth(char, size, 700)))) + 2 * pad;
    const height = Math.ceil(size * 1.3);
    const baseline = Math.ceil(size * 1.0);
    const chars = [...ATLAS_CHARS];
    const runs: TextRun[] = chars.map((char, i) => ({
      text: char,
      x: i * cell + pad,
      y: baseline,
      size,
      weight: 700,
      ink,
    }));
    const drawn = drawTexts(cell * chars.length, height, runs, "en");
    const atlas = new Map<string, Glyph>();
    chars.forEach((char, i) => {
      atlas.set(char, {
        image: { width: cell, height, pixels: crop(drawn, i * cell, 0, cell, height) },
        penX: pad,
        baseline,
        advance: textWidth(char, size, 700),
      });
    });
    return atlas;
  });
}

/** A word of the count (`labels=long|short` in the text layout) drawn once per text, size, ink and language, as a glyph of its own. */
export const wordOf = (text: string, size: number, ink: number, lang: string): Glyph => {
  const pad = Math.ceil(size * 0.15);
  const advance = textWidth(text, size, 700, lang);
  const height = Math.ceil(size * 1.3);
  const baseline = Math.ceil(size * 1.0);
  const image = labels(`${text}\0${size}\0${ink}\0${lang}\0word`, () =>
    drawTexts(Math.ceil(advance) + 2 * pad, height, [{ text, x: pad, y: baseline, size, weight: 700, ink }], lang),
  );
  return { image, penX: pad, baseline, advance };
};

/** A unit's label drawn once per text, size and language. */
export const labelOf = (text: string, size: number, lang: string, width: number): Indexed =>
  labels(`${text}\0${size}\0${lang}\0${width}`, () =>
    drawTexts(
      width,
      Math.ceil(size * 1.5),
      [{ text, x: width / 2, y: Math.ceil(size * 1.1), size, weight: 400, ink: INK.muted, align: "center" }],
      lang,
    ),
  );
