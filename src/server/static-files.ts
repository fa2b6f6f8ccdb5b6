// The built files of a build folder, served as Netlify serves its publish folder: a path resolves to
// a file (a folder's `index.html`, a path without extension's `.html`), or to a redirect to the
// folder, or to nothing; every answer gets the `_headers` rules of its path; a path with no file gets
// the first matching `_redirects` fallback's body with a 404.
import { existsSync, readFileSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { lookup } from "mrmime";
import sirv from "sirv";
import { buildPaths } from "../config.ts";
import type { HeaderSet } from "../http/policy.ts";
import { STATIC_DEFAULT_CACHE } from "../http/policy.ts";
import { staticHeaders } from "../http/netlify-rules.ts";
import { FALLBACKS, PLATFORM_FILES, staticHeaderRules } from "../http/routes.ts";
import { openLiveFolder } from "../live/live-folder.ts";
import type { LiveStore } from "../live/live-store.ts";
import { SITE_FILES, countdownOfFile, indexPageOfFile } from "../site/built-files.ts";
import { indexPages } from "../paths.ts";

type Encoding = "br" | "gzip";
type Bodies = Partial<Record<"identity" | Encoding, Buffer>>;

/** One loaded build: everything a request needs, swapped as a whole on reload. */
export interface LoadedBuild {
  store: LiveStore;
  /** The `_headers` rules' headers of a path. */
  headersOf: (sitePath: string) => HeaderSet;
  /** Does the build publish this file (a path inside the site)? */
  has: (file: string) => boolean;
  serveFile: ReturnType<typeof sirv>;
  /** The bodies of the fallbacks and their compressed twins, read once: they answer even if their files go missing. */
  fallbackBodies: Map<string, Bodies>;
}

export function loadBuild(outDir: string): LoadedBuild {
  const paths = buildPaths(outDir);
  const store = openLiveFolder(paths.live);
  const siteFiles = new Set(SITE_FILES);
  // A countdown's files are published when its slug is: asked of the store, which reads the one shard
  // it needs, so starting costs the same at any number of countdowns. The index's pages follow from the count.
  const lastIndexPage = indexPages(store.count);
  const has = (file: string) => {
    if (siteFiles.has(file)) return true;
    const page = indexPageOfFile(file);
    if (page !== undefined) return page >= 2 && page <= lastIndexPage;
    const slug = countdownOfFile(file);
    return slug !== undefined && store.get(slug) !== undefined;
  };
  return {
    store,
    headersOf: staticHeaders(staticHeaderRules(store.facts)),
    has,
    fallbackBodies: new Map(FALLBACKS.map(({ file }) => [file, readWithTwins(path.join(paths.site, file))])),
    // sirv looks each file up on disk when it is asked for it (its `dev` mode), so a build folder that
    // changes under the server is served as it is now: a file rewritten is sent at its new length,
    // one deleted is missing (below). It sends ETags, ranges, and the precompressed `.br`/`.gz` twin
    // of a file when the client accepts it.
    serveFile: sirv(paths.site, { dev: true, etag: true, dotfiles: false, brotli: true, gzip: true, extensions: [] }),
  };
}

/** How Netlify answers a path of its publish folder: a file, a redirect to the folder, or nothing. */
export type Resolution = { file: string } | { redirect: string } | undefined;

export function resolve(has: (file: string) => boolean, sitePath: string): Resolution {
  if ((PLATFORM_FILES as readonly string[]).includes(sitePath)) return undefined;
  if (sitePath.endsWith("/")) return has(`${sitePath}index.html`) ? { file: `${sitePath}index.html` } : undefined;
  if (has(sitePath)) return { file: sitePath };
  // A path without an extension is served from its `.html` file, and a folder's path without its
  // slash is redirected to it.
  if (!/\.[^/]*$/.test(sitePath) && has(`${sitePath}.html`)) return { file: `${sitePath}.html` };
  if (has(`${sitePath}/index.html`)) return { redirect: `${sitePath}/` };
  return undefined;
}

/** The `_headers` rules of a path, and Netlify's own default for what they leave out. */
export function setStaticHeaders(res: http.ServerResponse, headers: HeaderSet): void {
  for (const name in headers) res.setHeader(name, headers[name]!);
  if (!("Cache-Control" in headers)) res.setHeader("Cache-Control", STATIC_DEFAULT_CACHE);
}

/** A 404 with the body of `file`, compressed as the client accepts; the requested path's headers are set. */
export function sendNotFound(build: LoadedBuild, req: http.IncomingMessage, res: http.ServerResponse, file: string): void {
  const bodies = build.fallbackBodies.get(file)!;
  const encoding = acceptedEncoding(req.headers["accept-encoding"], bodies);
  const body = bodies[encoding]!;
  res.statusCode = 404;
  if (!res.hasHeader("Content-Type")) res.setHeader("Content-Type", contentType(file));
  if (bodies.br || bodies.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A file and the compressed twins the build wrote beside it (src/publish/precompress.ts). */
function readWithTwins(file: string): Bodies {
  const bodies: Bodies = { identity: readFileSync(file) };
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
    if (existsSync(file + suffix)) bodies[encoding] = readFileSync(file + suffix);
  }
  return bodies;
}

/** The encoding to answer in: brotli, then gzip, as the client accepts and a twin exists; else none. */
function acceptedEncoding(accepted: string | undefined, bodies: Bodies): "identity" | Encoding {
  if (bodies.br && /\bbr\b/.test(accepted ?? "")) return "br";
  if (bodies.gzip && /\bgzip\b/.test(accepted ?? "")) return "gzip";
  return "identity";
}

/** The type of a file, as a static host gives it by its extension; text in UTF-8, as the build writes it. */
export function contentType(file: string): string {
  const type = lookup(file) ?? "application/octet-stream";
  return /^text\/|^application\/(json|javascript)$/.test(type) ? `${type}; charset=utf-8` : type;
}

/** Percent-escapes decoded as a static host reads a path; a malformed one stays as written. */
export function decodePath(sitePath: string): string {
  if (!sitePath.includes("%")) return sitePath;
  try {
    return decodeURI(sitePath);
  } catch {
    return sitePath;
  }
}
