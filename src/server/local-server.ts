// The local server: how the service runs on a laptop and for self-hosters behind any CDN. It serves a
// build folder exactly as Netlify would, driven by the same route table: live routes go to the live
// handler (through @hono/node-server's fetch adapter), everything else to the built files (sirv).
import { readFileSync, unwatchFile, watchFile, type ReadStream } from "node:fs";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import sirv from "sirv";
import { buildPaths } from "../build/build-paths.ts";
import { createLiveHandler, errorBody, jsonError, requestTarget } from "../live/handler.ts";
import { createLiveStore, type LiveStore } from "../live/live-store.ts";
import {
  ALLOWED_METHODS,
  COMMON_HEADERS,
  CORS_HEADERS,
  JSON_TYPE,
  PLATFORM_FILES,
  PREFLIGHT_HEADERS,
  findFallback,
  findLiveRoute,
  headersForStaticPath,
  staticHeaderRules,
  type HeaderRule,
} from "../routes/route-table.ts";

export interface LocalServerOptions {
  /** A build folder, as written by `npm run build` (`dist`). */
  outDir: string;
  log?: (line: string) => void;
  /** Reload the build when it changes on disk (the live data file is written last). */
  watch?: boolean;
  /** The clock of the live answers, in ms since the epoch (default: the system clock). */
  now?: () => number;
}

/** One loaded build: everything a request needs, swapped as a whole on reload. */
interface LoadedBuild {
  store: LiveStore;
  headerRules: HeaderRule[];
  routeHeads: (pathname: string) => RouteHead;
  serveFile: ReturnType<typeof sirv>;
  fallbackBodies: Map<string, Buffer>;
}

export interface LocalServer {
  server: http.Server;
  /** Loads the build folder again; on failure keeps serving the build it had. */
  reload(): boolean;
  /** Stops accepting connections and resolves once requests in flight are answered. */
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".json": JSON_TYPE };

/**
 * A whole HTTP/1.1 answer written straight to a socket, which is closed after it: for the few answers
 * given where Node's response object cannot give them. `length` is the body's, also for HEAD.
 */
