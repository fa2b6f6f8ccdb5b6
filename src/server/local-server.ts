// The local server: how the service runs on a laptop and for self-hosters behind any proxy or CDN. It
// serves a build folder as Netlify serves the same build, from the same route table: live routes go
// to the live handler (through @hono/node-server, as the Netlify Function runs it), every other path
// is resolved as Netlify resolves its publish folder, gets the headers of the `_headers` rules that
// match it, and is sent by sirv; a path with no file gets the first matching `_redirects` fallback.
import { existsSync, readFileSync, unwatchFile, watchFile } from "node:fs";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { lookup } from "mrmime";
import sirv from "sirv";
import { buildPaths, type SiteAddress } from "../config.ts";
import { drainable } from "./drain.ts";
import { LIVE_ANSWERS, createLiveHandler, errorBody, jsonError, requestTarget } from "../live/handler.ts";
import { PREVIEW_ANSWERS } from "../live/preview-image.ts";
import { SHARE_ANSWERS } from "../live/share.ts";
import { openLiveFolder } from "../live/live-folder.ts";
import type { LiveStore } from "../live/live-store.ts";
import {
  ALLOWED_METHODS,
  COMMON_HEADERS,
  CORS_HEADERS,
  ERROR_HEADERS,
  PLATFORM_FILES,
  FALLBACKS,
  NOT_FOUND_PAGE,
  PREFLIGHT_HEADERS,
  SITE_FILES,
  STATIC_DEFAULT_CACHE,
  countdownOfFile,
  indexPageOfFile,
  indexPages,
  findFallback,
  findLiveRoute,
  isApiPath,
  staticHeaderRules,
  staticHeaders,
  type HeaderSet,
} from "../routes/route-table.ts";

export interface LocalServerOptions {
  /** A build folder, as written by `npm run build` (`dist`). */
  outDir: string;
  log?: (line: string) => void;
  /** Reload the build when it changes on disk (the live data's meta.json is written last). */
  watch?: boolean;
  /** The clock of the live answers, in ms since the epoch (default: the system clock). */
  now?: () => number;
  /** Where one line per request goes (`accessLogWriter`); none when left out. */
  accessLog?: (line: string) => void;
  /** Asked first for every path inside the site; true when it has answered (the dev loop's routes). */
  answerFirst?: (req: http.IncomingMessage, res: http.ServerResponse, sitePath: string) => boolean;
}

/** One loaded build: everything a request needs, swapped as a whole on reload. */
interface LoadedBuild {
  store: LiveStore;
  /** The `_headers` rules' headers of a path. */
  headersOf: (sitePath: string) => HeaderSet;
  /** Does the build publish this file (a path inside the site)? */
  has: (file: string) => boolean;
  serveFile: ReturnType<typeof sirv>;
  /** The bodies of the fallbacks and their compressed twins, read once: they answer even if their files go missing. */
  fallbackBodies: Map<string, Partial<Record<"identity" | Encoding, Buffer>>>;
}

export interface LocalServer {
  server: http.Server;
  /** The build being served. */
  site(): SiteAddress;
  /** Loads the build folder again; on failure keeps serving the build it had. */
  reload(): boolean;
  /** Stops accepting connections and resolves once requests in flight are answered. */
  close(): Promise<void>;
}

