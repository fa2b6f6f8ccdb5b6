// The small image that says why there is no countdown to draw (an unknown slug, a refused start,
// busy, a link too long, the live data unreadable), in place of an email image: an <img> cannot show
// the API's JSON error. Few exist (no width or language a request can choose), each drawn once.
import { messagesFor, type Notice } from "../text/messages.ts";
import { INK, colorsOf } from "./email-look.ts";
import { wrapText } from "./fonts.ts";
import { encodeGif } from "./gif.ts";
import { encodePng } from "./png.ts";
import { drawTexts, keptWithin, paletteOf, type TextRun } from "./raster.ts";

/** The notices drawn so far, by what they say and how: the few in use, within 4 MB. */
const notices = keptWithin<Uint8Array<ArrayBuffer>>(4 * 1024 * 1024, (image) => image.length);

/** A notice's width in CSS pixels: the email image's default, as the snippets place it. */
const NOTICE_WIDTH = 600;

/** What a notice says in `lang`. */
export const noticeText = (notice: Notice, lang: string) => messagesFor(lang).notices[notice];

/**
 * A small image that says `notice` in `lang` (messages.ts: the countdown's language, or the site's),
 * 600 px wide, on up to two lines. What it depends on is few (no width or language a request can
 * choose), so each is drawn once and answered from memory after.
 */
export function noticeImage(
  notice: Notice,
  format: "gif" | "png",
  { density = 1, lang = "en" }: { density?: 1 | 2; lang?: string } = {},
): Uint8Array<ArrayBuffer> {
  const cssWidth = NOTICE_WIDTH;
  return notices(`${notice} ${format} ${density} ${lang}`, () => {
    const text = noticeText(notice, lang);
    const width = cssWidth * density;
    const inner = width - 32 * density;
    let size = Math.round((cssWidth / 600) * 22 * density);
    let wrapped = wrapText(text, size, 700, inner, 2, lang);
    while (!wrapped.fits && size > 11 * density) wrapped = wrapText(text, (size -= density), 700, inner, 2, lang);
    const lineHeight = Math.round(size * 1.3);
    const height = Math.max(48 * density, wrapped.lines.length * lineHeight + 2 * Math.round(size * 0.9));
    const top = Math.round((height - wrapped.lines.length * lineHeight) / 2 + size * 0.95);
    const runs: TextRun[] = wrapped.lines.map((line, i) => ({
      text: line,
      x: width / 2,
      y: top + i * lineHeight,
      size,
      weight: 700,
      ink: INK.muted,
      align: "center",
    }));
    const drawn = drawTexts(width, height, runs, lang);
    const { bg, inks } = colorsOf({
      theme: "light",
      layout: "text",
      units: "dhms",
      labels: "auto",
      separator: "space",
      title: "show",
      density,
      width: cssWidth,
      frames: 1,
    });
    const palette = paletteOf(bg, inks);
    return format === "gif"
      ? encodeGif(width, height, palette, [{ left: 0, top: 0, width, height, pixels: drawn.pixels, delay: 0 }])
      : encodePng(width, height, palette, drawn.pixels);
  });
}
