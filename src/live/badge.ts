// The live shields-style badge for READMEs (`/api/badge/<slug>.svg`, a live route of
// netlify/functions/share.ts): `<title> | in 39 days`, `live now`, `ended`, ... in the countdown's
// language (an unknown slug's in the site's): English words as published, Intl's relative times and
// the built-in messages (src/text/messages.ts) in the others. Set in Verdana as shields.io sets it, or
// in the site's font where the site file names one, drawn as the images draw it.
import VERDANA_11 from "anafanafo/data/verdana-11px-normal.json" with { type: "json" };
import { badgePath } from "../paths.ts";
import { xmlText } from "../text/escape.ts";
import { nextOccurrence } from "../time/occurrence.ts";
import { currentTarget } from "./viewer-target.ts";
import { evergreenWords, messagesFor } from "../text/messages.ts";
import { ok, slugIn, type FileFetch, type LiveRequest } from "./route.ts";
import { siteFontFiles, siteFontOf } from "./site-font-bytes.ts";
import type { LiveEntry, LiveStore } from "./live-store.ts";

/** From an occurrence on, the badge says "live now" for this long; then the next one, or "ended". */
export const LIVE_FOR_MS = 60 * 60 * 1000;
const COLOURS = {
  upcoming: "#007ec6",
  live: "#3f9c35",
  ended: "#767676",
  postponed: "#b35c00",
  cancelled: "#c0392b",
  unknown: "#767676",
};

/** "in 39 days", "in 5 h", "in 12 min" as published in English; Intl's short relative time in another language ("in 39 Tagen"). */
function inTime(count: number, unit: "day" | "hour" | "minute", lang: string): string {
  if (lang.split("-")[0] === "en") return `in ${count} ${{ day: "days", hour: "h", minute: "min" }[unit]}`;
  return new Intl.RelativeTimeFormat(lang, { style: "short", numeric: "always" }).format(count, unit);
}

/** What the badge of a countdown says at `nowMs`, in its language, and in which colour. */
function badgeMessage(entry: LiveEntry, nowMs: number): { message: string; colour: string } {
  const lang = entry.lang ?? "en";
  const words = messagesFor(lang);
  if (entry.status) return { message: words[entry.status].toLocaleLowerCase(lang), colour: COLOURS[entry.status] };
  // Evergreen: no date of its own, only how long each visitor counts.
  if (entry.evergreenMs)
    return {
      message: evergreenWords(entry.evergreenMs, lang).replace(/^(.* from )your /, "$1"),
      colour: COLOURS.upcoming,
    };
  // The latest occurrence of the last hour, if any: a one-off's target, or one of a repeating countdown's.
  const recent = entry.schedule ? nextOccurrence(entry.schedule, nowMs - LIVE_FOR_MS + 1) : entry.targetMs;
  if (recent !== undefined && recent <= nowMs && recent > nowMs - LIVE_FOR_MS)
    return { message: words.liveNow, colour: COLOURS.live };
  const { targetMs, over } = currentTarget(entry, nowMs);
  if (over) return { message: words.ended, colour: COLOURS.ended };
  const minutes = Math.ceil((targetMs - nowMs) / 60_000);
  const message =
    minutes < 60
      ? inTime(minutes, "minute", lang)
      : minutes < 48 * 60
        ? inTime(Math.floor(minutes / 60), "hour", lang)
        : inTime(Math.floor(minutes / 1440), "day", lang);
  return { message, colour: COLOURS.upcoming };
}

/** Width of a text in 11 px Verdana, as shields.io measures badge text; characters it lacks count as an "m". */
function textWidth(text: string): number {
  const table = VERDANA_11 as [number, number, number][];
  const m = widthOf(table, 109)!;
  let width = 0;
  for (const char of text) width += widthOf(table, char.codePointAt(0)!) ?? m;
  return width;
}

/** The width of a code point from a table of [first, last, width] ranges, sorted. */
function widthOf(table: [number, number, number][], code: number): number | undefined {
  let low = 0;
  let high = table.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last, width] = table[middle]!;
    if (code < first) high = middle - 1;
    else if (code > last) low = middle + 1;
    else return width;
  }
  return undefined;
}

