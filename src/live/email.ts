// `/api/email/<slug>.gif` and `.png`: the countdown as an image for email, drawn from the second it
// is asked for (src/images/email-image.ts draws it). One drawing per (build, slug, options, second,
// and an evergreen countdown's deadline): requests for the same one share it while it is drawn and
// for the rest of its second (src/live/email-drawings.ts, which bounds what waits). Drawings are made
// by a painter (src/node/email-painters.ts): on the Node server's worker threads, one per core; in a
// Netlify function or a Worker, in its own thread.
import { errorAnswer, quote, type Answer, type Query } from "../http/kernel.ts";
import { NO_STORE, UNTIL_DEPLOY_CDN_CACHE, type HeaderSet } from "../http/policy.ts";
import {
  EMAIL_OPTION_NAMES,
  EMAIL_RANGES,
  isValidEmailOption,
  resolveEmailOptions,
  type EmailOptions,
} from "../images/email-options.ts";
import { noticeImage, noticeText } from "../images/notice-image.ts";
import type { Notice } from "../text/messages.ts";
import { emailImagePath } from "../paths.ts";
import { accentColours } from "../colour/colour.ts";
import { forViewer, varyOnStart } from "./viewer-target.ts";
import { doneImageAt, doneImageFiles, textsDrawn } from "./email-drawing.ts";
import { siteFontFiles, siteFontOf } from "./site-font-bytes.ts";
import { DrawingRefused, emailDrawings, type EmailDrawings } from "./email-drawings.ts";
import { slugIn, type FileFetch, type LiveRequest, type RouteAnswer, type RouteAnswers } from "./route.ts";
import { SECOND } from "../time/units.ts";

const PREFIX = emailImagePath("", "gif").slice(0, -".gif".length);
const TYPES = { gif: "image/gif", png: "image/png" } as const;
type Format = keyof typeof TYPES;

/** The options in force as a key: every one, in a fixed order, so that two spellings of one query share a drawing. */
const optionsKey = (options: EmailOptions) => EMAIL_OPTION_NAMES.map((name) => options[name] ?? "").join(",");

/** The busy look: what a drawing becomes while much waits (one frame, at most 600 px, density 1: one unit of work or less). */
function busyLook(options: EmailOptions): void {
  options.frames = 1;
  options.width = Math.min(options.width, EMAIL_RANGES.width.default);
  options.density = 1;
}

/** A start's redirect to its Unix seconds: the same for as long as the countdown's zone is (until a deploy). */
const REDIRECT_CACHE = "public, max-age=300";
/** How long a client is asked to wait before it asks again for a drawing refused as busy. */
const BUSY_RETRY_SECONDS = "5";

/** A redirect's headers: the route's, kept until the next deploy by the CDN and five minutes by others, without the image's no-cache ones. */
function redirectHeaders(headers: HeaderSet): HeaderSet {
  const { Pragma: _, Expires: __, ...kept } = headers;
  return { ...kept, "Cache-Control": REDIRECT_CACHE, "Netlify-CDN-Cache-Control": UNTIL_DEPLOY_CDN_CACHE };
}

/**
 * Where a start not written as Unix seconds is sent: the same image with the request's valid options
 * (each once, in a fixed order) and the start as Unix seconds, nothing else, so the redirect is short
 * and the CDN, which keys it on the options and `start` only, keeps one for every request that
 * echoes the same; undefined when the start is written so already.
 */
function canonicalQuery(params: Query, startMs: number): string | undefined {
  const seconds = String(startMs / SECOND);
  if (params.get("start") === seconds) return undefined;
  const kept = new URLSearchParams();
  for (const name of EMAIL_OPTION_NAMES) {
    const value = params.get(name);
    if (value !== undefined && isValidEmailOption(name, value)) kept.set(name, value);
  }
  kept.set("start", seconds);
  return kept.toString();
}

const formatOf = (pathname: string): Format | undefined =>
  pathname.endsWith(".gif") ? "gif" : pathname.endsWith(".png") ? "png" : undefined;

/**
 * An answer that is a small image saying `notice` (an `<img>` shows no JSON), never kept, in `lang`
 * (the countdown's, or the site's where there is none) at the link's density.
 */
async function noticeAnswer(
  { params, fetchFiles }: { params?: Query; fetchFiles: FileFetch },
  status: number,
  headers: HeaderSet,
  notice: Notice,
  format: Format,
  lang: string,
  retryAfter?: string,
): Promise<Answer> {
  const density = params?.get("density") === "2" ? 2 : 1;
  await fetchFiles({ texts: () => [noticeText(notice, lang)] });
  const image = noticeImage(notice, format, { density, lang });
  return {
    status,
    headers: {
      ...headers,
      "Content-Type": TYPES[format],
      "Cache-Control": NO_STORE,
      ...(retryAfter ? { "Retry-After": retryAfter } : {}),
    },
    body: image,
  };
}

