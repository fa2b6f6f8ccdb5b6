// The JSON Schema of a countdown file's front matter, generated from the definition the validator
// uses, so editors can complete and check countdown files with the build's own rules.
import { WARN_PATTERN } from "../time/warn.ts";

/**
 * A pattern's source as JSON Schema takes it, without flags: a case-blind one's letters as both cases
 * (an escape is kept; the patterns given have no letter in a class).
 */
const flagless = (pattern: RegExp) =>
  pattern.flags.includes("i")
    ? pattern.source.replace(/\\.|[a-z]/gi, (c) => (c.length > 1 ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`))
    : pattern.source;

/** `warn`, of the widget and of the email image alike. */
const WARN_SCHEMA = {
  type: "string",
  pattern: `^${WARN_PATTERN}$`,
  description: 'The last span before the target, drawn in the warning colour: "30s", "10m", "1h", "2d".',
};
import { EMAIL_CHOICES, EMAIL_COLOURS, EMAIL_RANGES } from "../images/email-options.ts";
import { HEX_COLOUR } from "../colour/colour.ts";
import { CHOICES, COLOURS } from "../widget/options.ts";
import { PLURAL_CATEGORIES, UNIT_WORD_MAX, UNIT_WORD_UNITS } from "./unit-words.ts";
import { FRONT_MATTER_FIELDS } from "./fields.ts";
import { LINK_TEXT_MAX } from "./countdown.ts";

/** A BCP 47 language tag's shape; the build checks it with the platform's Intl. */
const LANGUAGE_TAG = "^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$";

/** Zones offered for completion; any IANA name the platform's Intl knows is accepted. */
const ZONE_EXAMPLES = [
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "Asia/Tokyo",
  "Australia/Sydney",
];

/** The front matter's JSON Schema. Over 80 lines: one literal, a few lines a field. */
export function frontMatterJsonSchema(): object {
  const { title, target, evergreen, timezone, done, lang, status, repeat, until, unlisted, go, widget, email } =
    FRONT_MATTER_FIELDS;
  const doneImage = FRONT_MATTER_FIELDS.done_image;
  const except = FRONT_MATTER_FIELDS.except;
  const word = { type: "string", minLength: 1, maxLength: UNIT_WORD_MAX, pattern: "\\S" };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "countdown.schema.json",
    title: "Countdown file front matter",
    description:
      "The YAML front matter of countdowns/<slug>.md. The build checks more than a schema can (real dates, time zone gaps); run npm run check.",
    type: "object",
    additionalProperties: false,
    required: Object.entries(FRONT_MATTER_FIELDS)
      .filter(([, field]) => field.required)
      .map(([name]) => name),
    properties: {
      title: {
        type: "string",
        minLength: 1,
        maxLength: title.maxLength,
        pattern: "\\S",
        description: title.description,
      },
      target: {
        type: "string",
        pattern: target.pattern.source,
        description: target.description,
        examples: ["2027-01-01T00:00:00", "2027-01-01T00:00:00Z", "2027-01-01T09:30:00+02:00"],
      },
      evergreen: {
        type: "string",
        pattern: evergreen.pattern.source,
        description: evergreen.description,
        examples: ["72h", "3 days", "P3D"],
      },
      timezone: {
        type: "string",
        pattern: "^[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*$",
        default: timezone.default,
        description: timezone.description,
        examples: ZONE_EXAMPLES,
      },
      done: {
        type: "string",
        minLength: 1,
        maxLength: done.maxLength,
        default: done.default,
        description: done.description,
      },
      lang: {
        type: "string",
        pattern: LANGUAGE_TAG,
        default: lang.default,
        description: lang.description,
        examples: ["en", "de", "pt-BR", "ar"],
      },
      status: { enum: [...status.values], default: status.default, description: status.description },
      repeat: { type: "string", minLength: 1, examples: repeat.examples, description: repeat.description },
      until: { type: "string", pattern: until.pattern.source, description: until.description },
      except: {
        type: "array",
        maxItems: except.maxItems,
        items: { type: "string", pattern: until.pattern.source },
        description: except.description,
      },
      done_image: {
        type: "string",
        pattern: flagless(doneImage.pattern),
        description: doneImage.description,
        examples: ["images/sale-over.png"],
      },
      image: {
        type: "string",
        pattern: flagless(FRONT_MATTER_FIELDS.image.pattern),
        description: FRONT_MATTER_FIELDS.image.description,
        examples: ["images/launch.jpg"],
      },
      image_alt: {
        type: "string",
        minLength: 1,
        maxLength: FRONT_MATTER_FIELDS.image_alt.maxLength,
        pattern: "\\S",
        description: FRONT_MATTER_FIELDS.image_alt.description,
      },
      unlisted: { type: "boolean", default: unlisted.default, description: unlisted.description },
      go: {
        type: "object",
        additionalProperties: false,
        required: go.links,
        description: go.description,
        properties: Object.fromEntries(
          go.links.map((name) => [name, { type: "string", format: "uri", pattern: "^\\s*https://" }]),
        ),
      },
      unit_words: {
        type: "object",
        additionalProperties: false,
        description: FRONT_MATTER_FIELDS.unit_words.description,
        properties: Object.fromEntries(
          UNIT_WORD_UNITS.map((unit) => [
            unit,
            {
              oneOf: [
                word,
                { type: "array", items: word, minItems: 1, maxItems: 2 },
                {
                  type: "object",
                  additionalProperties: false,
                  required: ["other"],
                  properties: Object.fromEntries(PLURAL_CATEGORIES.map((category) => [category, word])),
                },
              ],
            },
          ]),
        ),
      },
      widget: {
        type: "object",
        additionalProperties: false,
        description: widget.description,
        properties: {
          ...Object.fromEntries(
            Object.entries(CHOICES).map(([name, values]) => [name, { enum: [...values], default: values[0] }]),
          ),
          ...Object.fromEntries(
            COLOURS.map((name) => [
              name,
              {
                type: "string",
                pattern: HEX_COLOUR.source.replace("^", "^#?"),
                description: "A hex colour of 3 or 6 digits, with or without #.",
              },
            ]),
          ),
          lang: { type: "string", pattern: LANGUAGE_TAG },
          warn: WARN_SCHEMA,
          link: {
            type: "object",
            additionalProperties: false,
            required: ["text", "url"],
            description:
              "A call to action under the count, opened in the host page's window: from the front matter only, never from the embed's URL.",
            properties: {
              text: { type: "string", minLength: 1, maxLength: LINK_TEXT_MAX },
              url: { type: "string", format: "uri", pattern: "^https://" },
            },
          },
        },
      },
      email: {
        type: "object",
        additionalProperties: false,
        description: email.description,
        properties: {
          ...Object.fromEntries(
            Object.entries(EMAIL_CHOICES).map(([name, values]) => [
              name,
              name === "density"
                ? { enum: [...values, ...values.map(Number)], default: 1 }
                : { enum: [...values], default: values[0] },
            ]),
          ),
          ...Object.fromEntries(
            Object.entries(EMAIL_RANGES).map(([name, { min, max, default: fallback }]) => [
              name,
              {
                oneOf: [
                  { type: "integer", minimum: min, maximum: max },
                  { type: "string", pattern: "^[0-9]{1,5}$" },
                ],
                default: fallback,
              },
            ]),
          ),
          ...Object.fromEntries(
            EMAIL_COLOURS.map((name) => [
              name,
              {
                type: "string",
                pattern: HEX_COLOUR.source.replace("^", "^#?"),
                description: "A hex colour of 3 or 6 digits, with or without #.",
              },
            ]),
          ),
          lang: { type: "string", pattern: LANGUAGE_TAG },
          warn: WARN_SCHEMA,
        },
      },
    },
    // `until` ends a repeating countdown or caps an evergreen one; `except` leaves out a repeating one's occurrences; `image_alt` describes `image`.
    dependentRequired: { except: ["repeat"], image_alt: ["image"] },
    dependentSchemas: { until: { anyOf: [{ required: ["repeat"] }, { required: ["evergreen"] }] } },
    // A date to count to, or a duration each viewer counts from their own start: one of the two.
    oneOf: [
      { required: ["target"], not: { required: ["evergreen"] } },
      {
        required: ["evergreen"],
        not: { anyOf: [{ required: ["target"] }, { required: ["repeat"] }, { required: ["except"] }] },
      },
    ],
  };
}