/** A label of at most this many characters; a longer title is cut with an ellipsis. */
const LABEL_MAX = 40;

/** How the badge sets its texts: their widths, and each text drawn centred, a shadow under it. */
interface BadgeType {
  width(text: string): number;
  /** `id` names the text where the SVG refers to it. */
  text(content: string, centre: number, width: number, id: string): string;
}

/** Verdana, as shields.io sets a badge, named as text: a site that names no font reads no font file. */
const VERDANA: BadgeType = {
  width: textWidth,
  // Each text twice, a shadow under it; textLength holds the measured width whatever font renders it.
  text: (content, centre, width) =>
    `<text x="${centre}" y="15" fill="#010101" fill-opacity=".3" textLength="${width}" aria-hidden="true">${xmlText(content)}</text>` +
    `<text x="${centre}" y="14" textLength="${width}">${xmlText(content)}</text>`,
};

/**
 * The site's font (its site file's `font`), where it names one: the texts shaped by HarfBuzz and drawn
 * as glyph outlines, as the email image and the link preview draw them (src/images/fonts.ts), each
 * character the font lacks from the bundled fonts. The shaper is loaded only then.
 */
async function siteType(store: LiveStore, texts: string[], lang: string, fetchFiles: FileFetch): Promise<BadgeType> {
  if (!store.siteFont) return VERDANA;
  await fetchFiles({ live: siteFontFiles(store), texts: () => texts });
  const fonts = await import("../images/fonts.ts");
  fonts.useSiteFont(siteFontOf(store).font);
  return {
    width: (text) => fonts.textWidth(text, FONT_SIZE, 400, lang),
    // The outlines once, the shadow a use of them a pixel lower.
    text: (content, centre, _width, id) => {
      const line = fonts.shape(content, FONT_SIZE, 400, lang);
      const paths = fonts.linePaths(line, centre - line.width / 2, 14);
      return `<use href="#${id}" y="1" fill="#010101" fill-opacity=".3" aria-hidden="true"/><g id="${id}">${paths}</g>`;
    },
  };
}

const FONT_SIZE = 11;

/** A shields-style flat badge: the label on grey, the message on its colour, 20 px high. */
function badgeSvg(label: string, message: string, colour: string, type: BadgeType): string {
  const shortLabel = shortened(label);
  const [labelWidth, messageWidth] = [shortLabel, message].map((text) => Math.round(type.width(text)) + 10) as [
    number,
    number,
  ];
  const width = labelWidth + messageWidth;
  const name = xmlText(`${shortLabel}: ${message}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${labelWidth}" height="20" fill="#555"/><rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${colour}"/>` +
    `<rect width="${width}" height="20" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="${FONT_SIZE}">` +
    type.text(shortLabel, labelWidth / 2, labelWidth - 10, "label") +
    type.text(message, labelWidth + messageWidth / 2, messageWidth - 10, "message") +
    `</g></svg>`
  );
}

/** The label on one line, of at most LABEL_MAX characters: a longer title cut with an ellipsis. */
function shortened(label: string): string {
  const chars = [...label.replace(/\s+/g, " ").trim()];
  if (chars.length <= LABEL_MAX) return chars.join("");
  return `${chars
    .slice(0, LABEL_MAX - 1)
    .join("")
    .trimEnd()}…`;
}

const BADGE_PREFIX = badgePath("");

export async function badge({ route, pathname, store, nowMs, fetchFiles }: LiveRequest) {
  const slug = slugIn(pathname, BADGE_PREFIX.slice(0, -".svg".length), ".svg");
  const entry = slug === undefined ? undefined : store.get(slug);
  const [label, { message, colour }, lang, status] = entry
    ? [entry.title, badgeMessage(entry, nowMs), entry.lang ?? "en", 200]
    : [
        store.siteName,
        { message: messagesFor(store.siteLanguage).notices.notFound, colour: COLOURS.unknown },
        store.siteLanguage,
        404,
      ];
  const type = await siteType(store, [label, message], lang, fetchFiles);
  return ok(route, badgeSvg(label, message, colour, type), status);
}
