// The scrims laid over a countdown's image (its file's `image`) so the text drawn over it reads
// whatever the picture is: each a dark colour at the least opacity under which every colour of text
// drawn on it reads over a white picture and over a black one (scrimOpacity, WCAG AA 4.5:1). The
// page's title over its header, the widget with `background=image`, the link preview.
import { hexOf, rgbOf, scrimOpacity, scrimOverWhite } from "./colour.ts";

type Rgb = readonly [number, number, number];
/** How much of the accent tints a cell of the widget's tiles layout (src/widget/widget-more.css's 11%). */
export const TILE_TINT = 0.11;
const BLACK: Rgb = [0, 0, 0];

/** A scrim as CSS: `rgb(r g b / opacity)`. */
const css = (scrim: Rgb, opacity: number) => `rgb(${scrim.join(" ")} / ${opacity})`;

/** The page's title over its header image: white, on a black scrim behind the title's box (src/pages/pages.css, `--scrim`). */
export const PAGE_TITLE_SCRIM = /* @__PURE__ */ css(BLACK, scrimOpacity([[255, 255, 255]], BLACK));

/**
 * The widget with `background=image`: its text, secondary text and accent (src/widget/widget.css's
 * --f, --m, --a), the scrim over the whole picture, and the background a custom colour is judged
 * against (the brightest the picture can be under the scrim: the site's widget script's contrast check
 * reads it, as it reads a theme's background).
 */
export const WIDGET_IMAGE = /* @__PURE__ */ (() => {
  const colours = { f: "#ffffff", m: "#e6e9f0", a: "#ffffff" };
  // (The tiles layout's cells are the accent at TILE_TINT over it, src/widget/widget-more.css: text sits there too.)
  const opacity = scrimOpacity(
    Object.values(colours).map((hex) => rgbOf(hex)!),
    BLACK,
    [rgbOf(colours.a)!, TILE_TINT],
  );
  return { colours, scrim: css(BLACK, opacity), under: hexOf(scrimOverWhite(BLACK, opacity)) };
})();

/** The link preview over an image: its night blue, at the opacity its text's colours need (`texts`, hex). */
export function previewScrim(texts: readonly string[]): { colour: string; opacity: number } {
  const night: Rgb = [15, 20, 32];
  return {
    colour: hexOf(night),
    opacity: scrimOpacity(
      texts.map((hex) => rgbOf(hex)!),
      night,
    ),
  };
}