function loadBuild(outDir: string): LoadedBuild {
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
type Resolution = { file: string } | { redirect: string } | undefined;

function resolve(has: (file: string) => boolean, sitePath: string): Resolution {
  if (sitePath.endsWith("/")) return has(`${sitePath}index.html`) ? { file: `${sitePath}index.html` } : undefined;
  if (has(sitePath)) return { file: sitePath };
  // A path without an extension is served from its `.html` file, and a folder's path without its
  // slash is redirected to it.
  if (!/\.[^/]*$/.test(sitePath) && has(`${sitePath}.html`)) return { file: `${sitePath}.html` };
  if (has(`${sitePath}/index.html`)) return { redirect: `${sitePath}/` };
  return undefined;
}

export function createLocalServer(options: LocalServerOptions): LocalServer {
  const log = options.log ?? ((line: string) => console.error(line));
  let build = loadBuild(options.outDir);

  // Every live route, which Netlify spreads over three functions.
  const answers = { ...LIVE_ANSWERS, ...SHARE_ANSWERS, ...PREVIEW_ANSWERS };
  const liveListener = getRequestListener(createLiveHandler({ store: () => build.store, answers, log, now: options.now }), {
    errorHandler: (error) => {
      log(`live handler failed: ${error instanceof Error ? error.message : String(error)}`);
      return jsonError(500, "internal_error", "Something went wrong on our side; try again shortly.");
    },
  });

  /** The `_headers` rules of a path, and Netlify's own default for what they leave out. */
  function setStaticHeaders(res: http.ServerResponse, sitePath: string): void {
    const headers = build.headersOf(sitePath);
    for (const name in headers) res.setHeader(name, headers[name]!);
    if (!("Cache-Control" in headers)) res.setHeader("Cache-Control", STATIC_DEFAULT_CACHE);
  }

  /** A 404 with the body of `file`, compressed as the client accepts; the requested path's headers are set. */
  function sendNotFound(req: http.IncomingMessage, res: http.ServerResponse, file: string): void {
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

  function sendJson(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body: string): void {
    res.writeHead(status, { ...headers, "Content-Length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let pathname: string;
    let query: string;
    try {
      ({ pathname, query } = requestTarget(req.url ?? "/"));
    } catch {
      sendJson(req, res, 400, { ...COMMON_HEADERS, "Content-Type": ERROR_HEADERS["Content-Type"] }, errorBody("bad_request", "The request target is not a valid URL path."));
      return;
    }
    const { basePath } = build.store.site;
    // Under a base path, the site's own paths start after it; anything else is not the site's.
    if (basePath && pathname === basePath) {
      res.writeHead(301, { ...COMMON_HEADERS, Location: `${basePath}/${query ? `?${query}` : ""}` }).end();
      return;
    }
    const sitePath = !basePath ? pathname : pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
    if (sitePath === undefined) {
      for (const [name, value] of Object.entries({ ...COMMON_HEADERS, "Cache-Control": STATIC_DEFAULT_CACHE })) res.setHeader(name, value);
      sendNotFound(req, res, NOT_FOUND_PAGE);
      return;
    }

    if (options.answerFirst?.(req, res, sitePath)) return;
    if (findLiveRoute(sitePath)) {
      // The live handler reads the path of the Request; give it the path inside the site.
      if (basePath) req.url = req.url!.slice(basePath.length);
      void liveListener(req, res);
      return;
    }
    const isApi = isApiPath(sitePath);
    if (req.method === "OPTIONS") {
      res.writeHead(204, isApi ? PREFLIGHT_HEADERS : { ...COMMON_HEADERS, Allow: ALLOWED_METHODS }).end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      const headers = { ...(isApi ? PREFLIGHT_HEADERS : COMMON_HEADERS), "Content-Type": ERROR_HEADERS["Content-Type"], "Cache-Control": "no-store" };
      sendJson(req, res, 405, headers, errorBody("method_not_allowed", `${req.method} is not supported; use ${ALLOWED_METHODS}`));
      return;
    }

    setStaticHeaders(res, sitePath);
    const resolved = (PLATFORM_FILES as readonly string[]).includes(sitePath) ? undefined : resolve(build.has, decodePath(sitePath));
    if (resolved === undefined) {
      sendNotFound(req, res, findFallback(sitePath).file);
      return;
    }
    if ("redirect" in resolved) {
      res.writeHead(301, { Location: `${basePath}${resolved.redirect}${query ? `?${query}` : ""}` }).end();
      return;
    }
    if (!res.hasHeader("Content-Type")) res.setHeader("Content-Type", contentType(resolved.file));
    // A read that fails after sirv found the file (deleted in between, a disk error) ends this answer.
    res.once("pipe", (source: NodeJS.ReadableStream) =>
      source.once("error", (error: Error) => {
        log(`reading the built file ${resolved.file} failed: ${error.message}`);
        res.destroy();
      }),
    );
    req.url = resolved.file;
    build.serveFile(req, res, () => {
      // The build published this file, and it is gone from the disk: a clean 503, and a line for the operator.
      log(`built file missing: ${resolved.file}; serving everything else (rebuild the site to restore it)`);
      const headers = { ...COMMON_HEADERS, ...(isApi ? CORS_HEADERS : {}), "Content-Type": ERROR_HEADERS["Content-Type"], "Cache-Control": "no-store", "Retry-After": "10" };
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      sendJson(req, res, 503, headers, errorBody("unavailable", "This part of the site is missing on the server right now; try again shortly."));
    });
  }

  const accessLog = options.accessLog;
  const server = http.createServer((req, res) => {
    if (accessLog) {
      const started = performance.now();
      // As asked: the handler rewrites req.url to the file it sends.
      const { url } = req;
      const { remoteAddress, bytesWritten } = req.socket;
      let logged = false;
      const log = () => {
        if (logged) return;
        logged = true;
        accessLog(accessLogLine(req, res, { url, remoteAddress, bytes: req.socket.bytesWritten - bytesWritten, ms: performance.now() - started }));
      };
      // Finished, or closed before it could finish (the client went away): one line either way.
      res.once("finish", log);
      res.once("close", log);
    }
    try {
      handle(req, res);
    } catch (error) {
      log(`request ${req.method} ${req.url?.slice(0, 200)} failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        sendJson(req, res, 500, { ...COMMON_HEADERS, "Content-Type": ERROR_HEADERS["Content-Type"], "Cache-Control": "no-store" }, errorBody("internal_error", "Something went wrong on our side; try again shortly."));
      } else res.destroy();
    }
  });

  const stop = drainable(server);

  // CONNECT never reaches the request handler (Node hands over the socket); answer it like any other
  // unsupported method.
  server.on("connect", (_req: http.IncomingMessage, socket: import("node:stream").Duplex) => {
    const body = errorBody("method_not_allowed", `CONNECT is not supported; use ${ALLOWED_METHODS}`);
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Type: ${ERROR_HEADERS["Content-Type"]}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  function reload(): boolean {
    try {
      build = loadBuild(options.outDir);
      log(`reloaded the build: ${build.store.count} countdown(s), version ${build.store.version}`);
      return true;
    } catch (error) {
      log(`kept the previous build; the new one could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  const liveMeta = buildPaths(options.outDir).liveMeta;
  if (options.watch) {
    watchFile(liveMeta, { interval: 500 }, (current, previous) => {
      if (current.mtimeMs !== previous.mtimeMs && current.mtimeMs !== 0) reload();
    });
  }

  return {
    server,
    site: () => build.store.site,
    reload,
    close: () => {
      if (options.watch) unwatchFile(liveMeta);
      // Each connection is closed as soon as its last answer is out, not after the keep-alive timeout.
      return stop();
    },
  };
}

// ---- Access log --------------------------------------------------------------------------------

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");
/** A request's text in a log line: quotes, backslashes and control characters escaped, so no line can be forged. */
const logText = (text: string | undefined) => (text ?? "-").slice(0, 2000).replace(/["\\\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);

/**
 * One request in the Combined Log Format that log tools read (GoAccess, AWStats), with the time taken:
 * `127.0.0.1 - - [22/Nov/2026:13:00:00 +0000] "GET /api/pages HTTP/1.1" 200 1234 "-" "curl/8.5" 0.4ms`.
 * The size is the bytes sent, headers included (Apache's %O); an answer cut short says "aborted".
 */
export function accessLogLine(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { url, remoteAddress, bytes, ms }: { url: string | undefined; remoteAddress: string | undefined; bytes: number; ms: number },
  at = new Date(),
): string {
  const time = `${two(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000`;
  const request = `${logText(req.method)} ${logText(url)} HTTP/${req.httpVersion}`;
  const status = res.headersSent ? res.statusCode : 0;
  return `${remoteAddress?.replace(/^::ffff:/, "") ?? "-"} - - [${time}] "${request}" ${status} ${bytes} "${logText(req.headers.referer)}" "${logText(req.headers["user-agent"])}" ${ms.toFixed(1)}ms${res.writableEnded ? "" : " aborted"}\n`;
}

/** Writes log lines to a stream, the lines of one turn of the event loop in one write. */
export function accessLogWriter(stream: NodeJS.WritableStream): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    stream.write(pending.join(""));
    pending = [];
  };
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

type Encoding = "br" | "gzip";

/** A file and the compressed twins the build wrote beside it (src/publish/precompress.ts). */
function readWithTwins(file: string): Partial<Record<"identity" | Encoding, Buffer>> {
  const bodies: Partial<Record<"identity" | Encoding, Buffer>> = { identity: readFileSync(file) };
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
    if (existsSync(file + suffix)) bodies[encoding] = readFileSync(file + suffix);
  }
  return bodies;
}

/** The encoding to answer in: brotli, then gzip, as the client accepts and a twin exists; else none. */
function acceptedEncoding(accepted: string | undefined, bodies: Partial<Record<"identity" | Encoding, Buffer>>): "identity" | Encoding {
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
function decodePath(sitePath: string): string {
  if (!sitePath.includes("%")) return sitePath;
  try {
    return decodeURI(sitePath);
  } catch {
    return sitePath;
  }
}
