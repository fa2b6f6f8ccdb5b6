// The countdown as the build and the live runtime see it once its file is checked, the limits of its
// fields, and a problem of a file as the author reads it.
import type { Schedule } from "../time/occurrence.ts";
import type { Status } from "../vocabulary.ts";
import type { UnitWords } from "../text/language-words.ts";
import type { DoneImage } from "./done-image.ts";

/** A published countdown, as the build and the live runtime see it. */
export interface Countdown {
  slug: string;
  title: string;
  /** The target instant in ms since the epoch: the first occurrence of a repeating countdown; NO_DATE_MS for an evergreen one. */
  targetMs: number;
  /** The target as `YYYY-MM-DDThh:mm:ssZ`; "" for an evergreen countdown. */
  targetDate: string;
  /**
   * An evergreen countdown's duration, in ms: each viewer counts it from a start of their own (a link's
   * `?start=`, their first visit; src/time/evergreen.ts). It has no date of its own.
   */
  evergreenMs?: number;
  /** An evergreen countdown's cap (its file's `until`): no viewer's deadline is later. */
  evergreenUntilMs?: number;
  /** When it happens: the target as a wall clock in `timezone`, the repeat rule and its end (src/time/occurrence.ts). */
  schedule: Schedule;
  /** The IANA zone the author wrote the target in (canonical spelling). */
  timezone: string;
  /** Shown by the widget once the target has passed: the author's, or the built-in one in `lang`. */
  doneMessage: string;
  /** The Markdown body, trimmed; may be empty. */
  description: string;
  /** The countdown's language, a canonical BCP 47 tag (`pt-BR`): its widget's labels, dates and messages. */
  lang: string;
  status: Status;
  /** The widget's defaults, valid options as a query string ("" when none). */
  widget: string;
  /** The widget's call to action (`widget: link:`), from the front matter only: an https link under the count. */
  link?: WidgetLink;
  /** The email image's defaults, valid options as a query string ("" when none). */
  email: string;
  /** The picture shown at zero in place of the zeros (`done_image`): its path as written, and once the build has read the file, the file (src/publish/done-images.ts). */
  doneImageFile?: string;
  doneImage?: DoneImage;
  /** Its own picture (`image`): its page's header, its link preview's and (`background=image`) its widget's background; as written, then read (src/publish/done-images.ts). */
  imageFile?: string;
  image?: DoneImage;
  /** The image's text alternative (`image_alt`); the title where it has none. */
  imageAlt?: string;
  /** Where `/go/<slug>` sends a visitor: `before` while it counts, `after` once it has ended (src/live/go.ts). */
  go?: GoLinks;
  /** Its own words for the units (`unit_words`), by unit and plural category (src/authoring/unit-words.ts). */
  unitWords?: UnitWords;
  /** Kept off the index, `/api/pages` and every list (a campaign's countdown); its own files and live answers are as any countdown's. */
  unlisted?: true;
}

/** The countdowns the site lists (the index, `/api/pages`): all but the unlisted ones. */
export const listed = <T extends Pick<Countdown, "unlisted">>(countdowns: readonly T[]): T[] =>
  countdowns.filter((countdown) => !countdown.unlisted);

/** An evergreen countdown's `targetMs`: after every date (the latest a Date can hold), so it sorts after every dated countdown; nothing shows it. */
export const NO_DATE_MS = 8.64e15;

/** A link the widget shows under the count, opened in the host page's window. */
export interface WidgetLink {
  text: string;
  /** An absolute https URL; left out where the countdown has `go`, whose `/go/<slug>` the link leads to. */
  url?: string;
}

/** A countdown's `go` addresses, absolute https URLs. */
export interface GoLinks {
  before: string;
  after: string;
}

/** The longest text of a widget's link: a button's words, not a sentence. */
export const LINK_TEXT_MAX = 40;

/** One thing wrong with one file, said so that an author can fix it. */
export interface Problem {
  file: string;
  field: string;
  message: string;
}

/**
 * A valid countdown with its warnings (said like problems, but they do not fail the build: a past
 * target, a time that happens twice, a setting with no effect), or the file's problems.
 */
export type ParseResult =
  | { countdown: Countdown; problems: []; warnings: Problem[] }
  | { countdown?: undefined; problems: Problem[]; warnings: [] };

export interface ParseOptions {
  /** The clock, in ms since the epoch: with it, a countdown that is already over is warned about. */
  now?: number;
  /** The language of a countdown that names none: the site's (`language` of the site file), else DEFAULT_LANG. */
  defaultLang?: string;
  /** How many lines YAML could not read were fixed already to look for more problems (see afterRepair). */
  repairs?: number;
}

export const DONE_MESSAGE_MAX = 200;
export const DEFAULT_TIMEZONE = "UTC";
export const DEFAULT_LANG = "en";

/**
 * Problems in the order a person fixes them: a line the file cannot be read at and the title first,
 * then the address (slug), then the rest as found (the file's own order).
 */
export const inFieldOrder = (problems: Problem[]) =>
  [...problems].sort((a, b) => fieldRank(a.field) - fieldRank(b.field));
const fieldRank = (field: string) => (field === "title" || field.startsWith("line ") ? 0 : field === "slug" ? 1 : 2);

/** One line per problem: `countdowns/launch.md: target: "..." is not ...`. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}: ${problem.field}: ${problem.message}`;
}

/** A warning's line, marked as one: `warning: countdowns/launch.md: target: ...`. */
export function formatWarning(warning: Problem): string {
  return `warning: ${formatProblem(warning)}`;
}
