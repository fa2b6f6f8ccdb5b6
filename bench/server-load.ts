// The Node server under load, side by side with its floors on one shared core: the live JSON against
// a bare node:http server sending the same bytes, the built files against a plain sirv server.
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";
import { loadRun, median, type LoadRun } from "./load.ts";
import { pinToCpus, startServerChild, type ServerChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const MAX_P99_RATIO = 2;
const LOCAL_SERVER = "src/server/main.ts";
/** The floor of the access log's cost: the Node server with its log off. */
const LOG_OFF = "local, access log off";
const CONNECTIONS = [50, 200] as const;
/** Seconds per round: the Node server and its floor loaded at the same time. */
const RUN_SECONDS = 2;
/** Fresh pairs of server processes per comparison, and rounds per pair. */
const PAIRS = 4;
const ROUNDS_PER_PAIR = 3;
const WARMUP_SECONDS = 1;

interface Endpoint {
  path: string;
  floor: string;
  floorScript: string;
  /** The lowest req/s ratio, local over floor. */
  minRatio: number;
  /** The Node server's access log: off (as the floors, which log nothing) unless said. */
  accessLog?: "on";
}

interface Comparison extends Endpoint {
  connections: number;
  local: LoadRun[];
  floorRuns: LoadRun[];
  /** Per round: local over floor, both loaded in the same seconds. */
  rpsRatios: number[];
  p99Ratios: number[];
  /** Per round: requests per CPU-second of the server process, local over floor. */
  efficiencyRatios: number[];
}

export async function serverLoad(outDir: string, slug: string): Promise<BenchSection> {
  // The load generator (autocannon, in this process) on the first CPU, every server under test on
  // the last: neither side's turn on a core depends on how the scheduler shares them.
  const lastCpu = os.cpus().length - 1;
  const pinned = lastCpu > 0 && pinToCpus(process.pid, `0-${lastCpu - 1}`);
  try {
    return await measure(outDir, slug, pinned ? String(lastCpu) : undefined);
  } finally {
    if (pinned) pinToCpus(process.pid, `0-${lastCpu}`);
  }
}

async function measure(outDir: string, slug: string, serverCpu: string | undefined): Promise<BenchSection> {
  const endpoints: Endpoint[] = [
    {
      path: `/api/countdown/${slug}`,
      floor: "bare node:http",
      floorScript: "bench/servers/bare-json-server.ts",
      minRatio: 0.9,
    },
    {
      path: `/api/embed/${slug}`,
      floor: "plain sirv",
      floorScript: "bench/servers/plain-sirv-server.ts",
      minRatio: 0.95,
    },
    { path: "/api/pages", floor: "plain sirv", floorScript: "bench/servers/plain-sirv-server.ts", minRatio: 0.95 },
    { path: `/${slug}/`, floor: "plain sirv", floorScript: "bench/servers/plain-sirv-server.ts", minRatio: 0.95 },
    // What the access log costs: the same server with it on (to a pipe the benchmark reads) and off.
    { path: `/api/countdown/${slug}`, floor: LOG_OFF, floorScript: LOCAL_SERVER, minRatio: 0.9, accessLog: "on" },
    { path: `/api/embed/${slug}`, floor: LOG_OFF, floorScript: LOCAL_SERVER, minRatio: 0.9, accessLog: "on" },
  ];
  // The access log off unless the endpoint says: the floors log nothing.
  const start = async (script: string, accessLog: "on" | "off" = "off") => {
    const server = await startServerChild(path.join(PROJECT_ROOT, script), {
      env: { OUT_DIR: outDir, ACCESS_LOG: accessLog },
    });
    if (serverCpu !== undefined && !pinToCpus(server.process.pid!, serverCpu)) {
      await server.stop();
      throw new Error(`could not pin ${script} to CPU ${serverCpu}`);
    }
    return server;
  };
  const comparisons: Comparison[] = [];
  for (const endpoint of endpoints) {
    for (const connections of CONNECTIONS) {
      const comparison: Comparison = {
        ...endpoint,
        connections,
        local: [],
        floorRuns: [],
        rpsRatios: [],
        p99Ratios: [],
        efficiencyRatios: [],
      };
      for (let pair = 0; pair < PAIRS; pair++) {
        const servers: ServerChild[] = [];
        try {
          const local = await start(LOCAL_SERVER, endpoint.accessLog);
          servers.push(local);
          const floor = await start(endpoint.floorScript);
          servers.push(floor);
          const run = (server: ServerChild, seconds: number) =>
            loadRun(`${server.url}${endpoint.path}`, { connections, seconds, serverPid: server.process.pid });
          // Both at once, each with connections of its own, in the same seconds on the same core.
          const both = (seconds: number) => Promise.all([run(floor, seconds), run(local, seconds)]);
          await both(WARMUP_SECONDS);
          for (let round = 0; round < ROUNDS_PER_PAIR; round++) {
            const [floorRun, localRun] = await both(RUN_SECONDS);
            comparison.floorRuns.push(floorRun);
            comparison.local.push(localRun);
            comparison.rpsRatios.push(localRun.rps / floorRun.rps);
            comparison.p99Ratios.push(localRun.p99 / floorRun.p99);
            if (localRun.cpuUsPerRequest && floorRun.cpuUsPerRequest)
              comparison.efficiencyRatios.push(floorRun.cpuUsPerRequest / localRun.cpuUsPerRequest);
          }
          for (const server of servers) {
            if (server.process.exitCode !== null || server.process.signalCode !== null) {
              throw new Error(`a server under test exited during ${endpoint.path}:\n${server.output().slice(-3000)}`);
            }
          }
        } finally {
          await Promise.all(servers.map((server) => server.stop()));
        }
      }
      console.log(
        `     ${endpoint.path} c=${connections}: req/s ratio ${fmt(median(comparison.rpsRatios))}, p99 ratio ${fmt(median(comparison.p99Ratios))}`,
      );
      comparisons.push(comparison);
    }
  }
  return report(comparisons, serverCpu);
}

const medianOf = (runs: LoadRun[], pick: (run: LoadRun) => number | undefined) => {
  const values = runs.map(pick).filter((value): value is number => value !== undefined);
  return values.length ? median(values) : undefined;
};

function report(comparisons: Comparison[], serverCpu: string | undefined): BenchSection {
  const rows = comparisons.map((c) => {
    const rpsRatio = median(c.rpsRatios);
    const p99Ratio = median(c.p99Ratios);
    const failures = [...c.local, ...c.floorRuns].reduce((sum, run) => sum + run.failures, 0);
    return {
      ...c,
      rpsRatio,
      p99Ratio,
      failures,
      ok: rpsRatio >= c.minRatio && p99Ratio <= MAX_P99_RATIO && failures === 0,
    };
  });
  const lowest = (floor: string) =>
    rows.filter((r) => r.floor === floor).reduce((a, b) => (b.rpsRatio < a.rpsRatio ? b : a));
  const json = lowest("bare node:http");
  const files = lowest("plain sirv");
  const logged = lowest(LOG_OFF);
  const worstP99 = rows.reduce((a, b) => (b.p99Ratio > a.p99Ratio ? b : a));
  return {
    id: "server-load",
    title: "Live JSON and static files under load",
    ok: rows.every((row) => row.ok),
    summary:
      `req/s, Node server over its floor: live JSON ${fmt(json.rpsRatio)} of bare node:http (lowest, ${json.connections} connections; target ≥ ${json.minRatio}), ` +
      `built files ${fmt(files.rpsRatio)} of plain sirv (lowest, \`${files.path}\`, ${files.connections} connections; target ≥ ${files.minRatio}); ` +
      `with the access log on, ${fmt(logged.rpsRatio)} of the same server with it off (lowest, \`${logged.path}\`, ${logged.connections} connections; target ≥ ${logged.minRatio}); ` +
      `highest p99 ratio ${fmt(worstP99.p99Ratio)} (target ≤ ${MAX_P99_RATIO}); ${rows.reduce((sum, row) => sum + row.failures, 0)} failed requests.`,
    figures: [
      `${PAIRS} pairs × ${ROUNDS_PER_PAIR} rounds of ${RUN_SECONDS} s per row; medians.${serverCpu === undefined ? " (Processes could not be pinned on this machine.)" : ""}`,
      "",
      table(
        [
          "endpoint",
          "connections",
          "floor",
          "req/s local",
          "req/s floor",
          "**req/s ratio**",
          "target",
          "p99 local / floor (ms)",
          "**p99 ratio**",
          "CPU/req local / floor (µs)",
          "efficiency ratio",
          "busy local / floor",
          "failed",
          "met",
        ],
        rows.map((r) => [
          `\`${r.path}\``,
          r.connections,
          r.floor,
          fmt(
            medianOf(r.local, (x) => x.rps),
            0,
          ),
          fmt(
            medianOf(r.floorRuns, (x) => x.rps),
            0,
          ),
          `**${fmt(r.rpsRatio)}**`,
          `≥ ${r.minRatio}`,
          `${fmt(medianOf(r.local, (x) => x.p99))} / ${fmt(medianOf(r.floorRuns, (x) => x.p99))}`,
          `**${fmt(r.p99Ratio)}**`,
          `${fmt(
            medianOf(r.local, (x) => x.cpuUsPerRequest),
            1,
          )} / ${fmt(
            medianOf(r.floorRuns, (x) => x.cpuUsPerRequest),
            1,
          )}`,
          r.efficiencyRatios.length ? fmt(median(r.efficiencyRatios)) : "n/a",
          `${fmt(medianOf(r.local, (x) => x.serverBusy))} / ${fmt(medianOf(r.floorRuns, (x) => x.serverBusy))}`,
          r.failures,
          r.ok ? "yes" : "**no**",
        ]),
        [false, true, false, true, true, true, false, true, true, true, true, true, true, false],
      ),
      "",
      "Per-round ratios, local over floor:",
      "",
      table(
        ["endpoint", "connections", "req/s ratios", "p99 ratios", "efficiency ratios"],
        rows.map((r) => [
          `\`${r.path}\``,
          r.connections,
          r.rpsRatios.map((x) => fmt(x)).join(", "),
          r.p99Ratios.map((x) => fmt(x)).join(", "),
          r.efficiencyRatios.map((x) => fmt(x)).join(", "),
        ]),
        [false, true, false, false, false],
      ),
    ].join("\n"),
  };
}
