// `/api/email/<slug>.gif` and `.png`: the countdown as an image for email, drawn from the second it
// is asked for (src/images/email-image.ts draws it). One drawing per (build, slug, options, second,
// and an evergreen countdown's deadline): requests for the same one share it while it is drawn and
// for the rest of its second. Drawings are made by a painter (src/live/email-painters.ts): on the
// Node server's worker threads, side by side, one per core; in a Netlify function, in its own thread,
// one at a time, each in a turn of the event loop of its own. A request waiting for its turn holds no
// more than its socket, and each drawing is bounded (at most 2400 pixels wide and 60 frames). When
// BUSY_WAITING_PER_THREAD distinct drawings per thread already wait, a new one is its first frame
// alone (what Outlook shows anyway), a third of the work or less: a flood of distinct requests costs a
// third as much, and requests for drawings in hand wait for none.
import { errorAnswer, quote, type Answer } from "../http/kernel.ts";
import { NO_STORE, UNTIL_DEPLOY_CDN_CACHE, type HeaderSet } from "../http/policy.ts";
import { EMAIL_OPTION_NAMES, resolveEmailOptions, type EmailOptions } from "../images/email-options.ts";
import { noticeImage } from "../images/email-image.ts";
import { emailImagePath } from "../paths.ts";
import { forViewer, varyOnStart } from "./countdown.ts";
import { inThisThread, type EmailJob, type Painter } from "./email-drawing.ts";
import { slugIn, type LiveRequest, type RouteAnswer, type RouteAnswers } from "./route.ts";

const PREFIX = emailImagePath("", "gif").slice(0, -".gif".length);
const TYPES = { gif: "image/gif", png: "image/png" } as const;
type Format = keyof typeof TYPES;

/** Drawings kept once drawn, newest last: at most KEPT_ENTRIES of them and KEPT_BYTES in all. */
export const KEPT_ENTRIES = 256;
export const KEPT_BYTES = 32 * 1024 * 1024;
/**
 * Distinct drawings waiting per drawing thread beyond which a new one is drawn as its first frame
 * alone: 64 drawings of the default look take about 1.2 s on one thread here (BENCHMARKS.md), so a
 * drawing asked for at the threshold is still answered within 2 s.
 */
export const BUSY_WAITING_PER_THREAD = 64;

/** The options in force as a key: every one, in a fixed order, so that two spellings of one query share a drawing. */
const optionsKey = (options: EmailOptions) => EMAIL_OPTION_NAMES.map((name) => options[name] ?? "").join(",");

export interface EmailDrawings {
  /** The drawing of `key`: kept, shared with a request for the same one, or made from `job` by the painter. */
  draw(key: string, job: EmailJob): Promise<Uint8Array<ArrayBuffer>>;
  /** Whether the drawing of `key` is kept or being drawn. */
  has(key: string): boolean;
  /** Whether so many distinct drawings wait that a new one should be its first frame alone. */
  busy(): boolean;
  /** Drawings made since the start, and what is kept now. */
  stats(): { drawn: number; kept: number; keptBytes: number; waiting: number };
  /** Ends the painter's threads (the Node server, when it closes). */
  close(): Promise<void>;
}

/** Drawings shared while drawn, and kept within `limits` once drawn (the oldest dropped first), made by `painter`. */
export function emailDrawings(limits = { entries: KEPT_ENTRIES, bytes: KEPT_BYTES }, painter: Painter = inThisThread()): EmailDrawings {
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();
  const inFlight = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  let keptBytes = 0;
  let drawn = 0;
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
  return {
    draw(key, job) {
      const done = kept.get(key);
      if (done) return Promise.resolve(done);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const drawing = painter.paint(job).then((bytes) => {
        drawn++;
        keep(key, bytes);
        return bytes;
      });
      inFlight.set(key, drawing);
      const settled = () => inFlight.delete(key);
      drawing.then(settled, settled);
      return drawing;
    },
    has: (key) => kept.has(key) || inFlight.has(key),
    busy: () => inFlight.size >= BUSY_WAITING_PER_THREAD * painter.threads,
    stats: () => ({ drawn, kept: kept.size, keptBytes, waiting: inFlight.size }),
    close: () => painter.close(),
  };
}

const SECOND = 1000;
/** A start's redirect to its Unix seconds: the same for as long as the countdown's zone is (until a deploy). */
const REDIRECT_CACHE = "public, max-age=300";

