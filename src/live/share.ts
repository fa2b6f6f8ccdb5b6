// Where countdowns are shared: the oEmbed answer (WordPress, Notion and other consumers turn a
// countdown's URL into its widget) and the live shields-style badge for READMEs. Both are live routes
// (netlify/functions/share.ts on Netlify, the local server's handler otherwise).
import VERDANA_11 from "anafanafo/data/verdana-11px-normal.json" with { type: "json" };
import type { SiteAddress } from "../config.ts";
import { OEMBED_PATH, PAGES_PATH, absoluteUrl, badgePath, embedPath, pagePath, previewImagePath, publicPath } from "../routes/route-table.ts";
import { SITE } from "../site/site-identity.ts";
import { nextOccurrence } from "../time/occurrence.ts";
import { optionPattern, optionsQuery, resolveOptions } from "../widget/options.ts";
import { currentTarget, jsonError, quote, respond, slugIn, type LiveRequest, type RouteAnswers } from "./handler.ts";
import type { LiveEntry } from "./live-store.ts";
import { attributeText, xmlText } from "./xml-text.ts";

// ---- oEmbed -------------------------------------------------------------------------------------

/** The two published sizes of the widget; the wide one is 100% wide, reported at the width asked for. */
const WIDE = { height: 250, defaultWidth: 640, maxWidth: 1200 };
const SMALL = { width: 320, height: 180 };
/** The widget fits any width from this up (CONTRACT: from 280 px). */
const MIN_WIDTH = 280;
/** How long a consumer may keep the answer, in seconds (oEmbed's cache_age). */
const CACHE_AGE = 3600;

/** The slug and widget options of a URL of this site: a countdown's page, or its widget with options. */
function countdownOfUrl(url: URL, site: SiteAddress): { slug: string; options: string } | undefined {
  const origin = new URL(site.origin);
  // Either scheme: a link pasted as http:// names the same countdown.
  if (url.host !== origin.host || !/^https?:$/.test(url.protocol) || !url.pathname.startsWith(`${site.basePath}/`)) return undefined;
  const sitePath = url.pathname.slice(site.basePath.length);
  // A page, with or without its final slash.
  const first = sitePath.split("/")[1]!;
  if (sitePath === pagePath(first) || `${sitePath}/` === pagePath(first)) return { slug: first, options: "" };
  const last = sitePath.slice(sitePath.lastIndexOf("/") + 1);
  // A widget: only valid options travel into the snippet, in the form the page's configurator writes.
  if (sitePath === embedPath(last)) return { slug: last, options: optionsQuery(resolveOptions("", url.search, new RegExp(optionPattern()))) };
  return undefined;
}

/** A positive whole number of pixels, or undefined when not given; NaN when given wrong. */
function pixels(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : NaN;
}