/** The redirect of a start written in another form than Unix seconds to that form; undefined for one written so. */
function startRedirect({ route, pathname, params }: LiveRequest, startMs: number): Answer | undefined {
  const canonical = canonicalQuery(params, startMs);
  // (A relative location: the same file, wherever the site is served from.)
  if (canonical === undefined) return undefined;
  return {
    status: 308,
    headers: {
      ...redirectHeaders(varyOnStart(route.headers)),
      Location: `${pathname.slice(pathname.lastIndexOf("/") + 1)}?${canonical}`,
    },
  };
}

/** The email image route over a set of drawings (one per process: the Node server, a function instance). */
export function emailAnswers(drawings: EmailDrawings = emailDrawings()): RouteAnswers {
  const email: RouteAnswer = async (live: LiveRequest): Promise<Answer> => {
    const { route, pathname, params, signal, store, nowMs, fetchFiles } = live;
    const format = formatOf(pathname);
    const slug = format && slugIn(pathname, PREFIX, `.${format}`);
    if (!format || slug === undefined || slug === "") {
      return errorAnswer(
        404,
        "not_found",
        `Nothing is published at ${quote(pathname)}: a countdown's email image is at ${emailImagePath("<slug>", "gif")} (animated) or ${emailImagePath("<slug>", "png")} (still).`,
      );
    }
    let headers: HeaderSet = { ...route.headers, "Content-Type": TYPES[format] };
    const entry = store.get(slug);
    if (!entry) return noticeAnswer({ params, fetchFiles }, 404, headers, "notFound", format, store.siteLanguage);
    // An evergreen countdown's image is drawn for the query's start: a start written in another form
    // than Unix seconds is redirected to that form first, so that the CDN and the drawings here key on
    // the deadline (one drawing for every way of writing the same start).
    const viewer = forViewer(entry, params, nowMs);
    if (entry.evergreenMs) headers = varyOnStart(headers);
    if ("problem" in viewer)
      return noticeAnswer({ params, fetchFiles }, 400, headers, viewer.problem, format, entry.lang ?? "en");
    const canonical = viewer.startMs === undefined ? undefined : startRedirect(live, viewer.startMs);
    if (canonical) return canonical;
    const options = resolveEmailOptions(entry.email ?? "", params);
    // Without an accent of the link's or the countdown's, the site's (as it reads on the theme's background).
    options.accent ??= accentColours(store.siteAccent)[options.theme].slice(1);
    // A still is one frame whatever `frames` says.
    if (format === "png") options.frames = 1;
    const second = Math.floor(nowMs / SECOND) * SECOND;
    const keyOf = () =>
      `${store.version}\0${entry.slug}\0${format}\0${optionsKey(options)}\0${second}\0${viewer.targetMs}`;
    let key = keyOf();
    if (!drawings.has(key) && drawings.busy()) {
      busyLook(options);
      key = keyOf();
    }
    try {
      // (Where there is nothing to fetch, the drawing is asked for in this turn, as the busy check saw the queue.)
      const fetching =
        drawings.has(key) ||
        fetchFiles({
          live: [...doneImageFiles(viewer, second), ...siteFontFiles(store)],
          texts: () => textsDrawn(viewer, options, second),
        });
      if (fetching instanceof Promise) await fetching;
      return {
        status: 200,
        headers,
        body: await drawings.draw(
          key,
          { entry: viewer, format, options, second, ...doneImageAt(store, viewer, second), ...siteFontOf(store) },
          signal,
        ),
      };
    } catch (error) {
      if (!(error instanceof DrawingRefused)) throw error;
      return noticeAnswer({ params, fetchFiles }, 503, headers, "busy", format, entry.lang ?? "en", BUSY_RETRY_SECONDS);
    }
  };
  // Live data that cannot be read, or a query that is not read: an image that says so, with the status.
  email.refusal = ({ route, pathname, params, store, fetchFiles }, problem) =>
    noticeAnswer(
      { params, fetchFiles },
      problem.status,
      route.headers,
      problem.status === 503 ? "unavailable" : "badLink",
      formatOf(pathname) ?? "gif",
      store?.siteLanguage ?? "en",
      problem.status === 503 ? "10" : undefined,
    );
  return { email };
}

/** The images of the service: what netlify/functions/images.ts answers with the preview image. */
export const EMAIL_ANSWERS: RouteAnswers = emailAnswers();
