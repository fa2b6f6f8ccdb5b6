// The email image's look: the countdown as the image needs it, the themes' colours and inks, the date
// line, and what a frame shows. The layout (src/images/email-layout.ts) and the frames
// (src/images/email-image.ts) share it; the notices (src/images/notice-image.ts) take its colours.
import { WARN_COLOURS, readableOn, rgbOf } from "../colour/colour.ts";
import { dateWords } from "../text/dates.ts";
import type { EmailOptions } from "./email-options.ts";
import type { Indexed, Rgb, TextRun } from "./raster.ts";
import type { PublishedRecord } from "../published-record.ts";
import type { Status } from "../vocabulary.ts";

/**
 * A countdown as its email image needs it: its published record's fields (src/published-record.ts),
 * the language and the zone filled in with their defaults, its status with "scheduled" where the
 * record leaves it out, and what the caller works out from the record (the schedule, the words).
 */
export interface EmailCountdown
  extends Pick<PublishedRecord, "title" | "unitWords">, Required<Pick<PublishedRecord, "lang" | "zone">> {
  status: Status;
  /** What it counts to at an instant (a repeating countdown: the next occurrence), and whether it is over. */
  targetAt(nowMs: number): { targetMs: number; over: boolean };
  /** The headline from the target on: the done message, in the countdown's language. */
  done: string;
  /** The headline of a postponed or cancelled countdown, in its language ("Postponed"). */
  statusWords: string;
  /** Its span in seconds, where it has one (an evergreen countdown's duration): what a full ring of days holds (src/time/shape-rules.ts). */
  spanSeconds?: number;
}

/** Colours of the themes: background, text, secondary text, accent (as the widget's), and the warning colour (`warn`, WARN_COLOURS). */
const THEMES: Record<EmailOptions["theme"], { bg: Rgb; text: Rgb; muted: Rgb; accent: Rgb; warn: Rgb }> = {
  light: {
    bg: [255, 255, 255],
    text: [26, 32, 48],
    muted: [89, 98, 117],
    accent: [36, 73, 216],
    warn: rgbOf(WARN_COLOURS.light)!,
  },
  dark: {
    bg: [19, 23, 34],
    text: [238, 241, 247],
    muted: [169, 178, 198],
    accent: [140, 174, 255],
    warn: rgbOf(WARN_COLOURS.dark)!,
  },
};
/** The inks; `warn` only in the palette of an image with the option `warn`. */
export const INK = { text: 0, muted: 1, accent: 2, warn: 3 } as const;

/** The colours of the options: the theme's, then the custom ones, each replaced by black or white when it reads too little (WCAG AA, 4.5:1). */
export function colorsOf(options: EmailOptions): { bg: Rgb; inks: Rgb[] } {
  const theme = THEMES[options.theme];
  const bg = (options.bg && rgbOf(options.bg)) || theme.bg;
  const readable = (colour: Rgb) => readableOn(colour, bg) as Rgb;
  const text = readable((options.color && rgbOf(options.color)) || theme.text);
  const muted = readable(options.color ? text : theme.muted);
  const accent = readable((options.accent && rgbOf(options.accent)) || theme.accent);
  return { bg, inks: [text, muted, accent, ...(options.warn ? [readable(theme.warn)] : [])] };
}

/** The date line: the target in the author's zone and the language, as every surface says it (src/text/dates.ts). */
export function dateLine(targetMs: number, zone: string, lang: string): string {
  try {
    return dateWords(targetMs, zone, lang);
  } catch {
    return dateWords(targetMs, zone, "en");
  }
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a frame shows: the time left (four numbers), or a headline (done, postponed, cancelled). */
export type Moment = { units: number[] } | { headline: string };

// ---- The count's layout --------------------------------------------------------------------------

/** A text of the image and the room it has: its ink must stay inside it, and off every other text's. */
export interface Placed {
  run: TextRun;
  lang: string;
  room: Rect;
  /** A shape's ink (the digital layout's digits), where it is not the run's text drawn: `run.text` names it. */
  ink?: Rect;
}

/** Where the count goes: the image's width, its padding and the width inside it, and the count's top, at `s` pixels per CSS pixel. */
export interface CountArea {
  s: number;
  width: number;
  pad: number;
  inner: number;
  top: number;
}

export interface CountLayout {
  /** How high the count is. */
  height: number;
  /** Its texts (the first moment's), where they go. */
  placed: Placed[];
  /** Draws a moment's count onto the image, and gives the rectangle it may have changed. */
  draw(image: Indexed, moment: Moment): Rect;
}

export const NOTHING: Rect = { x: 0, y: 0, width: 0, height: 0 };

export function union(rects: Rect[]): Rect {
  if (rects.length === 0) return NOTHING;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return {
    x,
    y,
    width: Math.max(...rects.map((r) => r.x + r.width)) - x,
    height: Math.max(...rects.map((r) => r.y + r.height)) - y,
  };
}
