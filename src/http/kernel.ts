// The HTTP kernel: what every answer of every runtime is, and what every route answers alike. A
// request is a `Call` (the shape of a Web Request: method, path, query, headers; no body, the service
// is read-only); an answer is an `Answer` (the shape of a Web Response: status, headers, body),
// made by handlers that write nothing (every request passes site-handler.ts). Two writers make bytes of answers: `toResponse` here (a Web
// Response, for the Netlify Functions and the Cloudflare Worker) and src/server/write-answer.ts
// (Node's `ServerResponse`, for the Node server and the dev loop). Methods (OPTIONS for CORS preflights, 405 for the rest), HEAD,
// the JSON error shape, the error boundary and the parse of a request target are decided here; the
// header values come from policy.ts and the route table (routes.ts).
import { stackOf } from "../error-message.ts";
import { isApiPath } from "../paths.ts";
import { jsonText } from "../text/escape.ts";
import { ALLOWED_METHODS, PREFLIGHT_HEADERS, SITE_OPTIONS_HEADERS, errorHeaders, type HeaderSet } from "./policy.ts";

/** A body held in memory. */
export type Bytes = string | Uint8Array<ArrayBuffer>;

/** `count` bytes of a built file from `start`, read by the adapter (`name`: the file as the site names it, for messages). */
export interface FileBody {
  kind: "file";
  path: string;
  name: string;
  start: number;
  count: number;
}

/** An answer that stays open: `opening` first, then each text `subscribe` is given, until the client leaves or the server ends it (the dev loop's events). */
export interface EventStream {
  kind: "events";
  opening: string;
  /** Starts sending through `send` (`end` closes the answer); returns the function that stops it. */
  subscribe(send: (text: string) => void, end: () => void): () => void;
}

/** An answer before any adapter writes it; `body` undefined: none (a 204, a 304, a redirect). */
export interface Answer<Body = Bytes> {
  status: number;
  headers: HeaderSet;
  body?: Body;
}

/** A body of the Node server, which may also send a built file or a stream. */
export type ServerBody = Bytes | FileBody | EventStream;
/** An answer of the Node server. */
export type ServerAnswer = Answer<ServerBody>;

/** A body passed through as it comes, with its length in bytes (a Worker's answer of one of its asset files). */
export interface StreamBody {
  kind: "stream";
  stream: ReadableStream<Uint8Array>;
  length: number;
}

/** A body of the Cloudflare Worker, which may also pass an asset through. */
export type WorkerBody = Bytes | StreamBody;

/** A request as every handler sees it: its method, its path (inside the site) and query, and its headers by lower-case name. */
export interface Call extends Target {
  method: string;
  header(name: string): string | undefined;
}

/** `{ "error": { "code", "message" } }`: the text of every JSON error. */
export function errorBody(code: string, message: string): string {
  return jsonText({ error: { code, message } });
}

/** A JSON error; `headers` are the route's (the API's error headers unless given). */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  headers: HeaderSet = errorHeaders(true),
): Answer {
  return { status, headers, body: errorBody(code, message) };
}

/** A redirect to `location` (301: a path moved for good, as a static host redirects a folder without its slash). */
export function redirectAnswer(location: string, headers: HeaderSet): Answer {
  return { status: 301, headers: { ...headers, Location: location } };
}

/**
 * The answer a method gets before any route is asked: a CORS preflight (`OPTIONS`, 204), or 405 for
 * anything but GET and HEAD, always naming the methods in `Allow`. Undefined for GET and HEAD, which
 * the route answers. `api`: the path is under /api/, whose answers carry CORS.
 */
export function methodAnswer(method: string, api: boolean): Answer | undefined {
  if (method === "GET" || method === "HEAD") return undefined;
  if (method === "OPTIONS") return { status: 204, headers: api ? PREFLIGHT_HEADERS : SITE_OPTIONS_HEADERS };
  return errorAnswer(405, "method_not_allowed", `${method} is not supported; use ${ALLOWED_METHODS}`, {
    ...errorHeaders(api),
    Allow: ALLOWED_METHODS,
  });
}

/** What a request that failed on our side gets; the fault itself goes to the log, never to the client. */
export const internalError = (api: boolean): Answer =>
  errorAnswer(500, "internal_error", "Something went wrong on our side; try again shortly.", errorHeaders(api));

/**
 * The one error boundary: the answer of `answer(request)`, or, when it throws or rejects, a 500 once
 * `report` has logged the fault. Whether the 500 carries the API's headers (CORS) is decided from the
 * path `pathOf` reads from the request (inside the site: without a base path), as every other answer
 * under /api/ is, never by the adapter. No closure is made on the way of an answer: this runs for
 * every request.
 */
export function answerSafely<R, A extends Answer<unknown>>(
  answer: (request: R) => A | Promise<A>,
  request: R,
  pathOf: (request: R) => string | undefined,
  report: (error: unknown, request: R) => void,
): A | Answer | Promise<A | Answer> {
  try {
    const answered = answer(request);
    return answered instanceof Promise
      ? answered.catch((error: unknown) => faultAnswer(error, request, pathOf, report))
      : answered;
  } catch (error) {
    return faultAnswer(error, request, pathOf, report);
  }
}

function faultAnswer<R>(
  error: unknown,
  request: R,
  pathOf: (request: R) => string | undefined,
  report: (error: unknown, request: R) => void,
): Answer {
  report(error, request);
  return internalError(isApiPath(pathOf(request) ?? ""));
}

