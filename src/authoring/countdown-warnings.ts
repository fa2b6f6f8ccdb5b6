// What a valid countdown file probably does not mean, said as warnings that do not fail the build:
// a countdown already over, a time that happens twice, a zone with no effect, text cut by a "#".
import { isOver } from "../time/occurrence.ts";
import { wallClockText, zoneOffset } from "../time/zone.ts";
import { LANGUAGE_NAMES, intlKnowledge } from "./language.ts";
import { quoted } from "./front-matter-text.ts";
import type { Countdown } from "./countdown.ts";
import { asWritten, instantText, offsetText, type ParsedTarget } from "./targets.ts";

/**
 * What a valid file probably does not mean: a countdown already over, a time that happens twice, a
 * zone with no effect, text cut by a "#". Each says which reading is taken and how to change it.
 */
export function warnAbout(
  countdown: Countdown,
  written: {
    target: string;
    until?: string;
    zoneSet: boolean;
    textLines: { key: string; line?: number; value?: string }[];
  },
  start: ParsedTarget | undefined,
  until: ParsedTarget | undefined,
  now: number | undefined,
  warn: (field: string, message: string) => void,
): void {
  const { schedule, timezone: zone } = countdown;
  // An evergreen countdown has no date: only its cap can be over.
  if (!start) {
    if (now !== undefined && until && until.ms <= now)
      warn(
        "until",
        `${asWritten(written.until!, until.ms)} is in the past: every viewer's deadline is over, so the countdown is published as ended; move "until" later, or remove it`,
      );
    return warnAboutText(countdown, written.textLines, warn);
  }
  // A repeating countdown counts to its next occurrence: only the end of the rule can be over.
  if (now !== undefined && !schedule.repeat && now >= countdown.targetMs) {
    warn(
      "target",
      `${asWritten(written.target, countdown.targetMs)} is in the past, so the countdown is published as ended; if it should still count down, set a later date`,
    );
  }
  if (now !== undefined && until && isOver(schedule, now)) {
    const when = until.ms <= now ? "is in the past" : "leaves no occurrence after now";
    warn(
      "until",
      `${asWritten(written.until!, until.ms)} ${when}: every occurrence is over, so the countdown is published as ended; move "until" later, or remove it to repeat for ever`,
    );
  }
  if (start.laterMs !== undefined) {
    const both = `happens twice in ${zone}, when the clocks go back: ${instantText(start.ms, zone)} and ${instantText(start.laterMs, zone)}`;
    if (schedule.repeat) {
      warn(
        "target",
        `"${written.target}" ${both}; the first occurrence is the earlier (a doubled time always means the earlier); pick a time outside the repeated hour to avoid it`,
      );
    } else {
      const later = `${wallClockText(start.wall)}${offsetText(zoneOffset(zone, start.laterMs))}`;
      warn(
        "target",
        `"${written.target}" ${both}; the countdown uses the earlier; to mean the later, write its offset: target: "${later}"`,
      );
    }
  }
  if (until?.laterMs !== undefined) {
    warn(
      "until",
      `"${written.until}" happens twice in ${zone}, when the clocks go back; the earlier, ${instantText(until.ms, zone)}, ends the countdown`,
    );
  }
  if (written.zoneSet && start.offset !== undefined && !schedule.repeat) {
    const time = written.target.slice(11, 16);
    warn(
      "timezone",
      `"${zone}" has no effect: the target "${written.target}" carries its own offset (${start.offset}), so it is ${countdown.targetDate} in any zone; to mean ${time} in ${zone}, remove "${start.offset}" from the target, else remove "timezone"`,
    );
  }
  warnAboutText(countdown, written.textLines, warn);
}

/** Words that will not read as meant: a language Intl does not know, text a " #" cut short (YAML read the rest as a comment). */
function warnAboutText(
  countdown: Countdown,
  textLines: { key: string; line?: number; value?: string }[],
  warn: (field: string, message: string) => void,
): void {
  if (!intlKnowledge(countdown.lang).data) {
    warn(
      "lang",
      `"${countdown.lang}" (${LANGUAGE_NAMES.of(countdown.lang)}) has no dates or labels in this platform's Intl, so browsers will most likely show them in English`,
    );
  }
  for (const { key, line, value } of textLines) {
    if (value !== undefined && !/^["'|>]/.test(value) && /\s#/.test(value)) {
      const kept = key === "title" ? countdown.title : countdown.doneMessage;
      warn(
        key,
        `on line ${line}, YAML reads everything from " #" on as a comment, so it is "${kept}"; to keep the rest, put the value in quotes: ${key}: ${quoted(value)}`,
      );
    }
  }
}
