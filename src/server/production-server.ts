// The Node server: how the service runs on a laptop and for self-hosters behind any proxy or CDN. It
// serves a build folder as Netlify serves the same build, from the same route table: live routes are
// answered by the live handler (the Netlify Functions' code), every other path by the built files
// (static-files.ts), from the build's manifest. Methods, HEAD and errors are the HTTP kernel's.
//
// OUT_DIR names the build being served (src/publish/build-folders.ts). The server loads a build whole (its
// manifest, its live data) and serves each file from the folder its manifest names (the build's own,
// or an earlier build's that the pruning keeps while this build may be served), so a build switched
// in under it changes no answer halfway; it sees the switch itself and loads the new build, which it takes only
// if its live data reads whole. The built files never depend on the live data: a live data file
// that is missing or corrupt costs only the live answers of the countdowns in it.
// Over 400 lines: the build being served, its reload and the health check's view of it share one closure.
import {
  accessSync,
  constants,
  existsSync,
  realpathSync,
  unwatchFile,
  watch,
  watchFile,
  type FSWatcher,
} from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { buildPaths } from "../config.ts";
import {
  errorAnswer,
  methodAnswer,
  requestTarget,
  type Answer,
  type Call,
  type ServerAnswer,
  type ServerBody,
} from "../http/kernel.ts";
import { createSiteHandler, type FileSource, type SiteRequest } from "../http/site-handler.ts";
import { OUTSIDE_SITE_HEADERS, errorHeaders } from "../http/policy.ts";
import { everyLiveAnswer } from "../live/answers.ts";
import { emailDrawings, type DrawingStats } from "../live/email-drawings.ts";
import { inThisThread } from "../live/email-drawing.ts";
import { onWorkerThreads } from "../node/email-painters.ts";
import { createLiveHandler } from "../live/handler.ts";
import { openLiveFolder } from "../node/live-folder.ts";
import type { LiveStore } from "../live/live-store.ts";
import { NOT_FOUND_PAGE, isApiPath, type SiteAddress } from "../paths.ts";
import { logRequests } from "./access-log.ts";
import { drainable } from "./drain.ts";
import {
  ManifestError,
  builtFileOf,
  loadBuiltFiles,
  notFoundAnswer,
  staticAnswer,
  type BuiltFiles,
} from "./static-files.ts";
import { socketAnswer, writeAnswer } from "./write-answer.ts";
import { messageOf } from "../error-message.ts";

interface ProductionServerOptions {
  /** A build folder, as written by `npm run build` (`dist`). */
  outDir: string;
  log?: (line: string) => void;
  /** Load a build switched in under OUT_DIR by itself (`npm run serve`); else only when `reload` is called. */
  watch?: boolean;
  /** The clock of the live answers, in ms since the epoch (default: the system clock). */
  now?: () => number;
  /** Where one line per request goes (`accessLogWriter`); none when left out. */
  accessLog?: (line: string) => void;
  /** Asked first for every path inside the site: its answer, if it has one (the dev loop's routes). */
  answerFirst?: (call: Call) => ServerAnswer | undefined;
  /** Offered each request before anything else; true when it answered it (`npm run cms`'s editor backend, src/dev/editor-backend.ts). */
  takeFirst?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  /** Asked first of every request: an answer refuses it (the dev loop's check of the Host header). */
  refuse?: (request: SiteRequest) => Answer | undefined;
  /** Told of each build loaded after the first. */
  loaded?: (site: SiteAddress) => void;
  /** The worker threads that draw the email images (default: one per core); 0 draws them in this thread. */
  emailThreads?: number;
  /** How long a worker thread may take over one drawing before it is ended (src/node/email-painters.ts; 10 s by default). */
  emailDrawingLimitMs?: number;
}

export interface ProductionServer {
  server: http.Server;
  /** The build being served. */
  site(): SiteAddress;
  /** Loads the build OUT_DIR names now; on failure keeps serving the build it had. */
  reload(): boolean;
  /** What the email drawings have done and hold now. */
  emailStats(): DrawingStats;
  /** Stops accepting connections and resolves once requests in flight are answered. */
  close(): Promise<void>;
}

/** One build, loaded whole: what every request is answered from, swapped as a whole. */
interface LoadedBuild {
  /** Its own folder (the real path behind OUT_DIR when it was loaded). */
  dir: string;
  files: BuiltFiles;
  /** Its files as the site handler serves them. */
  source: FileSource<ServerBody>;
  /** Its live data, or why it cannot be read (then the live routes answer 503). */
  live: LiveStore | Error;
}

