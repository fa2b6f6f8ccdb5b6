// What a fault says, for a log line or a problem list: an Error's message (or its stack, where the log
// needs to find the fault), or anything else thrown as text.

/** The message of `error`: its `message` where it is an Error, else the thrown value as a string. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The stack of `error` where it is an Error with one (its message where it has none), else the thrown value as a string. */
export const stackOf = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);
