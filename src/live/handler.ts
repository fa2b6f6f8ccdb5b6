// The live part of the service as one Web-standard handler (Request -> Response) over the routes it is
// given: here the countdown JSON, computed per request, and the health answer; the oEmbed answer and
// the badge (src/live/share.ts) and the preview image (src/live/preview-image.ts) have their own
// modules, so each Netlify Function bundles only its own routes. The local server answers them all.
import { ALLOWED_METHODS, ERROR_HEADERS, PAGES_PATH, PREFLIGHT_HEADERS, findLiveRoute, livePath, type HeaderSet, type LiveRoute } from "../routes/route-table.ts";
import { lastOccurrence, nextOccurrence } from "../time/occurrence.ts";
import { isExpired, isoSeconds, timeLeft } from "../time/time-left.ts";
import type { LiveEntry, LiveStore } from "./live-store.ts";

/** A request to a live route, with what the handler has found for it. */
export interface LiveRequest {
  request: Request;
  route: LiveRoute;
  /** The path inside the site, and the query without its "?". */
  pathname: string;
  query: string;
  store: LiveStore;
  nowMs: number;
}

/** How one live route answers (src/live/share.ts, src/live/preview-image.ts have more). */
export type RouteAnswer = (live: LiveRequest) => Response | Promise<Response>;
export type RouteAnswers = Partial<Record<LiveRoute["name"], RouteAnswer>>;

export interface LiveHandlerOptions {
  /** The countdowns; may throw when the built data is missing or corrupt. */
  store: () => LiveStore;
  /** The routes this handler answers (default: the countdown JSON and health, `LIVE_ANSWERS`). */
  answers?: RouteAnswers;
  /** The clock, in ms since the epoch. */
  now?: () => number;
  /** Where server-side faults are reported; never the response body. */
  log?: (line: string) => void;
}

export type LiveHandler = (request: Request) => Response | Promise<Response>;

/** The values of `?shape`: exactly one of the two published shapes. */
export const SHAPES = ["a", "b"] as const;
type Shape = (typeof SHAPES)[number];
const LIVE_PREFIX = livePath("");

/** `{ "error": { "code", "message" } }`: the text of every JSON error, here and in the local server. */
export function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

export function jsonError(status: number, code: string, message: string, headers: HeaderSet = ERROR_HEADERS): Response {
  return new Response(errorBody(code, message), { status, headers });
}

export function methodNotAllowed(method: string): Response {
  return jsonError(405, "method_not_allowed", `${method} is not supported; use ${ALLOWED_METHODS}`, {
    ...ERROR_HEADERS,
    Allow: ALLOWED_METHODS,
  });
}

/** The next occurrence of each repeating countdown, kept until it passes (no zone arithmetic per request). */
const nextOccurrences = new WeakMap<LiveEntry, number>();

/**
 * What a countdown counts to at `nowMs`: its target; for a repeating one, the next occurrence (the
 * last one once none lies ahead). Returns the instant and whether the countdown is over.
 */
export function currentTarget(entry: LiveEntry, nowMs: number): { targetMs: number; over: boolean } {
  const schedule = entry.schedule;
  if (!schedule) return { targetMs: entry.targetMs, over: isExpired(entry.targetMs, nowMs) };
  let next = nextOccurrences.get(entry);
  if (next === undefined || next < nowMs) {
    next = nextOccurrence(schedule, nowMs) ?? -1;
    nextOccurrences.set(entry, next);
  }
  return next >= 0 ? { targetMs: next, over: false } : { targetMs: lastOccurrence(schedule)!, over: true };
}

/** The body of `/api/countdown/:slug`: both published shapes at once, or exactly one of them. */
export function countdownBody(entry: LiveEntry, nowMs: number, shape?: Shape): object {
  const { targetMs, over } = currentTarget(entry, nowMs);
  const targetDate = entry.schedule ? isoSeconds(targetMs) : entry.targetDate;
  const left = timeLeft(targetMs, nowMs);
  if (shape === "a") return { slug: entry.slug, title: entry.title, targetDate, timeLeft: left };
  if (shape === "b") return { slug: entry.slug, title: entry.title, targetIso: targetDate, days: left.days };
  return {
    slug: entry.slug,
    title: entry.title,
    targetDate,
    timeLeft: left,
    targetIso: targetDate,
    days: left.days,
    expired: over,
    serverTime: new Date(nowMs).toISOString(),
    status: entry.status ?? "scheduled",
    ...(entry.repeat ? { repeat: entry.repeat.rule } : {}),
  };
}

const encoder = new TextEncoder();