/**
 * A request as the site handler takes it (src/http/site-handler.ts): its headers read from Node's, a
 * repeated one joined; its `signal` aborted if the client goes before its answer is sent (made when
 * first asked for).
 */
class NodeRequest implements SiteRequest {
  readonly method: string;
  readonly target: string;
  private aborts?: AbortController;
  constructor(
    readonly req: http.IncomingMessage,
    readonly res: http.ServerResponse,
  ) {
    this.method = req.method ?? "GET";
    this.target = req.url ?? "/";
  }
  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }
  get signal(): AbortSignal {
    const { res } = this;
    if (!this.aborts) {
      const aborts = (this.aborts = new AbortController());
      if (res.destroyed || res.socket?.destroyed) aborts.abort();
      else res.once("close", () => res.writableFinished || aborts.abort());
    }
    return this.aborts.signal;
  }
}

/** A 503 for a built file that cannot be served now. */
const unavailableFile = (api: boolean) =>
  errorAnswer(
    503,
    "unavailable",
    "This part of the site is missing on the server right now; try again shortly.",
    errorHeaders(api, true),
  );

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
function loadBuild(outDir: string, verify: boolean, log: (line: string) => void): LoadedBuild {
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
  return { dir, files, source: nodeFiles(files, log), live };
}

/** The folder OUT_DIR names now, or undefined when it names none. */
function currentDir(outDir: string): string | undefined {
  try {
    return realpathSync(outDir);
  } catch {
    return undefined;
  }
}

/**
 * Calls `switched` when a build may have been switched in under OUT_DIR: its link replaced in its
 * folder (seen at once where the platform reports it), or the live data's meta.json changed (looked
 * at twice a second, everywhere). Returns the function that stops watching.
 */
function watchSwitches(outDir: string, switched: () => void): () => void {
  const watchers: FSWatcher[] = [];
  const liveMeta = buildPaths(outDir).liveMeta;
  try {
    watchers.push(
      watch(path.dirname(path.resolve(outDir)), (_event, name) => name === path.basename(outDir) && switched()),
    );
  } catch {
    // No file events here: the poll below sees the switch.
  }
  watchFile(liveMeta, { interval: 500 }, switched);
  return () => {
    for (const watcher of watchers) watcher.close();
    unwatchFile(liveMeta);
  };
}

/**
 * Built files a request found missing or unreadable, by the build they belong to (at most 1,000):
 * health names each until it is readable again, checked anew at every health check, with no request
 * needed.
 */
function unreadableFiles<Build>() {
  const seen = new Map<string, { build: Build; where: string; reason: string }>();
  return {
    note(file: string, found: { build: Build; where: string; reason: string }): void {
      if (seen.size < 1000) seen.set(file, found);
    },
    problems(served: Build): string[] {
      const problems: string[] = [];
      for (const [file, found] of seen) {
        if (found.build !== served || readable(found.where)) seen.delete(file);
        else problems.push(`built files: ${file} cannot be served (${found.reason})`);
      }
      return problems;
    },
  };
}

/** A build's files as the site handler serves them: a manifest shard that cannot be read costs its files a 503. */
function nodeFiles(files: BuiltFiles, log: (line: string) => void): FileSource<ServerBody> {
  return {
    basePath: files.site.basePath,
    answer(call, sitePath) {
      try {
        return staticAnswer(files, call, sitePath);
      } catch (error) {
        if (!(error instanceof ManifestError)) throw error;
        log(`built file unavailable: ${error.message}; serving everything else (rebuild the site to restore it)`);
        return unavailableFile(isApiPath(sitePath));
      }
    },
    outside: (call) => notFoundAnswer(files, call, NOT_FOUND_PAGE, OUTSIDE_SITE_HEADERS),
  };
}

/**
 * The Node server over OUT_DIR. Over 80 lines: the request handler, the health check's view of the
 * built files and the reload share the one build being served, which only this closure swaps.
 */