/** A redirect's headers: the route's, kept until the next deploy by the CDN and five minutes by others, without the image's no-cache ones. */
function redirectHeaders(headers: HeaderSet): HeaderSet {
  const { Pragma: _, Expires: __, ...kept } = headers;
  return { ...kept, "Cache-Control": REDIRECT_CACHE, "Netlify-CDN-Cache-Control": UNTIL_DEPLOY_CDN_CACHE };
}

/** The query with its `start` written as Unix seconds, in its place; undefined when it is written so already. */
function canonicalStart(query: string, startMs: number): string | undefined {
  const seconds = String(startMs / SECOND);
  const params = new URLSearchParams(query);
  if (params.getAll("start").length === 1 && params.get("start") === seconds) return undefined;
  const kept = [...params].filter(([name]) => name !== "start");
  return new URLSearchParams([...kept, ["start", seconds]]).toString();
}

/** The email image route over a set of drawings (one per process: the Node server, a function instance). */
export function emailAnswers(drawings: EmailDrawings = emailDrawings()): RouteAnswers {
  const email: RouteAnswer = async ({ route, pathname, query, store, nowMs }: LiveRequest): Promise<Answer> => {
    const format: Format | undefined = pathname.endsWith(".gif") ? "gif" : pathname.endsWith(".png") ? "png" : undefined;
    const slug = format && slugIn(pathname, PREFIX, `.${format}`);
    if (!format || slug === undefined || slug === "") {
      return errorAnswer(404, "not_found", `Nothing is published at ${quote(pathname)}: a countdown's email image is at ${emailImagePath("<slug>", "gif")} (animated) or ${emailImagePath("<slug>", "png")} (still).`);
    }
    let headers: HeaderSet = { ...route.headers, "Content-Type": TYPES[format] };
    const entry = store.get(slug);
    if (!entry) {
      // An image that says so: an <img> shows no JSON.
      return { status: 404, headers: { ...headers, "Cache-Control": NO_STORE }, body: noticeImage("notFound", format, resolveEmailOptions("", query).density) };
    }
    // An evergreen countdown's image is drawn for the query's start: a start written in another form
    // than Unix seconds is redirected to that form first, so that the CDN and the drawings here key on
    // the deadline (one drawing for every way of writing the same start).
    const viewer = forViewer(entry, query, nowMs);
    if (entry.evergreenMs) headers = varyOnStart(headers);
    if ("problem" in viewer) {
      return { status: 400, headers: { ...headers, "Cache-Control": NO_STORE }, body: noticeImage(viewer.problem, format, resolveEmailOptions("", query).density) };
    }
    if (viewer.startMs !== undefined) {
      const canonical = canonicalStart(query, viewer.startMs);
      // (A relative location: the same file, wherever the site is served from.)
      if (canonical !== undefined) return { status: 308, headers: { ...redirectHeaders(varyOnStart(route.headers)), Location: `${pathname.slice(pathname.lastIndexOf("/") + 1)}?${canonical}` } };
    }
    const options = resolveEmailOptions(entry.email ?? "", query);
    // A still is one frame whatever `frames` says.
    if (format === "png") options.frames = 1;
    const second = Math.floor(nowMs / SECOND) * SECOND;
    const keyOf = () => `${store.version}\0${entry.slug}\0${format}\0${optionsKey(options)}\0${second}\0${viewer.targetMs}`;
    let key = keyOf();
    if (!drawings.has(key) && drawings.busy()) {
      options.frames = 1;
      key = keyOf();
    }
    const drawing = drawings.draw(key, { entry: viewer, format, options, second });
    return { status: 200, headers, body: await drawing };
  };
  // Live data that cannot be read: an image that says so, with the 503 and when to try again.
  email.unavailable = ({ route, pathname, query }) => {
    const format = pathname.endsWith(".png") ? "png" : "gif";
    return {
      status: 503,
      headers: { ...route.headers, "Content-Type": TYPES[format], "Cache-Control": NO_STORE, "Retry-After": "10" },
      body: noticeImage("unavailable", format, resolveEmailOptions("", query).density),
    };
  };
  return { email };
}

/** The images of the service: what netlify/functions/images.ts answers with the preview image. */
export const EMAIL_ANSWERS: RouteAnswers = emailAnswers();
