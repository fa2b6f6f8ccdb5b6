// An oracle of a zone's clock changes from Luxon's own zone data, independent of src/time/: the
// property tests of the time math and of the occurrences compare the service with it.
import { IANAZone } from "luxon";

/**
 * Instants where the zone's offset changes in a year (the first second of the new offset), found by
 * bisection to the second between monthly samples: every change since 1970 is on a whole second.
 */
export function zoneTransitionsOf(zoneName: string, year: number): number[] {
  const zoneObject = IANAZone.create(zoneName);
  const found: number[] = [];
  for (let month = 0; month < 12; month++) {
    let low = Date.UTC(year, month, 1);
    let high = Date.UTC(year, month + 1, 1);
    if (zoneObject.offset(low) === zoneObject.offset(high)) continue;
    while (high - low > 1000) {
      const middle = Math.floor((low + high) / 2000) * 1000;
      if (zoneObject.offset(middle) === zoneObject.offset(low)) low = middle;
      else high = middle;
    }
    found.push(high);
  }
  return found;
}
