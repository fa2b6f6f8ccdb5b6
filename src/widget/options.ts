// The widget's options: query parameters of /api/embed/<slug>, and the `widget:` defaults of a
// countdown's front matter. The ticker reads them in the browser (an invalid value is ignored there,
// never an error); the build checks the front matter's with the same rules; the JSON Schema, OpenAPI
// and the page's configurator list them from here.
import { HEX_COLOUR } from "../colour/colour.ts";
import { LABELS, UNIT_RUN_PATTERN, UNIT_RUNS } from "../time/time-left.ts";
import { WARN_PATTERN } from "../time/warn.ts";

/** Every option with a fixed list of values; the first is the default. */
export const CHOICES = {
  theme: ["light", "auto", "dark", "transparent"],
  font: ["system", "serif", "mono", "rounded"],
  layout: ["text", "units", "tiles", "ring", "flip", "digital"],
  units: UNIT_RUNS,
  /**
   * The units' labels: `auto` the layout's own (letters in `text`, the published pattern; words in
   * `units` and `tiles`), `long` words, `short` the language's shortest (`h`, `Std.`), `none`.
   */
  labels: LABELS,
  /** Between the units: a space, or a colon (`1:02:03:04` with `labels=none`). */
  separator: ["space", "colon"],
  date: ["local", "author", "utc", "none"],
  title: ["show", "hide"],
  after: ["message", "countup"],
  /** `pause`: a button that stops the updates and starts them again (WCAG 2.2.2). */
  controls: ["none", "pause"],
  /** How often the count changes: `minute` shows no seconds; `reduced` does so for visitors who ask for reduced motion. */
  updates: ["second", "minute", "reduced"],
  /** `milestones`: a polite live region says the time left at an hour, ten minutes and a minute, and the end (src/text/milestones.ts). */
  announce: ["none", "milestones"],
  sync: ["0", "1"],
  /** `image`: the countdown's image (its file's `image`) behind the content, under a scrim (src/widget/background.ts); ignored by a countdown without one. */
  background: ["none", "image"],
} as const;

/**
 * The options (and kinds of countdown) whose code the widget's inline script leaves out
 * (src/widget/ticker.ts, `WITH`): a widget that uses one loads the site's widget script, which
 * carries them all.
 */
export const WIDGET_EXTRAS = [
  "repeat",
  "evergreen",
  "units",
  "labels",
  "layouts",
  "countup",
  "pause",
  "sync",
  "announce",
  "colours",
  "warn",
] as const;
export type WidgetExtra = (typeof WIDGET_EXTRAS)[number];
/** Those whose code comes with the styles of src/widget/widget-more.css. */
export const STYLED_EXTRAS: readonly WidgetExtra[] = ["layouts", "pause", "announce", "warn"];

/**
 * The options the inline script draws by itself (src/widget/ticker.ts): a widget given any other, at
 * any value, loads the site's widget script. (The build's and the configurator's options name only
 * the values that differ from the defaults.)
 */
export const INLINE_OPTIONS: readonly OptionName[] = ["theme", "font", "lang", "date", "title", "background"];

/** Colours: a hex colour without `#`, three or six digits. */
export const COLOURS = ["accent", "color", "bg"] as const;

export type ChoiceName = keyof typeof CHOICES;
export type OptionName = ChoiceName | (typeof COLOURS)[number] | "lang" | "warn";
export type WidgetOptions = Partial<Record<OptionName, string>>;

/** Every option, in the order the configurator and the docs list them (a literal, so the ticker's bundle drops it). */
export const OPTION_NAMES: OptionName[] = [
  "theme",
  "accent",
  "color",
  "bg",
  "font",
  "layout",
  "units",
  "labels",
  "separator",
  "lang",
  "date",
  "title",
  "after",
  "controls",
  "updates",
  "announce",
  "sync",
  "background",
  "warn",
];

/**
 * The source of a regular expression that matches each `name=value` the options allow (a language
 * tag: a two- or three-letter language, then subtags; Intl then judges the tag, so "german" or
 * "de_DE" is ignored): the widget's ticker gets this string
 * from the bundler (src/eleventy/assets.ts) instead of the tables. `renamed` gives an option another
 * name, or none ("") to leave it out.
 */
