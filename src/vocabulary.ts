// A countdown's vocabulary, defined once: the values its fields take, shared by its file's checks, its
// published record, the live data's checker, the OpenAPI and JSON Schema documents, and every face.

/** Whether a countdown happens as planned. */
export const STATUSES = ["scheduled", "postponed", "cancelled"] as const;
export type Status = (typeof STATUSES)[number];

/** The statuses a record and the live data name; a scheduled countdown's leave the field out. */
export const NAMED_STATUSES = ["postponed", "cancelled"] as const satisfies readonly Status[];
export type NamedStatus = (typeof NAMED_STATUSES)[number];

/** How a countdown repeats (RFC 5545's frequencies): its target is the next occurrence. */
export const REPEATS = ["daily", "weekly", "monthly", "yearly"] as const;
export type Repeat = (typeof REPEATS)[number];

/** The most occurrences a countdown's `except` may leave out. */
export const EXCEPT_MAX = 100;
