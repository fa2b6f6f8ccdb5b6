// The browser's part of the site, compiled by esbuild: the widget ticker (inlined in every embed,
// pinned by its hash in the CSP, and minified once more by terser), and once more with the code of
// every option and every kind of countdown as the site's widget script (/assets/widget.js), which a
// widget that needs any of it loads; the pages' script
// (/assets/site.js), and the two stylesheets, minified and inlined (the pages' CSP pins theirs by hash).
import { PAGE_TITLE_SCRIM } from "../colour/scrims.ts";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";
import { minify } from "terser";
import { accentColours, WARN_COLOURS } from "../colour/colour.ts";
import { SITE_DEFAULTS, type SiteFontFile, type SiteIdentity } from "../site-identity.ts";
import path from "node:path";
import {
  elementOptionNames,
  ELEMENT_RENAMED,
  INLINE_OPTIONS,
  optionPattern,
  STYLED_EXTRAS,
  WIDGET_EXTRAS,
  type WidgetExtra,
} from "../widget/options.ts";
import { ELEMENT_PARTS, embedPath, fontPath, WIDGET_SCRIPT_PATH, type ElementPart } from "../paths.ts";

export interface InlineCode {
  /** Exactly what goes between `<script>` and `</script>` (or `<style>` and `</style>`). */
  code: string;
  /** Its CSP source, `sha256-<base64>`. */
  hash: string;
}

export interface SiteAssets {
  /** The widget's inline script: a countdown that does not repeat, with the options most widgets use. */
  ticker: InlineCode;
  /** `/assets/widget.js`: the widget's script with every option's code, for every kind of countdown. */
  widgetScript: string;
  pageScript: string;
  /** The creator page's script (/assets/new.js): the build's checks of a countdown file, in the browser. */
  creatorScript: string;
  /** `/api/element.js`: the `<countdown-timer>` element, an ES module (src/element/element.ts), in the site's accent (`withSite`). */
  elementScript: string;
  /** The element's module as compiled, its accent still the marks of ACCENT_MARKS. */
  elementTemplate: string;
  /**
   * The element's parts, `/api/element-<part>.js` (src/paths.ts, ELEMENT_PARTS): the modules it loads
   * only where an element needs one (src/element/, one file each), the looks in the site's accent (`withSite`).
   */
  elementParts: Record<ElementPart, string>;
  /** The parts as compiled, the looks' accent still the marks of ACCENT_MARKS. */
  elementPartTemplates: Record<ElementPart, string>;
  /** The pages' stylesheet, compiled, without the site's accent colour. */
  pageCss: string;
  /** The pages' stylesheet as inlined: the site's accent (`withSite`), then `pageCss`. */
  pageStyle: InlineCode;
  /** The widget's stylesheet as compiled, its accent still the marks of ACCENT_MARKS. */
  widgetCss: string;
  /** The widget's stylesheet as inlined, in the site's accent (`withSite`). */
  widgetStyle: InlineCode;
}

/**
 * Where the widget's stylesheet and the element's module take the site's accent: each mark is
 * replaced by a colour of `accentColours` (src/colour/colour.ts) when the site is known (`withSite`),
 * as the pages' stylesheet is given it, so every face shows the one accent of the site file.
 */
const ACCENT_MARKS = { light: "__SITE_ACCENT__", dark: "__SITE_ACCENT_DARK__" } as const;
/**
 * Where the element's looks take the site's font: a free name in their code (not a string the bundler
 * would fold into a constant), replaced by its path from the element's modules as a string, or "".
 */
const FONT_MARK = "__SITE_FONT__";

const source = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));
// The widget uses Intl unit formatting and Intl.Locale (Safari 14.1 and later, 2021).
const BROWSERS = ["es2020", "chrome90", "firefox90", "safari15"];
// The widget of a repeating countdown reads zone offsets as Intl's timeZoneName "longOffset" (Chrome 95,
// Firefox 91, Safari 15.4): its syntax can be as new.
const WIDGET_BROWSERS = ["chrome95", "firefox91", "safari15.4"];

// The element needs constructable stylesheets shared by shadow roots (adoptedStyleSheets: Chrome 73,
// Firefox 101, Safari 16.4) and ElementInternals' ARIA (Chrome 90, Firefox 119, Safari 16.4).
const ELEMENT_BROWSERS = ["chrome95", "firefox119", "safari16.4"];

