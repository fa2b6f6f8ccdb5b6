// The zone a countdown's author names: an IANA name in any case or an older spelling, a legacy name
// (what it is and what was meant), or a city alone; each checked against what the platform knows.
import { ianaZone } from "../time/zone.ts";

/** Zone names already checked: a site has thousands of countdowns but few distinct zones. */
const canonicalZones = new Map<string, string | undefined>();

/** The canonical IANA spelling of a zone the platform knows ("europe/berlin" -> "Europe/Berlin", "Asia/Calcutta" -> "Asia/Kolkata"), or undefined. */
function canonicalZone(name: string): string | undefined {
  if (!canonicalZones.has(name)) {
    let zone: string | undefined;
    try {
      zone = ianaZone(new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone);
    } catch {
      zone = undefined;
    }
    canonicalZones.set(name, zone);
  }
  return canonicalZones.get(name);
}

/**
 * Zone names that are no place's time: the POSIX-style US zones and the abbreviations of the old
 * tzdata, each with the place people usually mean. `EST` is UTC-5 all year (no summer time), so a
 * New York meeting written in it is an hour off all summer.
 */
const LEGACY_ZONES: Record<string, { is: string; mean: string }> = {
  EST: { is: "UTC-5 all year, with no daylight saving time", mean: "America/New_York" },
  MST: { is: "UTC-7 all year, with no daylight saving time", mean: "America/Denver" },
  HST: { is: "UTC-10 all year", mean: "Pacific/Honolulu" },
  EST5EDT: { is: "a POSIX-style rule, not a place", mean: "America/New_York" },
  CST6CDT: { is: "a POSIX-style rule, not a place", mean: "America/Chicago" },
  MST7MDT: { is: "a POSIX-style rule, not a place", mean: "America/Denver" },
  PST8PDT: { is: "a POSIX-style rule, not a place", mean: "America/Los_Angeles" },
  CET: { is: "an old abbreviation, not a place", mean: "Europe/Paris" },
  MET: { is: "an old abbreviation, not a place", mean: "Europe/Paris" },
  EET: { is: "an old abbreviation, not a place", mean: "Europe/Athens" },
  WET: { is: "an old abbreviation, not a place", mean: "Europe/Lisbon" },
};
const ZONE_REGIONS = [
  "Europe",
  "America",
  "Asia",
  "Africa",
  "Australia",
  "Pacific",
  "Atlantic",
  "Indian",
  "Antarctica",
];

/** The zone of a place named alone ("Tokyo", "new york" -> "Asia/Tokyo", "America/New_York"), if Intl knows one. */
function zoneForCity(name: string): string | undefined {
  const city = name.trim().replace(/\s+/g, "_");
  if (!/^[A-Za-z_'-]+$/.test(city)) return undefined;
  for (const region of ZONE_REGIONS) {
    const zone = canonicalZone(`${region}/${city}`);
    if (zone) return zone;
  }
  return undefined;
}

/**
 * A zone as written in `timezone:` (or `--timezone`, or the creator's form): its canonical spelling,
 * with a note where the name is not the one to write (an old link, another case, a fixed offset);
 * or the problem, naming the zone people mean where it can.
 */
export function checkZone(written: string): { zone: string; note?: string } | { problem: string } {
  const legacy = LEGACY_ZONES[written.toUpperCase()];
  if (legacy)
    return {
      problem: `"${written}" is ${legacy.is}, so its clocks do not follow any place's; write the zone of the place you mean, like "${legacy.mean}"`,
    };
  const zone = canonicalZone(written);
  if (!zone) {
    const city = zoneForCity(written.split("/").pop()!);
    const hint = city
      ? `did you mean "${city}"? Zone names are a region and a city`
      : `use an IANA name like "Europe/Berlin" or "America/New_York"`;
    return { problem: `"${written}" is not a time zone; ${hint}` };
  }
  const offset = /^Etc\/GMT([+-])(\d{1,2})$/i.exec(written);
  if (offset) {
    const utc = `UTC${offset[1] === "+" ? "-" : "+"}${offset[2]}`;
    return {
      zone,
      note: `"${written}" is ${utc} all year, with no daylight saving time (the sign of Etc/GMT names is inverted); if you mean a place, write its zone, like "America/New_York"`,
    };
  }
  if (written === zone || zone === "UTC") return { zone };
  if (written.toLowerCase() === zone.toLowerCase())
    return { zone, note: `is written "${written}"; write it "${zone}", as the zone is spelled` };
  return { zone, note: `"${written}" is an old name of "${zone}"; write "${zone}"` };
}
