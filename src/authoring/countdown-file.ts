// The authoring format: parses one `countdowns/<slug>.md` file and checks every rule of it.
// The build and `npm run check` both go through here, so an author sees the same messages everywhere.
import yaml from "js-yaml";
import { RESERVED_SLUGS, emailImagePath, embedPath } from "../paths.ts";
import { isOver, type Repeat, type Schedule } from "../time/occurrence.ts";
import { isoSeconds } from "../time/time-left.ts";
import { ianaZone, wallClockOf, wallClockText, wallClockToInstant, zoneOffset, type WallClock } from "../time/zone.ts";
import { LANGUAGE_NAMES, intlKnowledge, unknownLanguage } from "./language.ts";
import { explainYamlError, findLineMistake, quoted, splitFrontMatter, writtenValue, type LineMistake } from "./front-matter-text.ts";
import { messagesFor } from "../text/messages.ts";
import { EMAIL_OPTION_NAMES, emailOptionHint, emailOptionsQuery, isValidEmailOption, type EmailOptionName } from "../images/email-options.ts";
import { CHOICES, COLOURS, OPTION_NAMES, isLanguageTag, isValidOption, optionsQuery, type OptionName, type WidgetOptions } from "../widget/options.ts";

/** A published countdown, as the build and the live runtime see it. */
export interface Countdown {
  slug: string;
  title: string;
  /** The target instant in ms since the epoch: the first occurrence of a repeating countdown. */
  targetMs: number;
  /** The target as `YYYY-MM-DDThh:mm:ssZ`. */
  targetDate: string;
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
}

/** A link the widget shows under the count, opened in the host page's window. */
export interface WidgetLink {
  text: string;
  /** An absolute https URL. */
  url: string;
}

/** The longest text of a widget's link: a button's words, not a sentence. */
export const LINK_TEXT_MAX = 40;

export const STATUSES = ["scheduled", "postponed", "cancelled"] as const;
export type Status = (typeof STATUSES)[number];
export const REPEATS = ["daily", "weekly", "monthly", "yearly"] as const satisfies readonly Repeat[];

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
export type ParseResult = { countdown: Countdown; problems: []; warnings: Problem[] } | { countdown?: undefined; problems: Problem[]; warnings: [] };

export interface ParseOptions {
  /** The clock, in ms since the epoch: with it, a countdown that is already over is warned about. */
  now?: number;
  /** How many lines YAML could not read were fixed already to look for more problems (see afterRepair). */
  repairs?: number;
}

