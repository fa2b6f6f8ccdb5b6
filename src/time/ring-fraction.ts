// The ring layout's rule, shared by every face that draws it (the email image, the widget and
// <countdown-timer>): how full a unit's ring is. No DOM, no Node: the browser's scripts import it too.

/** The days a ring of days holds when the countdown has no span of its own: a year. */
const YEAR_DAYS = 365;
/** What each ring holds (unitsLeft's order: days, hours, minutes, seconds); days by the span. */
const RING_OF = [YEAR_DAYS, 24, 60, 60];

/**
 * How full the ring of unit `unit` (0 days, 1 hours, 2 minutes, 3 seconds) is when it shows `value`,
 * from 0 (empty) to 1 (full): it empties as the unit runs out. Days against the countdown's span in
 * seconds, `spanSeconds` (an evergreen countdown's duration), else against 365 days (full from 365 on);
 * hours against 24, minutes and seconds against 60. A unit that holds the ones above it (77 hours
 * with `units=hms`) is full.
 */
export function ringFraction(unit: number, value: number, spanSeconds?: number): number {
  const whole = unit === 0 && spanSeconds !== undefined && spanSeconds > 0 ? spanSeconds / 86_400 : RING_OF[unit]!;
  return Math.min(1, Math.max(0, value / whole));
}
