// What every live route shares: the request it answers, and the small pieces of its answers.
import { quote, type Answer } from "../http/kernel.ts";
import type { LiveRoute, LiveRouteName } from "../http/routes.ts";
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
  /** What is wrong with the runtime beyond its live data (the Node server's built files); [] when nothing is. */
  runtimeProblems: () => string[];
}

/** How one live route answers. */
export type RouteAnswer = ((live: LiveRequest) => Answer | Promise<Answer>) & {
  /**
   * What the route answers when the live data cannot be read, where the API's JSON error is not what
   * its clients can show (an email image's `<img>`); the 503 of the error shape otherwise.
   */
  unavailable?: (target: Pick<LiveRequest, "route" | "pathname" | "query">) => Answer;
};
export type RouteAnswers = Partial<Record<LiveRouteName, RouteAnswer>>;

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
