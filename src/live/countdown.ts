// The live countdown JSON (`/api/countdown/:slug`, computed per request) and the health answer: what
// netlify/functions/live.ts answers.
import { errorAnswer, quote, type Query } from "../http/kernel.ts";
import type { HeaderSet } from "../http/policy.ts";
import { deadline, startProblemText, type StartProblem } from "../time/evergreen.ts";
import { SHAPES, type Shape } from "../http/routes.ts";
import { livePath } from "../paths.ts";
import { jsonText } from "../text/escape.ts";
import { lastOccurrence, nextOccurrence } from "../time/occurrence.ts";
import { isExpired, isoSeconds, timeLeft } from "../time/time-left.ts";
import { health } from "./health.ts";
import { ok, slugIn, unknownSlug, type RouteAnswers } from "./route.ts";
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
 * query's `start` plus the duration (src/time/evergreen.ts); or why the start is refused. A countdown
 * with a date is itself, whatever the query says.
 */
export function forViewer(
  entry: LiveEntry,
  params: Query,
  nowMs: number,
): LiveEntry | { problem: StartProblem; start: string | null } {
  if (!entry.evergreenMs) return entry;
  const start = params.get("start") ?? null;
  const viewer = deadline(start, entry.zone ?? "UTC", entry.evergreenMs, nowMs);
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

/** A refused start as the API says it: 400 with the error shape. */
const startRefused = (refused: { problem: StartProblem; start: string | null }, headers: HeaderSet) =>
  errorAnswer(400, refused.problem, startProblemText(refused.problem, refused.start), varyOnStart(headers));

/** The body of `/api/countdown/:slug`: both published shapes at once, or exactly one of them. */
export function countdownBody(entry: LiveEntry, nowMs: number, shape?: Shape): object {
  const { targetMs, over } = currentTarget(entry, nowMs);
  const targetDate = entry.schedule ? isoSeconds(targetMs) : entry.targetDate!;
  const left = timeLeft(targetMs, nowMs);
  if (shape === "a") return { slug: entry.slug, title: entry.title, targetDate, timeLeft: left };
  if (shape === "b") return { slug: entry.slug, title: entry.title, targetIso: targetDate, days: left.days };
  return {
    slug: entry.slug,
    title: entry.title,
    targetDate,
    timeLeft: left,
    targetIso: targetDate,
    days: left.days,
    expired: over,
    serverTime: new Date(nowMs).toISOString(),
    status: entry.status ?? "scheduled",
    ...(entry.repeat ? { repeat: entry.repeat.rule } : {}),
    ...(entry.evergreen ? { evergreen: entry.evergreen, start: isoSeconds(entry.startMs!) } : {}),
  };
}

const LIVE_PREFIX = livePath("");

/** The countdown JSON and health: what netlify/functions/live.ts answers. */
export const LIVE_ANSWERS: RouteAnswers = {
  health,
  countdown: ({ route, pathname, params, store, nowMs }) => {
    const slug = slugIn(pathname, LIVE_PREFIX);
    const found = slug === undefined ? undefined : store.get(slug);
    if (!found) return errorAnswer(404, "not_found", unknownSlug(slug ?? pathname), route.headers);
    const entry = forViewer(found, params, nowMs);
    if ("problem" in entry) return startRefused(entry, route.headers);
    const shapes = params.all("shape");
    if (shapes.length > 1 || (shapes.length === 1 && !(SHAPES as readonly string[]).includes(shapes[0]!))) {
      return errorAnswer(
        400,
        "invalid_shape",
        `Query parameter "shape" must be given once, as "a" or "b" (got ${shapes.map(quote).join(", ")}); leave it out for both shapes.`,
        route.headers,
      );
    }
    const answer = ok(route, jsonText(countdownBody(entry, nowMs, shapes[0] as Shape | undefined)));
    return entry.evergreenMs ? { ...answer, headers: varyOnStart(answer.headers) } : answer;
  },
};
