// When a zone's offset from UTC changes, found from the platform's Intl data alone (zone.ts's zoneOffset):
// what a calendar file needs to describe the zone to calendars that do not know it by name.
import { zoneOffset } from "./zone.ts";
import { DAY, SECOND } from "./units.ts";

/** The zone's offset changes at `ms` (the first second of the new offset), from `from` to `to` minutes east. */
interface Transition {
  ms: number;
  from: number;
  to: number;
}

// How often the scan asks the zone for its offset: a change undone within one step would be missed.
// In the platform's data (1970 to 2400) a zone's changes are at least 6 days apart; the closest are a
// week apart (Gaza's pauses of summer time, Boa Vista's week of it in 2000).
const STEP = 3 * DAY;
// One scan per zone and year, shared by every countdown of a build.
const years = new Map<string, Transition[]>();

/** The zone's transitions in (Jan 1 of `year`, Jan 1 of the next year], UTC. */
function transitionsOfYear(zone: string, year: number): Transition[] {
  const key = `${zone} ${year}`;
  let found = years.get(key);
  if (found) return found;
  found = [];
  const end = Date.UTC(year + 1, 0, 1);
  for (let at = Date.UTC(year, 0, 1), offset = zoneOffset(zone, at); at < end;) {
    const next = Math.min(at + STEP, end);
    const nextOffset = zoneOffset(zone, next);
    if (nextOffset == offset) {
      at = next;
      continue;
    }
    // Bisect to the whole second: `low` still has the old offset, `high` no longer does.
    let [low, high] = [at, next];
    while (high - low > SECOND) {
      const middle = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
      if (zoneOffset(zone, middle) == offset) low = middle;
      else high = middle;
    }
    const to = zoneOffset(zone, high);
    found.push({ ms: high, from: offset, to });
    // Go on from the change: another one may follow within the same step.
    [at, offset] = [high, to];
  }
  years.set(key, found);
  return found;
}

/** The zone's transitions in the UTC years `firstYear` to `lastYear`, oldest first. */
export function zoneTransitions(zone: string, firstYear: number, lastYear: number): Transition[] {
  const all: Transition[] = [];
  for (let year = firstYear; year <= lastYear; year++) all.push(...transitionsOfYear(zone, year));
  return all;
}
