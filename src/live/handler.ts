// The live part of the service as one handler over the routes it is given: each route answers a
// request (method, path, query) from the build's live data and the clock. The methods, HEAD and the
// error shape are the HTTP kernel's. The site handler (src/http/site-handler.ts) calls it with the
// live route it has found for the path, on every runtime.
import {
  errorAnswer,
  isQueryProblem,
  methodAnswer,
  quote,
  readQuery,
  type Answer,
  type Call,
  type Query,
} from "../http/kernel.ts";
import { errorHeaders } from "../http/policy.ts";
import { findLiveRoute, type LiveRoute } from "../http/routes.ts";
import { degraded } from "./health.ts";
import { LiveDataError, type LiveStore } from "./live-store.ts";
import { readWhenAsked, type FileFetch, type RouteAnswers, type RouteProblem } from "./route.ts";
import { messageOf } from "../error-message.ts";

/** The live data cannot be read: try again in a moment (a new build may be swapping in). */
const UNAVAILABLE: RouteProblem = {
  status: 503,
  code: "unavailable",
  message: "The countdown data is unavailable right now; try again shortly.",
};

interface LiveHandlerOptions {
  /** The countdowns; may throw when the built data is missing or corrupt. */
  store: () => LiveStore;
  /** The routes this handler answers. */
  answers: RouteAnswers;
  /** The clock, in ms since the epoch. */
  now?: () => number;
  /** Where server-side faults are reported; never the response body. */
  log?: (line: string) => void;
  /** What is wrong with the runtime beyond its live data, for the health answer (default: nothing). */
  runtimeProblems?: () => string[];
  /** What the runtime does less well than it should but still answers (email images drawn in the main thread), for the health answer. */
  runtimeWarnings?: () => string[];
}

/**
 * A live request as an adapter hands it over: its method, and its path inside the site with the query
 * (no live route reads a request header); with `signal`, aborted once the client has gone, where the
 * runtime tells; with `fetchFiles`, how the files its answer reads are fetched first (a Worker's, for
 * this request: it keeps them until the answer is made), where they are not read from the disk when asked.
 */
export type LiveCall = Pick<Call, "method" | "pathname" | "query"> & { signal?: AbortSignal; fetchFiles?: FileFetch };

/**
 * The answer to a live request (`route`: the live route of its path, looked up when left out): at
 * once where the route answers at once (the live JSON), a promise where it draws (the images), so the
 * Node server writes most answers in the request's own turn of the event loop.
 */
export type LiveHandler = (call: LiveCall, route?: LiveRoute) => Answer | Promise<Answer>;

export function createLiveHandler(options: LiveHandlerOptions): LiveHandler {
  /** The live data, or undefined where it cannot be read (what a refusal says is then in English). */
  const storeIfReadable = () => {
    try {
      return options.store();
    } catch {
      return undefined;
    }
  };
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const runtimeProblems = options.runtimeProblems ?? (() => []);
  const runtimeWarnings = options.runtimeWarnings ?? (() => []);

  return function answerCall(call: LiveCall, route = findLiveRoute(call.pathname)): Answer | Promise<Answer> {
    const { method, pathname, query, fetchFiles = readWhenAsked } = call;
    const answerRoute = route && options.answers[route.name];
    if (!route || !answerRoute) return errorAnswer(404, "not_found", `Nothing is published at ${quote(pathname)}.`);
    const early = methodAnswer(method, true);
    if (early) return early;
    // The route's own way of saying so (an image for an <img>), else the API's error shape.
    const refuse = (problem: RouteProblem, params?: Query) =>
      answerRoute.refusal?.({ route, pathname, params, store: storeIfReadable(), fetchFiles }, problem) ??
      errorAnswer(problem.status, problem.code, problem.message, errorHeaders(true, problem.status === 503));
    const params = readQuery(query);
    if (isQueryProblem(params)) return refuse(params);
    const unavailableHere = () => refuse(UNAVAILABLE, params);
    let store: LiveStore;
    try {
      store = options.store();
    } catch (error) {
      const problem = messageOf(error);
      log(`live data unavailable: ${problem}`);
      if (route.name === "health") return degraded(route, [problem, ...runtimeProblems()], now());
      return unavailableHere();
    }
    // A shard that cannot be read costs the countdowns in it, not the others.
    const shardFailed = (error: unknown) => {
      if (!(error instanceof LiveDataError)) throw error;
      log(`live data unavailable: ${error.message}`);
      return unavailableHere();
    };
    try {
      // (The signal is read only by a route that waits: made on the Node server when first asked for.)
      const answered = answerRoute({
        route,
        pathname,
        params,
        store,
        nowMs: now(),
        runtimeProblems,
        runtimeWarnings,
        fetchFiles,
        get signal() {
          return call.signal;
        },
      });
      return answered instanceof Promise ? answered.catch(shardFailed) : answered;
    } catch (error) {
      return shardFailed(error);
    }
  };
}
