// The Node server as the origin behind a cache, counting the /api/countdown/ requests that reach it
// per (slug, shape). The parent asks over IPC: "reset" starts a count, "report" sends it back.
import { createProductionServer } from "../../src/server/production-server.ts";
import { requestTarget } from "../../src/http/kernel.ts";

export interface OriginCount {
  /** `<slug> shape=<a|b|>` */
  key: string;
  /** Arrival times in ms since the count started. */
  arrivals: number[];
}

const local = createProductionServer({ outDir: process.env.OUT_DIR!, log: () => {} });
let started = performance.now();
let arrivals = new Map<string, number[]>();

// Runs before the server's own handler: the count sees every request exactly as it arrives.
local.server.prependListener("request", (req) => {
  const { pathname, query } = requestTarget(req.url ?? "/");
  if (!pathname.startsWith("/api/countdown/")) return;
  const key = `${pathname.slice("/api/countdown/".length)} shape=${new URLSearchParams(query).get("shape") ?? ""}`;
  let list = arrivals.get(key);
  if (!list) arrivals.set(key, (list = []));
  list.push(performance.now() - started);
});

process.on("message", (message) => {
  if (message === "reset") {
    started = performance.now();
    arrivals = new Map();
    process.send!("reset");
  } else if (message === "report") {
    const counts: OriginCount[] = [...arrivals].map(([key, times]) => ({ key, arrivals: times }));
    process.send!(counts);
  }
});

local.server.listen(0, "127.0.0.1", () =>
  console.log(`http://localhost:${(local.server.address() as { port: number }).port}`),
);
process.once("SIGTERM", () => process.exit(0));