/** The longest slug. */
export const SLUG_MAX = 64;
export const SLUG_PATTERN = new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${SLUG_MAX - 2}}[a-z0-9])?$`);
export const TITLE_MAX = 200;
export const DONE_MESSAGE_MAX = 200;
export const DEFAULT_TIMEZONE = "UTC";
export const DEFAULT_LANG = "en";

// A date, then optionally a time (after a `T` or a space; seconds optional) with an optional `Z` or
// `±hh:mm`. Fractions of a second are refused: the published `targetDate` has whole seconds, so a
// fraction would be silently dropped.
export const TARGET_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;
const TARGET_EXAMPLE = `"2026-12-31 23:59" (a time in "timezone"), "2026-12-31" (midnight there) or "2026-12-31T23:59:00Z" (UTC)`;

/**
 * The front matter fields: what the validator below checks, and what the JSON Schema for editors
 * (front-matter-schema.ts) is generated from.
 */
export const FRONT_MATTER_FIELDS = {
  title: { required: true, maxLength: TITLE_MAX, description: "Display title, 1 to 200 characters, one line." },
  target: {
    required: true,
    pattern: TARGET_PATTERN,
    description: 'The target: ISO 8601 date and time. With "Z" or an offset it is that instant; without, a wall-clock time in "timezone".',
  },
  timezone: {
    required: false,
    default: DEFAULT_TIMEZONE,
    description: "IANA time zone of a target written without an offset. A time skipped by daylight saving time is an error; a time that happens twice means the earlier instant.",
  },
  done: {
    required: false,
    maxLength: DONE_MESSAGE_MAX,
    default: messagesFor(DEFAULT_LANG).done,
    description: "What the widget shows once the target has passed; default: a built-in message in the countdown's language.",
  },
  lang: { required: false, default: DEFAULT_LANG, description: 'The countdown\'s language, a BCP 47 tag like "de" or "pt-BR": its widget\'s labels, dates and built-in messages.' },
  status: {
    required: false,
    values: STATUSES,
    default: STATUSES[0],
    description: "postponed or cancelled: the countdown keeps its page, JSON and widget, which show the status instead of ticking.",
  },
  repeat: {
    required: false,
    values: REPEATS,
    description: 'The countdown repeats: "target" is the first occurrence, later ones are at the same wall-clock time in "timezone"; it always counts to the next one.',
  },
  until: { required: false, pattern: TARGET_PATTERN, description: 'With "repeat": no occurrence after this date-time (written like "target").' },
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
const KNOWN_FIELDS = Object.keys(FRONT_MATTER_FIELDS);
// Control characters (line breaks included) have no place in a one-line title.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

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

/** Zone names already checked: a site has thousands of countdowns but few distinct zones. */
const canonicalZones = new Map<string, string | undefined>();

/** The canonical IANA spelling of a zone the platform knows ("europe/berlin" -> "Europe/Berlin", "Asia/Calcutta" -> "Asia/Kolkata"), or undefined. */
export function canonicalZone(name: string): string | undefined {
  if (!canonicalZones.has(name)) {
    let zone: string | undefined;
    try {
      zone = ianaZone(new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone);
    } catch {
      zone = undefined;
    }
    canonicalZones.set(name, zone);
  }
  return canonicalZones.get(name);
}

/**
 * Zone names that are no place's time: the POSIX-style US zones and the abbreviations of the old
 * tzdata, each with the place people usually mean. `EST` is UTC-5 all year (no summer time), so a
 * New York meeting written in it is an hour off all summer.
 */
const LEGACY_ZONES: Record<string, { is: string; mean: string }> = {
  EST: { is: "UTC-5 all year, with no daylight saving time", mean: "America/New_York" },
  MST: { is: "UTC-7 all year, with no daylight saving time", mean: "America/Denver" },
  HST: { is: "UTC-10 all year", mean: "Pacific/Honolulu" },
  EST5EDT: { is: "a POSIX-style rule, not a place", mean: "America/New_York" },
  CST6CDT: { is: "a POSIX-style rule, not a place", mean: "America/Chicago" },
  MST7MDT: { is: "a POSIX-style rule, not a place", mean: "America/Denver" },
  PST8PDT: { is: "a POSIX-style rule, not a place", mean: "America/Los_Angeles" },
  CET: { is: "an old abbreviation, not a place", mean: "Europe/Paris" },
  MET: { is: "an old abbreviation, not a place", mean: "Europe/Paris" },
  EET: { is: "an old abbreviation, not a place", mean: "Europe/Athens" },
  WET: { is: "an old abbreviation, not a place", mean: "Europe/Lisbon" },
};
const ZONE_REGIONS = ["Europe", "America", "Asia", "Africa", "Australia", "Pacific", "Atlantic", "Indian", "Antarctica"];

/** The zone of a place named alone ("Tokyo", "new york" -> "Asia/Tokyo", "America/New_York"), if Intl knows one. */
export function zoneForCity(name: string): string | undefined {
  const city = name.trim().replace(/\s+/g, "_");
  if (!/^[A-Za-z_'-]+$/.test(city)) return undefined;
  for (const region of ZONE_REGIONS) {
    const zone = canonicalZone(`${region}/${city}`);
    if (zone) return zone;
  }
  return undefined;
}

/**
 * A zone as written in `timezone:` (or `--timezone`, or the creator's form): its canonical spelling,
 * with a note where the name is not the one to write (an old link, another case, a fixed offset);
 * or the problem, naming the zone people mean where it can.
 */
export function checkZone(written: string): { zone: string; note?: string } | { problem: string } {
  const legacy = LEGACY_ZONES[written.toUpperCase()];
  if (legacy) return { problem: `"${written}" is ${legacy.is}, so its clocks do not follow any place's; write the zone of the place you mean, like "${legacy.mean}"` };
  const zone = canonicalZone(written);
  if (!zone) {
    const city = zoneForCity(written.split("/").pop()!);
    const hint = city ? `did you mean "${city}"? Zone names are a region and a city` : `use an IANA name like "Europe/Berlin" or "America/New_York"`;
    return { problem: `"${written}" is not a time zone; ${hint}` };
  }
  const offset = /^Etc\/GMT([+-])(\d{1,2})$/i.exec(written);
  if (offset) {
    const utc = `UTC${offset[1] === "+" ? "-" : "+"}${offset[2]}`;
    return { zone, note: `"${written}" is ${utc} all year, with no daylight saving time (the sign of Etc/GMT names is inverted); if you mean a place, write its zone, like "America/New_York"` };
  }
  if (written === zone || zone === "UTC") return { zone };
  if (written.toLowerCase() === zone.toLowerCase()) return { zone, note: `is written "${written}"; write it "${zone}", as the zone is spelled` };
  return { zone, note: `"${written}" is an old name of "${zone}"; write "${zone}"` };
}

