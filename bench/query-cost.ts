// What a request's query costs the server, as `npm start` runs it (its access log on): the live JSON
// and the email image asked for with a plain query, and with 15 KB of one option repeated (1,937
// `lang=en`, the probe's request). Each query is read once, within 2,048 characters and 32 parameters
// (src/http/kernel.ts, readQuery), so the long one is refused at once: its cost must not grow with
// what it repeats. One request at a time on a kept-alive connection, the two kinds taken in turn.
import http from "node:http";
import { median, percentile } from "./load.ts";
import { startServerChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const REQUESTS = 1000;
/** The target: the long query within a millisecond of the plain one. */
const TARGET_MS = 1;
const REPEATED = "lang=en&".repeat(1937).slice(0, -1);

function timedGet(agent: http.Agent, url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode! }));
      })
      .on("error", reject);
  });
}

export async function queryCost(outDir: string, slug: string): Promise<BenchSection> {
  const server = await startServerChild("src/server/main.ts", { env: { OUT_DIR: outDir, ACCESS_LOG: "on" } });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const pairs: [string, string, string][] = [
      ["live JSON", `/api/countdown/${slug}`, `/api/countdown/${slug}?${REPEATED}`],
      [
        "email image of an unknown slug",
        "/api/email/no-such-countdown.gif",
        `/api/email/no-such-countdown.gif?${REPEATED}`,
      ],
    ];
    const rows: (string | number)[][] = [];
    let worst = 0;
    for (const [label, plain, long] of pairs) {
      const times = { plain: [] as number[], long: [] as number[] };
      const statuses = { plain: new Set<number>(), long: new Set<number>() };
      for (let i = 0; i < 50; i++) await timedGet(agent, server.url + (i % 2 ? long : plain));
      for (let i = 0; i < REQUESTS; i++) {
        for (const kind of ["plain", "long"] as const) {
          const { ms, status } = await timedGet(agent, server.url + (kind === "plain" ? plain : long));
          times[kind].push(ms);
          statuses[kind].add(status);
        }
      }
      const sorted = { plain: times.plain.sort((a, b) => a - b), long: times.long.sort((a, b) => a - b) };
      const difference = median(sorted.long) - median(sorted.plain);
      worst = Math.max(worst, difference);
      rows.push([
        label,
        [...statuses.plain].join(", "),
        fmt(median(sorted.plain), 3),
        fmt(percentile(sorted.plain, 0.99), 3),
        [...statuses.long].join(", "),
        fmt(median(sorted.long), 3),
        fmt(percentile(sorted.long, 0.99), 3),
        fmt(difference, 3),
      ]);
    }
    return {
      id: "query-cost",
      title: "A query's cost: 15 KB of one option repeated",
      ok: worst <= TARGET_MS,
      summary: `15 KB of repeated \`lang\` costs at most ${fmt(worst, 3)} ms more than a plain request, at the median (target ${TARGET_MS} ms); it is refused at once (414).`,
      figures: table(
        [
          "Route",
          "Plain: status",
          "median (ms)",
          "p99 (ms)",
          "15 KB query: status",
          "median (ms)",
          "p99 (ms)",
          "Difference of the medians (ms)",
        ],
        rows,
        [false, false, true, true, false, true, true, true],
      ),
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}
