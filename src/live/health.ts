// `/api/health`: the live runtime says whether it can answer. It reads the live data it serves as it is
// now (meta.json and a shard, and any shard that failed when needed) and asks the runtime what else
// it depends on (the Node server: its built files), and answers 503 with what is wrong when anything is;
// what still answers but less well (email images drawn in the main thread) is named in `warnings`.
import type { Answer } from "../http/kernel.ts";
import type { LiveRoute } from "../http/routes.ts";
import { jsonText } from "../text/escape.ts";
import type { LiveStore } from "./live-store.ts";
import { ok, type LiveRequest } from "./route.ts";

/** The time zone data of the runtime that answers (docs/deploying.md, "Time zone data"): Node says it; Cloudflare's workerd does not, so "unknown" there. */
const RUNTIME_TZ = process.versions.tz || "unknown";

export async function health({
  route,
  store,
  nowMs,
  runtimeProblems,
  runtimeWarnings,
  fetchFiles,
}: LiveRequest): Promise<Answer> {
  await fetchFiles({ live: store.checkedFiles() });
  const problems = [...store.check(), ...runtimeProblems()];
  if (problems.length) return degraded(route, problems, nowMs, store);
  // What answers, but less well than it should: named, with the status still ok (a load balancer keeps the server).
  const warnings = runtimeWarnings();
  return ok(
    route,
    jsonText({
      status: "ok",
      countdowns: store.count,
      version: store.version,
      time: new Date(nowMs).toISOString(),
      tzdata: { build: store.tz, runtime: RUNTIME_TZ },
      ...(warnings.length ? { warnings } : {}),
    }),
  );
}

/** The health answer of a runtime that cannot answer as it should: 503, and each thing that is wrong. */
export function degraded(route: LiveRoute, problems: string[], nowMs: number, store?: LiveStore): Answer {
  const body = {
    status: "degraded",
    problems,
    ...(store ? { countdowns: store.count, version: store.version } : {}),
    time: new Date(nowMs).toISOString(),
    tzdata: { ...(store ? { build: store.tz } : {}), runtime: RUNTIME_TZ },
  };
  return { status: 503, headers: route.headers, body: jsonText(body) };
}