/** A date-time as the author wrote it: the instant, and its wall-clock reading in the countdown's zone. */
export interface ParsedTarget {
  ms: number;
  wall: WallClock;
  /** The `Z` or `±hh:mm` the author wrote, if any. */
  offset?: string;
  /** A wall-clock time that happens twice (fall-back): the later instant, which is not the one taken. */
  laterMs?: number;
}

/**
 * Parses a date-time as people write it (`target`, `until`): a `T` or a space between date and time,
 * seconds or not, or a date alone (midnight). With `Z` or an offset it is that instant; without, a
 * wall-clock time in the zone (a time the clocks skip is an error; of two, the earlier is taken).
 */
export function parseTarget(target: string, zoneName: string): ParsedTarget | { error: string } {
  const match = TARGET_PATTERN.exec(target);
  if (!match) {
    return { error: `"${target}" is not a date and time; write it like ${TARGET_EXAMPLE}` };
  }
  const [, y, mo, d, h = "0", mi = "0", s = "0", offset] = match;
  const fields: WallClock = { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi, second: +s };
  const asUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  const check = new Date(asUtc);
  if (
    fields.year < 1970 ||
    check.getUTCMonth() !== fields.month - 1 ||
    check.getUTCDate() !== fields.day ||
    fields.hour > 23 ||
    fields.minute > 59 ||
    fields.second > 59
  ) {
    return { error: `"${target}" is not a real date-time (or is before 1970); write it like ${TARGET_EXAMPLE}` };
  }
  if (offset !== undefined) {
    const sign = offset.startsWith("-") ? -1 : 1;
    const [oh = 0, om = 0] = offset === "Z" ? [] : offset.slice(1).split(":").map(Number);
    if (oh > 23 || om > 59) return { error: `"${target}" has an impossible UTC offset "${offset}"` };
    const ms = asUtc - sign * (oh * 60 + om) * 60_000;
    return { ms, wall: wallClockAt(ms, zoneName), offset };
  }
  const instant = wallClockToInstant(fields, zoneName);
  if (instant.gap) {
    return {
      error: `"${target}" does not exist in ${zoneName}: the clocks skip it when daylight saving time starts; pick a time outside the gap`,
    };
  }
  const laterMs = laterInstant(asUtc, instant.ms, zoneName);
  return { ms: instant.ms, wall: fields, ...(laterMs !== undefined ? { laterMs } : {}) };
}