/** A 200 answer of a live route; a HEAD request gets the same headers, its length included, and no body. */
export function respond(request: Request, headers: HeaderSet, body: string | Uint8Array<ArrayBuffer>, status = 200): Response {
  if (request.method !== "HEAD") return new Response(body, { status, headers });
  const length = typeof body === "string" ? encoder.encode(body).length : body.length;
  return new Response(null, { status, headers: { ...headers, "Content-Length": String(length) } });
}

/** The slug in a live path after `prefix`, with its `suffix` (".svg") taken off; undefined when it is not one. */
export function slugIn(pathname: string, prefix: string, suffix = ""): string | undefined {
  if (!pathname.endsWith(suffix)) return undefined;
  return safeDecode(pathname.slice(prefix.length, pathname.length - suffix.length));
}

/** "No countdown is published under the slug ...", as every live route says it. */
export const unknownSlug = (slug: string) => `No countdown is published under the slug ${quote(slug)}. GET ${PAGES_PATH} lists them.`;

/** The countdown JSON and health: what netlify/functions/live.ts answers. */
export const LIVE_ANSWERS: RouteAnswers = {
  health: ({ request, route, store, nowMs }) =>
    respond(request, route.headers, JSON.stringify({ status: "ok", countdowns: store.count, version: store.version, time: new Date(nowMs).toISOString() })),
  countdown: ({ request, route, pathname, query, store, nowMs }) => {
    const slug = slugIn(pathname, LIVE_PREFIX);
    const entry = slug === undefined ? undefined : store.get(slug);
    if (!entry) return jsonError(404, "not_found", unknownSlug(slug ?? pathname), route.headers);
    const shapes = query === "" ? NO_SHAPES : new URLSearchParams(query).getAll("shape");
    if (shapes.length > 1 || (shapes.length === 1 && !(SHAPES as readonly string[]).includes(shapes[0]!))) {
      return jsonError(
        400,
        "invalid_shape",
        `Query parameter "shape" must be given once, as "a" or "b" (got ${shapes.map(quote).join(", ")}); leave it out for both shapes.`,
        route.headers,
      );
    }
    return respond(request, route.headers, JSON.stringify(countdownBody(entry, nowMs, shapes[0] as Shape | undefined)));
  },
};

export function createLiveHandler(options: LiveHandlerOptions): LiveHandler {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const answers = options.answers ?? LIVE_ANSWERS;

  // Every request goes through here, on Netlify and in the local server: the URL is parsed only when
  // it is not a plain one (see requestTarget). The local server hands over paths inside the site
  // (its base path taken off).
  return (request) => {
    const { pathname, query } = requestUrlTarget(request.url);
    const route = findLiveRoute(pathname);
    const answer = route && answers[route.name];
    if (!route || !answer) return jsonError(404, "not_found", `Nothing is published at ${quote(pathname)}.`);
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(request.method);

    let store: LiveStore;
    try {
      store = options.store();
    } catch (error) {
      log(`live data unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return jsonError(503, "unavailable", "The countdown data is unavailable right now; try again shortly.");
    }
    return answer({ request, route, pathname, query, store, nowMs: now() });
  };
}

const NO_SHAPES: readonly string[] = [];

// A request target ("/path?query") whose path has only characters that `new URL` keeps as they
// are and no "." or ".." segment: for these the path and the query are the text itself. Anything
// else (percent signs, dot segments, a "//" start, backslashes, spaces, control or non-ASCII
// characters, a fragment, an absolute URL) goes to `new URL`, so both give the same answer.
const PLAIN_TARGET = /^(\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*)(?:\?([A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*))?$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

interface Target {
  pathname: string;
  /** Without the "?". */
  query: string;
}

/** The path and query of a plain request target, which are its text; undefined if it is not plain. */
function plainTarget(target: string): Target | undefined {
  const plain = PLAIN_TARGET.exec(target);
  return plain && !DOT_SEGMENT.test(plain[1]!) ? { pathname: plain[1]!, query: plain[2] ?? "" } : undefined;
}

function parsedTarget(url: URL): Target {
  return { pathname: url.pathname, query: url.search.slice(1) };
}

/** The path and query of a request target ("/path?query"), as `new URL` gives them; throws as it does. */
export function requestTarget(target: string): Target {
  return plainTarget(target) ?? parsedTarget(new URL(target, "http://localhost"));
}

/**
 * The path and query of a Request's URL. That is always a valid absolute URL, serialized
 * (`scheme://host/path?query`), so its request target starts at the first "/" after the host.
 */
function requestUrlTarget(url: string): Target {
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  return (pathStart === -1 ? undefined : plainTarget(url.slice(pathStart))) ?? parsedTarget(new URL(url));
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A request value quoted for a message, cut short so a huge URL cannot make a huge answer. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
}
