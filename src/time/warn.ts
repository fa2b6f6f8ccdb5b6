// `warn=<duration>`: the last span before the target, in which the time left is drawn in a warning
// colour instead of the accent. Its value as an option takes it (a query parameter, the front
// matter's defaults): a whole number and one unit letter, `30s`, `10m`, `1h`, `2d`, from a second to
// WARN_MAX_DAYS days; read by the evergreen durations' reader (src/time/evergreen.ts). Anything else
// is no span: the option is ignored, as every invalid option is.
import { durationMs } from "./evergreen.ts";
import { DAY, SECOND } from "./units.ts";

/** The option's value as a pattern (`warn=` is matched before it): what the options' rules take. */
export const WARN_PATTERN = "[1-9][0-9]{0,5}[smhd]";
/** How to write one, for the messages about a value that is not. */
export const WARN_HINT = 'write a span like "1h", "10m", "30s" or "2d"';
/** The longest span. */
const WARN_MAX_DAYS = 365;

/** The span `value` names, in ms; undefined for anything the grammar does not take. */
export function warnSpanMs(value: string | undefined): number | undefined {
  if (value === undefined || !new RegExp(`^${WARN_PATTERN}$`).test(value)) return undefined;
  const read = durationMs(value);
  return "ms" in read && read.ms <= WARN_MAX_DAYS * DAY ? read.ms : undefined;
}

/**
 * Whether the count, showing `left` whole seconds (secondsLeft), is in the span: from the second it
 * shows the span left to the target.
 */
export const inWarnSpan = (left: number, spanMs: number | undefined) =>
  spanMs !== undefined && left > 0 && left * SECOND <= spanMs;