const DAY = 86_400_000;

/** For a wall clock (as local ms) that a zone reads twice, the later instant; `earlierMs` is the other. */
function laterInstant(local: number, earlierMs: number, zone: string): number | undefined {
  // The clocks go back within hours of the earlier instant: to the offset in force a day later.
  const offset = zoneOffset(zone, earlierMs + DAY);
  const ms = local - offset * 60_000;
  return ms > earlierMs && zoneOffset(zone, ms) === offset ? ms : undefined;
}

/** What the clocks of a zone read at an instant. */
function wallClockAt(ms: number, zone: string): WallClock {
  return wallClockOf(ms + zoneOffset(zone, ms) * 60_000);
}

/**
 * Parses and validates one countdown file. `file` is how messages name it (e.g. `countdowns/launch.md`);
 * the slug is its base name without `.md`. Every problem of the file is reported, not just the first.
 */
/**
 * The file's other problems, behind a line YAML cannot read: where the fix is sure (a value put in
 * quotes), the file is checked again with that line fixed, so that one run reports every problem it
 * can (a title with ": " in it does not hide an impossible date below it). The slug's problem, if
 * any, is already said.
 */
function afterRepair(file: string, text: string, mistake: LineMistake, options: ParseOptions, slugSaid: boolean): Problem[] {
  const depth = options.repairs ?? 0;
  if (mistake.fix === undefined || depth >= 20) return [];
  const lines = text.split("\n");
  const crlf = lines[mistake.line - 1]?.endsWith("\r") ? "\r" : "";
  lines[mistake.line - 1] = mistake.fix + crlf;
  const again = parseCountdownFile(file, lines.join("\n"), { ...options, repairs: depth + 1 });
  return again.problems.filter((problem) => !(slugSaid && problem.field === "slug"));
}

export function parseCountdownFile(file: string, text: string, options: ParseOptions = {}): ParseResult {
  const result = parseFile(file, text, options);
  return result.countdown || result.problems.length < 2 ? result : { problems: inFieldOrder(result.problems), warnings: result.warnings };
}

/**
 * Problems in the order a person fixes them: a line the file cannot be read at and the title first,
 * then the address (slug), then the rest as found (the file's own order).
 */
export const inFieldOrder = (problems: Problem[]) => [...problems].sort((a, b) => fieldRank(a.field) - fieldRank(b.field));
const fieldRank = (field: string) => (field === "title" || field.startsWith("line ") ? 0 : field === "slug" ? 1 : 2);

