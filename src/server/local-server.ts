// The Node server: how the service runs on a laptop and for self-hosters behind any proxy or CDN. It
// serves a build folder as Netlify serves the same build, from the same route table: live routes are
// answered by the live handler (the Netlify Functions' code), every other path by the built files
// (static-files.ts). Methods, HEAD and errors are the HTTP kernel's; this file only translates.
import { unwatchFile, watchFile } from "node:fs";
import http from "node:http";
import type { Duplex } from "node:stream";
import { buildPaths } from "../config.ts";
import { SITE_ERROR_HEADERS, errorAnswer, errorBody, methodAnswer, requestTarget } from "../http/kernel.ts";
import { ALLOWED_METHODS, COMMON_HEADERS, CORS_HEADERS, STATIC_DEFAULT_CACHE } from "../http/policy.ts";
import { findFallback, findLiveRoute } from "../http/routes.ts";
import { LIVE_ANSWERS } from "../live/countdown.ts";
import { createLiveHandler } from "../live/handler.ts";
import { PREVIEW_ANSWERS } from "../live/preview-image.ts";
import { SHARE_ANSWERS } from "../live/share.ts";
import { NOT_FOUND_PAGE, isApiPath, type SiteAddress } from "../paths.ts";
import { logRequests } from "./access-log.ts";
import { drainable } from "./drain.ts";
import { contentType, decodePath, loadBuild, resolve, sendNotFound, setStaticHeaders, type LoadedBuild } from "./static-files.ts";
import { writeAnswer } from "./write-answer.ts";

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

export interface LocalServer {
  server: http.Server;
  /** The build being served. */
  site(): SiteAddress;
  /** Loads the build folder again; on failure keeps serving the build it had. */
  reload(): boolean;
  /** Stops accepting connections and resolves once requests in flight are answered. */
  close(): Promise<void>;
}

const INTERNAL_ERROR = "Something went wrong on our side; try again shortly.";

export function createLocalServer(options: LocalServerOptions): LocalServer {
  const log = options.log ?? ((line: string) => console.error(line));
  let build: LoadedBuild = loadBuild(options.outDir);

  // Every live route, which Netlify spreads over three functions.
  const live = createLiveHandler({ store: () => build.store, answers: { ...LIVE_ANSWERS, ...SHARE_ANSWERS, ...PREVIEW_ANSWERS }, log, now: options.now });

  /** A 500 for a request that failed on our side, if nothing has been sent yet. */
  function failed(req: http.IncomingMessage, res: http.ServerResponse, error: unknown): void {
    log(`request ${req.method} ${req.url?.slice(0, 200)} failed: ${error instanceof Error ? error.stack : String(error)}`);
    if (res.headersSent) return void res.destroy();
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    writeAnswer(req, res, errorAnswer(500, "internal_error", INTERNAL_ERROR, SITE_ERROR_HEADERS));
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let pathname: string;
    let query: string;
    try {
      ({ pathname, query } = requestTarget(req.url ?? "/"));
    } catch {
      return writeAnswer(req, res, errorAnswer(400, "bad_request", "The request target is not a valid URL path.", SITE_ERROR_HEADERS));
    }
    const { basePath } = build.store.site;
    // Under a base path, the site's own paths start after it; anything else is not the site's.
    if (basePath && pathname === basePath) {
      res.writeHead(301, { ...COMMON_HEADERS, Location: `${basePath}/${query ? `?${query}` : ""}` }).end();
      return;
    }
    const sitePath = !basePath ? pathname : pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
    if (sitePath === undefined) {
      setStaticHeaders(res, { ...COMMON_HEADERS, "Cache-Control": STATIC_DEFAULT_CACHE });
      return sendNotFound(build, req, res, NOT_FOUND_PAGE);
    }

    if (options.answerFirst?.(req, res, sitePath)) return;
    if (findLiveRoute(sitePath)) {
      live.answer({ method: req.method ?? "GET", pathname: sitePath, query }).then(
        (answer) => writeAnswer(req, res, answer),
        (error: unknown) => failed(req, res, error),
      );
      return;
    }
    const isApi = isApiPath(sitePath);
    const early = methodAnswer(req.method ?? "GET", isApi);
    if (early) return writeAnswer(req, res, early);

    setStaticHeaders(res, build.headersOf(sitePath));
    const resolved = resolve(build.has, decodePath(sitePath));
    if (resolved === undefined) return sendNotFound(build, req, res, findFallback(sitePath).file);
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
    // sirv serves the path it is given in req.url: the file, inside the build's site folder.
    req.url = resolved.file;
    build.serveFile(req, res, () => {
      // The build published this file, and it is gone from the disk: a clean 503, and a line for the operator.
      log(`built file missing: ${resolved.file}; serving everything else (rebuild the site to restore it)`);
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      const headers = { ...SITE_ERROR_HEADERS, ...(isApi ? CORS_HEADERS : {}), "Retry-After": "10" };
      writeAnswer(req, res, errorAnswer(503, "unavailable", "This part of the site is missing on the server right now; try again shortly.", headers));
    });
  }

  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      failed(req, res, error);
    }
  });
  if (options.accessLog) logRequests(server, options.accessLog);
  const stop = drainable(server);

  // CONNECT never reaches the request handler (Node hands over the socket); answer it like any other
  // unsupported method.
  server.on("connect", (_req: http.IncomingMessage, socket: Duplex) => {
    const body = errorBody("method_not_allowed", `CONNECT is not supported; use ${ALLOWED_METHODS}`);
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Type: ${SITE_ERROR_HEADERS["Content-Type"]}\r\nX-Content-Type-Options: nosniff\r\n` +
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
