// What every live route shares: the request it answers, and the small pieces of its answers.
import { quote, type Answer, type Query } from "../http/kernel.ts";
import type { LiveRoute, LiveRouteName } from "../http/routes.ts";
import { PAGES_PATH } from "../paths.ts";
import type { LiveStore } from "./live-store.ts";

/** A request to a live route, with what the handler has found for it. */
export interface LiveRequest {
  route: LiveRoute;
  /** The path inside the site, and its query, read once (`readQuery`). */
  pathname: string;
  params: Query;
  /** Aborted once the client has gone (where the runtime tells): work only it waits for is dropped. */
  signal?: AbortSignal;
  store: LiveStore;
  nowMs: number;
  /** What is wrong with the runtime beyond its live data (the Node server's built files); [] when nothing is. */
  runtimeProblems: () => string[];
  /** What the runtime does less well than it should but still answers (email images drawn in the main thread); [] when nothing. */
  runtimeWarnings: () => string[];
}

/** How one live route answers. */
export type RouteAnswer = ((live: LiveRequest) => Answer | Promise<Answer>) & {
  /**
   * What the route answers to a request it cannot answer (the live data unreadable, 503; a query not
   * read, 414 or 400), where the API's JSON error is not what its clients can show (an email image's
   * `<img>`); the error shape otherwise. `params`: the query, and `store` the live data, when they could be read.
   */
  refusal?: (
    target: Pick<LiveRequest, "route" | "pathname"> & { params?: Query; store?: LiveStore },
    problem: RouteProblem,
  ) => Answer;
};
/** A request a route cannot answer: its status, and the API's error code and message. */
export interface RouteProblem {
  status: number;
  code: string;
  message: string;
}

export type RouteAnswers = Partial<Record<LiveRouteName, RouteAnswer>>;

/** A 200 answer of a live route with the route's headers. */
export const ok = (route: LiveRoute, body: string | Uint8Array<ArrayBuffer>, status = 200): Answer => ({
  status,
  headers: route.headers,
  body,
});

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
export const unknownSlug = (slug: string) =>
  `No countdown is published under the slug ${quote(slug)}. GET ${PAGES_PATH} lists them.`;
