// The rules of the ring, flip and digital layouts that every face draws alike (the email image,
// the widget and <countdown-timer>): how full a unit's ring is, and which segments each digit lights.
// No DOM, no Node: the browser's scripts import it too.

/** A ring of days against no span of its own (any countdown but an evergreen one) is full at this many days and more. */
export const RING_DAYS = 365;

/**
 * How full the ring of `n` of unit `i` (unitsLeft's order: days, hours, minutes, seconds) is, 0 to
 * 1: days out of `spanDays` (an evergreen countdown's duration; else RING_DAYS), hours out of 24,
 * minutes and seconds out of 60. A largest unit that holds those above it (77 hours) is full.
 */
export const ringFraction = (n: number, i: number, spanDays = RING_DAYS) =>
  Math.min(1, n / (i ? (i > 1 ? 60 : 24) : spanDays)) || 0;

/** The seven segments, a to g (top, upper right, lower right, bottom, lower left, upper left, middle), lit in each digit: bit k is segment k. */
export const SEGMENTS = [0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f];
