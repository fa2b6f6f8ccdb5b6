// The authoring format: parses one `countdowns/<slug>.md` file and checks every rule of it, with the
// model (countdown.ts), the fields (fields.ts), the zones (zones.ts), the targets (targets.ts) and the
// widget's and email's defaults (option-defaults.ts), its warnings (countdown-warnings.ts). The build and `npm run check` both go through
// here, so an author sees the same messages everywhere.
import yaml from "js-yaml";
import { isoSeconds } from "../time/time-left.ts";
import { wallClockOf } from "../time/zone.ts";
import { DURATION_EXAMPLE, parseDuration } from "../time/evergreen.ts";
import { OPTION_NAMES, isLanguageTag } from "../widget/options.ts";
import { unknownLanguage } from "./language.ts";
import {
  explainYamlError,
  findLineMistake,
  quoted,
  splitFrontMatter,
  writtenValue,
  type LineMistake,
} from "./front-matter-text.ts";
import { messagesFor } from "../text/messages.ts";
import { STATUSES } from "../vocabulary.ts";
import {
  DEFAULT_LANG,
  DEFAULT_TIMEZONE,
  DONE_MESSAGE_MAX,
  NO_DATE_MS,
  inFieldOrder,
  type Countdown,
  type ParseOptions,
  type ParseResult,
  type Problem,
} from "./countdown.ts";
import { TITLE_MAX } from "../published-record.ts";
import {
  CONTROL_CHARACTERS,
  KNOWN_FIELDS,
  describe,
  describeValue,
  meantName,
  oneOf,
  requiredString,
  slugProblem,
} from "./fields.ts";
import { parseTarget, type ParsedTarget } from "./targets.ts";
import { warnAbout } from "./countdown-warnings.ts";
import { checkZone } from "./zones.ts";
import { emailDefaults, widgetDefaults } from "./option-defaults.ts";
import { unitWordsField } from "./unit-words.ts";
import { goLinksField } from "./go-links.ts";
import { HEADER_IMAGE_RULE, IMAGE_ALT_MAX, doneImageFile, imageFile } from "./done-image.ts";
import { repeatFields } from "./repeat-field.ts";

/**
 * The file's other problems, behind a line YAML cannot read: where the fix is sure (a value put in
 * quotes), the file is checked again with that line fixed, so that one run reports every problem it
 * can (a title with ": " in it does not hide an impossible date below it). The slug's problem, if
 * any, is already said.
 */
function afterRepair(
  file: string,
  text: string,
  mistake: LineMistake,
  options: ParseOptions,
  slugSaid: boolean,
): Problem[] {
  const depth = options.repairs ?? 0;
  if (mistake.fix === undefined || depth >= 20) return [];
  const lines = text.split("\n");
  const crlf = lines[mistake.line - 1]?.endsWith("\r") ? "\r" : "";
  lines[mistake.line - 1] = mistake.fix + crlf;
  const again = parseCountdownFile(file, lines.join("\n"), { ...options, repairs: depth + 1 });
  return again.problems.filter((problem) => !(slugSaid && problem.field === "slug"));
}

/**
 * Parses and validates one countdown file. `file` is how messages name it (e.g. `countdowns/launch.md`);
 * the slug is its base name without `.md`. Every problem of the file is reported, not just the first.
 */
export function parseCountdownFile(file: string, text: string, options: ParseOptions = {}): ParseResult {
  const result = parseFile(file, text, options);
  return result.countdown || result.problems.length < 2
    ? result
    : { problems: inFieldOrder(result.problems), warnings: result.warnings };
}

