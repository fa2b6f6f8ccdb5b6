// The front matter's fields (what the checks below and the JSON Schema for editors are made from),
// and the checks every field shares: a slug, a required text, one of a few words, a value as a
// message quotes it.
import { PAGES_PATH, RESERVED_SLUGS, emailImagePath, embedPath } from "../paths.ts";
import { messagesFor } from "../text/messages.ts";
import { EMAIL_OPTION_NAMES } from "../images/email-options.ts";
import { OPTION_NAMES } from "../widget/options.ts";
import { DEFAULT_LANG, DEFAULT_TIMEZONE, DONE_MESSAGE_MAX } from "./countdown.ts";
import { SLUG_MAX, SLUG_PATTERN, TITLE_MAX } from "../published-record.ts";
import { EXCEPT_MAX, REPEATS, STATUSES } from "../vocabulary.ts";
import { TARGET_PATTERN } from "./targets.ts";
import {
  DONE_IMAGE_MAX_BYTES,
  DONE_IMAGE_MAX_SIDE,
  DONE_IMAGE_MIN_SIDE,
  HEADER_IMAGE_MAX_BYTES,
  HEADER_IMAGE_MAX_SIDE,
  HEADER_IMAGE_MIN_HEIGHT,
  HEADER_IMAGE_MIN_WIDTH,
  IMAGE_ALT_MAX,
} from "./done-image.ts";

/**
 * The front matter fields: what the validator below checks, and what the JSON Schema for editors
 * (front-matter-schema.ts) is generated from.
 */
export const FRONT_MATTER_FIELDS = {
  title: { required: true, maxLength: TITLE_MAX, description: "Display title, 1 to 200 characters, one line." },
  target: {
    required: false,
    pattern: TARGET_PATTERN,
    description:
      'The target: ISO 8601 date and time. With "Z" or an offset it is that instant; without, a wall-clock time in "timezone".',
  },
  evergreen: {
    required: false,
    pattern: /\S/,
    description:
      'Instead of "target": a duration ("72h", "3 days", ISO 8601 "P3D") that each viewer counts from a start of their own: the "?start=" of a link or email image (a signup date from a mailing tool), else their first visit on that device.',
  },
  timezone: {
    required: false,
    default: DEFAULT_TIMEZONE,
    description:
      "IANA time zone of a target (or an evergreen start) written without an offset. A time skipped by daylight saving time is an error; a time that happens twice means the earlier instant.",
  },
  done: {
    required: false,
    maxLength: DONE_MESSAGE_MAX,
    default: messagesFor(DEFAULT_LANG).done,
    description:
      "What the widget shows once the target has passed; default: a built-in message in the countdown's language.",
  },
  lang: {
    required: false,
    default: DEFAULT_LANG,
    description:
      'The countdown\'s language, a BCP 47 tag like "de" or "pt-BR": its widget\'s labels, dates and built-in messages. Default: the site\'s language ("language" of the site file), else English.',
  },
  status: {
    required: false,
    values: STATUSES,
    default: STATUSES[0],
    description:
      "postponed or cancelled: the countdown keeps its page, JSON and widget, which show the status instead of ticking.",
  },
  repeat: {
    required: false,
    examples: [...REPEATS, "FREQ=MONTHLY;BYDAY=1MO", "weekdays", "every 2 weeks"],
    description:
      'The countdown repeats: daily, weekly, monthly, yearly, an RFC 5545 RRULE (FREQ, INTERVAL, COUNT, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST) or an English phrase for one ("weekdays", "first Monday monthly"). "target" is the first occurrence, later ones are at the same wall-clock time in "timezone"; it always counts to the next one.',
  },
  until: {
    required: false,
    pattern: TARGET_PATTERN,
    description:
      'With "repeat": no occurrence after this date-time; with "evergreen": no viewer\'s deadline after it (written like "target").',
  },
  except: {
    required: false,
    maxItems: EXCEPT_MAX,
    description: `With "repeat": occurrences left out, at most ${EXCEPT_MAX}: each a date ("2026-12-25": that day's occurrence) or a date-time written like "target", each an occurrence of the rule.`,
  },
  unlisted: {
    required: false,
    type: "boolean",
    default: false,
    description: `true: kept off the index, ${PAGES_PATH} and every list of the site, for a campaign's countdown; its page, widget, element, JSON and images work for whoever has their address.`,
  },
  unit_words: {
    required: false,
    unitWords: true,
    description:
      "The countdown's own words for its units, in its language, in place of the platform's where they are shown in words (\"labels: long\", the units and tiles layouts): day, hour, minute, second, each a word, a list of the singular and the plural ([Stunde, Stunden]), or the forms of the language's plural categories (one, few, many, other).",
  },
  done_image: {
    required: false,
    pattern: /\.(png|jpe?g|gif)$/i,
    description: `A picture shown at zero in place of the zeros (the email image, the widget, the page): a PNG, JPEG or GIF file in the repository, named from the folder that holds countdowns/ ("images/sale-over.png"), at most ${DONE_IMAGE_MAX_BYTES / 1024 / 1024} MB, ${DONE_IMAGE_MIN_SIDE} to ${DONE_IMAGE_MAX_SIDE} pixels a side.`,
  },
  image: {
    required: false,
    pattern: /\S/,
    description: `The countdown's picture: its page's header (the title over it), its link preview's background, and its widget's background with background=image. A PNG, JPEG or WebP file in the repository (its type is read from its bytes), named from the folder that holds countdowns/ ("images/launch.jpg"), at most ${HEADER_IMAGE_MAX_BYTES / 1024 / 1024} MB, at least ${HEADER_IMAGE_MIN_WIDTH} × ${HEADER_IMAGE_MIN_HEIGHT} pixels and at most ${HEADER_IMAGE_MAX_SIDE} pixels a side.`,
  },
  image_alt: {
    required: false,
    maxLength: IMAGE_ALT_MAX,
    description: `With "image": what the picture shows, for those who cannot see it (its alt text), one line of at most ${IMAGE_ALT_MAX} characters. Default: the title.`,
  },
  go: {
    required: false,
    links: ["before", "after"],
    description:
      'Where /go/<slug> sends a visitor: "before", an https address, while the countdown counts; "after", an https address, once it has ended (a repeating one once its last occurrence has passed). The widget\'s link and the email snippet on the owner\'s page lead there.',
  },
  widget: {
    required: false,
    options: OPTION_NAMES,
    description: `The widget's defaults: the query parameters of ${embedPath("<slug>")} (theme, accent, font, layout, ...); a parameter in the embed's URL wins.`,
  },
  email: {
    required: false,
    options: EMAIL_OPTION_NAMES,
    description: `The email image's defaults: the query parameters of ${emailImagePath("<slug>", "gif")} (theme, accent, layout, width, ...); a parameter in the image's URL wins.`,
  },
} as const;
export const KNOWN_FIELDS = Object.keys(FRONT_MATTER_FIELDS);

