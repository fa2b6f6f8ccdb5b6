// How a static host answers a path of its publish folder, as Netlify does, for every runtime that
// serves the built files: the Node server (src/server/static-files.ts, from the manifest on the
// disk) and the Cloudflare Worker (src/workers/worker.ts, from its assets). Free of Node: a
// file's entry and its answers come from each runtime (BuiltFilesAt).
import { lookup } from "mrmime";
import { redirectAnswer, type Answer, type Call } from "./kernel.ts";
import { STATIC_DEFAULT_CACHE, type HeaderSet } from "./policy.ts";
import { PLATFORM_FILES, findFallback } from "./routes.ts";

/** A runtime's built files, as the one answer over them (builtFilesAnswer) reads them. */
interface BuiltFilesAt<Entry, A> {
  /** The site's base path ("": the root of its host), which a redirect keeps. */
  readonly basePath: string;
  /** What the runtime knows of a built file, by its path inside the site; undefined: the build did not write it. */
  entry(file: string): Entry | undefined;
  /** A fallback's 404, with the body of `file`. */
  notFound(file: string, headers: HeaderSet): A;
  /** A file's answer: 200 or 304 (and ranges, where the runtime serves them). */
  found(file: string, entry: Entry, headers: HeaderSet): A;
}

/**
 * The built files' answer to a GET or HEAD of `sitePath`, as a static host's: the file, a redirect to
 * its folder (the query kept), or the first matching fallback's 404, each with `headers` (the
 * `_headers` rules of the path). The one answer of the Node server's files and the Worker's.
 */
export function builtFilesAnswer<Entry, A>(
  files: BuiltFilesAt<Entry, A>,
  call: Call,
  sitePath: string,
  headers: HeaderSet,
): A | Answer {
  const resolved = resolve((file) => files.entry(file), decodePath(sitePath));
  if (resolved === undefined) return files.notFound(findFallback(sitePath).file, headers);
  if ("redirect" in resolved)
    return redirectAnswer(`${files.basePath}${resolved.redirect}${call.query ? `?${call.query}` : ""}`, headers);
  return files.found(resolved.file, resolved.entry, headers);
}

/** How Netlify answers a path of its publish folder: a file (with what the runtime knows of it), a redirect to the folder, or nothing. */
type Resolution<Entry> = { file: string; entry: Entry } | { redirect: string } | undefined;

/** The built files `resolve` may ask `entry` for, for `sitePath`: what a runtime fetches before it resolves the path. */
export function candidateFiles(sitePath: string): string[] {
  if ((PLATFORM_FILES as readonly string[]).includes(sitePath)) return [];
  if (sitePath.endsWith("/")) return [`${sitePath}index.html`];
  return [sitePath, ...(!/\.[^/]*$/.test(sitePath) ? [`${sitePath}.html`] : []), `${sitePath}/index.html`];
}

/** The answer to `sitePath`; `entry` says what the runtime knows of a built file, by its path inside the site (undefined: the build did not write it). */
export function resolve<Entry>(entry: (file: string) => Entry | undefined, sitePath: string): Resolution<Entry> {
  if ((PLATFORM_FILES as readonly string[]).includes(sitePath)) return undefined;
  const found = (file: string) => {
    const fileEntry = entry(file);
    return fileEntry && { file, entry: fileEntry };
  };
  if (sitePath.endsWith("/")) return found(`${sitePath}index.html`);
  // A path without an extension is served from its `.html` file, and a folder's path without its
  // slash is redirected to it.
  const answer = found(sitePath) ?? (!/\.[^/]*$/.test(sitePath) ? found(`${sitePath}.html`) : undefined);
  if (answer) return answer;
  return entry(`${sitePath}/index.html`) ? { redirect: `${sitePath}/` } : undefined;
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 13.1.2 asks for it), or is `*`.
 * The whole of freshness here: the server sends no `Last-Modified` (the ETag is the file's hash), so
 * `fresh`'s dates and its reading of a request's `Cache-Control` have nothing to decide.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Netlify's own default for a static file no header rule gives a `Cache-Control`: each rule set extended once. */
export function withDefaultCache(rules: (sitePath: string) => HeaderSet): (sitePath: string) => HeaderSet {
  const extended = new WeakMap<HeaderSet, HeaderSet>();
  return (sitePath) => {
    const headers = rules(sitePath);
    if ("Cache-Control" in headers) return headers;
    let withCache = extended.get(headers);
    if (!withCache) extended.set(headers, (withCache = { ...headers, "Cache-Control": STATIC_DEFAULT_CACHE }));
    return withCache;
  };
}

/** A file's extension, as Node's `path.extname` gives it: from the last dot of its name, none for a name that only starts with one. */
function extensionOf(file: string): string {
  const name = file.slice(file.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
}

const types = new Map<string, string>();
/** The type of a file, as a static host gives it by its extension; text in UTF-8, as the build writes it. */
export function contentType(file: string): string {
  const extension = extensionOf(file);
  let type = types.get(extension);
  if (type === undefined) {
    const found = lookup(file) ?? "application/octet-stream";
    type = /^text\/|^application\/(json|javascript)$/.test(found) ? `${found}; charset=utf-8` : found;
    types.set(extension, type);
  }
  return type;
}

/** A file's headers with its type by its extension, where the rules (`headers`) give none. */
export const typedHeaders = (headers: HeaderSet, file: string): HeaderSet =>
  "Content-Type" in headers ? headers : { ...headers, "Content-Type": contentType(file) };

/** Percent-escapes decoded as a static host reads a path; a malformed one stays as written. */
export function decodePath(sitePath: string): string {
  if (!sitePath.includes("%")) return sitePath;
  try {
    return decodeURI(sitePath);
  } catch {
    return sitePath;
  }
}