export const optionPattern = (renamed: Partial<Record<ChoiceName, string>> = {}) =>
  `^(${[
    ...Object.entries(CHOICES).flatMap(([name, values]) =>
      renamed[name as ChoiceName] === ""
        ? []
        : [`${renamed[name as ChoiceName] ?? name}=(${name == "units" ? UNIT_RUN_PATTERN : values.join("|")})`],
    ),
    `(${COLOURS.join("|")})=${HEX_COLOUR.source.slice(1, -1)}`,
    "lang=[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*",
    `warn=${WARN_PATTERN}`,
  ].join("|")})$`;

/**
 * The units a count shows: `units` (`dhms` by default), without seconds where `updates` says so
 * (`minute`; `reduced` for a visitor whose system asks for reduced motion), so it changes once a
 * minute at most (minutes alone where the run was seconds alone).
 */
export const unitsShown = (options: WidgetOptions) =>
  options.updates == "minute" || (options.updates == "reduced" && matchMedia("(prefers-reduced-motion:reduce)").matches)
    ? (options.units || "dhms").replace("s", "") || "m"
    : options.units || "dhms";

/**
 * `<countdown-timer>`'s attributes: the widget's options, `title` named `heading`, and no `sync` (the
 * element always corrects the clock) nor `background` (the widget's alone: the element's core has no
 * bytes to spare for it; docs/element.md).
 */
export const ELEMENT_RENAMED = { title: "heading", sync: "", background: "" } as const;

/** An option's attribute on `<countdown-timer>` (ELEMENT_RENAMED), "" for one it does not take. */
const elementNameOf = (name: OptionName): string => (ELEMENT_RENAMED as Partial<Record<string, string>>)[name] ?? name;

/** `<countdown-timer>`'s option attributes, in OPTION_NAMES's order (a function, so bundles that do not call it drop it). */
export const elementOptionNames = () => OPTION_NAMES.map(elementNameOf).filter(Boolean);

/** Is `value` a BCP 47 language tag the platform's Intl accepts? */
export function isLanguageTag(value: string): boolean {
  try {
    return !!new Intl.Locale(value);
  } catch {
    return false;
  }
}

/** Whether `value` is one `name` may take, with `pattern` made from optionPattern(). */
const isOption = (name: string, value: string, pattern: RegExp) =>
  pattern.test(`${name}=${value}`) && (name != "lang" || isLanguageTag(value));

/** Whether `value` is one `name` may take. */
export const isValidOption = (name: string, value: string) => isOption(name, value, new RegExp(optionPattern()));

/**
 * The options in force: the countdown's defaults, then each valid query parameter over them. An
 * unknown parameter, or a value an option cannot take, is ignored: the option keeps its default.
 * `pattern` is `new RegExp(optionPattern())`.
 */
export function resolveOptions(defaults: string, query: string, pattern: RegExp): WidgetOptions {
  const options: WidgetOptions = {};
  for (const source of [defaults, query]) {
    new URLSearchParams(source).forEach((value, name) => {
      if (isOption(name, value, pattern)) options[name as OptionName] = value;
    });
  }
  return options;
}

/** The options as the query string of an embed URL (only those that differ from the defaults). */
export function optionsQuery(options: WidgetOptions): string {
  const params = new URLSearchParams();
  for (const name of OPTION_NAMES) {
    const value = options[name];
    if (value !== undefined && !(name in CHOICES && CHOICES[name as ChoiceName][0] === value)) params.set(name, value);
  }
  return params.toString();
}

/**
 * The options as `<countdown-timer>`'s attributes (docs/element.md), those that differ from the
 * widget's defaults: `title` is `heading` (`title` is a global HTML attribute); `sync` is left out
 * (the element always corrects the visitor's clock); so is the default theme, `light`: without a
 * theme the element takes the host page's own font and colours. Values are valid options, so none
 * needs escaping.
 */
export function elementAttributes(options: WidgetOptions): string {
  let text = "";
  for (const name of OPTION_NAMES) {
    const value = options[name];
    const renamed = elementNameOf(name);
    if (value === undefined || !renamed || (name in CHOICES && CHOICES[name as ChoiceName][0] === value)) continue;
    text += ` ${renamed}="${value}"`;
  }
  return text;
}
