// Colours as the service checks them: hex notation, and WCAG 2's contrast ratio between two colours.

/** An option's colour: `rgb` or `rrggbb`, without `#` (a `#` in a URL would start its fragment). */
export const HEX_COLOUR = /^([0-9a-fA-F]{3}){1,2}$/;

/** `#rgb` or `#rrggbb`, the `#` optional. */
export const HEX = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** The red, green and blue of a hex colour, 0 to 255; undefined for anything else. */
export function rgbOf(hex: string): [number, number, number] | undefined {
  const digits = HEX.exec(hex)?.[1];
  if (!digits) return undefined;
  const full = digits.length === 3 ? digits.replace(/./g, "$&$&") : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2's relative luminance of a colour. */
function luminance([r, g, b]: readonly [number, number, number]): number {
  const linear = (c: number) => (c <= 0.04045 * 255 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA's least contrast ratio for text. */
export const READABLE_RATIO = 4.5;

/** Black or white, whichever reads better on `bg`. */
export const blackOrWhite = (bg: readonly [number, number, number]): [number, number, number] =>
  contrastRatio([0, 0, 0], bg) >= contrastRatio([255, 255, 255], bg) ? [0, 0, 0] : [255, 255, 255];

/** `colour` where it reads on `bg` (WCAG AA), else black or white, whichever reads better. */
export const readableOn = (
  colour: readonly [number, number, number],
  bg: readonly [number, number, number],
): readonly [number, number, number] => (contrastRatio(colour, bg) >= READABLE_RATIO ? colour : blackOrWhite(bg));

/** `#rrggbb`, lower case. */
export const hexOf = ([r, g, b]: readonly [number, number, number]) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/**
 * The backgrounds the faces draw the accent on, as text: the white of the light themes and the grey of
 * the light pages' cards; the night blue of the dark themes and the lighter grey of the dark pages'
 * cards (src/pages/pages.css, src/widget/widget.css). An accent must read on each of its scheme's.
 */
export const LIGHT_BACKGROUNDS: readonly (readonly [number, number, number])[] = [
  [255, 255, 255],
  [245, 246, 248],
];
export const DARK_BACKGROUNDS: readonly (readonly [number, number, number])[] = [
  [19, 23, 34],
  [18, 20, 24],
  [27, 30, 36],
];

/**
 * The warning colour of `warn` (the time left in the last span before the target), on the light
 * themes and the dark ones: each reads at 4.5:1 on its scheme's backgrounds (a unit test holds it).
 */
export const WARN_COLOURS = { light: "#d42b1e", dark: "#ff6b5e" } as const;

/** `colour` moved towards `target` by `amount` (0 to 1), channel by channel. */
const mix = (colour: readonly number[], target: readonly number[], amount: number) =>
  colour.map((c, i) => Math.round(c + (target[i]! - c) * amount)) as [number, number, number];

/**
 * The site's accent as every face draws it (`accent` of the site file, `#rrggbb`): on the light
 * themes as the owner wrote it, darkened only as far as it must be to read there; on the dark themes
 * lightened until it reads on their backgrounds. Read means WCAG AA for text of any size (4.5:1): the
 * pages' links are in the accent. The pages, the widget, the element, the email image and the link
 * preview all take their default accent from here.
 */
export function accentColours(accent: string): { light: string; dark: string } {
  const rgb = rgbOf(accent) ?? [11, 87, 208];
  const reading = (backgrounds: typeof LIGHT_BACKGROUNDS, towards: readonly [number, number, number]) => {
    for (let step = 0; step <= 20; step++) {
      const candidate = mix(rgb, towards, step / 20);
      if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= READABLE_RATIO)) return hexOf(candidate);
    }
    return hexOf(towards);
  };
  return { light: reading(LIGHT_BACKGROUNDS, [0, 0, 0]), dark: reading(DARK_BACKGROUNDS, [255, 255, 255]) };
}

/**
 * The least opacity (in hundredths) of a scrim of colour `scrim` laid over any picture under which each
 * of `texts` reads (WCAG AA, 4.5:1): judged over white and over black, the extremes a pixel can be (a
 * composite's luminance rises with its pixel's, and each text keeps to one side of it), composited as
 * browsers and resvg composite, channel by channel in sRGB. `tint`: a colour some text also sits on,
 * laid over the scrim at its opacity (the widget's tiles).
 */
export function scrimOpacity(
  texts: readonly (readonly [number, number, number])[],
  scrim: readonly [number, number, number],
  tint?: readonly [readonly [number, number, number], number],
): number {
  for (let hundredths = 0; hundredths < 100; hundredths++) {
    const under = (pixel: number) => mix([pixel, pixel, pixel], scrim, hundredths / 100);
    const over = (pixel: number) => (tint ? mix(under(pixel), tint[0], tint[1]) : under(pixel));
    if (texts.every((text) => [0, 255].every((pixel) => contrastRatio(text, over(pixel)) >= READABLE_RATIO)))
      return hundredths / 100;
  }
  return 1;
}

/** What a scrim of `scrim` at `opacity` over white is: the brightest any picture under it can be. */
export const scrimOverWhite = (scrim: readonly [number, number, number], opacity: number) =>
  mix([255, 255, 255], scrim, opacity);
