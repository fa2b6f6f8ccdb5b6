// The link-preview image of a countdown (Open Graph, Twitter card): 1200 × 630 PNG with the title, the
// target in the author's zone (or the rule of a repeating countdown) and the status. Drawn on its
// first request by resvg from an SVG, with DejaVu Sans (a free font with wide coverage, shipped with
// the function), and kept in memory; the CDN keeps it until the next deploy. Made on request rather
// than at build: a build of 10,000 countdowns would otherwise spend minutes drawing images few of
// which are ever shared.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { errorAnswer, quote } from "../http/kernel.ts";
import { absoluteUrl, pagePath, previewImagePath } from "../paths.ts";
import { xmlText } from "../text/escape.ts";
import { repeatWords } from "../text/repeat-words.ts";
import { fontMetrics, type FontMetrics } from "./font-metrics.ts";
import { ok, slugIn, unknownSlug, type LiveRequest, type RouteAnswers } from "./route.ts";
import type { LiveEntry } from "./live-store.ts";

export const WIDTH = 1200;
export const HEIGHT = 630;
const MARGIN = 80;
/** Title sizes tried, largest first, until the title fits in MAX_LINES. */
const TITLE_SIZES = [76, 64, 54];
const MAX_LINES = 3;

interface Fonts {
  files: string[];
  boldMetrics: FontMetrics;
}

let fonts: Fonts | undefined;
/** The fonts, from the dejavu-fonts-ttf package (netlify.toml includes the two files with the function). */
function loadFonts(): Fonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const files = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map((name) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    fonts = { files, boldMetrics: fontMetrics(readFileSync(files[1]!)) };
  }
  return fonts;
}

/**
 * `text` in lines of at most `width` pixels at `size`, broken between words (inside a word only when
 * it alone is too wide); `fits` is false when it needed more than `maxLines` (the last line then ends
 * with an ellipsis).
 */
export function wrap(text: string, metrics: FontMetrics, size: number, width: number, maxLines: number): { lines: string[]; fits: boolean } {
  const lines: string[] = [];
  let line = "";
  const widthOf = (candidate: string) => metrics.width(candidate, size);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (widthOf(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    // A word wider than a line is cut where it must be.
    for (const char of word) {
      if (widthOf(line + char) > width && line) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return { lines, fits: true };
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && widthOf(`${last}…`) > width) last = [...last].slice(0, -1).join("");
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return { lines: kept, fits: false };
}

/** The target in the author's zone and language, with the zone's short name: "Friday, 2 August 2027 at 10:00 CEST". */
function targetWords(entry: LiveEntry): string {
  const zone = entry.zone ?? "UTC";
  const options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short", timeZone: zone };
  try {
    return new Intl.DateTimeFormat(entry.lang ?? "en-GB", options).format(entry.targetMs);
  } catch {
    return new Intl.DateTimeFormat("en-GB", options).format(entry.targetMs);
  }
}

/** The first letter of a text is of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko...). */
const RTL_FIRST_LETTER = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

const STATUS = { postponed: { text: "POSTPONED", colour: "#ffb871" }, cancelled: { text: "CANCELLED", colour: "#ff8a80" } };

/** The image as SVG, for resvg. */
export function previewSvg(entry: LiveEntry, siteName: string, pageUrl: string, metrics: FontMetrics): string {
  const textWidth = WIDTH - 2 * MARGIN;
  let title = wrap(entry.title, metrics, TITLE_SIZES.at(-1)!, textWidth, MAX_LINES);
  let size = TITLE_SIZES.at(-1)!;
  for (const candidate of TITLE_SIZES) {
    const wrapped = wrap(entry.title, metrics, candidate, textWidth, MAX_LINES);
    if (wrapped.fits) {
      [title, size] = [wrapped, candidate];
      break;
    }
  }
  const lineHeight = Math.round(size * 1.18);
  const titleTop = 215;
  // A title in a right-to-left script starts at the right edge, its date line with it.
  const rtl = RTL_FIRST_LETTER.test(entry.title);
  const start = rtl ? `x="${WIDTH - MARGIN}" text-anchor="end" direction="rtl"` : `x="${MARGIN}"`;
  const titleLines = title.lines.map((line, i) => `<text ${start} y="${titleTop + i * lineHeight}" font-size="${size}" font-weight="bold" fill="#f4f6fb">${xmlText(line)}</text>`);
  const whenY = titleTop + (title.lines.length - 1) * lineHeight + 92;
  const when = entry.schedule ? repeatWords(entry.schedule) : targetWords(entry);
  const whenStart = rtl && !entry.schedule ? start : `x="${MARGIN}"`;
  const status = entry.status && STATUS[entry.status];
  const host = pageUrl.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f1420"/><stop offset="1" stop-color="#1d2b4f"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="${MARGIN}" y="86" width="64" height="8" rx="4" fill="#8caeff"/>`,
    `<text x="${MARGIN + 84}" y="97" font-size="30" fill="#a7b0c4">${xmlText(siteName)}</text>`,
    status
      ? `<rect x="${WIDTH - MARGIN - 250}" y="62" width="250" height="56" rx="28" fill="none" stroke="${status.colour}" stroke-width="3"/>` +
        `<text x="${WIDTH - MARGIN - 125}" y="100" font-size="28" font-weight="bold" fill="${status.colour}" text-anchor="middle">${status.text}</text>`
      : "",
    ...titleLines,
    `<text ${whenStart} y="${whenY}" font-size="36" fill="#8caeff"${status ? ' text-decoration="line-through"' : ""}>${xmlText(when)}</text>`,
    `<text x="${MARGIN}" y="${HEIGHT - 64}" font-size="26" fill="#a7b0c4">${xmlText(host)}</text>`,
    `</svg>`,
  ].join("");
}

/** The PNG of a countdown's preview. */
export function renderPreview(entry: LiveEntry, siteName: string, pageUrl: string): Uint8Array<ArrayBuffer> {
  const { files, boldMetrics } = loadFonts();
  const svg = previewSvg(entry, siteName, pageUrl, boldMetrics);
  const png = new Resvg(svg, {
    font: { fontFiles: files, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
    fitTo: { mode: "original" },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
}

/** Images drawn, by slug and build version; the oldest are dropped past CACHED. */
const CACHED = 200;
const drawn = new Map<string, Uint8Array<ArrayBuffer>>();
const PREFIX = previewImagePath("");

function preview({ route, pathname, store }: LiveRequest) {
  const slug = slugIn(pathname, PREFIX.slice(0, -".png".length), ".png");
  const entry = slug === undefined ? undefined : store.get(slug);
  if (slug === undefined) return errorAnswer(404, "not_found", `Nothing is published at ${quote(pathname)}: a countdown's preview image is at ${previewImagePath("<slug>")}.`);
  if (!entry) return errorAnswer(404, "not_found", unknownSlug(slug));
  const key = `${store.version}/${entry.slug}`;
  let png = drawn.get(key);
  if (!png) {
    png = renderPreview(entry, store.siteName, absoluteUrl(store.site, pagePath(entry.slug)));
    drawn.set(key, png);
    if (drawn.size > CACHED) drawn.delete(drawn.keys().next().value!);
  }
  return ok(route, png);
}

/** The preview image: what netlify/functions/preview.ts answers. */
export const PREVIEW_ANSWERS: RouteAnswers = { preview };
