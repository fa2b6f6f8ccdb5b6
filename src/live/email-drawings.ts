// What waits to be drawn, bounded (docs/email.md, SECURITY.md): the email images' drawings, one per
// key (a build, a slug, the options, a second, an evergreen countdown's deadline), shared by every
// request for it while it is drawn and kept after; what waits is bounded in work, in time and by its
// requests, so no flood of requests can stall the drawings for long. The painter draws
// (src/live/email-drawing.ts): on the Node server's worker threads, or in this thread.
import { EMAIL_RANGES } from "../images/email-options.ts";
import { inThisThread, type EmailJob, type Painter } from "./email-drawing.ts";
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
export class DrawingRefused extends Error {
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
            counts.failed++;
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