function closingAnswer(status: string, headers: Record<string, string>, body: string, length = Buffer.byteLength(body)): string {
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  return `HTTP/1.1 ${status}\r\n${head}Content-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;
}

/** Paths whose route headers are kept; past that they are computed per request (a bound on memory). */
const MAX_CACHED_PATHS = 50_000;

/**
 * The route table's headers of a static path, ready to lead a head: a flat list of names and values
 * (what Node writes fastest) and the lower-cased names, which win over sirv's headers.
 */
interface RouteHead {
  flat: string[];
  names: Set<string>;
}

/** The route head of each static path, computed once per path and build. */
function cachedRouteHeads(rules: HeaderRule[]): (pathname: string) => RouteHead {
  const byPath = new Map<string, RouteHead>();
  return (pathname) => {
    let head = byPath.get(pathname);
    if (!head) {
      const headers = Object.entries(headersForStaticPath(rules, pathname));
      head = { flat: headers.flat(), names: new Set(headers.map(([name]) => name.toLowerCase())) };
      if (byPath.size < MAX_CACHED_PATHS) byPath.set(pathname, head);
    }
    return head;
  };
}

/**
 * The server's responses. For a static file, `handle` names the path and its build's route heads,
 * and the route table's headers are merged into the one head sirv writes (200, 206, 304 alike):
 * they win over sirv's, and Node writes the head from one flat list.
 */
class ServerResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {
  staticPath: string | undefined;
  routeHeads: ((pathname: string) => RouteHead) | undefined;
  /** The Content-Length of the file sirv is sending (from its file list). */
  bodyLength: number | undefined;

  override writeHead(statusCode: number, reasonOrHeaders?: string | http.OutgoingHttpHeaders | http.OutgoingHttpHeader[], headers?: http.OutgoingHttpHeaders | http.OutgoingHttpHeader[]): this {
    const lookup = this.routeHeads;
    if (lookup === undefined || this.staticPath === undefined) return super.writeHead(statusCode, reasonOrHeaders as string, headers);
    this.routeHeads = undefined;
    const route = lookup(this.staticPath);
    // sirv passes a head of its own (200, 206) or none (304, and 416 through Node's implicit head).
    if (typeof reasonOrHeaders === "object" && !Array.isArray(reasonOrHeaders)) {
      this.bodyLength = Number(reasonOrHeaders["Content-Length"]);
      const head: (string | number | readonly string[])[] = route.flat.slice();
      for (const name in reasonOrHeaders) {
        if (!route.names.has(name.toLowerCase())) head.push(name, reasonOrHeaders[name]!);
      }
      return super.writeHead(statusCode, head as http.OutgoingHttpHeader[]);
    }
    for (let i = 0; i < route.flat.length; i += 2) this.setHeader(route.flat[i]!, route.flat[i + 1]!);
    return super.writeHead(statusCode, reasonOrHeaders as string, headers);
  }
}

function loadBuild(outDir: string): LoadedBuild {
  const paths = buildPaths(outDir);
  const store = createLiveStore(JSON.parse(readFileSync(paths.liveData, "utf8")));
  const fallbackBodies = new Map<string, Buffer>();
  for (const pathname of new Set(["/api/embed/not-found.html", "/api/not-found.json", "/404.html"])) {
    fallbackBodies.set(pathname, readFileSync(path.join(paths.site, pathname)));
  }
  const headerRules = staticHeaderRules({ tickerHash: store.tickerHash });
  return {
    store,
    headerRules,
    routeHeads: cachedRouteHeads(headerRules),
    // The file list and stats are read once per build.
    serveFile: sirv(paths.site, { dev: false, etag: true, dotfiles: false, maxAge: 0 }),
    fallbackBodies,
  };
}

export function createLocalServer(options: LocalServerOptions): LocalServer {
  const log = options.log ?? ((line: string) => console.error(line));
  let build = loadBuild(options.outDir);

  const liveListener = getRequestListener(createLiveHandler({ store: () => build.store, log, now: options.now }), {
    errorHandler: (error) => {
      log(`live handler failed: ${error instanceof Error ? error.message : String(error)}`);
      return jsonError(500, "internal_error", "Something went wrong on our side; try again shortly.");
    },
  });

  function sendFallback(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): void {
    const fallback = findFallback(pathname)!;
    const body = build.fallbackBodies.get(fallback.file)!;
    res.writeHead(fallback.status, {
      "Content-Type": CONTENT_TYPES[path.extname(fallback.file)]!,
      "Cache-Control": "public, max-age=0, must-revalidate",
      ...headersForStaticPath(build.headerRules, pathname),
      "Content-Length": body.length,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * The answer for a built file gone from disk, given after sirv has already set its 200 head (not
   * yet sent: Node sends the head with the first byte of the body, and none was read). That head
   * cannot be taken back through the response, so the 503 goes on the socket itself, which then
   * closes: the client gets one whole, clean answer.
   */
  function sendUnavailable(res: http.ServerResponse, isApi: boolean): void {
    const body = errorBody("unavailable", "This part of the site is missing on the server right now; try again shortly.");
    const headers = { ...COMMON_HEADERS, ...(isApi ? CORS_HEADERS : {}), "Content-Type": JSON_TYPE, "Cache-Control": "no-store", "Retry-After": "10" };
    const socket = res.socket;
    // No socket yet: the answer waits behind an earlier one on a pipelined connection, which must
    // not be cut into; the connection closes when this answer's turn comes.
    if (!socket) {
      res.destroy();
      return;
    }
    socket.end(closingAnswer("503 Service Unavailable", headers, res.req.method === "HEAD" ? "" : body, Buffer.byteLength(body)));
  }

  function handle(req: http.IncomingMessage, res: ServerResponse): void {
    let pathname: string;
    try {
      pathname = requestTarget(req.url ?? "/").pathname;
    } catch {
      res.writeHead(400, { ...COMMON_HEADERS, "Content-Type": JSON_TYPE });
      res.end(errorBody("bad_request", "The request target is not a valid URL path."));
      return;
    }
    if (findLiveRoute(pathname)) {
      void liveListener(req, res);
      return;
    }
    const isApi = pathname.startsWith("/api/") || pathname === "/api";
    if (req.method === "OPTIONS") {
      res.writeHead(204, isApi ? PREFLIGHT_HEADERS : { ...COMMON_HEADERS, Allow: ALLOWED_METHODS });
      res.end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...(isApi ? PREFLIGHT_HEADERS : COMMON_HEADERS), Allow: ALLOWED_METHODS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store" });
      res.end(errorBody("method_not_allowed", `${req.method} is not supported; use ${ALLOWED_METHODS}`));
      return;
    }
    if ((PLATFORM_FILES as readonly string[]).includes(pathname)) {
      sendFallback(req, res, pathname);
      return;
    }
    // `on`, not `once`: a response is piped into once, and a read fails once.
    res.on("pipe", (source: ReadStream & { end: number }) => {
      // Read exactly the length the head announced. Left open-ended (sirv's call), the stream takes
      // a 64 KB buffer per answer, outside V8's heap; at thousands of answers a second those forced
      // a full garbage collection every thousand or so answers (`npm run bench`, BENCHMARKS.md).
      // It also keeps the body to its Content-Length should the file have grown since it was listed.
      if (res.bodyLength && source.end === Infinity) source.end = res.bodyLength - 1;
      // A file of the build deleted since it was loaded fails when sirv opens it, before any byte of
      // the answer is on the wire: it gets a clean 503 there. Nothing is checked on disk beforehand.
      source.on("error", (error: NodeJS.ErrnoException) => {
        if (source.bytesRead === 0 && (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR")) {
          log(`built file missing: ${pathname}; serving everything else (rebuild the site to restore it)`);
          sendUnavailable(res, isApi);
        } else {
          log(`reading the built file for ${pathname} failed: ${error.message}`);
          res.destroy();
        }
      });
    });
    const current = build;
    res.staticPath = pathname;
    res.routeHeads = current.routeHeads;
    current.serveFile(req, res, () => {
      // No such file: the fallback's head is made apart.
      res.routeHeads = undefined;
      sendFallback(req, res, pathname);
    });
  }

  const server = http.createServer({ ServerResponse }, (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      log(`request ${req.method} ${req.url?.slice(0, 200)} failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) {
        res.writeHead(500, { ...COMMON_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store" });
        res.end(errorBody("internal_error", "Something went wrong on our side; try again shortly."));
      } else res.destroy();
    }
  });

  // CONNECT never reaches the request handler; answer it like any other unsupported method.
  server.on("connect", (req: http.IncomingMessage, socket: import("node:stream").Duplex) => {
    const body = errorBody("method_not_allowed", `CONNECT is not supported; use ${ALLOWED_METHODS}`);
    socket.end(closingAnswer("405 Method Not Allowed", { Allow: ALLOWED_METHODS, "Content-Type": JSON_TYPE, "X-Content-Type-Options": "nosniff" }, body));
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

  const liveDataFile = buildPaths(options.outDir).liveData;
  if (options.watch) {
    watchFile(liveDataFile, { interval: 500 }, (current, previous) => {
      if (current.mtimeMs !== previous.mtimeMs && current.mtimeMs !== 0) reload();
    });
  }

  return {
    server,
    reload,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (options.watch) unwatchFile(liveDataFile);
        // Busy keep-alive connections are closed as soon as their last answer is out, not after
        // the keep-alive timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close((error) => {
          clearInterval(sweep);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