function parseFile(file: string, text: string, options: ParseOptions): ParseResult {
  const problems: Problem[] = [];
  const problem = (field: string, message: string) => problems.push({ file, field, message });

  const baseName = file.split(/[\\/]/).pop()!;
  const slug = baseName.replace(/\.md$/, "");
  const badSlug = slugProblem(slug);
  if (badSlug) problem("slug", badSlug);

  const parts = splitFrontMatter(text);
  if ("mistake" in parts) {
    problem(`line ${parts.mistake.line}`, parts.mistake.message);
    return { problems, warnings: [] };
  }
  let data: unknown;
  try {
    // The core schema keeps dates as strings: the default one turns an unquoted date-time into a
    // UTC timestamp, which would silently drop the author's time zone.
    data = yaml.load(parts.yaml, { schema: yaml.CORE_SCHEMA, filename: file }) ?? {};
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    const mistake = explainYamlError(parts.yaml, error, parts.firstLine);
    problem(`line ${mistake.line}`, mistake.message);
    return { problems: [...problems, ...afterRepair(file, text, mistake, options, badSlug !== undefined)], warnings: [] };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    const mistake = findLineMistake(parts.yaml, parts.firstLine);
    if (mistake) problem(`line ${mistake.line}`, mistake.message);
    else problem("front matter", `must be a set of "key: value" lines, like title: "Launch" and target: "2027-03-01 09:00"`);
    return { problems: [...problems, ...(mistake ? afterRepair(file, text, mistake, options, badSlug !== undefined) : [])], warnings: [] };
  }
  const fields = data as Record<string, unknown>;

  for (const key of Object.keys(fields)) {
    if (!KNOWN_FIELDS.includes(key)) {
      const underWidget = (OPTION_NAMES as string[]).includes(key) ? `; "${key}" is a widget option: indent it under "widget:"` : "";
      problem(key, `unknown field; the fields are ${KNOWN_FIELDS.join(", ")}${underWidget}`);
    }
  }

  // An unquoted value that starts with "#" is a comment to YAML: the field reads as empty.
  const commented = new Set<string>();
  for (const key of ["title", "target"]) {
    const written = fields[key] === null ? writtenValue(parts.yaml, key, parts.firstLine) : undefined;
    if (written?.value.startsWith("#")) {
      problem(key, `on line ${written.line} starts with "#", which YAML reads as a comment, so it is empty; put the value in quotes: ${key}: ${quoted(written.value)}`);
      commented.add(key);
    }
  }
  const title = commented.has("title") ? undefined : requiredString(fields, "title", problem);
  if (title !== undefined) {
    const length = [...title].length;
    if (length === 0) problem("title", "is empty; give the countdown a title");
    else if (length > TITLE_MAX) problem("title", `is ${length} characters long; the limit is ${TITLE_MAX}`);
    else if (CONTROL_CHARACTERS.test(title)) problem("title", "contains a line break or control character; keep it on one line");
  }

  let timezone = DEFAULT_TIMEZONE;
  let zoneNote: string | undefined;
  if (fields.timezone !== undefined) {
    if (typeof fields.timezone !== "string") {
      problem("timezone", `must be an IANA zone name like "Europe/Berlin", not ${describe(fields.timezone)}`);
    } else {
      const checked = checkZone(fields.timezone.trim());
      if ("problem" in checked) problem("timezone", checked.problem);
      else {
        timezone = checked.zone;
        zoneNote = checked.note;
      }
    }
  }

  let start: ParsedTarget | undefined;
  const target = commented.has("target") ? undefined : requiredString(fields, "target", problem);
  if (target !== undefined) {
    const parsed = parseTarget(target.trim(), timezone);
    if ("error" in parsed) problem("target", parsed.error);
    else start = parsed;
  }

  let lang = DEFAULT_LANG;
  if (fields.lang !== undefined) {
    if (typeof fields.lang !== "string" || !isLanguageTag(fields.lang.trim())) {
      problem("lang", `${describeValue(fields.lang)} is not a language tag; write one like "en", "de" or "pt-BR"`);
    } else {
      lang = Intl.getCanonicalLocales(fields.lang.trim())[0]!;
      const unknown = unknownLanguage(fields.lang.trim());
      if (unknown) problem("lang", unknown);
    }
  }

  let doneMessage = messagesFor(lang).done;
  if (fields.done !== undefined) {
    if (typeof fields.done !== "string") problem("done", `must be text (quote it), not ${describe(fields.done)}`);
    else {
      const done = fields.done.trim();
      const length = [...done].length;
      if (length === 0) problem("done", "is empty; leave it out to use the default message");
      else if (length > DONE_MESSAGE_MAX) problem("done", `is ${length} characters long; the limit is ${DONE_MESSAGE_MAX}`);
      else if (CONTROL_CHARACTERS.test(done)) problem("done", "contains a line break or control character; keep it on one line");
      else doneMessage = done;
    }
  }

  const status = oneOf(fields, "status", STATUSES, problem) ?? "scheduled";
  const repeat = oneOf(fields, "repeat", REPEATS, problem);

  let until: ParsedTarget | undefined;
  if (fields.until !== undefined) {
    if (typeof fields.until !== "string") problem("until", `must be a date-time in quotes, not ${describe(fields.until)}`);
    else if (repeat === undefined && fields.repeat === undefined) problem("until", `ends a repeating countdown; add "repeat:" (daily, weekly, monthly or yearly), or remove "until"`);
    else {
      const parsed = parseTarget(fields.until.trim(), timezone);
      if ("error" in parsed) problem("until", parsed.error);
      else if (start !== undefined && parsed.ms < start.ms) problem("until", `is before the target; the last occurrence cannot come before the first`);
      else until = parsed;
    }
  }

  const { query: widget, link } = widgetDefaults(fields.widget, problem);
  const email = emailDefaults(fields.email, problem);

  if (problems.length > 0 || title === undefined || target === undefined || start === undefined) return { problems, warnings: [] };
  const countdown: Countdown = {
    slug,
    title: title.trim(),
    targetMs: start.ms,
    targetDate: isoSeconds(start.ms),
    schedule: { start: start.wall, zone: timezone, ...(repeat ? { repeat } : {}), ...(until !== undefined ? { untilMs: until.ms } : {}) },
    timezone,
    doneMessage,
    description: parts.body.trim(),
    lang,
    status,
    widget,
    ...(link ? { link } : {}),
    email,
  };
  const warnings: Problem[] = [];
  const warn = (field: string, message: string) => warnings.push({ file, field, message });
  const written = {
    target: target.trim(),
    until: until && (fields.until as string).trim(),
    zoneSet: fields.timezone !== undefined,
    // Only a file with " #" in it can have text cut by a comment.
    textLines: /\s#/.test(parts.yaml) ? ["title", "done"].map((key) => ({ key, ...writtenValue(parts.yaml, key, parts.firstLine) })) : [],
  };
  if (zoneNote) warn("timezone", zoneNote);
  warnAbout(countdown, written, start, until, options.now, warn);
  return { countdown, problems: [], warnings };
}

