// One email image drawn from data alone: the countdown as the live data holds it (an evergreen one
// dated for its recipient), the options and the second. The Node server's worker threads draw from
// this message (src/node/email-worker.ts), the Netlify function and the tests in their own thread:
// the same bytes either way. Where they are drawn is a painter's choice: in this thread (here), or on
// the Node server's worker threads (src/node/email-painters.ts).
import type { EmailOptions } from "../images/email-options.ts";
import { emailImageTexts, renderEmailGif, renderEmailPng } from "../images/email-image.ts";
import type { EmailCountdown } from "../images/email-look.ts";
import { messagesFor } from "../text/messages.ts";
import { currentTarget } from "./countdown.ts";
import type { LiveEntry } from "./live-store.ts";

/** What one drawing needs; a plain object, so a worker thread can be sent it. */
export interface EmailJob {
  entry: LiveEntry;
  format: "gif" | "png";
  options: EmailOptions;
  /** The second it is drawn from, in ms since the epoch. */
  second: number;
}

/** The countdown as the drawing needs it, in its own language. */
function emailCountdown(entry: LiveEntry): EmailCountdown {
  const lang = entry.lang ?? "en";
  const messages = messagesFor(lang);
  return {
    title: entry.title,
    lang,
    zone: entry.zone ?? "UTC",
    status: entry.status ?? "scheduled",
    targetAt: (nowMs) => currentTarget(entry, nowMs),
    done: entry.done ?? messages.done,
    statusWords: entry.status ? messages[entry.status] : "",
    ...(entry.unitWords ? { unitWords: entry.unitWords } : {}),
  };
}

/** The image's bytes. */
export const drawEmail = ({ entry, format, options, second }: EmailJob): Uint8Array<ArrayBuffer> =>
  (format === "gif" ? renderEmailGif : renderEmailPng)(emailCountdown(entry), options, second).bytes;

/** Every text of the image and where it is (src/images/email-image.ts): what the layout property checks. */
export const emailTexts = ({ entry, options, second }: Omit<EmailJob, "format">) =>
  emailImageTexts(emailCountdown(entry), options, second);

export interface Painter {
  /** How many drawings run at once. */
  threads: number;
  /** Draws at once: the caller (src/live/email.ts) asks for at most `threads` drawings at a time. */
  paint(job: EmailJob): Promise<Uint8Array<ArrayBuffer>>;
  /** What is wrong with where it draws (threads that could not start), for the health answer; [] when nothing is. */
  warnings(): string[];
  /** Ends the worker threads, if any; drawings still asked for fail. */
  close(): Promise<void>;
}

/** In this thread, one drawing at a time, each in a macrotask of its own, in the order asked. */
export function inThisThread(): Painter {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    threads: 1,
    paint(job) {
      const drawing = queue.then(
        () =>
          new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
            setImmediate(() => {
              try {
                resolve(drawEmail(job));
              } catch (error) {
                reject(error);
              }
            }),
          ),
      );
      queue = drawing.catch(() => undefined);
      return drawing;
    },
    warnings: () => [],
    close: async () => {},
  };
}
