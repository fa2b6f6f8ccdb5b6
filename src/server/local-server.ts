// The Node server: how the service runs on a laptop and for self-hosters behind any proxy or CDN. It
// serves a build folder as Netlify serves the same build, from the same route table: live routes are
// answered by the live handler (the Netlify Functions' code), every other path by the built files
// (static-files.ts), from the build's manifest. Methods, HEAD and errors are the HTTP kernel's.
//
// OUT_DIR names the build being served (src/publish/releases.ts). The server loads a build whole (its
// manifest, its live data) and serves each file from the folder its manifest names (the build's own,
// or an earlier build's that the pruning keeps while this build may be served), so a build switched
// in under it changes no answer halfway; it sees the switch itself and loads the new build, which it takes only
// if its live data reads whole. The built files never depend on the live data: a live data file
// that is missing or corrupt costs only the live answers of the countdowns in it.
import { accessSync, constants, existsSync, realpathSync, unwatchFile, watch, watchFile, type FSWatcher } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { buildPaths } from "../config.ts";
import { SITE_ERROR_HEADERS, errorAnswer, errorBody, methodAnswer, requestTarget, type Answer } from "../http/kernel.ts";
import { ALLOWED_METHODS, COMMON_HEADERS, CORS_HEADERS, STATIC_DEFAULT_CACHE } from "../http/policy.ts";
import { findFallback, findLiveRoute } from "../http/routes.ts";
import { LIVE_ANSWERS } from "../live/countdown.ts";
import { EMAIL_ANSWERS } from "../live/email.ts";
import { createLiveHandler } from "../live/handler.ts";
import { openLiveFolder } from "../live/live-folder.ts";
import type { LiveStore } from "../live/live-store.ts";
import { PREVIEW_ANSWERS } from "../live/preview-route.ts";
import { SHARE_ANSWERS } from "../live/share-routes.ts";
import { NOT_FOUND_PAGE, isApiPath, type SiteAddress } from "../paths.ts";
import { logRequests } from "./access-log.ts";
import { drainable } from "./drain.ts";
import { ManifestError, contentType, decodePath, loadBuiltFiles, resolve, sendFile, sendNotFound, setStaticHeaders, type BuiltFiles } from "./static-files.ts";
import { writeAnswer } from "./write-answer.ts";

export interface LocalServerOptions {
  /** A build folder, as written by `npm run build` (`dist`). */
  outDir: string;
  log?: (line: string) => void;
  /** Load a build switched in under OUT_DIR by itself (`npm run serve`); else only when `reload` is called. */
  watch?: boolean;
  /** The clock of the live answers, in ms since the epoch (default: the system clock). */
  now?: () => number;
  /** Where one line per request goes (`accessLogWriter`); none when left out. */
  accessLog?: (line: string) => void;
  /** Asked first for every path inside the site; true when it has answered (the dev loop's routes). */
  answerFirst?: (req: http.IncomingMessage, res: http.ServerResponse, sitePath: string) => boolean;
  /** Asked first of every request: an answer refuses it (the dev loop's check of the Host header). */
  refuse?: (req: http.IncomingMessage) => Answer | undefined;
  /** Told of each build loaded after the first. */
  loaded?: (site: SiteAddress) => void;
}

export interface LocalServer {
  server: http.Server;
  /** The build being served. */
  site(): SiteAddress;
  /** Loads the build OUT_DIR names now; on failure keeps serving the build it had. */
  reload(): boolean;
  /** Stops accepting connections and resolves once requests in flight are answered. */
  close(): Promise<void>;
}

/** One build, loaded whole: what every request is answered from, swapped as a whole. */
interface LoadedBuild {
  /** Its own folder (the real path behind OUT_DIR when it was loaded). */
  dir: string;
  files: BuiltFiles;
  /** Its live data, or why it cannot be read (then the live routes answer 503). */
  live: LiveStore | Error;
}

const INTERNAL_ERROR = "Something went wrong on our side; try again shortly.";