/**
 * What a valid file probably does not mean: a countdown already over, a time that happens twice, a
 * zone with no effect, text cut by a "#". Each says which reading is taken and how to change it.
 */
function warnAbout(
  countdown: Countdown,
  written: { target: string; until?: string; zoneSet: boolean; textLines: { key: string; line?: number; value?: string }[] },
  start: ParsedTarget,
  until: ParsedTarget | undefined,
  now: number | undefined,
  warn: (field: string, message: string) => void,
): void {
  const { schedule, timezone: zone } = countdown;
  if (!intlKnowledge(countdown.lang).data) {
    warn("lang", `"${countdown.lang}" (${LANGUAGE_NAMES.of(countdown.lang)}) has no dates or labels in this platform's Intl, so browsers will most likely show them in English`);
  }
  // A repeating countdown counts to its next occurrence: only the end of the rule can be over.
  if (now !== undefined && !schedule.repeat && now >= countdown.targetMs) {
    warn("target", `${asWritten(written.target, countdown.targetMs)} is in the past, so the countdown is published as ended; if it should still count down, set a later date`);
  }
  if (now !== undefined && until && isOver(schedule, now)) {
    const when = until.ms <= now ? "is in the past" : "leaves no occurrence after now";
    warn("until", `${asWritten(written.until!, until.ms)} ${when}: every occurrence is over, so the countdown is published as ended; move "until" later, or remove it to repeat for ever`);
  }
  if (start.laterMs !== undefined) {
    const both = `happens twice in ${zone}, when the clocks go back: ${instantText(start.ms, zone)} and ${instantText(start.laterMs, zone)}`;
    if (schedule.repeat) {
      warn("target", `"${written.target}" ${both}; the first occurrence is the earlier (a doubled time always means the earlier); pick a time outside the repeated hour to avoid it`);
    } else {
      const later = `${wallClockText(start.wall)}${offsetText(zoneOffset(zone, start.laterMs))}`;
      warn("target", `"${written.target}" ${both}; the countdown uses the earlier; to mean the later, write its offset: target: "${later}"`);
    }
  }
  if (until?.laterMs !== undefined) {
    warn("until", `"${written.until}" happens twice in ${zone}, when the clocks go back; the earlier, ${instantText(until.ms, zone)}, ends the countdown`);
  }
  if (written.zoneSet && start.offset !== undefined && !schedule.repeat) {
    const time = written.target.slice(11, 16);
    warn(
      "timezone",
      `"${zone}" has no effect: the target "${written.target}" carries its own offset (${start.offset}), so it is ${countdown.targetDate} in any zone; to mean ${time} in ${zone}, remove "${start.offset}" from the target, else remove "timezone"`,
    );
  }
  for (const { key, line, value } of written.textLines) {
    if (value !== undefined && !/^["'|>]/.test(value) && /\s#/.test(value)) {
      const kept = key === "title" ? countdown.title : countdown.doneMessage;
      warn(key, `on line ${line}, YAML reads everything from " #" on as a comment, so it is "${kept}"; to keep the rest, put the value in quotes: ${key}: ${quoted(value)}`);
    }
  }
}

/** A date-time as the author wrote it, with its instant in UTC when that reads differently. */
function asWritten(text: string, ms: number): string {
  return text === isoSeconds(ms) ? `"${text}"` : `"${text}" (${isoSeconds(ms)})`;
}

/** `2026-10-25T00:30:00Z (UTC+02:00)`. */
function instantText(ms: number, zone: string): string {
  return `${isoSeconds(ms)} (UTC${offsetText(zoneOffset(zone, ms))})`;
}

/** Minutes east of UTC as `+02:00`. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** An optional field that takes one of a few words. */
function oneOf<T extends string>(fields: Record<string, unknown>, key: string, values: readonly T[], problem: (field: string, message: string) => void): T | undefined {
  const value = fields[key];
  if (value === undefined) return undefined;
  if (typeof value === "string" && (values as readonly string[]).includes(value.trim())) return value.trim() as T;
  problem(key, `${describeValue(value)} is not one of ${values.join(", ")}`);
  return undefined;
}

/** The `widget:` mapping: every option checked with the widget's own rules, kept as a query string. */
function widgetDefaults(value: unknown, problem: (field: string, message: string) => void): { query: string; link?: WidgetLink } {
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
      link = widgetLink(written, problem);
    } else if (!(OPTION_NAMES as string[]).includes(name)) {
      problem(field, `unknown widget option; the options are ${OPTION_NAMES.join(", ")}, and link`);
    } else if (raw === null && COLOUR_OPTIONS.includes(name)) {
      problem(field, `is empty; if you wrote ${name}: #${OPTION_EXAMPLES[name as OptionName]}, YAML reads "#" as the start of a comment: put the colour in quotes, ${name}: "#${OPTION_EXAMPLES[name as OptionName]}"`);
    } else if (typeof raw !== "string") {
      problem(field, `must be text in quotes, not ${describe(raw)}; write it like ${name}: "${OPTION_EXAMPLES[name as OptionName]}"`);
    } else {
      // A language, checked as the countdown's own `lang` is, and then as the widget takes one.
      const unknown = name === "lang" ? unknownLanguage(raw.trim()) : undefined;
      if (unknown) problem(field, unknown);
      else if (!isValidOption(name, raw.trim())) problem(field, `${JSON.stringify(raw)} is not a value of ${name}; ${optionHint(name)}`);
      else options[name as keyof WidgetOptions] = raw.trim();
    }
  }
  return { query: optionsQuery(options), ...(link ? { link } : {}) };
}

