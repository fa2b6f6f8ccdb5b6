// What `<countdown-timer>` loads for a theme, a font or the units and tiles layouts, and only for them
// (a dynamic import of /api/element-looks.js): their styles, kept out of the element's own module,
// which stays within its 4,096 bytes. Without them the element is part of the host page: its font,
// its colours, no box.
//
// A theme makes a card of the widget's colours, in the site's accent (marks the build replaces by its
// colours, src/eleventy/assets.ts, withSite). The units and tiles layouts: the numbers in one row
// from the start of the line (in the language's direction), their labels under them, whatever the
// element's width: the numbers' type follows the element's width (a container query) down to what
// fits; a tile is a card of a grey tint that reads on light and dark pages alike.

/** The site's accent on light and on dark backgrounds. */
declare const ACCENT: string;
declare const ACCENT_DARK: string;
/** The site's font (its site file's `font`), from this module's URL; "" where it names none: the build writes it in place of this name. */
declare const __SITE_FONT__: string;
const L = "[part=box]:not([data-layout=text])";

// A theme's card is in the site's font where it has one, as the widget is (`font` chooses another):
// declared on the host page's document, as a shadow root's @font-face is not used.
if (__SITE_FONT__)
  document.fonts.add(
    new FontFace("countdown-site", `url(${new URL(__SITE_FONT__, import.meta.url)})`, { display: "swap" }),
  );

export default `:host([theme=light]),:host([theme=auto]),:host([theme=dark]){--p:1em;--b:#fff;--f:#1a2030;--a:${ACCENT}}:host([theme=dark]){--b:#131722;--f:#eef1f7;--a:${ACCENT_DARK}}@media(prefers-color-scheme:dark){:host([theme=auto]){--b:#131722;--f:#eef1f7;--a:${ACCENT_DARK}}}` +
  (__SITE_FONT__ ? `:host([theme]){font-family:countdown-site,system-ui,sans-serif}` : "") +
  `:host([font=system]){font-family:system-ui,sans-serif}:host([font=serif]){font-family:ui-serif,serif}:host([font=mono]){font-family:ui-monospace,monospace}:host([font=rounded]){font-family:ui-rounded,sans-serif}` +
  // (The units and tiles layouts: a box not of the text layout, `L`.)
  `${L}{container-type:inline-size}${L}>p{display:flex;gap:.25em;font-size:min(var(--countdown-size,2em),9cqi)}` +
  `${L}>p>b{display:inline-grid;text-align:center}${L}>p [part=unit]{font-size:max(12px,.3em);font-weight:500}` +
  `[data-layout=tiles] b{padding:.1em .2em;border-radius:.2em;background:#8882}` +
  // `separator="colon"`: a colon in the gap before each number but the first.
  `${L}>p>b{position:relative}:host([separator=colon]) ${L}>p{gap:.5em}:host([separator=colon]) ${L}>p>b:not([hidden])~b:before{content:":";position:absolute;inset-inline-start:-.25em;width:0;display:flex;justify-content:center}`;