export function createProductionServer(options: ProductionServerOptions): ProductionServer {
  const log = options.log ?? ((line: string) => console.error(line));
  // At start, a build whose live data is broken still serves its files; a reload only takes a whole build.
  let build: LoadedBuild = loadBuild(options.outDir, false, log);
  if (build.live instanceof Error) log(`live data unavailable, the live routes answer 503: ${build.live.message}`);

  // The email images, drawn on worker threads (src/node/email-painters.ts), ended when the server closes.
  const drawings = emailDrawings(
    undefined,
    options.emailThreads === 0
      ? inThisThread()
      : onWorkerThreads(options.emailThreads, undefined, { log, limitMs: options.emailDrawingLimitMs }),
  );
  // Every live route, which Netlify spreads over three functions.
  const live = createLiveHandler({
    store: () => {
      if (build.live instanceof Error) throw build.live;
      return build.live;
    },
    answers: everyLiveAnswer(drawings),
    log,
    now: options.now,
    runtimeProblems: () => builtFilesProblems(),
    runtimeWarnings: () => drawings.warnings(),
  });

  const unreadable = unreadableFiles<LoadedBuild>();
  /** What is wrong with the built files being served, for the health answer. */
  function builtFilesProblems(): string[] {
    const notFound = build.files.entry(NOT_FOUND_PAGE);
    if (!notFound || !existsSync(build.files.locate(NOT_FOUND_PAGE, notFound)))
      return [`built files: the build being served (${build.dir}) is gone from the disk`];
    if (!existsSync(options.outDir)) return [`built files: there is no build at ${options.outDir}`];
    return unreadable.problems(build);
  }

  const site = createSiteHandler({
    targetOf: requestTarget,
    files: () => build.source,
    live,
    refuse: options.refuse,
    first: options.answerFirst,
    log,
  });

  function handle(request: NodeRequest, retried = false): void {
    const loaded = build;
    const answer = site(request);
    if (answer instanceof Promise)
      answer.then(
        (drawn) => write(request, drawn, loaded, retried),
        (error: unknown) => failed(request, error),
      );
    else write(request, answer, loaded, retried);
  }

  /** A fault past the site handler (while writing): a 500 if nothing has been sent yet. */
  function failed(request: NodeRequest, error: unknown): void {
    const answer = site.fault(request, error);
    if (request.res.headersSent) return void request.res.destroy();
    writeAnswer(request.req, request.res, answer);
  }

  /** Writes an answer; a built file gone from the disk is answered again from a newer build, or with a 503 that health reports. */
  function write(request: NodeRequest, answer: ServerAnswer, loaded: LoadedBuild, retried: boolean): void {
    const { req, res } = request;
    if (typeof answer.body !== "object" || !("kind" in answer.body) || answer.body.kind !== "file")
      return writeAnswer(req, res, answer);
    const file = answer.body;
    writeAnswer(req, res, answer, (reason) => {
      // The build may have been switched and its folder removed since this one was loaded: once, the
      // request is answered again from the build OUT_DIR names now.
      if (!retried && currentDir(options.outDir) !== build.dir && reload()) return handle(request, true);
      // Reported until the file itself is readable again (its twins are made by the next build).
      unreadable.note(file.name, { build: loaded, where: builtFileOf(file), reason });
      log(`built file unavailable: ${reason}; serving everything else (rebuild the site to restore it)`);
      writeAnswer(req, res, unavailableFile(isApiPath(file.name)));
    });
  }

  const server = http.createServer((req, res) => {
    if (options.takeFirst?.(req, res)) return;
    const request = new NodeRequest(req, res);
    try {
      handle(request);
    } catch (error) {
      failed(request, error);
    }
  });
  if (options.accessLog) logRequests(server, options.accessLog);
  const stop = drainable(server);

  // CONNECT never reaches the request handler (Node hands over the socket); answer it like any other
  // unsupported method.
  server.on("connect", (_req: http.IncomingMessage, socket: Duplex) =>
    socket.end(socketAnswer(methodAnswer("CONNECT", false)!)),
  );

  function reload(): boolean {
    try {
      build = loadBuild(options.outDir, true, log);
      log(`loaded the build: ${build.files.count} countdown(s), version ${(build.live as LiveStore).version}`);
      options.loaded?.(build.files.site);
      return true;
    } catch (error) {
      log(`kept the build being served; the one at ${options.outDir} could not be loaded: ${messageOf(error)}`);
      return false;
    }
  }

  let lastTried: string | undefined = build.dir;
  const stopWatching = options.watch
    ? watchSwitches(options.outDir, () => {
        const dir = currentDir(options.outDir);
        if (dir === undefined || dir === build.dir || dir === lastTried) return;
        lastTried = dir;
        reload();
      })
    : () => {};

  return {
    server,
    site: () => build.files.site,
    reload,
    emailStats: () => drawings.stats(),
    close: () => {
      stopWatching();
      // Each connection is closed as soon as its last answer is out, not after the keep-alive timeout;
      // then the drawing threads end.
      return stop().finally(() => drawings.close());
    },
  };
}
