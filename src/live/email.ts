// `/api/email/<slug>.gif` and `.png`: the countdown as an image for email, drawn from the second it
// is asked for (src/images/email-image.ts draws it). One drawing per (build, slug, options, second,
// and an evergreen countdown's deadline): requests for the same one share it while it is drawn and
// for the rest of its second. Drawings are made by a painter (src/node/email-painters.ts): on the
// Node server's worker threads, one per core; in a Netlify function or a Worker, in its own thread.
// Whatever the runtime, what waits to be drawn is bounded here (docs/email.md, SECURITY.md): in work,
// in time, and by its requests, so no flood of requests can stall the drawings for long.
import { errorAnswer, quote, type Answer, type Query } from "../http/kernel.ts";
import { NO_STORE, UNTIL_DEPLOY_CDN_CACHE, type HeaderSet } from "../http/policy.ts";
import {
  EMAIL_OPTION_NAMES,
  EMAIL_RANGES,
  isValidEmailOption,
  resolveEmailOptions,
  type EmailOptions,
} from "../images/email-options.ts";
import { noticeImage } from "../images/notice-image.ts";
import type { Notice } from "../text/messages.ts";
import { emailImagePath } from "../paths.ts";
import { accentColours } from "../text/colour.ts";
import { forViewer, varyOnStart } from "./viewer-target.ts";
import { doneImageAt, inThisThread, siteFontOf, type EmailJob, type Painter } from "./email-drawing.ts";
import { slugIn, type LiveRequest, type RouteAnswer, type RouteAnswers } from "./route.ts";
import { SECOND } from "../time/units.ts";
import { FileNotLoaded } from "../file-not-loaded.ts";

const PREFIX = emailImagePath("", "gif").slice(0, -".gif".length);
const TYPES = { gif: "image/gif", png: "image/png" } as const;
type Format = keyof typeof TYPES;

/** Drawings kept once drawn, newest last: at most KEPT_ENTRIES of them and KEPT_BYTES in all. */
const KEPT_ENTRIES = 256;
const KEPT_BYTES = 32 * 1024 * 1024;

/** The work of a drawing, in drawings of the default look (600 px, density 1): its pixels, which its time follows. */
export const workOf = ({ options }: Pick<EmailJob, "options">) =>
  ((options.width * options.density) / EMAIL_RANGES.width.default) ** 2;
/**
 * Work waiting per drawing thread from which a new drawing takes the busy look (one frame, at most
 * 600 px, density 1): 64 default drawings, about a second on one thread (BENCHMARKS.md).
 */
export const BUSY_WORK_PER_THREAD = 64;
/** Work waiting per drawing thread past which a new drawing is refused at once (503 and a small image that says so). */
export const MOST_WORK_PER_THREAD = 128;
/** A drawing that has waited this long without starting is given up: its requests get the busy answer. */
const MOST_WAIT_MS = 10_000;

/** Why a drawing is not made: too much waits already, or it waited too long ("busy"); every request for it has gone ("abandoned"). */
class DrawingRefused extends Error {
  override name = "DrawingRefused";
  constructor(readonly reason: "busy" | "abandoned") {
    super(reason === "busy" ? "the email drawings are busy" : "every request for the drawing has gone");
  }
}

/** What the drawings have done since the start, and what they hold now. */
export interface DrawingStats {
  drawn: number;
  kept: number;
  keptBytes: number;
  /** Distinct drawings waiting for a thread, and their work; those being drawn now. */
  waiting: number;
  waitingWork: number;
  drawing: number;
  /**
   * Refused as busy (too much waiting, or waited too long), and not drawn because every request had
   * gone before the drawing started (a request whose client had gone before it asked counts too).
   */
  refused: number;
  abandoned: number;
  /** Started but not drawn: the painter failed it (a thread that ended, or had not answered in its time). */
  failed: number;
}