/** The number of single-letter edits from one word to another, two neighbours swapped counting as one (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The name among `names` a mistyped one was most likely meant as ("titel" -> "title"); undefined when none is close. */
export function meantName(written: string, names: readonly string[]): string | undefined {
  const lower = written.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(lower, name);
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (!best || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}
// Control characters (line breaks included) have no place in a one-line title.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Checks a slug against the contract; returns what is wrong with it, or undefined. */
export function slugProblem(slug: string): string | undefined {
  if (!SLUG_PATTERN.test(slug)) {
    return `"${slug}" is not a valid slug: use 1 to ${SLUG_MAX} lowercase letters, digits and inner hyphens (like "new-year-2027"), and rename the file to <slug>.md`;
  }
  if (/^[0-9-]+$/.test(slug)) {
    return `"${slug}" is only digits: an address says what the countdown is for, and a number alone (a year) could be any countdown's; add words, like "tokyo-marathon-${slug}", and rename the file`;
  }
  if (RESERVED_SLUGS.includes(slug)) {
    return `"${slug}" is reserved for the site itself (${RESERVED_SLUGS.join(", ")}); rename the file`;
  }
  return undefined;
}

/** An optional field that takes one of a few words. */
export function oneOf<T extends string>(
  fields: Record<string, unknown>,
  key: string,
  values: readonly T[],
  problem: (field: string, message: string) => void,
): T | undefined {
  const value = fields[key];
  if (value === undefined) return undefined;
  if (typeof value === "string" && (values as readonly string[]).includes(value.trim())) return value.trim() as T;
  problem(key, `${describeValue(value)} is not one of ${values.join(", ")}`);
  return undefined;
}

export function requiredString(
  fields: Record<string, unknown>,
  key: string,
  problem: (field: string, message: string) => void,
): string | undefined {
  const value = fields[key];
  if (value === undefined || value === null) {
    problem(key, `is missing; add a "${key}:" line to the front matter`);
    return undefined;
  }
  if (typeof value !== "string") {
    problem(key, `must be text in quotes, not ${describe(value)}`);
    return undefined;
  }
  return value.trim();
}

/** A value as a message quotes it: text in quotes, anything else described. */
export function describeValue(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : describe(value);
}

export function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "a nested map";
  return `the ${typeof value} ${JSON.stringify(value)}`;
}
