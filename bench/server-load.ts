// Local server under load: /api/countdown/:slug, /api/embed/:slug and /api/pages against bare
// node:http floors, side by side in one run, interleaved so that the shared machine's noise hits both.
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";
import { loadRun, median, type LoadRun } from "./load.ts";
import { pinToCpus, startServerChild, type ServerChild } from "./processes.ts";
import type { BenchSection } from "./report.ts";

export const MIN_RPS_RATIO = 0.9;
export const MAX_P99_RATIO = 2;
const CONNECTIONS = [50, 200] as const;
/** Seconds per round: the local server and its floor loaded at the same time. */
const RUN_SECONDS = 2;
/**
 * Fresh pairs of server processes per comparison, and rounds per pair. One process can run several
 * percent faster or slower than another of the same code for its whole life (where its memory
 * landed), so the rounds are spread over several pairs rather than spent on one.
 */
const PAIRS = 4;
const ROUNDS_PER_PAIR = 3;
const ROUNDS = PAIRS * ROUNDS_PER_PAIR;
const WARMUP_SECONDS = 1;
const SLUG = "new-year-2027";

interface Comparison {
  endpoint: string;
  floor: string;
  connections: number;
  local: LoadRun[];
  bare: LoadRun[];
  /** Per round: local over bare, both loaded in the same seconds. */
  rpsRatios: number[];
  p99Ratios: number[];
  /** Per round: requests per CPU-second of the server process, local over floor. */
  efficiencyRatios: number[];
}

export async function serverLoad(outDir: string): Promise<BenchSection> {
  // The load generator (autocannon, in this process) on the first CPU, every server under test on
  // the last: neither side's turn on a core depends on how the scheduler shares them.
  const lastCpu = os.cpus().length - 1;
  const pinned = lastCpu > 0 && pinToCpus(process.pid, `0-${lastCpu - 1}`);
  try {
    return await measureServers(outDir, pinned ? String(lastCpu) : undefined);
  } finally {
    if (pinned) pinToCpus(process.pid, `0-${lastCpu}`);
  }
}

async function measureServers(outDir: string, serverCpu: string | undefined): Promise<BenchSection> {
  const env = { OUT_DIR: outDir };
  const endpoints = [
    { endpoint: `/api/countdown/${SLUG}`, floor: "bare node:http JSON", floorScript: "bench/servers/bare-json-server.ts" },
    { endpoint: `/api/embed/${SLUG}`, floor: "bare node:http + fs static", floorScript: "bench/servers/bare-static-server.ts" },
    { endpoint: "/api/pages", floor: "bare node:http + fs static", floorScript: "bench/servers/bare-static-server.ts" },
  ];
  const comparisons: Comparison[] = [];
  const start = async (script: string) => {
    const server = await startServerChild(path.join(PROJECT_ROOT, script), { env });
    if (serverCpu !== undefined && !pinToCpus(server.process.pid!, serverCpu)) {
      await server.stop();
      throw new Error(`could not pin ${script} to CPU ${serverCpu}`);
    }
    return server;
  };
  for (const { endpoint, floor, floorScript } of endpoints) {
    for (const connections of CONNECTIONS) {
      const comparison: Comparison = { endpoint, floor, connections, local: [], bare: [], rpsRatios: [], p99Ratios: [], efficiencyRatios: [] };
      for (let pair = 0; pair < PAIRS; pair++) {
        // Fresh servers for every pair: the local server as self-hosters run it (`npm run serve`) and its floor.
        const servers: ServerChild[] = [];
        try {
          const local = await start("scripts/serve.ts");
          servers.push(local);
          const bare = await start(floorScript);
          servers.push(bare);
          const run = (server: ServerChild, seconds = RUN_SECONDS) => loadRun(`${server.url}${endpoint}`, { connections, seconds, serverPid: server.process.pid });
          // Both at once, each with its own connections: they share the servers' core in the same
          // seconds, so whatever else the machine does at that moment hits both alike.
          const both = (seconds: number) => Promise.all([run(bare, seconds), run(local, seconds)]);
          await both(WARMUP_SECONDS);
          for (let round = 0; round < ROUNDS_PER_PAIR; round++) {
            const [bareRun, localRun] = await both(RUN_SECONDS);
            comparison.bare.push(bareRun);
            comparison.local.push(localRun);
            comparison.rpsRatios.push(localRun.rps / bareRun.rps);
            comparison.p99Ratios.push(localRun.p99 / bareRun.p99);
            if (localRun.cpuUsPerRequest && bareRun.cpuUsPerRequest) comparison.efficiencyRatios.push(bareRun.cpuUsPerRequest / localRun.cpuUsPerRequest);
          }
          // A server under test that died would leave only failed runs: say why, with its last words.
          for (const server of servers) {
            if (server.process.exitCode !== null || server.process.signalCode !== null) {
              throw new Error(`a server under test exited during ${endpoint} (code ${server.process.exitCode}, signal ${server.process.signalCode}):\n${server.output().slice(-3000)}`);
            }
          }
        } finally {
          await Promise.all(servers.map((server) => server.stop()));
        }
      }
      console.log(
        `     ${endpoint} c=${connections}: ${fmt(median(comparison.local.map((r) => r.rps)), 0)} vs ${fmt(median(comparison.bare.map((r) => r.rps)), 0)} req/s, ` +
          `ratio ${fmt(median(comparison.rpsRatios), 2)}, p99 ratio ${fmt(median(comparison.p99Ratios), 2)}, ` +
          `CPU/req ${fmt(medianOf(comparison.local, (r) => r.cpuUsPerRequest), 1)} vs ${fmt(medianOf(comparison.bare, (r) => r.cpuUsPerRequest), 1)} µs`,
      );
      comparisons.push(comparison);
    }
  }
  return report(comparisons, serverCpu);
}

