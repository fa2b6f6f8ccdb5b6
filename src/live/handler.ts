// The live part of the service as one handler over the routes it is given: each route answers a
// request (method, path, query) from the build's live data and the clock. The methods, HEAD and the
// error shape are the HTTP kernel's. Adapters call it: a Netlify Function with a Web Request
// (`handler(request)`), the Node server with the path it has already parsed (`handler.answer`).
import { errorAnswer, methodAnswer, quote, requestUrlTarget, toResponse, type Answer, type Target } from "../http/kernel.ts";
import { findLiveRoute, type LiveRoute, type LiveRouteName } from "../http/routes.ts";
import { PAGES_PATH } from "../paths.ts";
import type { LiveStore } from "./live-store.ts";

/** A request to a live route, with what the handler has found for it. */
export interface LiveRequest {
  route: LiveRoute;
  /** The path inside the site, and the query without its "?". */
  pathname: string;
  query: string;
  store: LiveStore;
  nowMs: number;
}

/** How one live route answers. */
export type RouteAnswer = (live: LiveRequest) => Answer | Promise<Answer>;
export type RouteAnswers = Partial<Record<LiveRouteName, RouteAnswer>>;

export interface LiveHandlerOptions {
  /** The countdowns; may throw when the built data is missing or corrupt. */
  store: () => LiveStore;
  /** The routes this handler answers. */
  answers: RouteAnswers;
  /** The clock, in ms since the epoch. */
  now?: () => number;
  /** Where server-side faults are reported; never the response body. */
  log?: (line: string) => void;
}

/** A live request as an adapter hands it over: its method, and its path inside the site with the query. */
export interface LiveCall extends Target {
  method: string;
}

export interface LiveHandler {
  /** The Web adapter: a Request (its URL's path is inside the site) to a Response. */
  (request: Request): Promise<Response>;
  /** The answer to a request whose path the caller has parsed already. */
  answer(call: LiveCall): Promise<Answer>;
}

export function createLiveHandler(options: LiveHandlerOptions): LiveHandler {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));

  async function answer({ method, pathname, query }: LiveCall): Promise<Answer> {
    const route = findLiveRoute(pathname);
    const answerRoute = route && options.answers[route.name];
    if (!route || !answerRoute) return errorAnswer(404, "not_found", `Nothing is published at ${quote(pathname)}.`);
    const early = methodAnswer(method, true);
    if (early) return early;
    let store: LiveStore;
    try {
      store = options.store();
    } catch (error) {
      log(`live data unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return errorAnswer(503, "unavailable", "The countdown data is unavailable right now; try again shortly.");
    }
    return answerRoute({ route, pathname, query, store, nowMs: now() });
  }

  const handler = async (request: Request) => toResponse(await answer({ method: request.method, ...requestUrlTarget(request.url) }), request.method);
  return Object.assign(handler, { answer });
}

/** A 200 answer of a live route with the route's headers. */
export const ok = (route: LiveRoute, body: string | Uint8Array<ArrayBuffer>, status = 200): Answer => ({ status, headers: route.headers, body });

/** The slug in a live path after `prefix`, with its `suffix` (".svg") taken off; undefined when it is not one. */
export function slugIn(pathname: string, prefix: string, suffix = ""): string | undefined {
  if (!pathname.endsWith(suffix)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(prefix.length, pathname.length - suffix.length));
  } catch {
    return undefined;
  }
}

/** "No countdown is published under the slug ...", as every live route says it. */
export const unknownSlug = (slug: string) => `No countdown is published under the slug ${quote(slug)}. GET ${PAGES_PATH} lists them.`;
