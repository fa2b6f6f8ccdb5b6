// The JSON Schema of a countdown file's front matter, generated from the definition the validator
// uses, so editors can complete and check countdown files with the build's own rules.
import { FRONT_MATTER_FIELDS } from "./countdown-file.ts";

/** Zones offered for completion; any IANA name that Luxon knows is accepted. */
const ZONE_EXAMPLES = ["UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney"];

export function frontMatterJsonSchema(): object {
  const { title, target, timezone, done } = FRONT_MATTER_FIELDS;
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "countdown.schema.json",
    title: "Countdown file front matter",
    description: "The YAML front matter of countdowns/<slug>.md. The build checks more than a schema can (real dates, time zone gaps); run npm run check.",
    type: "object",
    additionalProperties: false,
    required: Object.entries(FRONT_MATTER_FIELDS)
      .filter(([, field]) => field.required)
      .map(([name]) => name),
    properties: {
      title: { type: "string", minLength: 1, maxLength: title.maxLength, pattern: "\\S", description: title.description },
      target: {
        type: "string",
        pattern: target.pattern.source,
        description: target.description,
        examples: ["2027-01-01T00:00:00", "2027-01-01T00:00:00Z", "2027-01-01T09:30:00+02:00"],
      },
      timezone: {
        type: "string",
        pattern: "^[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*$",
        default: timezone.default,
        description: timezone.description,
        examples: ZONE_EXAMPLES,
      },
      done: { type: "string", minLength: 1, maxLength: done.maxLength, default: done.default, description: done.description },
    },
  };
}
