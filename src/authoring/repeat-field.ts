// A countdown file's `repeat`, `until` and `except` fields, checked against its target: the rule
// (src/authoring/repeat-rule.ts), the target one of its occurrences, its end (`until`, or the rule's
// COUNT as its last occurrence) and the occurrences left out, each one of the rule's. (`until` also
// caps an evergreen countdown, which has no target: read in its zone alone.)
import { lastOccurrence, nextOccurrence, type Schedule } from "../time/occurrence.ts";
import { isRule, readRule, walkRule } from "../time/rule.ts";
import { localMs, localToInstant, wallClockOf, wallClockText, zoneOffset } from "../time/zone.ts";
import { MINUTE } from "../time/units.ts";
import { EXCEPT_MAX } from "../vocabulary.ts";
import { describe, describeValue } from "./fields.ts";
import { parseTarget, type ParsedTarget } from "./targets.ts";
import { readRepeat } from "./repeat-rule.ts";

/** The repeat fields as the schedule takes them, and `until` as written (for the file's warnings). */
interface RepeatFields {
  repeat?: string;
  until?: ParsedTarget;
  untilMs?: number;
  except?: number[];
}

/** The instant of the `count`th occurrence of a rule from `start` (as local ms walked from the start). */
function countEnd(schedule: Schedule, count: number): number {
  let local = 0;
  let seen = 0;
  walkRule(readRule(schedule.repeat!, schedule.start), schedule.start, localMs(schedule.start), 1, (each) => {
    local = each;
    return ++seen >= count;
  });
  return localToInstant(local, schedule.zone);
}

/** An instant as an author writes a target in `zone`, for a message: "2027-03-01 17:00". */
const written = (ms: number | undefined, zone: string) =>
  ms === undefined
    ? "none"
    : `"${wallClockText(wallClockOf(ms + zoneOffset(zone, ms) * MINUTE))
        .replace("T", " ")
        .slice(0, 16)}"`;

/**
 * The checked `repeat`, `until` and `except` of a file whose target is `start` in `zone` (undefined
 * when the target has a problem of its own: the fields are then checked alone).
 */
export function repeatFields(
  fields: Record<string, unknown>,
  start: ParsedTarget | undefined,
  zone: string,
  problem: (field: string, message: string) => void,
): RepeatFields {
  const result: RepeatFields = {};
  let count: number | undefined;
  if (fields.repeat !== undefined) {
    const read = typeof fields.repeat === "string" ? readRepeat(fields.repeat) : undefined;
    if (!read)
      problem("repeat", `${describeValue(fields.repeat)} is not one of daily, weekly, monthly, yearly or a rule`);
    else if ("error" in read) problem("repeat", read.error);
    else [result.repeat, count] = [read.rule, read.count];
  }
  const schedule: Schedule | undefined =
    start && result.repeat ? { start: start.wall, zone, repeat: result.repeat } : undefined;
  if (schedule && isRule(result.repeat!)) {
    const first = nextOccurrence(schedule, start!.ms);
    if (first !== start!.ms)
      return (
        problem(
          "repeat",
          `the target is not an occurrence of ${result.repeat}; its first occurrence after the target is ${written(first, zone)}: make that the target`,
        ),
        result
      );
  }

  if (fields.until !== undefined) {
    if (typeof fields.until !== "string")
      problem("until", `must be a date-time in quotes, not ${describe(fields.until)}`);
    else if (fields.repeat === undefined && fields.evergreen === undefined)
      problem(
        "until",
        `ends a repeating countdown or caps an evergreen one; add "repeat:" (daily, weekly, monthly, yearly or a rule) or "evergreen:", or remove "until"`,
      );
    else if (count !== undefined)
      problem("until", `cannot be given with the rule's COUNT (RFC 5545 takes one end); remove one of them`);
    else {
      const parsed = parseTarget(fields.until.trim(), zone);
      if ("error" in parsed) problem("until", parsed.error);
      else if (start !== undefined && parsed.ms < start.ms)
        problem("until", `is before the target; the last occurrence cannot come before the first`);
      else [result.until, result.untilMs] = [parsed, parsed.ms];
    }
  }
  if (schedule && count !== undefined) schedule.untilMs = result.untilMs = countEnd(schedule, count);
  else if (schedule) schedule.untilMs = result.untilMs;

  if (fields.except !== undefined) result.except = exceptField(fields, start, schedule, zone, problem);
  return result;
}

/** The instants of `except`: each a date (that day's occurrence) or a date-time, each an occurrence of `schedule`. */
function exceptField(
  fields: Record<string, unknown>,
  start: ParsedTarget | undefined,
  schedule: Schedule | undefined,
  zone: string,
  problem: (field: string, message: string) => void,
): number[] | undefined {
  if (fields.repeat === undefined) {
    problem("except", `leaves out occurrences of a repeating countdown; add "repeat:", or remove "except"`);
    return undefined;
  }
  const items = Array.isArray(fields.except) ? fields.except : [fields.except];
  if (items.length > EXCEPT_MAX)
    return (problem("except", `lists ${items.length} occurrences; the limit is ${EXCEPT_MAX}`), undefined);
  const except = new Set<number>();
  for (const item of items) {
    if (typeof item !== "string") {
      problem(
        "except",
        `${describeValue(item)} is not a date like "2026-12-25" or a date-time written like the target`,
      );
      continue;
    }
    const text = item.trim();
    // A date alone is that day's occurrence: the day at the target's time.
    const day = /^\d{4}-\d{2}-\d{2}$/.test(text) && start ? `${text} ${wallClockText(start.wall).slice(11)}` : text;
    const parsed = parseTarget(day, zone);
    if ("error" in parsed) problem("except", `"${text}": ${parsed.error}`);
    else if (schedule && nextOccurrence(schedule, parsed.ms) !== parsed.ms)
      problem(
        "except",
        `"${text}" is not an occurrence of the rule; the next one after it is ${written(nextOccurrence(schedule, parsed.ms), zone)}`,
      );
    else if (except.has(parsed.ms)) problem("except", `"${text}" is listed twice`);
    else except.add(parsed.ms);
  }
  const sorted = [...except].sort((a, b) => a - b);
  if (schedule?.untilMs !== undefined && lastOccurrence({ ...schedule, except: sorted }) === undefined)
    problem("except", "leaves out every occurrence; remove some, or end the countdown later");
  return sorted;
}
