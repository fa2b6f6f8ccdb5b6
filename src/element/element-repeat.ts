// What `<countdown-timer>` loads for a countdown that repeats, and only for one (a dynamic import of
// /api/element-repeat.js): the walk through its occurrences, as the widget's (src/time/ticking.ts),
// each occurrence's instant read from Intl's zone offsets (src/time/occurrence.ts). Kept out of the
// element's own module, which stays within its 4,096 bytes.
import { countingTo } from "../time/ticking.ts";
import { zoneOffset } from "../time/zone.ts";

/**
 * The target as a function of now, for a countdown whose first target is `targetDate` in `zone`, and
 * that repeats as a record says (its rule, the wall clock of that first occurrence, its last, the
 * occurrences left out) or as an
 * inline element's `repeat` attribute says (its rule alone: it starts at its target's wall clock in its
 * zone, as wallClockText writes it: the UTC reading of the instant moved by the zone's offset).
 */
export default (
  targetDate: string,
  zone: string,
  repeat: string | { rule: string; start: string; last?: string; except?: string[] },
) => {
  const ms = Date.parse(targetDate);
  const { rule, start, last, except } =
    typeof repeat == "string"
      ? { rule: repeat, start: new Date(ms + zoneOffset(zone, ms) * 6e4).toISOString().slice(0, 19) }
      : repeat;
  return countingTo({ countdown: targetDate, zone, repeat: rule, start, last, except: except?.join(" ") });
};
