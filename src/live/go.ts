// `/go/<slug>`: a link that changes at zero. It sends a visitor (302) to the countdown's `go.before`
// while it counts and to `go.after` once it has ended: a repeating countdown once its last occurrence
// has passed, an evergreen one per viewer (`?start=`, as the JSON and the email image read it), a
// cancelled one at once. No answer is kept past the moment it would change.
import { errorAnswer } from "../http/kernel.ts";
import { errorHeaders, NO_STORE } from "../http/policy.ts";
import { goPath } from "../paths.ts";
import { startProblemText } from "../time/evergreen.ts";
import { SECOND } from "../time/units.ts";
import { currentTarget, forViewer } from "./viewer-target.ts";
import { slugIn, unknownSlug, type LiveRequest } from "./route.ts";

const GO_PREFIX = goPath("");
/** The longest a browser keeps a redirect: a deploy may change the countdown, and no purge reaches a browser. */
const BROWSER_MAX_S = 60;
/** The longest a CDN keeps one: a deploy purges Netlify's, but not every CDN's. */
const CDN_MAX_S = 86_400;

/** Caching for an answer that holds for `seconds` more (Infinity: until the next deploy); none under a second. */
function keptFor(seconds: number) {
  const whole = Math.floor(seconds);
  if (!(whole >= 1)) return { "Cache-Control": NO_STORE };
  return {
    "Cache-Control": `public, max-age=${Math.min(whole, BROWSER_MAX_S)}`,
    "Netlify-CDN-Cache-Control": `public, durable, max-age=${Math.min(whole, CDN_MAX_S)}`,
  };
}

export function go({ route, pathname, params, store, nowMs }: LiveRequest) {
  const slug = slugIn(pathname, GO_PREFIX);
  const found = slug === undefined ? undefined : store.get(slug);
  const headers = errorHeaders(false);
  if (!found) return errorAnswer(404, "not_found", unknownSlug(slug ?? pathname), headers);
  if (!found.go)
    return errorAnswer(
      404,
      "not_found",
      `The countdown "${slug}" has no go links; its file's "go: { before: …, after: … }" makes ${pathname} lead there.`,
      headers,
    );
  const { before, after } = found.go;
  const redirect = (location: string, caching: object) => ({
    status: 302,
    headers: { ...route.headers, ...caching, Location: location },
  });
  // Evergreen: without a start the viewer's count starts now, so it counts; a start refused is said.
  if (found.evergreenMs && !params.get("start")) return redirect(before, keptFor(0));
  const entry = forViewer(found, params, nowMs);
  if ("problem" in entry) return errorAnswer(400, entry.problem, startProblemText(entry.problem, entry.start), headers);
  if (entry.status === "cancelled") return redirect(after, keptFor(Infinity));
  const { targetMs, over } = currentTarget(entry, nowMs);
  // Counting (or postponed): until the deadline, or a repeating countdown's next occurrence, at the latest.
  return over ? redirect(after, keptFor(Infinity)) : redirect(before, keptFor((targetMs - nowMs) / SECOND));
}