const LINK_EXAMPLE = 'link: { text: "Get tickets", url: "https://example.com/tickets" }';

/** `widget: link:`: a text of one short line and an https URL, both required. */
function widgetLink(value: unknown, problem: (field: string, message: string) => void): WidgetLink | undefined {
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
    problem("widget.link.text", `${fields.text === undefined ? "is missing" : `must be text, not ${describe(fields.text)}`}; write the link's words, like ${LINK_EXAMPLE}`);
    ok = false;
  } else if (CONTROL_CHARACTERS.test(text) || [...text].length > LINK_TEXT_MAX) {
    problem("widget.link.text", `must be one line of at most ${LINK_TEXT_MAX} characters (it is a button's words), not ${[...text].length} characters`);
    ok = false;
  }
  const written = typeof fields.url === "string" ? fields.url.trim() : undefined;
  let url: URL | undefined;
  try {
    url = written === undefined ? undefined : new URL(written);
  } catch {
    url = undefined;
  }
  if (written === undefined) {
    problem("widget.link.url", `${fields.url === undefined ? "is missing" : `must be text, not ${describe(fields.url)}`}; write the address the link opens, like ${LINK_EXAMPLE}`);
    ok = false;
  } else if (!url || url.protocol !== "https:" || !url.hostname) {
    problem("widget.link.url", `${JSON.stringify(written)} is not an https address; the widget links only to https://... pages, like ${LINK_EXAMPLE}`);
    ok = false;
  }
  return ok ? { text: text!, url: url!.href } : undefined;
}

