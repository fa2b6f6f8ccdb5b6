// One email image drawn from data alone: the countdown as the live data holds it (an evergreen one
// dated for its recipient), the options and the second. The Node server's worker threads draw from
// this message (src/node/email-worker.ts), the Netlify function and the tests in their own thread:
// the same bytes either way. Where they are drawn is a painter's choice: in this thread (here), or on
// the Node server's worker threads (src/node/email-painters.ts).
import type { EmailOptions } from "../images/email-options.ts";
import { emailImageTexts, renderDoneImage, renderEmailGif, renderEmailPng } from "../images/email-image.ts";
import type { DoneBitmap } from "../images/done-frame.ts";
import type { SiteFontBytes } from "./site-font-bytes.ts";
import { dateLine, type EmailCountdown } from "../images/email-look.ts";
import { unitWordsDrawn } from "../images/email-faces.ts";
import { messagesFor } from "../text/messages.ts";
import { useSiteFont } from "../images/fonts.ts";
import { currentTarget } from "./viewer-target.ts";
import type { LiveEntry, LiveStore } from "./live-store.ts";
import { doneBitmapFile } from "../paths.ts";
import { SECOND } from "../time/units.ts";

/** What one drawing needs; a plain object, so a worker thread can be sent it. */
export interface EmailJob {
  entry: LiveEntry;
  format: "gif" | "png";
  options: EmailOptions;
  /** The second it is drawn from, in ms since the epoch. */
  second: number;
  /** Ended, with a done image: its bitmap, drawn in place of the count. */
  doneImage?: DoneBitmap;
  /** The site's font (`siteFontOf`), drawn with before the bundled fonts. */
  font?: SiteFontBytes;
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
    ...(entry.evergreenMs ? { spanSeconds: entry.evergreenMs / SECOND } : {}),
  };
}

/**
 * What an ended countdown with a done image adds to its drawing at `second`: the picture's bitmap,
 * read from the live data (src/images/done-frame.ts); nothing while it counts, or for a status.
 */
export function doneImageAt(store: LiveStore, entry: LiveEntry, second: number): { doneImage?: DoneBitmap } {
  const [file] = doneImageFiles(entry, second);
  return file ? { doneImage: store.file(file) as DoneBitmap } : {};
}

/** The live data's file `doneImageAt` reads, where it reads one. */
export function doneImageFiles(entry: LiveEntry, second: number): string[] {
  if (!entry.doneImage || entry.status || !currentTarget(entry, second + SECOND - 1).over) return [];
  return [doneBitmapFile(entry.doneImage)];
}

/**
 * Every text the image of `entry` may draw with `options` at `second`, or a part of one: its title
 * and words, its date line and the units' words in the image's language, the options' own (a
 * separator). What a runtime that fetches the fonts before it draws (a Worker) fetches them for.
 */
export function textsDrawn(entry: LiveEntry, options: EmailOptions, second: number): string[] {
  const countdown = emailCountdown(entry);
  const lang = options.lang ?? countdown.lang;
  return [
    countdown.title,
    countdown.done,
    countdown.statusWords,
    dateLine(currentTarget(entry, second).targetMs, countdown.zone, lang),
    unitWordsDrawn(lang, lang === countdown.lang ? countdown.unitWords : undefined),
    JSON.stringify(options),
  ];
}

/** The image's bytes. */
export function drawEmail({ entry, format, options, second, doneImage, font }: EmailJob): Uint8Array<ArrayBuffer> {
  useSiteFont(font);
  return doneImage
    ? renderDoneImage(emailCountdown(entry), options, second, doneImage, format)
    : (format === "gif" ? renderEmailGif : renderEmailPng)(emailCountdown(entry), options, second).bytes;
}

/** Every text of the image and where it is (src/images/email-image.ts): what the layout property checks. */
export function emailTexts({ entry, options, second, font }: Omit<EmailJob, "format">) {
  useSiteFont(font);
  return emailImageTexts(emailCountdown(entry), options, second);
}

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
