// The live countdown JSON (`/api/countdown/:slug`, computed per request), the go links and the health
// answer: what netlify/functions/live.ts answers.
import { errorAnswer, quote } from "../http/kernel.ts";
import type { HeaderSet } from "../http/policy.ts";
import { startProblemText, type StartProblem } from "../time/evergreen.ts";
import { SHAPES, type Shape } from "../http/routes.ts";
import { livePath } from "../paths.ts";
import { jsonText } from "../text/escape.ts";
import { isoSeconds, timeLeft } from "../time/time-left.ts";
import { health } from "./health.ts";
import { go } from "./go.ts";
import { currentTarget, forViewer, varyOnStart } from "./viewer-target.ts";
import { ok, slugIn, unknownSlug, type RouteAnswers } from "./route.ts";
import type { LiveEntry } from "./live-store.ts";

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
  go,
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
