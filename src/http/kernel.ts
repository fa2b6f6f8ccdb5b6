// The HTTP kernel: what every route answers alike, in one place. Methods (OPTIONS for CORS preflights,
// 405 for the rest), HEAD, the JSON error shape, and the parse of a request target. Answers are plain
// records; each adapter writes them its own way: a Web `Response` for the live handler and the
// Netlify Functions (`toResponse`), Node's `ServerResponse` for the static files (src/server/).
import { jsonText } from "../text/escape.ts";
import { ALLOWED_METHODS, COMMON_HEADERS, ERROR_HEADERS, JSON_TYPE, NO_STORE, PREFLIGHT_HEADERS, type HeaderSet } from "./policy.ts";

/** An answer before any adapter writes it. */
export interface Answer {
  status: number;
  headers: HeaderSet;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** `{ "error": { "code", "message" } }`: the text of every JSON error. */
export function errorBody(code: string, message: string): string {
  return jsonText({ error: { code, message } });
}

/** A JSON error; `headers` are the route's (the API's error headers unless given). */
export function errorAnswer(status: number, code: string, message: string, headers: HeaderSet = ERROR_HEADERS): Answer {
  return { status, headers, body: errorBody(code, message) };
}

/** The headers of an error on a path outside the API: no CORS. */
export const SITE_ERROR_HEADERS: HeaderSet = { ...COMMON_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": NO_STORE };

/**
 * The answer a method gets before any route is asked: a CORS preflight (`OPTIONS`, 204), or 405 for
 * anything but GET and HEAD, always naming the methods in `Allow`. Undefined for GET and HEAD, which
 * the route answers. `api`: the path is under /api/, whose answers carry CORS.
 */
export function methodAnswer(method: string, api: boolean): Answer | undefined {
  if (method === "GET" || method === "HEAD") return undefined;
  if (method === "OPTIONS") return { status: 204, headers: api ? PREFLIGHT_HEADERS : { ...COMMON_HEADERS, Allow: ALLOWED_METHODS } };
  return errorAnswer(405, "method_not_allowed", `${method} is not supported; use ${ALLOWED_METHODS}`, {
    ...(api ? ERROR_HEADERS : SITE_ERROR_HEADERS),
    Allow: ALLOWED_METHODS,
  });
}

const encoder = new TextEncoder();

/** The length of a body in bytes. */
export const byteLength = (body: string | Uint8Array) => (typeof body === "string" ? encoder.encode(body).length : body.length);

/** An answer as a Web Response; to a HEAD request the same headers, its length included, and no body. */
export function toResponse(answer: Answer, method: string): Response {
  if (method !== "HEAD" || answer.body === undefined) return new Response(answer.body ?? null, { status: answer.status, headers: answer.headers });
  return new Response(null, { status: answer.status, headers: { ...answer.headers, "Content-Length": String(byteLength(answer.body)) } });
}

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
