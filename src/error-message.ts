// What a fault says, for a log line or a problem list: an Error's message, or anything else thrown as text.

/** The message of `error`: its `message` where it is an Error, else the thrown value as a string. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
