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
  /** Fetches what the answer reads beyond its slug's shard, before it reads it (`FileFetch`). */
  fetchFiles: FileFetch;
}

/**
 * What an answer reads beyond the live data's meta and its slug's shard: files of the live data, by
 * name, and the fonts of the texts it draws (`texts`: every text, or a superset; asked only by a
 * runtime that fetches fonts). The Node server and Netlify's functions read their files from the disk
 * as they are asked for, and fetch nothing; a Worker reads its files from its assets, which takes a
 * turn of the event loop, so it fetches them here, and a file read that was not fetched is a fault.
 */
export interface FileNeeds {
  live?: readonly string[];
  texts?: () => readonly string[];
}
/** Fetches what `needs` names; undefined where the runtime reads its files when asked (nothing to wait for). */
export type FileFetch = (needs: FileNeeds) => Promise<void> | undefined;

/** The files of a runtime that reads them from the disk when asked: nothing to fetch first. */
export const readWhenAsked: FileFetch = () => undefined;

/** How one live route answers. */
export type RouteAnswer = ((live: LiveRequest) => Answer | Promise<Answer>) & {
  /**
   * What the route answers to a request it cannot answer (the live data unreadable, 503; a query not
   * read, 414 or 400), where the API's JSON error is not what its clients can show (an email image's
   * `<img>`); the error shape otherwise. `params`: the query, and `store` the live data, when they could be read.
   */
  refusal?: (
    target: Pick<LiveRequest, "route" | "pathname" | "fetchFiles"> & { params?: Query; store?: LiveStore },
    problem: RouteProblem,
  ) => Answer | Promise<Answer>;
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