/**
 * The `email:` mapping, checked with the email image's own rules and kept as a query string. Numbers
 * (width, frames, density) may be written bare or in quotes.
 */
function emailDefaults(value: unknown, problem: (field: string, message: string) => void): string {
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
      problem(field, `is empty; if you wrote ${name}: #e11d48, YAML reads "#" as the start of a comment: put the colour in quotes, ${name}: "#e11d48"`);
      continue;
    }
    const text = typeof raw === "number" && Number.isInteger(raw) ? String(raw) : typeof raw === "string" ? raw.trim() : undefined;
    if (!(EMAIL_OPTION_NAMES as string[]).includes(name)) problem(field, `unknown email option; the options are ${EMAIL_OPTION_NAMES.join(", ")}`);
    else if (text === undefined) problem(field, `must be text or a whole number, not ${describe(raw)}; ${emailOptionHint(name as EmailOptionName)}`);
    else {
      // A language, checked as the countdown's own `lang` is.
      const unknown = name === "lang" ? unknownLanguage(text) : undefined;
      if (unknown) problem(field, unknown);
      else if (!isValidEmailOption(name, text)) problem(field, `${JSON.stringify(raw)} is not a value of ${name}; ${emailOptionHint(name as EmailOptionName)}`);
      else options[name as EmailOptionName] = text;
    }
  }
  return emailOptionsQuery(options);
}

const COLOUR_OPTIONS = ["accent", "color", "bg"];
/** A colour option's value as the widget takes it: "#ff0000" written as CSS is "ff0000". */
const colourValue = (name: string, value: unknown) => (COLOUR_OPTIONS.includes(name) && typeof value === "string" ? value.trim().replace(/^#/, "") : value);

/** A value of each widget option, for the messages that show how to write one. */
const OPTION_EXAMPLES: Record<OptionName, string> = {
  theme: "dark",
  accent: "e11d48",
  color: "1a2030",
  bg: "ffffff",
  font: "serif",
  layout: "units",
  lang: "de",
  date: "utc",
  title: "hide",
  after: "countup",
  sync: "1",
};

function optionHint(name: string): string {
  if (name in CHOICES) return `use one of ${CHOICES[name as keyof typeof CHOICES].join(", ")}`;
  if ((COLOURS as readonly string[]).includes(name)) return `write a hex colour without "#", like "e11d48" or "0af"`;
  return `write a language tag like "en", "de" or "pt-BR"`;
}

function requiredString(
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
function describeValue(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : describe(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "a nested map";
  return `the ${typeof value} ${JSON.stringify(value)}`;
}

/** One line per problem: `countdowns/launch.md: target: "..." is not ...`. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}: ${problem.field}: ${problem.message}`;
}

/** A warning's line, marked as one: `warning: countdowns/launch.md: target: ...`. */
export function formatWarning(warning: Problem): string {
  return `warning: ${formatProblem(warning)}`;
}