/**
 * The checks of one file, field by field. Over 80 lines: each field's check stands next to what it
 * reads from the fields before it (the zone before the target, the target before `until`), so the
 * rules read in one place, in the order an author writes the file.
 */
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
    return {
      problems: [...problems, ...afterRepair(file, text, mistake, options, badSlug !== undefined)],
      warnings: [],
    };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    const mistake = findLineMistake(parts.yaml, parts.firstLine);
    if (mistake) problem(`line ${mistake.line}`, mistake.message);
    else
      problem(
        "front matter",
        `must be a set of "key: value" lines, like title: "Launch" and target: "2027-03-01 09:00"`,
      );
    return {
      problems: [...problems, ...(mistake ? afterRepair(file, text, mistake, options, badSlug !== undefined) : [])],
      warnings: [],
    };
  }
  const fields = data as Record<string, unknown>;

  for (const key of Object.keys(fields)) {
    if (!KNOWN_FIELDS.includes(key)) {
      const meant = meantName(key, KNOWN_FIELDS);
      if ((OPTION_NAMES as string[]).includes(key))
        problem(key, `unknown field; "${key}" is a widget option: indent it under "widget:"`);
      else if (meant) problem(key, `unknown field; did you mean "${meant}"?`);
      else problem(key, `unknown field; the fields are ${KNOWN_FIELDS.join(", ")}`);
    }
  }

  // An unquoted value that starts with "#" is a comment to YAML: the field reads as empty.
  const commented = new Set<string>();
  for (const key of ["title", "target", "evergreen"]) {
    const written = fields[key] === null ? writtenValue(parts.yaml, key, parts.firstLine) : undefined;
    if (written?.value.startsWith("#")) {
      problem(
        key,
        `on line ${written.line} starts with "#", which YAML reads as a comment, so it is empty; put the value in quotes: ${key}: ${quoted(written.value)}`,
      );
      commented.add(key);
    }
  }
  const title = commented.has("title") ? undefined : requiredString(fields, "title", problem);
  if (title !== undefined) {
    const length = [...title].length;
    if (length === 0) problem("title", "is empty; give the countdown a title");
    else if (length > TITLE_MAX) problem("title", `is ${length} characters long; the limit is ${TITLE_MAX}`);
    else if (CONTROL_CHARACTERS.test(title))
      problem("title", "contains a line break or control character; keep it on one line");
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
  let evergreenMs: number | undefined;
  // Evergreen: a duration instead of a target, counted from each viewer's own start; nothing dates it.
  const evergreen = fields.evergreen !== undefined;
  if (evergreen && !commented.has("evergreen")) {
    if (typeof fields.evergreen !== "string" && typeof fields.evergreen !== "number")
      problem("evergreen", `must be a duration like ${DURATION_EXAMPLE}, not ${describe(fields.evergreen)}`);
    else if (typeof fields.evergreen === "number")
      problem("evergreen", `${fields.evergreen} has no unit; write it like ${DURATION_EXAMPLE}`);
    else {
      const parsed = parseDuration(fields.evergreen);
      if ("error" in parsed) problem("evergreen", parsed.error);
      else evergreenMs = parsed.ms;
    }
    for (const key of ["target", "repeat", "except"]) {
      if (fields[key] !== undefined)
        problem(
          key,
          `cannot be given with "evergreen": an evergreen countdown counts from each viewer's own start, not to a date; remove "${key}", or remove "evergreen" to count to the date`,
        );
    }
  }
  const target = commented.has("target") || evergreen ? undefined : requiredString(fields, "target", problem);
  if (target !== undefined) {
    const parsed = parseTarget(target.trim(), timezone);
    if ("error" in parsed) problem("target", parsed.error);
    else start = parsed;
  }

  let lang = options.defaultLang ?? DEFAULT_LANG;
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
      else if (length > DONE_MESSAGE_MAX)
        problem("done", `is ${length} characters long; the limit is ${DONE_MESSAGE_MAX}`);
      else if (CONTROL_CHARACTERS.test(done))
        problem("done", "contains a line break or control character; keep it on one line");
      else doneMessage = done;
    }
  }

  const status = oneOf(fields, "status", STATUSES, problem) ?? "scheduled";
  const { repeat, until, untilMs, except } = repeatFields(fields, start, timezone, problem);

  if (fields.unlisted !== undefined && typeof fields.unlisted !== "boolean")
    problem("unlisted", `must be true or false, not ${describe(fields.unlisted)}`);
  const unlisted = fields.unlisted === true;

  const { query: widget, link } = widgetDefaults(fields.widget, problem, fields.go !== undefined);
  const email = emailDefaults(fields.email, problem);
  const unitWords = unitWordsField(fields.unit_words, problem);
  const go = goLinksField(fields.go, problem);
  const doneImage = fields.done_image === undefined ? undefined : doneImageFile(fields.done_image);
  if (typeof doneImage === "object") problem("done_image", doneImage.problem);
  const image = fields.image === undefined ? undefined : imageFile(fields.image, HEADER_IMAGE_RULE);
  if (typeof image === "object") problem("image", image.problem);
  const imageAlt = imageAltField(fields, image !== undefined, problem);

  if (
    problems.length > 0 ||
    title === undefined ||
    (evergreenMs === undefined && (target === undefined || start === undefined))
  )
    return { problems, warnings: [] };
  const countdown: Countdown = {
    slug,
    title: title.trim(),
    ...(start
      ? {
          targetMs: start.ms,
          targetDate: isoSeconds(start.ms),
          schedule: {
            start: start.wall,
            zone: timezone,
            ...(repeat ? { repeat } : {}),
            ...(untilMs !== undefined ? { untilMs } : {}),
            ...(except?.length ? { except } : {}),
          },
        }
      : {
          targetMs: NO_DATE_MS,
          targetDate: "",
          evergreenMs,
          ...(until !== undefined ? { evergreenUntilMs: until.ms } : {}),
          schedule: { start: wallClockOf(NO_DATE_MS), zone: timezone },
        }),
    timezone,
    doneMessage,
    description: parts.body.trim(),
    lang,
    status,
    widget,
    ...(link ? { link } : {}),
    email,
    ...(unitWords ? { unitWords } : {}),
    ...(go ? { go } : {}),
    ...(typeof doneImage === "string" ? { doneImageFile: doneImage } : {}),
    ...(typeof image === "string" ? { imageFile: image } : {}),
    ...(imageAlt ? { imageAlt } : {}),
    ...(unlisted ? { unlisted } : {}),
  };
  const warnings: Problem[] = [];
  const warn = (field: string, message: string) => warnings.push({ file, field, message });
  const written = {
    target: target?.trim() ?? "",
    until: until && (fields.until as string).trim(),
    zoneSet: fields.timezone !== undefined,
    // Only a file with " #" in it can have text cut by a comment.
    textLines: /\s#/.test(parts.yaml)
      ? ["title", "done"].map((key) => ({ key, ...writtenValue(parts.yaml, key, parts.firstLine) }))
      : [],
  };
  if (zoneNote) warn("timezone", zoneNote);
  warnAbout(countdown, written, start, until, options.now, warn);
  return { countdown, problems: [], warnings };
}

/** `image_alt`: one line of text, with `image` only; undefined where it is left out (the title stands for it). */
function imageAltField(
  fields: Record<string, unknown>,
  hasImage: boolean,
  problem: (field: string, message: string) => void,
): string | undefined {
  const value = fields.image_alt;
  if (value === undefined) return undefined;
  if (!hasImage) return void problem("image_alt", 'describes the countdown\'s image: add "image", or leave this out');
  if (typeof value !== "string") return void problem("image_alt", `must be text (quote it), not ${describe(value)}`);
  const alt = value.trim();
  const length = [...alt].length;
  if (length === 0) problem("image_alt", "is empty; leave it out to have the title describe the image");
  else if (length > IMAGE_ALT_MAX) problem("image_alt", `is ${length} characters long; the limit is ${IMAGE_ALT_MAX}`);
  else if (CONTROL_CHARACTERS.test(alt))
    problem("image_alt", "contains a line break or control character; keep it on one line");
  else return alt;
  return undefined;
}
