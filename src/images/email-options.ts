// The email countdown's options: query parameters of /api/email/<slug>.gif and .png, and the `email:`
// defaults of a countdown's front matter. An invalid value is ignored (the option keeps its
// default), never an error: an image in a sent email cannot be fixed. The build checks the front
// matter's with the same rules; the JSON Schema, OpenAPI and the owner's page list them from here.
import { HEX_COLOUR } from "../colour/colour.ts";
import { LABELS, UNIT_RUNS, type Labels, type UnitRun } from "../time/time-left.ts";
import { WARN_HINT, warnSpanMs } from "../time/warn.ts";

/** Every option with a fixed list of values; the first is the default. */
export const EMAIL_CHOICES = {
  theme: ["light", "dark"],
  /** `text` and `units`, and faces (src/images/email-faces.ts): a ring, a flip card, seven-segment digits per unit. */
  layout: ["text", "units", "ring", "flip", "digital"],
  /** The units shown, largest first (src/time/time-left.ts): without seconds, a frame a minute or a still. */
  units: UNIT_RUNS,
  /** The units' labels, as the widget's (src/widget/options.ts): `auto` letters in `text`, words in `units`. */
  labels: LABELS,
  /** Between the units: a space, or a colon. */
  separator: ["space", "colon"],
  title: ["show", "hide"],
  /** Pixels per CSS pixel: 2 for high-resolution screens (the `<img>` keeps the width of 1). */
  density: ["1", "2"],
} as const;

/** Options that are a whole number in a range, with their default. */
export const EMAIL_RANGES = {
  /** The image's width in CSS pixels. */
  width: { min: 240, max: 1200, default: 600 },
  /** Frames of one second each. */
  frames: { min: 1, max: 60, default: 60 },
} as const;

export const EMAIL_COLOURS = ["accent", "color", "bg"] as const;

export type EmailChoice = keyof typeof EMAIL_CHOICES;
export type EmailOptionName =
  EmailChoice | keyof typeof EMAIL_RANGES | (typeof EMAIL_COLOURS)[number] | "lang" | "warn";
export const EMAIL_OPTION_NAMES: EmailOptionName[] = [
  "theme",
  "accent",
  "color",
  "bg",
  "layout",
  "units",
  "labels",
  "separator",
  "lang",
  "title",
  "width",
  "density",
  "frames",
  "warn",
];

/** The options in force, every one of them. */
export interface EmailOptions {
  theme: "light" | "dark";
  layout: (typeof EMAIL_CHOICES.layout)[number];
  units: UnitRun;
  labels: Labels;
  separator: "space" | "colon";
  title: "show" | "hide";
  density: 1 | 2;
  width: number;
  frames: number;
  /** Hex colours without `#`, when given. */
  accent?: string;
  color?: string;
  bg?: string;
  /** A BCP 47 tag Intl knows, when given (else the countdown's language). */
  lang?: string;
  /** The last span before the target (src/time/warn.ts, `1h`), when given: its frames draw the time left in the warning colour. */
  warn?: string;
}

/** The longest `lang` taken (a language, a script and a region fit in 11; private-use tails do not). */
const LANG_MAX = 35;

/** What a language tag reads as, by tag: requests repeat a few tags, each checked once (at most LANGUAGES_KEPT kept). */
const languages = new Map<string, string | undefined>();
const LANGUAGES_KEPT = 512;

/**
 * A language tag Intl knows a language of, as the image reads it: its language, script and region
 * ("pt-BR", "zh-Hant-TW"); the rest (variants, extensions, private use) is dropped, so the drawings
 * and the formats kept by language are few whatever the requests ask for. Undefined when Intl knows
 * no such language.
 */
function languageOf(tag: string): string | undefined {
  if (languages.has(tag)) return languages.get(tag);
  let read: string | undefined;
  try {
    const { language, script, region } = new Intl.Locale(tag);
    if (LANGUAGE_NAMES.of(language) !== undefined) read = [language, script, region].filter(Boolean).join("-");
  } catch {
    read = undefined;
  }
  if (languages.size >= LANGUAGES_KEPT) languages.clear();
  languages.set(tag, read);
  return read;
}
const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** How to write a value of an option, for the build's messages. */
export function emailOptionHint(name: EmailOptionName): string {
  if (name in EMAIL_CHOICES) return `use one of ${EMAIL_CHOICES[name as EmailChoice].join(", ")}`;
  if (name in EMAIL_RANGES) {
    const { min, max } = EMAIL_RANGES[name as keyof typeof EMAIL_RANGES];
    return `use a whole number from ${min} to ${max}`;
  }
  if (name === "lang") return `write a language tag like "en", "de" or "pt-BR"`;
  if (name === "warn") return WARN_HINT;
  return `write a hex colour without "#", like "e11d48" or "0af"`;
}

/** Whether `value` is one `name` may take. */
export function isValidEmailOption(name: string, value: string): boolean {
  if (name in EMAIL_CHOICES) return (EMAIL_CHOICES[name as EmailChoice] as readonly string[]).includes(value);
  if (name in EMAIL_RANGES) {
    const { min, max } = EMAIL_RANGES[name as keyof typeof EMAIL_RANGES];
    return /^\d{1,5}$/.test(value) && Number(value) >= min && Number(value) <= max;
  }
  if ((EMAIL_COLOURS as readonly string[]).includes(name)) return HEX_COLOUR.test(value);
  if (name === "warn") return warnSpanMs(value) !== undefined;
  if (name === "lang")
    return (
      value.length <= LANG_MAX && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(value) && languageOf(value) !== undefined
    );
  return false;
}

/** Where options are read from: a query string, or a query read once (the first value of a name given twice). */
type OptionSource = string | { get(name: string): string | null | undefined };

/**
 * The options in force: the defaults, then the countdown's own (`defaults`, a query string), then each
 * valid option of the request over them, each name read once. Anything unknown or invalid is ignored.
 */
export function resolveEmailOptions(defaults: string, query: OptionSource): EmailOptions {
  const options: EmailOptions = {
    theme: "light",
    layout: "text",
    units: "dhms",
    labels: "auto",
    separator: "space",
    title: "show",
    density: 1,
    width: EMAIL_RANGES.width.default,
    frames: EMAIL_RANGES.frames.default,
  };
  for (const source of [defaults, query]) {
    const params = typeof source === "string" ? new URLSearchParams(source) : source;
    for (const name of EMAIL_OPTION_NAMES) {
      const value = params.get(name);
      if (value === null || value === undefined || !isValidEmailOption(name, value)) continue;
      if (name === "width" || name === "frames") options[name] = Number(value);
      else if (name === "density") options.density = value === "2" ? 2 : 1;
      else if (name === "lang") options.lang = languageOf(value);
      else if (name === "accent" || name === "color" || name === "bg") options[name] = value.toLowerCase();
      else (options as unknown as Record<string, string>)[name] = value;
    }
  }
  return options;
}

/** The options as a query string (only those that differ from the defaults), in the order of EMAIL_OPTION_NAMES. */
export function emailOptionsQuery(options: Partial<Record<EmailOptionName, string>>): string {
  const params = new URLSearchParams();
  for (const name of EMAIL_OPTION_NAMES) {
    const value = options[name];
    if (value === undefined) continue;
    const isDefault =
      name in EMAIL_CHOICES
        ? EMAIL_CHOICES[name as EmailChoice][0] === value
        : name in EMAIL_RANGES
          ? String(EMAIL_RANGES[name as keyof typeof EMAIL_RANGES].default) === value
          : false;
    if (!isDefault) params.set(name, value);
  }
  return params.toString();
}
