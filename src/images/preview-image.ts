// The link-preview image of a countdown (Open Graph, Twitter card): 1200 × 630 PNG with the site's
// name, the title, when (the target in the author's zone, or the rule of a repeating countdown) and
// the status, drawn by resvg from an SVG with the service's font set (fonts.ts), so a title or a date
// in any script is drawn with glyphs.
import { Resvg } from "./resvg.ts";
import { isRightToLeft, wrapText } from "./fonts.ts";
import { textSvg } from "./raster.ts";
import type { NamedStatus } from "../vocabulary.ts";
import { previewScrim } from "../colour/scrims.ts";

export const WIDTH = 1200;
export const HEIGHT = 630;
const MARGIN = 80;
/** Title sizes tried, largest first, until the title fits in MAX_LINES. */
const TITLE_SIZES = [76, 64, 54];
const MAX_LINES = 3;

/** What a preview says. */
interface Preview {
  title: string;
  /** The countdown's language: the shapes of Han characters, and the language of `when`. */
  lang: string;
  /** When, in words: the target in the author's zone, or a repeating countdown's rule. */
  when: string;
  /** Whether `when` is written right to left with the title (a date in the title's language). */
  whenFollowsTitle: boolean;
  status?: NamedStatus;
  /** The status in the countdown's language ("Verschoben"), written in capitals on the image. */
  statusWords?: string;
  /** The site's accent as it reads on the image's dark background (accentColours' `dark`). */
  accent: string;
  siteName: string;
  /** The page's address, shown without its scheme. */
  pageUrl: string;
  /** The countdown's image (its file's `image`, a PNG or JPEG as a data: URL): the background, under a scrim. */
  background?: string;
}

const STATUS_COLOURS = { postponed: "#ffb871", cancelled: "#ff8a80" };
/** The title's colour, and the other text's: on the night blue, and over an image (lighter, so its scrim can be lighter). */
const TITLE_COLOUR = "#f4f6fb";
const MUTED = { plain: "#a7b0c4", image: "#dde2ec" };

/**
 * The background: the night blue; or the image, covering the frame (cut to its ratio, centred), under
 * the night blue at the least opacity under which every colour drawn on it reads over any picture
 * (src/colour/scrims.ts). Over an image the date line is in the title's colour, not the accent.
 */
function previewBackground(background: string | undefined, status: string | undefined) {
  if (!background)
    return {
      svg: `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f1420"/><stop offset="1" stop-color="#1d2b4f"/></linearGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
      muted: MUTED.plain,
      when: undefined,
    };
  const scrim = previewScrim([TITLE_COLOUR, MUTED.image, ...(status ? [status] : [])]);
  return {
    svg: `<image width="${WIDTH}" height="${HEIGHT}" preserveAspectRatio="xMidYMid slice" href="${background}"/><rect width="${WIDTH}" height="${HEIGHT}" fill="${scrim.colour}" fill-opacity="${scrim.opacity}"/>`,
    muted: MUTED.image,
    when: TITLE_COLOUR,
  };
}

/** The image as SVG, for resvg: every text set by fonts.ts as glyph outlines. */
function previewSvg(preview: Preview): string {
  const textWidth = WIDTH - 2 * MARGIN;
  let title = wrapText(preview.title, TITLE_SIZES.at(-1)!, 700, textWidth, MAX_LINES, preview.lang);
  let size = TITLE_SIZES.at(-1)!;
  for (const candidate of TITLE_SIZES) {
    const wrapped = wrapText(preview.title, candidate, 700, textWidth, MAX_LINES, preview.lang);
    if (wrapped.fits) {
      [title, size] = [wrapped, candidate];
      break;
    }
  }
  const lineHeight = Math.round(size * 1.18);
  const titleTop = 215;
  // A title in a right-to-left script starts at the right edge, its date line with it.
  const rtl = isRightToLeft(preview.title);
  const startX = rtl ? WIDTH - MARGIN : MARGIN;
  const text = (run: Parameters<typeof textSvg>[0], fill: string) => textSvg(run, fill, preview.lang);
  const align = rtl ? "right" : "left";
  const titleLines = title.lines.map((line, i) =>
    text({ text: line, x: startX, y: titleTop + i * lineHeight, size, weight: 700, align }, TITLE_COLOUR),
  );
  const whenY = titleTop + (title.lines.length - 1) * lineHeight + 92;
  const whenX = rtl && preview.whenFollowsTitle ? startX : MARGIN;
  const status = preview.status && {
    text: (preview.statusWords ?? preview.status).toLocaleUpperCase(preview.lang),
    colour: STATUS_COLOURS[preview.status],
  };
  const host = preview.pageUrl.replace(/^https?:\/\//, "").replace(/\/$/, "");
  const background = previewBackground(preview.background, status?.colour);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    background.svg,
    `<rect x="${MARGIN}" y="86" width="64" height="8" rx="4" fill="${preview.accent}"/>`,
    text({ text: preview.siteName, x: MARGIN + 84, y: 97, size: 30, weight: 400 }, background.muted),
    status
      ? `<rect x="${WIDTH - MARGIN - 250}" y="62" width="250" height="56" rx="28" fill="none" stroke="${status.colour}" stroke-width="3"/>` +
        text(
          { text: status.text, x: WIDTH - MARGIN - 125, y: 100, size: 28, weight: 700, align: "center" },
          status.colour,
        )
      : "",
    ...titleLines,
    text(
      {
        text: preview.when,
        x: whenX,
        y: whenY,
        size: 36,
        weight: 400,
        align: whenX === MARGIN ? "left" : "right",
        strike: Boolean(status),
      },
      background.when ?? preview.accent,
    ),
    text({ text: host, x: MARGIN, y: HEIGHT - 64, size: 26, weight: 400 }, background.muted),
    `</svg>`,
  ].join("");
}

/** The PNG of a countdown's preview. */
export function renderPreview(preview: Preview): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    new Resvg(previewSvg(preview), { font: { loadSystemFonts: false }, fitTo: { mode: "original" } }).render().asPng(),
  );
}
