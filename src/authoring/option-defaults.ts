// A countdown's defaults for its widget and its email image (`widget:` and `email:` in the front
// matter), each option checked with the widget's or the image's own rules and kept as a query string;
// and the widget's call to action (`widget: link:`).
import { httpsAddress } from "./go-links.ts";
import {
  EMAIL_OPTION_NAMES,
  emailOptionHint,
  emailOptionsQuery,
  isValidEmailOption,
  type EmailOptionName,
} from "../images/email-options.ts";
import {
  CHOICES,
  COLOURS,
  OPTION_NAMES,
  isValidOption,
  optionsQuery,
  type OptionName,
  type WidgetOptions,
} from "../widget/options.ts";
import { LINK_TEXT_MAX, type WidgetLink } from "./countdown.ts";
import { CONTROL_CHARACTERS, describe } from "./fields.ts";
import { unknownLanguage } from "./language.ts";
import { WARN_HINT } from "../time/warn.ts";

/** The `widget:` mapping: every option checked with the widget's own rules, kept as a query string. */
export function widgetDefaults(
  value: unknown,
  problem: (field: string, message: string) => void,
  goSet = false,
): { query: string; link?: WidgetLink } {
  if (value === undefined) return { query: "" };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem("widget", `must be a set of "option: value" lines, indented under "widget:", not ${describe(value)}`);
    return { query: "" };
  }
  const options: WidgetOptions = {};
  let link: WidgetLink | undefined;
  for (const [name, written] of Object.entries(value)) {
    const field = `widget.${name}`;
    const raw = colourValue(name, written);
    if (name === "link") {
      link = widgetLink(written, problem, goSet);
    } else if (!(OPTION_NAMES as string[]).includes(name)) {
      problem(field, `unknown widget option; the options are ${OPTION_NAMES.join(", ")}, and link`);
    } else if (raw === null && COLOUR_OPTIONS.includes(name)) {
      problem(
        field,
        `is empty; if you wrote ${name}: #${OPTION_EXAMPLES[name as OptionName]}, YAML reads "#" as the start of a comment: put the colour in quotes, ${name}: "#${OPTION_EXAMPLES[name as OptionName]}"`,
      );
    } else if (typeof raw !== "string") {
      problem(
        field,
        `must be text in quotes, not ${describe(raw)}; write it like ${name}: "${OPTION_EXAMPLES[name as OptionName]}"`,
      );
    } else {
      // A language, checked as the countdown's own `lang` is, and then as the widget takes one.
      const unknown = name === "lang" ? unknownLanguage(raw.trim()) : undefined;
      if (unknown) problem(field, unknown);
      else if (!isValidOption(name, raw.trim()))
        problem(field, `${JSON.stringify(raw)} is not a value of ${name}; ${optionHint(name)}`);
      else options[name as keyof WidgetOptions] = raw.trim();
    }
  }
  return { query: optionsQuery(options), ...(link ? { link } : {}) };
}

const LINK_EXAMPLE = 'link: { text: "Get tickets", url: "https://example.com/tickets" }';

/** `widget: link:`: a text of one short line and an https URL, both required but the URL of a countdown with `go`, whose link leads to `/go/<slug>`. */
function widgetLink(
  value: unknown,
  problem: (field: string, message: string) => void,
  goSet: boolean,
): WidgetLink | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem("widget.link", `must be a text and a URL, like ${LINK_EXAMPLE}, not ${describe(value)}`);
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  let ok = true;
  for (const name of Object.keys(fields)) {
    if (name !== "text" && name !== "url") {
      problem(`widget.link.${name}`, `unknown field; a link has a text and a url, like ${LINK_EXAMPLE}`);
      ok = false;
    }
  }
  const text = typeof fields.text === "string" ? fields.text.trim() : undefined;
  if (!text) {
    problem(
      "widget.link.text",
      `${fields.text === undefined ? "is missing" : `must be text, not ${describe(fields.text)}`}; write the link's words, like ${LINK_EXAMPLE}`,
    );
    ok = false;
  } else if (CONTROL_CHARACTERS.test(text) || [...text].length > LINK_TEXT_MAX) {
    problem(
      "widget.link.text",
      `must be one line of at most ${LINK_TEXT_MAX} characters (it is a button's words), not ${[...text].length} characters`,
    );
    ok = false;
  }
  const written = typeof fields.url === "string" ? fields.url.trim() : undefined;
  const url = written === undefined ? undefined : httpsAddress(written);
  if (written === undefined && !(goSet && fields.url === undefined)) {
    problem(
      "widget.link.url",
      `${fields.url === undefined ? "is missing" : `must be text, not ${describe(fields.url)}`}; write the address the link opens, like ${LINK_EXAMPLE}`,
    );
    ok = false;
  } else if (written !== undefined && !url) {
    problem(
      "widget.link.url",
      `${JSON.stringify(written)} is not an https address; the widget links only to https://... pages, like ${LINK_EXAMPLE}`,
    );
    ok = false;
  }
  return ok ? { text: text!, ...(url ? { url } : {}) } : undefined;
}

