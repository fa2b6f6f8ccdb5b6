// The production server (`node dist/server.mjs`, no TypeScript loader): how long it takes from its
// start to its first answer, and its resident memory once it has served, at the run's build and at
// 10,000 and 100,000 countdowns (live data folders as a build of that many writes them; the server
// reads the one shard a slug is in, never the whole set).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { buildPaths } from "../src/config.ts";
import { openLiveFolder } from "../src/node/live-folder.ts";
import { liveDataFiles, type LiveCountdown } from "../src/live/live-store.ts";
import { median } from "./load.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const MAX_START_MS = 2000;
const STARTS = 5;
/** Distinct countdowns asked for before memory is read: their shards are then in memory. */
const WARM_SLUGS = 2000;

interface Case {
  label: string;
  outDir: string;
  count: number;
  /** A slug to ask for first: deep in the set. */
  slug: string;
}

/** A build folder with the run's site and a live data folder of `count` generated countdowns. */
function generated(work: string, runOutDir: string, count: number): Case {
  const outDir = path.join(work, `server-${count}`);
  const live = openLiveFolder(buildPaths(runOutDir).live);
  const countdowns = Array.from({ length: count }, (_, i): LiveCountdown => ({
    slug: `countdown-${i}`,
    title: `Generated countdown number ${i}`,
    targetDate: new Date(Date.UTC(2030, 0, 1) + i * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
  }));
  for (const [name, text] of liveDataFiles({
    version: live.version,
    tz: live.tz,
    site: live.site,
    siteName: live.siteName,
    countdowns,
  })) {
    mkdirSync(path.dirname(path.join(outDir, "live", name)), { recursive: true });
    writeFileSync(path.join(outDir, "live", name), text);
  }
  cpSync(buildPaths(runOutDir).site, buildPaths(outDir).site, { recursive: true });
  writeFileSync(buildPaths(outDir).marker, readFileSync(buildPaths(runOutDir).marker));
  return { label: String(count), outDir, count, slug: `countdown-${count - 1}` };
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

/** Starts `node <runOutDir>/server.mjs` on a build folder; resolves with the time to its first answer and the process. */
async function start(serverFile: string, outDir: string, slug: string) {
  const started = performance.now();
  const child = spawn(process.execPath, [serverFile], {
    env: { ...process.env, OUT_DIR: outDir, PORT: "0", HOST: "127.0.0.1", ACCESS_LOG: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    child.stdout.on("data", () => {
      const match = /at (http:\/\/[^/\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  const response = await fetch(`${url}/api/countdown/${slug}`);
  if (response.status !== 200) throw new Error(`/api/countdown/${slug} answered ${response.status}`);
  await response.text();
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  };
  return { ms: performance.now() - started, url, pid: child.pid!, stop };
}

export async function serverStart(runOutDir: string, work: string, runSlug: string): Promise<BenchSection> {
  const serverFile = path.join(runOutDir, "server.mjs");
  const run = openLiveFolder(buildPaths(runOutDir).live);
  const cases: Case[] = [
    { label: `${run.count} (this run's build)`, outDir: runOutDir, count: run.count, slug: runSlug },
    generated(work, runOutDir, 10_000),
    generated(work, runOutDir, 100_000),
  ];
  const rows = [];
  let ok = true;
  for (const one of cases) {
    const times: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const server = await start(serverFile, one.outDir, one.slug);
      times.push(server.ms);
      await server.stop();
    }
    // Memory once it has served pages, widgets and the live JSON of many countdowns.
    const server = await start(serverFile, one.outDir, one.slug);
    for (const target of ["/", "/api/pages", `/api/embed/${runSlug}`, `/${runSlug}/`])
      await (await fetch(`${server.url}${target}`)).arrayBuffer();
    for (let i = 0; i < Math.min(WARM_SLUGS, one.count); i++) {
      const slug = one.count === run.count ? one.slug : `countdown-${Math.floor((i * one.count) / WARM_SLUGS)}`;
      await (await fetch(`${server.url}/api/countdown/${slug}`)).arrayBuffer();
    }
    const rss = rssOf(server.pid);
    await server.stop();
    const startMs = median(times);
    if (one.count === 100_000 && startMs > MAX_START_MS) ok = false;
    rows.push([
      one.label,
      `${fmt(startMs, 0)} (${fmt(Math.min(...times), 0)}–${fmt(Math.max(...times), 0)})`,
      `${Math.round(rss / 2 ** 20)} MiB`,
    ]);
  }
  return {
    id: "server-start",
    title: "Production server: start and memory",
    ok,
    summary: `\`node dist/server.mjs\` answers its first request ${rows.map((row) => `${row[1]!.split(" ")[0]} ms after its start at ${row[0]!.split(" ")[0]}`).join(", ")} countdowns (target at 100,000: ≤ ${MAX_START_MS} ms); resident memory ${rows.map((row) => row[2]).join(", ")}.`,
    figures: table(
      [
        "countdowns",
        `start to first answer, median of ${STARTS} (min–max), ms`,
        `resident memory after serving pages and ${WARM_SLUGS} countdowns' JSON`,
      ],
      rows,
      [false, false, true],
    ),
  };
}