/** `GET /api/oembed?url=...`: oEmbed 1.0, type rich, the published snippet of the size that fits. */
function oembed({ request, route, query, store }: LiveRequest): Response {
  const params = new URLSearchParams(query);
  const error = (status: number, code: string, message: string) => jsonError(status, code, message, route.headers);
  const format = params.get("format") ?? "json";
  if (format === "xml") return error(501, "format_not_implemented", 'Only format=json is answered; leave "format" out or set it to json.');
  if (format !== "json") return error(400, "invalid_format", `Query parameter "format" must be json (got ${quote(format)}).`);
  const maxWidth = pixels(params, "maxwidth");
  const maxHeight = pixels(params, "maxheight");
  if (Number.isNaN(maxWidth) || Number.isNaN(maxHeight)) return error(400, "invalid_size", '"maxwidth" and "maxheight" must be whole numbers of pixels, like 600.');
  if ((maxWidth ?? MIN_WIDTH) < MIN_WIDTH || (maxHeight ?? SMALL.height) < SMALL.height) {
    return error(400, "invalid_size", `The widget needs at least ${MIN_WIDTH} × ${SMALL.height} pixels; raise "maxwidth" or "maxheight".`);
  }
  const text = params.get("url");
  if (!text) return error(400, "missing_url", `Query parameter "url" must be a countdown's page or widget URL, like ${absoluteUrl(store.site, pagePath("<slug>"))}.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return error(400, "invalid_url", `Query parameter "url" is not an absolute URL (got ${quote(text)}).`);
  }
  const found = countdownOfUrl(url, store.site);
  const entry = found && store.get(found.slug);
  if (!found || !entry) return error(404, "not_found", `${quote(text)} is not a countdown of this site. GET ${publicPath(store.site, PAGES_PATH)} lists them.`);

  const src = absoluteUrl(store.site, embedPath(entry.slug)) + (found.options ? `?${found.options}` : "");
  const wide = (maxHeight ?? WIDE.height) >= WIDE.height;
  const width = wide ? Math.min(maxWidth ?? WIDE.defaultWidth, WIDE.maxWidth) : Math.min(maxWidth ?? SMALL.width, SMALL.width);
  const height = wide ? WIDE.height : SMALL.height;
  // The published snippet, with a title naming the countdown; the small one at the width that fits.
  const html =
    `<iframe src="${attributeText(src)}" width="${wide ? "100%" : width}" height="${height}" frameborder="0" ` +
    `style="border-radius:12px" title="${attributeText(entry.title)}"></iframe>`;
  return respond(
    request,
    route.headers,
    JSON.stringify({
      version: "1.0",
      type: "rich",
      title: entry.title,
      provider_name: SITE.name,
      provider_url: absoluteUrl(store.site, "/"),
      html,
      width,
      height,
      cache_age: CACHE_AGE,
      thumbnail_url: absoluteUrl(store.site, previewImagePath(entry.slug)),
      thumbnail_width: 1200,
      thumbnail_height: 630,
    }),
  );
}

/** The oEmbed endpoint's URL for a countdown's page, for the page's discovery link. */
export const oembedUrl = (site: SiteAddress, slug: string) =>
  `${absoluteUrl(site, OEMBED_PATH)}?url=${encodeURIComponent(absoluteUrl(site, pagePath(slug)))}&format=json`;

// ---- Badge --------------------------------------------------------------------------------------

/** From an occurrence on, the badge says "live now" for this long; then the next one, or "ended". */
export const LIVE_FOR_MS = 60 * 60 * 1000;
const COLOURS = { upcoming: "#007ec6", live: "#3f9c35", ended: "#767676", postponed: "#b35c00", cancelled: "#c0392b", unknown: "#767676" };

/** What the badge of a countdown says at `nowMs`, and in which colour. */
export function badgeMessage(entry: LiveEntry, nowMs: number): { message: string; colour: string } {
  if (entry.status) return { message: entry.status, colour: COLOURS[entry.status] };
  // The latest occurrence of the last hour, if any: a one-off's target, or one of a repeating countdown's.
  const recent = entry.schedule ? nextOccurrence(entry.schedule, nowMs - LIVE_FOR_MS + 1) : entry.targetMs;
  if (recent !== undefined && recent <= nowMs && recent > nowMs - LIVE_FOR_MS) return { message: "live now", colour: COLOURS.live };
  const { targetMs, over } = currentTarget(entry, nowMs);
  if (over) return { message: "ended", colour: COLOURS.ended };
  const minutes = Math.ceil((targetMs - nowMs) / 60_000);
  const message = minutes < 60 ? `in ${minutes} min` : minutes < 48 * 60 ? `in ${Math.floor(minutes / 60)} h` : `in ${Math.floor(minutes / 1440)} days`;
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

/** A shields-style flat badge: the label on grey, the message on its colour, 20 px high. */
export function badgeSvg(label: string, message: string, colour: string): string {
  const chars = [...label.replace(/\s+/g, " ").trim()];
  const shortLabel = chars.length > LABEL_MAX ? `${chars.slice(0, LABEL_MAX - 1).join("").trimEnd()}…` : chars.join("");
  const [labelWidth, messageWidth] = [shortLabel, message].map((text) => Math.round(textWidth(text)) + 10) as [number, number];
  const width = labelWidth + messageWidth;
  const name = xmlText(`${shortLabel}: ${message}`);
  // Each text twice, a shadow under it; textLength holds the measured width whatever font renders it.
  const text = (content: string, x: number, textLength: number) =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3" textLength="${textLength}" aria-hidden="true">${xmlText(content)}</text>` +
    `<text x="${x}" y="14" textLength="${textLength}">${xmlText(content)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${labelWidth}" height="20" fill="#555"/><rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${colour}"/>` +
    `<rect width="${width}" height="20" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">` +
    text(shortLabel, labelWidth / 2, labelWidth - 10) +
    text(message, labelWidth + messageWidth / 2, messageWidth - 10) +
    `</g></svg>`
  );
}

const BADGE_PREFIX = badgePath("");

function badge({ request, route, pathname, store, nowMs }: LiveRequest): Response {
  const slug = slugIn(pathname, BADGE_PREFIX.slice(0, -".svg".length), ".svg");
  const entry = slug === undefined ? undefined : store.get(slug);
  if (!entry) return respond(request, route.headers, badgeSvg("countdown", "not found", COLOURS.unknown), 404);
  const { message, colour } = badgeMessage(entry, nowMs);
  return respond(request, route.headers, badgeSvg(entry.title, message, colour));
}

/** The oEmbed answer and the badge: what netlify/functions/share.ts answers. */
export const SHARE_ANSWERS: RouteAnswers = { oembed, badge };