/**
 * The `email:` mapping, checked with the email image's own rules and kept as a query string. Numbers
 * (width, frames, density) may be written bare or in quotes.
 */
export function emailDefaults(value: unknown, problem: (field: string, message: string) => void): string {
  if (value === undefined) return "";
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem("email", `must be a set of "option: value" lines, indented under "email:", not ${describe(value)}`);
    return "";
  }
  const options: Partial<Record<EmailOptionName, string>> = {};
  for (const [name, written] of Object.entries(value)) {
    const field = `email.${name}`;
    const raw = colourValue(name, written);
    if (raw === null && COLOUR_OPTIONS.includes(name)) {
      problem(
        field,
        `is empty; if you wrote ${name}: #e11d48, YAML reads "#" as the start of a comment: put the colour in quotes, ${name}: "#e11d48"`,
      );
      continue;
    }
    const text =
      typeof raw === "number" && Number.isInteger(raw) ? String(raw) : typeof raw === "string" ? raw.trim() : undefined;
    if (!(EMAIL_OPTION_NAMES as string[]).includes(name))
      problem(field, `unknown email option; the options are ${EMAIL_OPTION_NAMES.join(", ")}`);
    else if (text === undefined)
      problem(
        field,
        `must be text or a whole number, not ${describe(raw)}; ${emailOptionHint(name as EmailOptionName)}`,
      );
    else {
      // A language, checked as the countdown's own `lang` is.
      const unknown = name === "lang" ? unknownLanguage(text) : undefined;
      if (unknown) problem(field, unknown);
      else if (!isValidEmailOption(name, text))
        problem(field, `${JSON.stringify(raw)} is not a value of ${name}; ${emailOptionHint(name as EmailOptionName)}`);
      else options[name as EmailOptionName] = text;
    }
  }
  return emailOptionsQuery(options);
}

const COLOUR_OPTIONS = ["accent", "color", "bg"];
/** A colour option's value as the widget takes it: "#ff0000" written as CSS is "ff0000". */
const colourValue = (name: string, value: unknown) =>
  COLOUR_OPTIONS.includes(name) && typeof value === "string" ? value.trim().replace(/^#/, "") : value;

/** A value of each widget option, for the messages that show how to write one. */
const OPTION_EXAMPLES: Record<OptionName, string> = {
  theme: "dark",
  accent: "e11d48",
  color: "1a2030",
  bg: "ffffff",
  font: "serif",
  layout: "units",
  units: "hms",
  labels: "none",
  separator: "colon",
  lang: "de",
  date: "utc",
  title: "hide",
  after: "countup",
  controls: "pause",
  updates: "minute",
  announce: "milestones",
  sync: "1",
  background: "image",
  warn: "1h",
};

function optionHint(name: string): string {
  if (name in CHOICES) return `use one of ${CHOICES[name as keyof typeof CHOICES].join(", ")}`;
  if ((COLOURS as readonly string[]).includes(name)) return `write a hex colour without "#", like "e11d48" or "0af"`;
  if (name === "warn") return WARN_HINT;
  return `write a language tag like "en", "de" or "pt-BR"`;
}