export interface EmailDrawings {
  /**
   * The drawing of `key`: kept, shared with the requests for the same one, or made from `job` by the
   * painter when a thread is free. Rejects with DrawingRefused when too much waits already, when it
   * waited MOST_WAIT_MS, or when every request for it has gone (each request's `signal`) before it started.
   */
  draw(key: string, job: EmailJob, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>>;
  /** Whether the drawing of `key` is kept or being drawn. */
  has(key: string): boolean;
  /** Whether so much waits that a new drawing should take the busy look. */
  busy(): boolean;
  stats(): DrawingStats;
  /** What is wrong with the painter (its threads could not start), for the health answer; [] when nothing is. */
  warnings(): string[];
  /** Ends the painter's threads (the Node server, when it closes). */
  close(): Promise<void>;
}

/** A drawing not started yet, and the requests it has. */
interface Waiting {
  job: EmailJob;
  work: number;
  /** Requests that can leave (with a signal) still waiting for it; `held`: one that cannot leave waits. */
  requests: number;
  held: boolean;
  /** Refuses it once it has waited `mostWaitMs`; none when that is Infinity. */
  timer?: ReturnType<typeof setTimeout>;
  resolve: (bytes: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
}

/** A timer that does not keep the process alive (Node's; a Worker's timers have no unref); none for Infinity (setTimeout would run it at once). */
function timeout(run: () => void, ms: number): ReturnType<typeof setTimeout> | undefined {
  if (ms === Infinity) return undefined;
  const timer = setTimeout(run, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/**
 * Drawings shared while drawn, and kept within `limits` once drawn (the oldest dropped first), made
 * by `painter` at most as many at once as it has threads, the others waiting in the order asked, each
 * for `mostWaitMs` at most (Infinity: as long as it takes).
 * Over 80 lines: the queue, the drawings in hand and the counts are shared by draw and its timers.
 */
export function emailDrawings(
  limits = { entries: KEPT_ENTRIES, bytes: KEPT_BYTES },
  painter: Painter = inThisThread(),
  mostWaitMs = MOST_WAIT_MS,
): EmailDrawings {
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();
  const inHand = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  const waiting = new Map<string, Waiting>();
  let waitingWork = 0;
  let drawing = 0;
  const counts = { drawn: 0, refused: 0, abandoned: 0, failed: 0 };
  let keptBytes = 0;
  const keep = (key: string, bytes: Uint8Array<ArrayBuffer>) => {
    if (bytes.length > limits.bytes) return;
    kept.set(key, bytes);
    keptBytes += bytes.length;
    for (const [oldest, old] of kept) {
      if (kept.size <= limits.entries && keptBytes <= limits.bytes) break;
      kept.delete(oldest);
      keptBytes -= old.length;
    }
  };
  /** Takes a drawing out of the queue, to be drawn or dropped. */
  const leave = (key: string, entry: Waiting) => {
    waiting.delete(key);
    // (Summed in floating point: an empty queue is no work, exactly.)
    waitingWork = waiting.size === 0 ? 0 : waitingWork - entry.work;
    clearTimeout(entry.timer);
  };
  /** Drops a drawing from the queue, unstarted: its requests get `why`. */
  const drop = (key: string, entry: Waiting, why: DrawingRefused) => {
    leave(key, entry);
    counts[why.reason === "busy" ? "refused" : "abandoned"]++;
    entry.reject(why);
  };
  /** Starts the drawings that wait, oldest first, while the painter has a thread free. */
  const start = () => {
    for (const [key, entry] of waiting) {
      if (drawing >= painter.threads) return;
      leave(key, entry);
      drawing++;
      painter
        .paint(entry.job)
        .then(
          (bytes) => {
            counts.drawn++;
            keep(key, bytes);
            entry.resolve(bytes);
          },
          (error: Error) => {
            if (!(error instanceof FileNotLoaded)) counts.failed++; // (a Worker's: fetched, then made again)
            entry.reject(error);
          },
        )
        .finally(() => {
          drawing--;
          start();
        });
    }
  };
  /** A request waits for a drawing not started yet: when every request that can leave has, and none that cannot waits, it is dropped. */
  const join = (key: string, signal: AbortSignal | undefined) => {
    const entry = waiting.get(key);
    if (!entry) return;
    if (!signal) entry.held = true;
    else if (!signal.aborted) {
      entry.requests++;
      signal.addEventListener(
        "abort",
        () => {
          entry.requests--;
          if (entry.requests === 0 && !entry.held && waiting.get(key) === entry)
            drop(key, entry, new DrawingRefused("abandoned"));
        },
        { once: true },
      );
    }
  };
  return {
    draw(key, job, signal) {
      const done = kept.get(key);
      if (done) return Promise.resolve(done);
      const pending = inHand.get(key);
      if (pending) {
        join(key, signal);
        return pending;
      }
      if (signal?.aborted) {
        counts.abandoned++;
        return Promise.reject(new DrawingRefused("abandoned"));
      }
      const work = workOf(job);
      if (waitingWork + work > MOST_WORK_PER_THREAD * painter.threads) {
        counts.refused++;
        return Promise.reject(new DrawingRefused("busy"));
      }
      const made = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        const entry: Waiting = {
          job,
          work,
          requests: 0,
          held: false,
          resolve,
          reject,
          timer: timeout(() => waiting.get(key) === entry && drop(key, entry, new DrawingRefused("busy")), mostWaitMs),
        };
        waiting.set(key, entry);
        waitingWork += work;
      });
      inHand.set(key, made);
      const settled = () => inHand.delete(key);
      made.then(settled, settled);
      join(key, signal);
      start();
      return made;
    },
    has: (key) => kept.has(key) || inHand.has(key),
    busy: () => waitingWork >= BUSY_WORK_PER_THREAD * painter.threads,
    stats: () => ({ ...counts, kept: kept.size, keptBytes, waiting: waiting.size, waitingWork, drawing }),
    warnings: () => painter.warnings(),
    close: () => {
      for (const [key, entry] of waiting) drop(key, entry, new DrawingRefused("busy"));
      return painter.close();
    },
  };
}

/** The options in force as a key: every one, in a fixed order, so that two spellings of one query share a drawing. */
const optionsKey = (options: EmailOptions) => EMAIL_OPTION_NAMES.map((name) => options[name] ?? "").join(",");

/** The busy look: what a drawing becomes while much waits (one frame, at most 600 px, density 1: one unit of work or less). */
function busyLook(options: EmailOptions): void {
  options.frames = 1;
  options.width = Math.min(options.width, EMAIL_RANGES.width.default);
  options.density = 1;
}

/** A start's redirect to its Unix seconds: the same for as long as the countdown's zone is (until a deploy). */
const REDIRECT_CACHE = "public, max-age=300";
/** How long a client is asked to wait before it asks again for a drawing refused as busy. */
const BUSY_RETRY_SECONDS = "5";

/** A redirect's headers: the route's, kept until the next deploy by the CDN and five minutes by others, without the image's no-cache ones. */
function redirectHeaders(headers: HeaderSet): HeaderSet {
  const { Pragma: _, Expires: __, ...kept } = headers;
  return { ...kept, "Cache-Control": REDIRECT_CACHE, "Netlify-CDN-Cache-Control": UNTIL_DEPLOY_CDN_CACHE };
}

/**
 * Where a start not written as Unix seconds is sent: the same image with the request's valid options
 * (each once, in a fixed order) and the start as Unix seconds, nothing else, so the redirect is short
 * and the CDN, which keys it on the options and `start` only, keeps one for every request that
 * echoes the same; undefined when the start is written so already.
 */
function canonicalQuery(params: Query, startMs: number): string | undefined {
  const seconds = String(startMs / SECOND);
  if (params.get("start") === seconds) return undefined;
  const kept = new URLSearchParams();
  for (const name of EMAIL_OPTION_NAMES) {
    const value = params.get(name);
    if (value !== undefined && isValidEmailOption(name, value)) kept.set(name, value);
  }
  kept.set("start", seconds);
  return kept.toString();
}

const formatOf = (pathname: string): Format | undefined =>
  pathname.endsWith(".gif") ? "gif" : pathname.endsWith(".png") ? "png" : undefined;

/**
 * An answer that is a small image saying `notice` (an `<img>` shows no JSON), never kept, in `lang`
 * (the countdown's, or the site's where there is none) at the link's density.
 */
function noticeAnswer(
  status: number,
  headers: HeaderSet,
  notice: Notice,
  format: Format,
  lang: string,
  params?: Query,
  retryAfter?: string,
): Answer {
  const density = params?.get("density") === "2" ? 2 : 1;
  const image = noticeImage(notice, format, { density, lang });
  return {
    status,
    headers: {
      ...headers,
      "Content-Type": TYPES[format],
      "Cache-Control": NO_STORE,
      ...(retryAfter ? { "Retry-After": retryAfter } : {}),
    },
    body: image,
  };
}

/** The email image route over a set of drawings (one per process: the Node server, a function instance). */
export function emailAnswers(drawings: EmailDrawings = emailDrawings()): RouteAnswers {
  const email: RouteAnswer = async ({
    route,
    pathname,
    params,
    signal,
    store,
    nowMs,
  }: LiveRequest): Promise<Answer> => {
    const format = formatOf(pathname);
    const slug = format && slugIn(pathname, PREFIX, `.${format}`);
    if (!format || slug === undefined || slug === "") {
      return errorAnswer(
        404,
        "not_found",
        `Nothing is published at ${quote(pathname)}: a countdown's email image is at ${emailImagePath("<slug>", "gif")} (animated) or ${emailImagePath("<slug>", "png")} (still).`,
      );
    }
    let headers: HeaderSet = { ...route.headers, "Content-Type": TYPES[format] };
    const entry = store.get(slug);
    if (!entry) return noticeAnswer(404, headers, "notFound", format, store.siteLanguage, params);
    // An evergreen countdown's image is drawn for the query's start: a start written in another form
    // than Unix seconds is redirected to that form first, so that the CDN and the drawings here key on
    // the deadline (one drawing for every way of writing the same start).
    const viewer = forViewer(entry, params, nowMs);
    if (entry.evergreenMs) headers = varyOnStart(headers);
    if ("problem" in viewer) return noticeAnswer(400, headers, viewer.problem, format, entry.lang ?? "en", params);
    if (viewer.startMs !== undefined) {
      const canonical = canonicalQuery(params, viewer.startMs);
      // (A relative location: the same file, wherever the site is served from.)
      if (canonical !== undefined)
        return {
          status: 308,
          headers: {
            ...redirectHeaders(varyOnStart(route.headers)),
            Location: `${pathname.slice(pathname.lastIndexOf("/") + 1)}?${canonical}`,
          },
        };
    }
    const options = resolveEmailOptions(entry.email ?? "", params);
    // Without an accent of the link's or the countdown's, the site's (as it reads on the theme's background).
    options.accent ??= accentColours(store.siteAccent)[options.theme].slice(1);
    // A still is one frame whatever `frames` says.
    if (format === "png") options.frames = 1;
    const second = Math.floor(nowMs / SECOND) * SECOND;
    const keyOf = () =>
      `${store.version}\0${entry.slug}\0${format}\0${optionsKey(options)}\0${second}\0${viewer.targetMs}`;
    let key = keyOf();
    if (!drawings.has(key) && drawings.busy()) {
      busyLook(options);
      key = keyOf();
    }
    try {
      return {
        status: 200,
        headers,
        body: await drawings.draw(
          key,
          { entry: viewer, format, options, second, ...doneImageAt(store, viewer, second), ...siteFontOf(store) },
          signal,
        ),
      };
    } catch (error) {
      if (!(error instanceof DrawingRefused)) throw error;
      return noticeAnswer(503, headers, "busy", format, entry.lang ?? "en", params, BUSY_RETRY_SECONDS);
    }
  };
  // Live data that cannot be read, or a query that is not read: an image that says so, with the status.
  email.refusal = ({ route, pathname, params, store }, problem) =>
    noticeAnswer(
      problem.status,
      route.headers,
      problem.status === 503 ? "unavailable" : "badLink",
      formatOf(pathname) ?? "gif",
      store?.siteLanguage ?? "en",
      params,
      problem.status === 503 ? "10" : undefined,
    );
  return { email };
}

/** The images of the service: what netlify/functions/images.ts answers with the preview image. */
export const EMAIL_ANSWERS: RouteAnswers = emailAnswers();