function fmt(value: number | undefined, digits: number): string {
  return value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(digits);
}

function medianOf(runs: LoadRun[], pick: (run: LoadRun) => number | undefined): number | undefined {
  const values = runs.map(pick).filter((value): value is number => value !== undefined);
  return values.length ? median(values) : undefined;
}

function report(comparisons: Comparison[], serverCpu: string | undefined): BenchSection {
  const rows = comparisons.map((c) => {
    const rpsRatio = median(c.rpsRatios);
    const p99Ratio = median(c.p99Ratios);
    const failures = [...c.local, ...c.bare].reduce((sum, run) => sum + run.failures, 0);
    return { ...c, rpsRatio, p99Ratio, failures, ok: rpsRatio >= MIN_RPS_RATIO && p99Ratio <= MAX_P99_RATIO && failures === 0 };
  });
  const worstRps = rows.reduce((a, b) => (b.rpsRatio < a.rpsRatio ? b : a));
  const worstP99 = rows.reduce((a, b) => (b.p99Ratio > a.p99Ratio ? b : a));
  const efficiencies = rows.filter((row) => row.efficiencyRatios.length).map((row) => ({ row, ratio: median(row.efficiencyRatios) }));
  const worstEfficiency = efficiencies.length ? efficiencies.reduce((a, b) => (b.ratio < a.ratio ? b : a)) : undefined;
  return {
    title: "Live JSON and static files under load",
    ok: rows.every((row) => row.ok),
    summary:
      `local server over bare node:http: lowest req/s ratio ${fmt(worstRps.rpsRatio, 2)} (${worstRps.endpoint}, ${worstRps.connections} connections; target ≥ ${MIN_RPS_RATIO}), ` +
      `highest p99 ratio ${fmt(worstP99.p99Ratio, 2)} (${worstP99.endpoint}, ${worstP99.connections} connections; target ≤ ${MAX_P99_RATIO})` +
      (worstEfficiency ? `; requests per CPU-second at least ${fmt(worstEfficiency.ratio, 2)} of the floor's (${worstEfficiency.row.endpoint}, ${worstEfficiency.row.connections})` : ""),
    body: [
      `The local server as self-hosters run it (\`npm run serve\`: scripts/serve.ts through tsx, @hono/node-server for the live JSON, sirv for the files) against a floor. ` +
        "Every comparison runs the local server and its floor **at the same time, on the same core**: both are pinned to one CPU (`taskset`, all threads), " +
        "and autocannon, in the benchmark's own process on the other CPU, loads each over loopback (127.0.0.1) with the given number of connections of its own, in the same seconds. " +
        "They share that core as the kernel shares it between two busy processes, so whatever else the machine does at that moment (it is shared with other work, and one server run after the other differed by ±30% from one 2-second run to the next) hits both alike, " +
        "and the ratio of the requests each answered in the same seconds is the ratio of what each gets done with the same CPU. " +
        `Every comparison is ${ROUNDS} rounds of ${RUN_SECONDS} seconds, spread over ${PAIRS} fresh pairs of server processes (${ROUNDS_PER_PAIR} rounds each, after a ${WARMUP_SECONDS}-second warm-up): ` +
        "one process can run a few percent faster or slower than another of the same code for its whole life, so no comparison rests on one pair. " +
        `A ratio is the median of the ${ROUNDS} per-round ratios (local over floor).` +
        (serverCpu === undefined ? " (This machine could not pin processes: the servers and autocannon ran wherever the scheduler put them.)" : ""),
      "",
      "- **Floor for `/api/countdown/:slug`** (bench/servers/bare-json-server.ts): `node:http` answering the same bytes: the same headers, and the body computed per request " +
        "for the current instant by the same function (`countdownBody`), then `JSON.stringify`. No URL parser, no route table, no Request/Response objects.",
      "- **Floor for the static files** (bench/servers/bare-static-server.ts): `node:http` + `fs`: like sirv in production mode it lists and stats the folder once at start, " +
        "then streams the file from disk per request (`fs.createReadStream` with its defaults), with the headers the local server sends for that path (route table, type, length, ETag, Last-Modified). " +
        "The local server, through sirv, does the same, except that it reads each file at exactly its announced length where the default stream takes a 64 KB buffer per answer (src/server/local-server.ts): " +
        "those buffers, outside V8's heap, cost the floor more garbage collection per answer, which is why the local server's files can take less CPU than the floor's.",
      "- Latencies are every response's, at full precision (autocannon's own histogram rounds to whole ms).",
      "- **CPU/req** is the server process's user + system CPU time over a run divided by the requests it answered, and the **efficiency ratio** is requests per CPU-second, " +
        "local over floor. **busy** is the server's CPU time over the run's wall time: about 0.50 each when the two saturate their shared core; " +
        "well below that, autocannon on the other core was the bound, and then the req/s ratio says less than the efficiency ratio.",
      "",
      "| endpoint | connections | floor | req/s local | req/s floor | **req/s ratio** | p50 local / floor (ms) | p99 local / floor (ms) | **p99 ratio** | CPU/req local / floor (µs) | efficiency ratio | busy local / floor | failed | target met |",
      "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
      ...rows.map(
        (r) =>
          `| \`${r.endpoint}\` | ${r.connections} | ${r.floor} | ${fmt(medianOf(r.local, (x) => x.rps), 0)} | ${fmt(medianOf(r.bare, (x) => x.rps), 0)} | **${fmt(r.rpsRatio, 2)}** | ` +
          `${fmt(medianOf(r.local, (x) => x.p50), 2)} / ${fmt(medianOf(r.bare, (x) => x.p50), 2)} | ${fmt(medianOf(r.local, (x) => x.p99), 2)} / ${fmt(medianOf(r.bare, (x) => x.p99), 2)} | **${fmt(r.p99Ratio, 2)}** | ` +
          `${fmt(medianOf(r.local, (x) => x.cpuUsPerRequest), 1)} / ${fmt(medianOf(r.bare, (x) => x.cpuUsPerRequest), 1)} | ${r.efficiencyRatios.length ? fmt(median(r.efficiencyRatios), 2) : "n/a"} | ` +
          `${fmt(medianOf(r.local, (x) => x.serverBusy), 2)} / ${fmt(medianOf(r.bare, (x) => x.serverBusy), 2)} | ${r.failures} | ${r.ok ? "yes" : "**no**"} |`,
      ),
      "",
      "Per-round ratios (local over floor), to show the spread:",
      "",
      "| endpoint | connections | req/s ratios | p99 ratios | efficiency ratios |",
      "|---|---:|---|---|---|",
      ...rows.map(
        (r) =>
          `| \`${r.endpoint}\` | ${r.connections} | ${r.rpsRatios.map((x) => fmt(x, 2)).join(", ")} | ${r.p99Ratios.map((x) => fmt(x, 2)).join(", ")} | ${r.efficiencyRatios.map((x) => fmt(x, 2)).join(", ")} |`,
      ),
      "",
      `Targets: req/s ratio ≥ ${MIN_RPS_RATIO}, p99 ratio ≤ ${MAX_P99_RATIO}, no failed request.`,
      ...staticBound(rows),
    ].join("\n"),
  };
}

/** Why a static comparison misses, from the CPU time per request measured beside it. */
function staticBound(rows: (Comparison & { ok: boolean })[]): string[] {
  const missed = rows.filter((row) => !row.ok && row.floor.includes("static"));
  if (missed.length === 0) return [];
  const figures = missed.map((row) => {
    const local = medianOf(row.local, (run) => run.cpuUsPerRequest) ?? NaN;
    const bare = medianOf(row.bare, (run) => run.cpuUsPerRequest) ?? NaN;
    return (
      `\`${row.endpoint}\` at ${row.connections} connections: the local server ${fmt(median(row.rpsRatios), 2)}× the floor's requests per second and ` +
      `${fmt(local - bare, 1)} µs more CPU per request (${fmt(local, 1)} against ${fmt(bare, 1)})`
    );
  });
  return [
    "",
    `**What bounds it.** ${figures.join("; ")}. sirv opens, reads and streams each file as the floor does; the difference is what the local server does around it, per request: ` +
      "it matches the path against the live routes, sets the route table's headers (computed once per path) and has sirv merge its own into them, each `setHeader` validated by Node, " +
      "and sirv looks the path up in its list. The per-round spread above shows how far one run on this shared machine moves these ratios.",
  ];
}
