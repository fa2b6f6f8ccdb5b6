// What a countdown counts to for one request: its target, a repeating one's next occurrence, an
// evergreen one's deadline for the viewer's start. Shared by every live route.
import type { Query } from "../http/kernel.ts";
import type { HeaderSet } from "../http/policy.ts";
import { deadline, type StartProblem } from "../time/evergreen.ts";
import { lastOccurrence, nextOccurrence } from "../time/occurrence.ts";
import { isExpired, isoSeconds } from "../time/time-left.ts";
import type { LiveEntry } from "./live-store.ts";

/** The next occurrence of each repeating countdown, kept until it passes (no zone arithmetic per request). */
const nextOccurrences = new WeakMap<LiveEntry, number>();

/**
 * What a countdown counts to at `nowMs`: its target; for a repeating one, the next occurrence (the
 * last one once none lies ahead). Returns the instant and whether the countdown is over.
 */
export function currentTarget(entry: LiveEntry, nowMs: number): { targetMs: number; over: boolean } {
  const schedule = entry.schedule;
  if (!schedule) return { targetMs: entry.targetMs, over: isExpired(entry.targetMs, nowMs) };
  let next = nextOccurrences.get(entry);
  if (next === undefined || next < nowMs) {
    next = nextOccurrence(schedule, nowMs) ?? -1;
    nextOccurrences.set(entry, next);
  }
  return next >= 0 ? { targetMs: next, over: false } : { targetMs: lastOccurrence(schedule)!, over: true };
}

/**
 * An evergreen countdown as one viewer's request sees it: dated at their deadline, the start of the
 * query's `start` plus the duration, at the latest its `until` (src/time/evergreen.ts); or why the start is refused. A countdown
 * with a date is itself, whatever the query says.
 */
export function forViewer(
  entry: LiveEntry,
  params: Query,
  nowMs: number,
): LiveEntry | { problem: StartProblem; start: string | null } {
  if (!entry.evergreenMs) return entry;
  const start = params.get("start") ?? null;
  const viewer = deadline(start, entry.zone ?? "UTC", entry.evergreenMs, nowMs, entry.untilMs);
  if ("problem" in viewer) return { problem: viewer.problem, start };
  return { ...entry, targetMs: viewer.deadlineMs, targetDate: isoSeconds(viewer.deadlineMs), startMs: viewer.startMs };
}

/**
 * An evergreen countdown's answers, which vary on the query's `start`: Netlify's CDN keys them on it
 * too. A countdown with a date ignores `start`, so its answers are not keyed on it (a random `start`
 * cannot get past the CDN).
 */
export const varyOnStart = (headers: HeaderSet): HeaderSet => ({
  ...headers,
  "Netlify-Vary": `${headers["Netlify-Vary"]}|start`,
});
