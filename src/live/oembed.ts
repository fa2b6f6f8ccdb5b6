// oEmbed: WordPress, Notion and other consumers turn a countdown's URL into its widget
// (`/api/oembed?url=...`, a live route of netlify/functions/share.ts).
import { errorAnswer, quote, type Query } from "../http/kernel.ts";
import {
  PAGES_PATH,
  absoluteUrl,
  embedPath,
  pagePath,
  previewImagePath,
  publicPath,
  type SiteAddress,
} from "../paths.ts";
import { attributeText, jsonText } from "../text/escape.ts";
import { optionPattern, optionsQuery, resolveOptions } from "../widget/options.ts";
import { ok, type LiveRequest } from "./route.ts";

/** The two published sizes of the widget; the wide one is 100% wide, reported at the width asked for. */
const WIDE = { height: 250, defaultWidth: 640, maxWidth: 1200 };
const SMALL = { width: 320, height: 180 };
/** The widget fits any width from this up (docs/widget.md: from 280 px). */
const MIN_WIDTH = 280;
/** How long a consumer may keep the answer, in seconds (oEmbed's cache_age). */
const CACHE_AGE = 3600;

/** The slug and widget options of a URL of this site: a countdown's page, or its widget with options. */
function countdownOfUrl(url: URL, site: SiteAddress): { slug: string; options: string } | undefined {
  const origin = new URL(site.origin);
  // Either scheme: a link pasted as http:// names the same countdown.
  if (url.host !== origin.host || !/^https?:$/.test(url.protocol) || !url.pathname.startsWith(`${site.basePath}/`))
    return undefined;
  const sitePath = url.pathname.slice(site.basePath.length);
  // A page, with or without its final slash.
  const first = sitePath.split("/")[1]!;
  if (sitePath === pagePath(first) || `${sitePath}/` === pagePath(first)) return { slug: first, options: "" };
  const last = sitePath.slice(sitePath.lastIndexOf("/") + 1);
  // A widget: only valid options travel into the snippet, in the form the page's configurator writes.
  if (sitePath === embedPath(last))
    return { slug: last, options: optionsQuery(resolveOptions("", url.search, new RegExp(optionPattern()))) };
  return undefined;
}

/** A positive whole number of pixels, or undefined when not given; NaN when given wrong. */
function pixels(params: Query, name: string): number | undefined {
  const value = params.get(name);
  if (value === undefined) return undefined;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : NaN;
}

/** `GET /api/oembed?url=...`: oEmbed 1.0, type rich, the published snippet of the size that fits. */
export async function oembed({ route, params, store, fetchFiles }: LiveRequest) {
  const error = (status: number, code: string, message: string) => errorAnswer(status, code, message, route.headers);
  const format = params.get("format") ?? "json";
  if (format === "xml")
    return error(501, "format_not_implemented", 'Only format=json is answered; leave "format" out or set it to json.');
  if (format !== "json")
    return error(400, "invalid_format", `Query parameter "format" must be json (got ${quote(format)}).`);
  const maxWidth = pixels(params, "maxwidth");
  const maxHeight = pixels(params, "maxheight");
  if (Number.isNaN(maxWidth) || Number.isNaN(maxHeight))
    return error(400, "invalid_size", '"maxwidth" and "maxheight" must be whole numbers of pixels, like 600.');
  if ((maxWidth ?? MIN_WIDTH) < MIN_WIDTH || (maxHeight ?? SMALL.height) < SMALL.height) {
    return error(
      400,
      "invalid_size",
      `The widget needs at least ${MIN_WIDTH} × ${SMALL.height} pixels; raise "maxwidth" or "maxheight".`,
    );
  }
  const text = params.get("url");
  if (!text)
    return error(
      400,
      "missing_url",
      `Query parameter "url" must be a countdown's page or widget URL, like ${absoluteUrl(store.site, pagePath("<slug>"))}.`,
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return error(400, "invalid_url", `Query parameter "url" is not an absolute URL (got ${quote(text)}).`);
  }
  const found = countdownOfUrl(url, store.site);
  // (The slug is in the query, not the path: its shard is fetched here.)
  if (found) await fetchFiles({ live: [store.fileOf(found.slug)] });
  const entry = found && store.get(found.slug);
  if (!found || !entry)
    return error(
      404,
      "not_found",
      `${quote(text)} is not a countdown of this site. GET ${publicPath(store.site, PAGES_PATH)} lists them.`,
    );

  const src = absoluteUrl(store.site, embedPath(entry.slug)) + (found.options ? `?${found.options}` : "");
  const wide = (maxHeight ?? WIDE.height) >= WIDE.height;
  const width = wide
    ? Math.min(maxWidth ?? WIDE.defaultWidth, WIDE.maxWidth)
    : Math.min(maxWidth ?? SMALL.width, SMALL.width);
  const height = wide ? WIDE.height : SMALL.height;
  // The published snippet, with a title naming the countdown; the small one at the width that fits.
  const html =
    `<iframe src="${attributeText(src)}" width="${wide ? "100%" : width}" height="${height}" frameborder="0" ` +
    `style="border-radius:12px" title="${attributeText(entry.title)}"></iframe>`;
  return ok(
    route,
    jsonText({
      version: "1.0",
      type: "rich",
      title: entry.title,
      provider_name: store.siteName,
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
