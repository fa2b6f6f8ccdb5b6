// `/api/og/<slug>.png`: the link-preview image of a countdown (src/images/preview-image.ts draws it),
// on its first request, then kept in memory; the CDN keeps it until the next deploy. Made on request
// rather than at build: a build of 10,000 countdowns would otherwise spend minutes drawing images few
// of which are ever shared.
import { useSiteFont } from "../images/fonts.ts";
import { siteFontFiles, siteFontOf } from "./site-font-bytes.ts";
import { errorAnswer, quote } from "../http/kernel.ts";
import { renderPreview } from "../images/preview-image.ts";
import { absoluteUrl, imageBackgroundFile, pagePath, previewImagePath } from "../paths.ts";
import { dateWords } from "../text/dates.ts";
import { ruleWords } from "../text/repeat-words.ts";
import { accentColours } from "../colour/colour.ts";
import { evergreenWords, messagesFor } from "../text/messages.ts";
import { targetAt } from "../time/occurrence.ts";
import { ok, slugIn, unknownSlug, type LiveRequest, type RouteAnswers } from "./route.ts";

/** Images drawn, by what they are drawn from; the oldest are dropped past CACHED. */
const CACHED = 200;
const drawn = new Map<string, Uint8Array<ArrayBuffer>>();
const PREFIX = previewImagePath("");

async function preview({ route, pathname, store, nowMs, fetchFiles }: LiveRequest) {
  const slug = slugIn(pathname, PREFIX.slice(0, -".png".length), ".png");
  const entry = slug === undefined ? undefined : store.get(slug);
  if (slug === undefined)
    return errorAnswer(
      404,
      "not_found",
      `Nothing is published at ${quote(pathname)}: a countdown's preview image is at ${previewImagePath("<slug>")}.`,
    );
  if (!entry) return errorAnswer(404, "not_found", unknownSlug(slug));
  const lang = entry.lang ?? "en";
  const texts = {
    title: entry.title,
    lang,
    // When, as the pages say it (src/text/dates.ts): a repeating countdown's rule as of its next occurrence.
    when: entry.evergreenMs
      ? evergreenWords(entry.evergreenMs, lang)
      : entry.schedule
        ? ruleWords(entry.schedule, lang, targetAt(entry.schedule, nowMs) ?? entry.targetMs)
        : dateWords(entry.targetMs, entry.zone ?? "UTC", lang),
    whenFollowsTitle: !entry.schedule,
    ...(entry.status ? { status: entry.status, statusWords: messagesFor(lang)[entry.status] } : {}),
    accent: accentColours(store.siteAccent).dark,
    siteName: store.siteName,
    pageUrl: absoluteUrl(store.site, pagePath(entry.slug)),
  };
  // Kept by everything it is drawn from (its image and the site's font by their hashed names), not by
  // the build's version alone: a build of the same commit with other files (a server that swaps in a
  // local rebuild) draws what it now says, and a repeating countdown's rule moves on to its next date.
  const key = JSON.stringify([texts, entry.image, store.siteFont]);
  let png = drawn.get(key);
  if (!png) {
    await fetchFiles({
      live: [...siteFontFiles(store), ...(entry.image ? [imageBackgroundFile(entry.image)] : [])],
      // (Its status in capitals as well: a language's capitals may be letters of their own.)
      texts: () => [JSON.stringify(texts), (texts.statusWords ?? "").toLocaleUpperCase(lang)],
    });
    // In the site's font, where it has one (src/images/fonts.ts).
    useSiteFont(siteFontOf(store).font);
    png = renderPreview({
      ...texts,
      // Its image, as the live data keeps it for the preview (src/publish/done-images.ts).
      ...(entry.image ? { background: (store.file(imageBackgroundFile(entry.image)) as { href: string }).href } : {}),
    });
    drawn.set(key, png);
    if (drawn.size > CACHED) drawn.delete(drawn.keys().next().value!);
  }
  return ok(route, png);
}

/** The preview image: what netlify/functions/images.ts answers. */
export const PREVIEW_ANSWERS: RouteAnswers = { preview };