/** Whether a file can be read now. */
function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** Loads the build OUT_DIR names: its manifest (which must read), and its live data, checked whole when `verify`. */
function loadBuild(outDir: string, verify: boolean): LoadedBuild {
  let dir: string;
  try {
    dir = realpathSync(outDir);
  } catch {
    throw new ManifestError(`there is no build at ${outDir}`);
  }
  const files = loadBuiltFiles(dir);
  let live: LiveStore | Error;
  try {
    live = openLiveFolder(buildPaths(dir).live);
    if (verify) live.verify();
  } catch (error) {
    if (verify) throw error;
    live = error as Error;
  }
  return { dir, files, live };
}

export function createLocalServer(options: LocalServerOptions): LocalServer {
  const log = options.log ?? ((line: string) => console.error(line));
  // At start, a build whose live data is broken still serves its files; a reload only takes a whole build.
  let build: LoadedBuild = loadBuild(options.outDir, false);
  if (build.live instanceof Error) log(`live data unavailable, the live routes answer 503: ${build.live.message}`);

  // Every live route, which Netlify spreads over three functions.
  const live = createLiveHandler({
    store: () => {
      if (build.live instanceof Error) throw build.live;
      return build.live;
    },
    answers: { ...LIVE_ANSWERS, ...SHARE_ANSWERS, ...PREVIEW_ANSWERS, ...EMAIL_ANSWERS },
    log,
    now: options.now,
    runtimeProblems: () => builtFilesProblems(),
  });

  /**
   * Built files a request found missing or unreadable, by the build they belong to: health names each
   * until it is readable again (checked anew at every health check, with no request needed).
   */
  const unreadable = new Map<string, { build: LoadedBuild; where: string; reason: string }>();

  /** What is wrong with the built files being served, for the health answer. */
  function builtFilesProblems(): string[] {
    const notFound = build.files.entry(NOT_FOUND_PAGE);
    if (!notFound || !existsSync(build.files.locate(NOT_FOUND_PAGE, notFound))) return [`built files: the build being served (${build.dir}) is gone from the disk`];
    if (!existsSync(options.outDir)) return [`built files: there is no build at ${options.outDir}`];
    const problems: string[] = [];
    for (const [file, seen] of unreadable) {
      if (seen.build !== build || readable(seen.where)) unreadable.delete(file);
      else problems.push(`built files: ${file} cannot be served (${seen.reason})`);
    }
    return problems;
  }

  /** A 500 for a request that failed on our side, if nothing has been sent yet. */
  function failed(req: http.IncomingMessage, res: http.ServerResponse, error: unknown): void {
    log(`request ${req.method} ${req.url?.slice(0, 200)} failed: ${error instanceof Error ? error.stack : String(error)}`);
    if (res.headersSent) return void res.destroy();
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    writeAnswer(req, res, errorAnswer(500, "internal_error", INTERNAL_ERROR, SITE_ERROR_HEADERS));
  }

  /** A 503 for a built file that cannot be served now, with a line for the operator. */
  function unavailable(req: http.IncomingMessage, res: http.ServerResponse, isApi: boolean, reason: string): void {
    log(`built file unavailable: ${reason}; serving everything else (rebuild the site to restore it)`);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const headers = { ...SITE_ERROR_HEADERS, ...(isApi ? CORS_HEADERS : {}), "Retry-After": "10" };
    writeAnswer(req, res, errorAnswer(503, "unavailable", "This part of the site is missing on the server right now; try again shortly.", headers));
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, retried = false): void {
    const refusal = options.refuse?.(req);
    if (refusal) return writeAnswer(req, res, refusal);
    let pathname: string;
    let query: string;
    try {
      ({ pathname, query } = requestTarget(req.url ?? "/"));
    } catch {
      return writeAnswer(req, res, errorAnswer(400, "bad_request", "The request target is not a valid URL path.", SITE_ERROR_HEADERS));
    }
    const { files } = build;
    const { basePath } = files.site;
    // Under a base path, the site's own paths start after it; anything else is not the site's.
    if (basePath && pathname === basePath) {
      res.writeHead(301, { ...COMMON_HEADERS, Location: `${basePath}/${query ? `?${query}` : ""}` }).end();
      return;
    }
    const sitePath = !basePath ? pathname : pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
    if (sitePath === undefined) {
      setStaticHeaders(res, { ...COMMON_HEADERS, "Cache-Control": STATIC_DEFAULT_CACHE });
      return sendNotFound(files, req, res, NOT_FOUND_PAGE);
    }

    if (options.answerFirst?.(req, res, sitePath)) return;
    if (findLiveRoute(sitePath)) {
      // An error thrown at once reaches the server's own catch (failed).
      const answer = live.answer({ method: req.method ?? "GET", pathname: sitePath, query });
      if (answer instanceof Promise) {
        answer.then(
          (drawn) => writeAnswer(req, res, drawn),
          (error: unknown) => failed(req, res, error),
        );
      } else writeAnswer(req, res, answer);
      return;
    }
    const isApi = isApiPath(sitePath);
    const early = methodAnswer(req.method ?? "GET", isApi);
    if (early) return writeAnswer(req, res, early);

    let resolved;
    try {
      resolved = resolve(files, decodePath(sitePath));
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      return unavailable(req, res, isApi, error.message);
    }
    setStaticHeaders(res, files.headersOf(sitePath));
    if (resolved === undefined) return sendNotFound(files, req, res, findFallback(sitePath).file);
    if ("redirect" in resolved) {
      res.writeHead(301, { Location: `${basePath}${resolved.redirect}${query ? `?${query}` : ""}` }).end();
      return;
    }
    if (!res.hasHeader("Content-Type")) res.setHeader("Content-Type", contentType(resolved.file));
    sendFile(files, req, res, resolved.file, resolved.entry, (reason) => {
      // The build may have been switched and its folder removed since this one was loaded: once, the
      // request is answered again from the build OUT_DIR names now.
      if (!retried && currentDir() !== build.dir && reload()) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        res.statusCode = 200;
        return handle(req, res, true);
      }
      if (unreadable.size < 1000) unreadable.set(resolved.file, { build, where: files.locate(resolved.file, resolved.entry), reason });
      unavailable(req, res, isApi, reason);
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

  /** The folder OUT_DIR names now, or undefined when it names none. */
  function currentDir(): string | undefined {
    try {
      return realpathSync(options.outDir);
    } catch {
      return undefined;
    }
  }

  function reload(): boolean {
    try {
      build = loadBuild(options.outDir, true);
      log(`loaded the build: ${build.files.count} countdown(s), version ${(build.live as LiveStore).version}`);
      options.loaded?.(build.files.site);
      return true;
    } catch (error) {
      log(`kept the build being served; the one at ${options.outDir} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  // A build switched in: OUT_DIR's link is replaced in its folder (seen at once where the platform
  // reports it), or the live data's meta.json changes (looked at twice a second, everywhere).
  const watchers: FSWatcher[] = [];
  const liveMeta = buildPaths(options.outDir).liveMeta;
  let lastTried: string | undefined = build.dir;
  const switched = () => {
    const dir = currentDir();
    if (dir === undefined || dir === build.dir || dir === lastTried) return;
    lastTried = dir;
    reload();
  };
  if (options.watch) {
    try {
      watchers.push(watch(path.dirname(path.resolve(options.outDir)), (_event, name) => name === path.basename(options.outDir) && switched()));
    } catch {
      // No file events here: the poll below sees the switch.
    }
    watchFile(liveMeta, { interval: 500 }, switched);
  }

  return {
    server,
    site: () => build.files.site,
    reload,
    close: () => {
      for (const watcher of watchers) watcher.close();
      if (options.watch) unwatchFile(liveMeta);
      // Each connection is closed as soon as its last answer is out, not after the keep-alive timeout.
      return stop();
    },
  };
}
