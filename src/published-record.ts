// A published countdown's record, defined once as a JSON Schema: its TypeScript type is made from the
// schema (`FromSchema`), the live data's checker reads it (`schemaProblem`), and the OpenAPI document
// publishes it (src/eleventy/openapi.ts). The record is what `/api/data/<slug>.json` publishes and
// what the live data holds, with the live routes' own fields beside it (LIVE_COUNTDOWN_SCHEMA).
import { EXCEPT_MAX, NAMED_STATUSES, REPEATS } from "./vocabulary.ts";

/** The longest slug. */
export const SLUG_MAX = 64;
export const SLUG_PATTERN = new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${SLUG_MAX - 2}}[a-z0-9])?$`);
export const TITLE_MAX = 200;
/** An instant as the record writes it: UTC, whole seconds. */
export const INSTANT_PATTERN = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$";
/** A wall clock as a repeating countdown's `start` writes it, in its zone. */
const WALL_CLOCK_PATTERN = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$";

/** The part of JSON Schema the record uses, which `schemaProblem` checks and `FromSchema` types. */
export type Schema =
  | { readonly enum: readonly string[]; readonly description?: string }
  | {
      readonly type: "string";
      readonly pattern?: string;
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly description?: string;
      readonly examples?: readonly string[];
    }
  | {
      readonly type: "integer";
      readonly minimum?: number;
      readonly description?: string;
      readonly examples?: readonly number[];
    }
  | {
      readonly type: "array";
      readonly items: Schema;
      readonly maxItems?: number;
      readonly description?: string;
    }
  | {
      readonly type: "object";
      readonly additionalProperties: false;
      readonly required: readonly string[];
      readonly properties: Readonly<Record<string, Schema>>;
      /** Exactly one of these must hold (each names the fields it requires). */
      readonly oneOf?: readonly { readonly required: readonly string[] }[];
      readonly description?: string;
    };

const instant = (description: string) => ({ type: "string", pattern: INSTANT_PATTERN, description }) as const;

/** A unit's own words: by plural category of the countdown's language, `other` always there (src/authoring/unit-words.ts). */
const UNIT_FORMS = {
  type: "object",
  additionalProperties: false,
  required: ["other"],
  properties: Object.fromEntries(
    (["zero", "one", "two", "few", "many", "other"] as const).map((category) => [
      category,
      { type: "string", minLength: 1, maxLength: 24 } as const,
    ]),
  ) as Record<"zero" | "one" | "two" | "few" | "many" | "other", { type: "string"; minLength: 1; maxLength: 24 }>,
} as const;

export const RECORD_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["slug", "title"],
  oneOf: [{ required: ["targetDate"] }, { required: ["evergreen"] }],
  description: "A countdown has either `targetDate` or, counted from each viewer's own start, `evergreen`.",
  properties: {
    slug: {
      type: "string",
      pattern: SLUG_PATTERN.source,
      maxLength: SLUG_MAX,
      description: "Its address on the site.",
    },
    title: { type: "string", minLength: 1, maxLength: TITLE_MAX, description: "Its title." },
    targetDate: instant(
      "The target, UTC; for a repeating countdown its first occurrence. Left out for an evergreen one.",
    ),
    evergreen: {
      type: "integer",
      minimum: 60,
      description: "An evergreen countdown's duration in seconds: each viewer counts it from their own start.",
      examples: [259200],
    },
    until: instant(
      "With `evergreen`: the countdown's cap, its file's `until`. A viewer's deadline is the earlier of their start plus `evergreen` and `until`.",
    ),
    zone: {
      type: "string",
      description: "The author's IANA time zone; left out for UTC.",
      examples: ["Europe/Berlin"],
    },
    lang: { type: "string", description: "The countdown's language (BCP 47); left out for English." },
    doneImage: {
      type: "string",
      pattern: "^/assets/done-[A-Za-z0-9_-]+\\.(png|jpg|gif)$",
      description:
        "The picture shown at zero in place of the zeros (its file's `done_image`), a path of the site, published under the hash of its bytes; left out when it has none.",
      examples: ["/assets/done-9fJx2kLq0aZbC3dE.png"],
    },
    status: { enum: NAMED_STATUSES, description: "Left out when scheduled." },
    unitWords: {
      type: "object",
      additionalProperties: false,
      required: [],
      description:
        "The countdown's own words for its units (its file's `unit_words`), by unit and plural category of `lang`: shown in place of the platform's where the count is in words in `lang`. Left out when it has none.",
      properties: { day: UNIT_FORMS, hour: UNIT_FORMS, minute: UNIT_FORMS, second: UNIT_FORMS },
    },
    repeat: {
      type: "object",
      additionalProperties: false,
      required: ["rule", "start"],
      description:
        "A repeating countdown: `targetDate` is its first occurrence; later ones are at the same wall-clock time in `zone`.",
      properties: {
        rule: {
          type: "string",
          pattern: `^(${REPEATS.join("|")}|FREQ=[A-Z0-9=;,+-]+)$`,
          description:
            "How it repeats: daily, weekly, monthly or yearly, or an RFC 5545 RRULE's parts (without `RRULE:`; docs/authoring.md lists those it takes).",
          examples: ["weekly", "FREQ=MONTHLY;BYDAY=1MO"],
        },
        start: {
          type: "string",
          pattern: WALL_CLOCK_PATTERN,
          description: "The first occurrence as a wall clock in `zone`.",
          examples: ["2027-03-05T17:00:00"],
        },
        until: instant("The last instant an occurrence may be at."),
        last: instant("With `until` or the rule's COUNT: the last occurrence."),
        except: {
          type: "array",
          items: instant("An occurrence left out."),
          maxItems: EXCEPT_MAX,
          description: "The occurrences left out (RFC 5545's EXDATE), in order; left out when there are none.",
        },
      },
    },
  },
} as const satisfies Schema;

/** The words `/api/data/<slug>.json` shows in place of the count beside the record (`<countdown-timer>` reads them). */
export const MESSAGES_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["done"],
  description: "The words shown in place of the count, in the countdown's language.",
  properties: {
    done: {
      type: "string",
      description: "From the target on: the countdown's `done`, else the built-in message of its language.",
    },
    status: {
      type: "string",
      description: "A postponed or cancelled countdown's status, as its widget says it.",
      examples: ["Postponed"],
    },
    newDate: {
      type: "string",
      description: "Under a postponed countdown's date.",
      examples: ["New date to be announced"],
    },
  },
} as const satisfies Schema;

/** A countdown as the live data holds it: its record, and what only the live routes need. */
export const LIVE_COUNTDOWN_SCHEMA = {
  ...RECORD_SCHEMA,
  properties: {
    ...RECORD_SCHEMA.properties,
    done: { type: "string", description: "The author's done message; left out when it is the built-in one of `lang`." },
    email: {
      type: "string",
      description: "The email image's defaults as a query string; left out when there are none.",
    },
    go: {
      type: "object",
      additionalProperties: false,
      required: ["before", "after"],
      description: "Where `/go/<slug>` sends a visitor (its file's `go`): https addresses; left out when it has none.",
      properties: {
        before: { type: "string", pattern: "^https://", description: "While the countdown counts." },
        after: { type: "string", pattern: "^https://", description: "Once it has ended." },
      },
    },
    image: {
      type: "string",
      pattern: "^/assets/image-[A-Za-z0-9_-]+\\.(png|jpg)$",
      description:
        "The countdown's image (its file's `image`), a path of the site, where the link preview draws it as its background (a PNG or JPEG); left out otherwise.",
    },
  },
} as const satisfies Schema;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The TypeScript type of a value `schema` accepts. */
export type FromSchema<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: "string" }
    ? string
    : S extends { type: "integer" }
      ? number
      : S extends { type: "array"; items: infer I }
        ? FromSchema<I>[]
        : S extends { type: "object"; properties: infer P; required: readonly (infer R)[] }
          ? Simplify<
              { -readonly [K in keyof P & R]: FromSchema<P[K]> } & {
                -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]>;
              }
            >
          : never;

/** `/api/data/<slug>.json` without its messages. */
export type PublishedRecord = FromSchema<typeof RECORD_SCHEMA>;
/** The messages of `/api/data/<slug>.json`. */
export type RecordMessages = FromSchema<typeof MESSAGES_SCHEMA>;
/** A countdown of the live data (src/live/live-store.ts). */
export type LiveCountdown = FromSchema<typeof LIVE_COUNTDOWN_SCHEMA>;

const patterns = new Map<string, RegExp>();
/** Whether `value` is a JSON object (not null, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What is wrong with `value` as `schema` says it must be, naming where (`at`); undefined when nothing is. */
export function schemaProblem(schema: Schema, value: unknown, at: string): string | undefined {
  if ("enum" in schema)
    return schema.enum.includes(value as string) ? undefined : `${at} is not one of ${schema.enum.join(", ")}`;
  if (schema.type === "integer") {
    if (!Number.isInteger(value)) return `${at} is not a whole number`;
    return (value as number) < (schema.minimum ?? -Infinity) ? `${at} is under ${schema.minimum}` : undefined;
  }
  if (schema.type === "string") {
    if (typeof value !== "string") return `${at} is not a string`;
    // (JSON Schema counts characters, not UTF-16 units.)
    const length = [...value].length;
    if (length < (schema.minLength ?? 0) || length > (schema.maxLength ?? Infinity))
      return `${at} is not ${schema.minLength ?? 0} to ${schema.maxLength} characters long`;
    if (schema.pattern === undefined) return undefined;
    let pattern = patterns.get(schema.pattern);
    if (!pattern) patterns.set(schema.pattern, (pattern = new RegExp(schema.pattern)));
    return pattern.test(value) ? undefined : `${at} is not like ${schema.examples?.[0] ?? pattern.source}`;
  }
  if (schema.type === "array") {
    if (!Array.isArray(value)) return `${at} is not an array`;
    if (value.length > (schema.maxItems ?? Infinity)) return `${at} has more than ${schema.maxItems} items`;
    for (const [i, item] of value.entries()) {
      const problem = schemaProblem(schema.items, item, `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return `${at} is not an object`;
  for (const name of schema.required) if (!(name in value)) return `${at} has no ${name}`;
  for (const [name, field] of Object.entries(value)) {
    const fieldSchema = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (!fieldSchema) return `${at} has a field it does not take: ${name}`;
    const problem = schemaProblem(fieldSchema, field, `${at}.${name}`);
    if (problem) return problem;
  }
  if (schema.oneOf && schema.oneOf.filter(({ required }) => required.every((name) => name in value)).length !== 1)
    return `${at} needs exactly one of ${schema.oneOf.map(({ required }) => required.join(" and ")).join(", ")}`;
  return undefined;
}