/** A request's path inside a site under `basePath` (none: ""): undefined where the path is outside it. */
export const insideBase = (pathname: string, basePath: string): string | undefined =>
  !basePath ? pathname : pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;

/** A fault's line for the log: the request's method and target (cut short), and the stack. */
export const faultLine = (method: string | undefined, target: string | undefined, error: unknown) =>
  `request ${method} ${target?.slice(0, 200)} failed: ${stackOf(error)}`;

const encoder = new TextEncoder();

/** The length of a body in bytes. */
export const byteLength = (body: Bytes) => (typeof body === "string" ? encoder.encode(body).length : body.length);

/** The Web adapter: an answer as a Web Response; to a HEAD request the same headers, its length included, and no body. */
export function toResponse(answer: Answer<WorkerBody>, method: string): Response {
  const { body } = answer;
  const streamed = typeof body === "object" && "kind" in body;
  if (method !== "HEAD" || body === undefined)
    return new Response(streamed ? body.stream : (body ?? null), { status: answer.status, headers: answer.headers });
  if (streamed) void body.stream.cancel();
  return new Response(null, {
    status: answer.status,
    headers: { ...answer.headers, "Content-Length": String(streamed ? body.length : byteLength(body)) },
  });
}

/** A Web Request as the site handler takes it (src/http/site-handler.ts): the Netlify Functions' and the Worker's. */
export const webRequest = (request: Request) => ({
  method: request.method,
  target: request.url,
  header: (name: string) => request.headers.get(name) ?? undefined,
  signal: request.signal,
});

/** A request value quoted for a message, cut short so a huge URL cannot make a huge answer. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
}

// ---- Request targets ---------------------------------------------------------------------------

/** A request's path and query, as `new URL` reads them. */
export interface Target {
  pathname: string;
  /** Without the "?". */
  query: string;
}

// A request target ("/path?query") whose path has only characters that `new URL` keeps as they
// are and no "." or ".." segment: for these the path and the query are the text itself. Anything
// else (percent signs, dot segments, a "//" start, backslashes, spaces, control or non-ASCII
// characters, a fragment, an absolute URL) goes to `new URL`, so both give the same answer.
const PLAIN_TARGET = /^(\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*)(?:\?([A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*))?$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** The path and query of a plain request target, which are its text; undefined if it is not plain. */
function plainTarget(target: string): Target | undefined {
  const plain = PLAIN_TARGET.exec(target);
  return plain && !DOT_SEGMENT.test(plain[1]!) ? { pathname: plain[1]!, query: plain[2] ?? "" } : undefined;
}

const parsedTarget = (url: URL): Target => ({ pathname: url.pathname, query: url.search.slice(1) });

/** The path and query of a request target ("/path?query"), as `new URL` gives them; throws as it does. */
export function requestTarget(target: string): Target {
  return plainTarget(target) ?? parsedTarget(new URL(target, "http://localhost"));
}

/**
 * The path and query of a Request's URL. That is always a valid absolute URL, serialized
 * (`scheme://host/path?query`), so its request target starts at the first "/" after the host.
 */
export function requestUrlTarget(url: string): Target {
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  return (pathStart === -1 ? undefined : plainTarget(url.slice(pathStart))) ?? parsedTarget(new URL(url));
}

// ---- Queries -----------------------------------------------------------------------------------

/** The longest query a live route reads, in characters: the longest link an option set needs is a few hundred. */
export const MOST_QUERY_LENGTH = 2048;
/** The most parameters a live route reads: every option of every route is fewer than 16. */
export const MOST_QUERY_PARAMETERS = 32;

/** A query read once: a name given more than once is read at its first value (`get`); `all` has every value, in order. */
export interface Query {
  get(name: string): string | undefined;
  all(name: string): readonly string[];
}

/** Why a query is not read: too long (414) or too many parameters (400), each said in the error shape. */
interface QueryProblem {
  status: 400 | 414;
  code: "query_too_long" | "too_many_parameters";
  message: string;
}

const NO_VALUES: readonly string[] = [];
const EMPTY_QUERY: Query = { get: () => undefined, all: () => NO_VALUES };

/**
 * Reads a query (without its "?") once, as `URLSearchParams` does, within MOST_QUERY_LENGTH
 * characters and MOST_QUERY_PARAMETERS parameters: a live route's cost does not grow with what a
 * request repeats.
 */
export function readQuery(text: string): Query | QueryProblem {
  if (text === "") return EMPTY_QUERY;
  if (text.length > MOST_QUERY_LENGTH) {
    return {
      status: 414,
      code: "query_too_long",
      message: `The query is ${text.length} characters long; at most ${MOST_QUERY_LENGTH} are read. Send each option once.`,
    };
  }
  const values = new Map<string, string[]>();
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++count > MOST_QUERY_PARAMETERS) {
      return {
        status: 400,
        code: "too_many_parameters",
        message: `The query has more than ${MOST_QUERY_PARAMETERS} parameters; send each option once.`,
      };
    }
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
  return { get: (name) => values.get(name)?.[0], all: (name) => values.get(name) ?? NO_VALUES };
}

/** Whether what `readQuery` gave is a problem rather than a query. */
export const isQueryProblem = (read: Query | QueryProblem): read is QueryProblem => "status" in read;
