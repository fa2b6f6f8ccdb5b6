// The one site handler: every request of every runtime passes `createSiteHandler`'s answer. It reads
// the target (400 when it is none), places it under the site's base path, asks the runtime's own
// routes (the dev loop's), looks the live route up once and hands it on, answers the methods, and
// serves the built files through the runtime's file source. The error boundary around it decides a
// fault's 500 from the path alone. The runtimes are adapters: src/server/production-server.ts (Node),
// src/workers/worker.ts (Cloudflare) and netlify/adapter.ts (a Netlify Function).
import { isApiPath } from "../paths.ts";
import {
  answerSafely,
  errorAnswer,
  faultLine,
  insideBase,
  internalError,
  methodAnswer,
  redirectAnswer,
  type Answer,
  type Call,
  type Target,
} from "./kernel.ts";
import { COMMON_HEADERS, errorHeaders } from "./policy.ts";
import { findLiveRoute, type LiveRoute } from "./routes.ts";

/** A request as an adapter hands it over: its target as received, its headers, and a signal aborted once the client has gone. */
export interface SiteRequest {
  readonly method: string;
  /** The request target: `/path?query` on the Node server, a whole URL from a Web Request. */
  readonly target: string;
  header(name: string): string | undefined;
  readonly signal?: AbortSignal;
}

/** Where a runtime's built files come from, and the one answer over them. */
export interface FileSource<Body> {
  /** The site's base path ("": the root of its host). */
  readonly basePath: string;
  /** The built files' answer to a GET or HEAD of `sitePath`: the file, a redirect to its folder, or a fallback's 404. */
  answer(call: Call, sitePath: string): Answer<Body> | Promise<Answer<Body>>;
  /** The answer to a path outside the base path (the site's 404 page); only a site under a base path has one. */
  outside?(call: Call): Answer<Body>;
}

interface SiteHandlerOptions<Body> {
  /** The request target's path and query; throws where it is none (then 400). */
  targetOf: (target: string) => Target;
  /** The built files to answer from now (the Node server swaps them when a build is switched in). */
  files: () => FileSource<Body>;
  /** A live route's answer; `route` is the one found for the call's path. */
  live: (call: Call, route: LiveRoute) => Answer | Promise<Answer>;
  /** Asked first of every request: an answer refuses it (the dev loop's check of the Host header). */
  refuse?: (request: SiteRequest) => Answer | undefined;
  /** Asked first for every path inside the site: its answer, if it has one (the dev loop's routes). */
  first?: (call: Call) => Answer<Body> | undefined;
  /** Where faults are reported; never the answer. */
  log: (line: string) => void;
}

/** A request inside the site, as every handler sees it (a class: no closure is made per request). */
class SiteCall implements Call {
  constructor(
    private readonly request: SiteRequest,
    readonly pathname: string,
    readonly query: string,
  ) {}
  get method(): string {
    return this.request.method;
  }
  header(name: string): string | undefined {
    return this.request.header(name);
  }
  get signal(): AbortSignal | undefined {
    return this.request.signal;
  }
}

interface SiteHandler<Body> {
  /** The answer to any request; never throws (a fault is logged and answered 500). */
  (request: SiteRequest): Answer<Body> | Answer | Promise<Answer<Body> | Answer>;
  /** The 500 of a request that failed past the handler (while its answer was written). */
  fault(request: SiteRequest, error: unknown): Answer;
}

export function createSiteHandler<Body>(options: SiteHandlerOptions<Body>): SiteHandler<Body> {
  const { targetOf, files: filesNow, live, refuse, first, log } = options;

  function answer(request: SiteRequest): Answer<Body> | Answer | Promise<Answer<Body> | Answer> {
    // A refusal reads only the request's headers: it comes before the target is read.
    const refusal = refuse?.(request);
    if (refusal) return refusal;
    let target;
    try {
      target = targetOf(request.target);
    } catch {
      return errorAnswer(400, "bad_request", "The request target is not a valid URL path.", errorHeaders(false));
    }
    const { pathname, query } = target;
    const files = filesNow();
    const { basePath } = files;
    // Under a base path, the site's own paths start after it; anything else is not the site's.
    if (basePath && pathname === basePath)
      return redirectAnswer(`${basePath}/${query ? `?${query}` : ""}`, COMMON_HEADERS);
    const sitePath = insideBase(pathname, basePath);
    const call = new SiteCall(request, sitePath ?? pathname, query);
    if (sitePath === undefined)
      return files.outside?.(call) ?? errorAnswer(404, "not_found", "Nothing is published here.", errorHeaders(false));
    const own = first?.(call);
    if (own) return own;
    const route = findLiveRoute(sitePath);
    if (route) return live(call, route);
    const early = methodAnswer(call.method, isApiPath(sitePath));
    if (early) return early;
    return files.answer(call, sitePath);
  }

  /** The path inside the site a request names, for the error boundary; undefined where it names none. */
  const pathOf = (request: SiteRequest) => {
    try {
      return insideBase(targetOf(request.target).pathname, filesNow().basePath);
    } catch {
      return undefined;
    }
  };
  // (The target's path and query: a Web Request's URL names the host too.)
  const report = (error: unknown, request: SiteRequest) =>
    log(faultLine(request.method, request.target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ""), error));
  const handler = (request: SiteRequest) => answerSafely(answer, request, pathOf, report);
  return Object.assign(handler, {
    fault(request: SiteRequest, error: unknown): Answer {
      report(error, request);
      return internalError(isApiPath(pathOf(request) ?? ""));
    },
  });
}