// Internal field names cost bytes in every embed; they never leave the bundle (no platform API or
// dataset is read by these names).
const INTERNAL_NAMES = /^(targetMs|left|done|countUp|root|days|hours|minutes|seconds)$/;
// The element's own fields (never a name of the JSON record it reads, of its attributes or of its event).
const ELEMENT_INTERNAL_NAMES =
  /^(internals|root|shown|options|ahead|at|clock|cells|box|words|state|note|count|line|labelled|walk|draw|setup|begin|next|record|countdown|targetMs|days|hours|minutes|seconds|year|month|day|hour|minute|second|untilMs|say|paint)$/;
/** No property's name is shortened. */
const NO_NAMES = /^$/;
const WIDGET_INTERNAL_NAMES =
  /^(targetMs|left|done|countUp|root|days|hours|minutes|seconds|year|month|day|hour|minute|second|untilMs)$/;

/**
 * The widget's script once more through terser (three passes): it inlines the functions used once and
 * reuses the same short names throughout, which gzip packs better; about 70 bytes gzipped of every
 * widget that esbuild's minifier leaves. Its input is esbuild's output: plain statements, no imports.
 */
async function smaller(code: string): Promise<string> {
  const result = await minify(code, {
    compress: { passes: 3 },
    mangle: true,
    module: true,
    ecma: 2020,
    format: { comments: false },
  });
  return result.code!.trim();
}

/** The site's widget script as a widget's URL reaches it (a relative URL, so a base path needs nothing more). */
const MORE_SRC = path.posix.relative(path.posix.dirname(embedPath("x")), WIDGET_SCRIPT_PATH);

async function bundle(
  entry: string,
  repeats = true,
  target = BROWSERS,
  mangleProps = INTERNAL_NAMES,
  pattern = optionPattern(),
  widget: { extras: readonly WidgetExtra[]; css: string; inline: boolean } = {
    extras: WIDGET_EXTRAS,
    css: "",
    inline: false,
  },
): Promise<string> {
  const result = await build({
    entryPoints: [source(entry)],
    bundle: true,
    write: false,
    minify: true,
    // A classic inline script with no imports or exports: ESM output is plain statements, no wrapper.
    format: "esm",
    target,
    legalComments: "none",
    // src/time/ticking.ts: without it the occurrence code is dead and left out.
    // src/widget/ticker.ts: the options' values as one regular expression, not the tables.
    define: {
      REPEATS: String(repeats),
      OPTION_PATTERN: JSON.stringify(pattern),
      ACCENT: JSON.stringify(ACCENT_MARKS.light),
      ACCENT_DARK: JSON.stringify(ACCENT_MARKS.dark),
      // src/widget/ticker.ts: the options whose code this build carries, and where the one with all is.
      ...Object.fromEntries(WIDGET_EXTRAS.map((extra) => [`WITH.${extra}`, String(widget.extras.includes(extra))])),
      INLINE: String(widget.inline),
      INLINE_OPTION_PATTERN: JSON.stringify(`^(${INLINE_OPTIONS.join("|")})$`),
      // src/element/element.ts: its attributes' names.
      ELEMENT_OPTIONS: JSON.stringify(elementOptionNames()),
      MORE_SRC: JSON.stringify(MORE_SRC),
      MORE_CSS: JSON.stringify(widget.css),
    },
    mangleProps,
  });
  // A trailing newline would be part of the hashed bytes for no reason.
  return result.outputFiles[0]!.text.trim();
}

async function stylesheet(file: string): Promise<string> {
  const css = await transform(await readFile(source(file), "utf8"), { loader: "css", minify: true, target: BROWSERS });
  // `warn`'s colours, the same on every face (src/colour/colour.ts).
  return css.code.trim().replaceAll("__WARN_DARK__", WARN_COLOURS.dark).replaceAll("__WARN__", WARN_COLOURS.light);
}

function inline(code: string, closingTag: string): InlineCode {
  if (code.toLowerCase().includes(closingTag))
    throw new Error(`the inline code contains ${closingTag} and cannot be inlined`);
  return { code, hash: `sha256-${createHash("sha256").update(code).digest("base64")}` };
}

/**
 * The widget's script (src/widget/ticker.ts) with the code of `extras` (none: the inline ticker; all:
 * the site's widget script, for every countdown and option); `inline`: the inline ticker's part that
 * sets the options before the first frame (which the site's widget script finds done).
 */
export const widgetTicker = async (extras: readonly WidgetExtra[], inline = extras.length == 0) =>
  smaller(
    await bundle(
      "widget/ticker.ts",
      extras.includes("repeat"),
      WIDGET_BROWSERS,
      WIDGET_INTERNAL_NAMES,
      optionPattern(),
      {
        extras,
        inline,
        // The styles of the layouts, the pause button and the live region, which the script adds (src/widget/widget-more.css).
        css: STYLED_EXTRAS.some((extra) => extras.includes(extra)) ? await stylesheet("widget/widget-more.css") : "",
      },
    ),
  );

export async function buildAssets(): Promise<SiteAssets> {
  const [ticker, widgetScript, elementScript, elementParts, pageScript, creatorScript, pageStyle, widgetStyle] =
    await Promise.all([
      widgetTicker([]),
      widgetTicker(WIDGET_EXTRAS),
      bundle("element/element.ts", true, ELEMENT_BROWSERS, ELEMENT_INTERNAL_NAMES, optionPattern(ELEMENT_RENAMED)).then(
        smaller,
      ),
      Promise.all(
        ELEMENT_PARTS.map((part) => bundle(`element/element-${part}.ts`, true, ELEMENT_BROWSERS).then(smaller)),
      ),
      bundle("pages/page-script.ts"),
      // (No name mangled: the creator writes a file's fields by their names, `done` among them.)
      bundle("pages/creator-script.ts", true, BROWSERS, NO_NAMES),
      stylesheet("pages/pages.css"),
      stylesheet("widget/widget.css"),
    ]);
  const unfilled = inline("", "</style");
  return withSite(
    {
      ticker: inline(ticker, "</script"),
      widgetScript,
      elementTemplate: elementScript,
      elementScript,
      elementPartTemplates: Object.fromEntries(ELEMENT_PARTS.map((part, i) => [part, elementParts[i]!])) as Record<
        ElementPart,
        string
      >,
      elementParts: {} as Record<ElementPart, string>,
      pageScript,
      creatorScript,
      pageCss: pageStyle,
      pageStyle: unfilled,
      widgetCss: widgetStyle,
      widgetStyle: unfilled,
    },
    SITE_DEFAULTS,
  );
}

/**
 * The assets of the site (`_data/site.json`): the pages' and the widget's stylesheets, whose hashes
 * go into the CSPs, and the element's module, in the site's accent (accentColours: as written on
 * light backgrounds, lightened to read on dark ones) and, where it names one, in its font (`basePath`:
 * where the site's paths start).
 */
export function withSite(
  assets: SiteAssets,
  { accent, font }: Pick<SiteIdentity, "accent" | "font">,
  basePath = "",
): SiteAssets {
  if (!/^#[0-9a-f]{6}$/.test(accent)) throw new Error(`the accent colour ${JSON.stringify(accent)} is not #rrggbb`);
  const { light, dark } = accentColours(accent);
  // (The element's modules are at /api/element-<part>.js: the font's path from there starts "..".)
  const filled = (code: string) =>
    code
      .replaceAll(ACCENT_MARKS.dark, dark)
      .replaceAll(ACCENT_MARKS.light, light)
      .replaceAll(FONT_MARK, JSON.stringify(font ? `..${fontPath(font.web)}` : ""));
  const face = font ? fontFace(basePath + fontPath(font.web), font.web) : "";
  return {
    ...assets,
    pageStyle: inline(
      `${face}:root{--site-accent:${light};--site-accent-dark:${dark};--scrim:${PAGE_TITLE_SCRIM}}${assets.pageCss}`,
      "</style",
    ),
    // (A widget whose options name a font, `system` among them, keeps it.)
    widgetStyle: inline(
      filled(assets.widgetCss) +
        (font ? `${face}html:not([data-font]){font-family:${SITE_FONT_FAMILY},system-ui,sans-serif}` : ""),
      "</style",
    ),
    elementScript: filled(assets.elementTemplate),
    elementParts: Object.fromEntries(
      ELEMENT_PARTS.map((part) => [part, filled(assets.elementPartTemplates[part])]),
    ) as Record<ElementPart, string>,
  };
}

/**
 * The site's font as the pages and the widget declare it: `--site-font` starts their font stacks
 * (src/pages/pages.css, src/widget/widget.css), and the text shows at once in the system's font until
 * it has loaded (`swap`); a subset names its characters, so a page with none of them loads nothing.
 */
const fontFace = (url: string, { type, range }: SiteFontFile) =>
  `@font-face{font-family:${SITE_FONT_FAMILY};src:url(${url})format("${FONT_FORMATS[type]}");font-display:swap${range ? `;unicode-range:${range}` : ""}}:root{--site-font:${SITE_FONT_FAMILY},}`;
const SITE_FONT_FAMILY = "countdown-site";
const FONT_FORMATS: Record<SiteFontFile["type"], string> = {
  woff2: "woff2",
  woff: "woff",
  ttf: "truetype",
  otf: "opentype",
};
