// Cloudflare Workers (src/publish/workers-build.ts, src/workers/): the Workers build at scale (its
// assets against the plans' file limits, its time, and what one edit changes, which is what
// `wrangler deploy` uploads), and the Worker served by workerd (tools/workerd.ts): each route's CPU
// per request, and a countdown's first answer from a cold Worker at the run's build and at 100,000
// countdowns.
import { createHash } from "node:crypto";
import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildPaths, readConfig } from "../src/config.ts";
import { openLiveFolder } from "../src/node/live-folder.ts";
import { publish } from "../src/publish/publish.ts";
import {
  ASSET_LIMITS,
  COUNTDOWN_ASSET_FOLDERS,
  buildForWorkers,
  type WorkersBuild,
} from "../src/publish/workers-build.ts";
import { WORKER_FOLDER } from "../src/workers/asset-files.ts";
import { startWorkerd } from "../tools/workerd.ts";
import { writeGeneratedCountdowns } from "./build-scaling.ts";
import { generatedLiveData } from "./function-bundle.ts";
import { median } from "./load.ts";
import { fmt, table, type BenchSection } from "./report.ts";

/** The free plan's CPU time per request. */
const FREE_CPU_MS = 10;
/** A cold Worker's first answer at 100,000 countdowns, at most this many times its answer at the run's build. */
const MAX_GROWTH = 2;
const REQUESTS = 100;
/** Fresh workerd processes per case, the cases in turn. */
const COLD_STARTS = 9;

/** Every asset file of a Workers build, by path, with its content's hash: what `wrangler deploy` uploads unless Cloudflare has it. */
function assetHashes(folder: string): Map<string, { hash: string; bytes: number }> {
  const assets = path.join(folder, "assets");
  const found = new Map<string, { hash: string; bytes: number }>();
  for (const name of readdirSync(assets, { recursive: true }) as string[]) {
    const file = path.join(assets, name);
    if (!statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    found.set(name, { hash: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length });
  }
  return found;
}

interface Scale {
  size: number;
  made: WorkersBuild;
  seconds: number;
  assetBytes: number;
  largestAsset: number;
  editFiles: number;
  editBytes: number;
  /** The Workers build after the edit, from the one before: its time, and the packs it linked. */
  editSeconds: number;
  editReused: number;
  folder: string;
}

/** A Workers build of `size` generated countdowns, and of the same after one edit: what changed. */
async function scale(work: string, size: number): Promise<Scale> {
  const countdowns = path.join(work, `workers-countdowns-${size}`);
  const outDir = path.join(work, `workers-out-${size}`);
  writeGeneratedCountdowns(countdowns, size);
  const env = { COUNTDOWNS_DIR: countdowns, OUT_DIR: outDir, URL: "https://countdowns.example" };
  if (!(await publish(readConfig(env))).ok) throw new Error(`the ${size} generated countdowns do not build`);
  const folder = path.join(work, `workers-${size}`);
  const started = performance.now();
  const made = await buildForWorkers(outDir, folder);
  const seconds = (performance.now() - started) / 1000;
  const before = assetHashes(folder);
  // One edit, built as `npm run build:workers` builds it: the site's incremental build, then the Workers build.
  const editedFile = path.join(countdowns, "countdown-000007.md");
  writeFileSync(editedFile, readFileSync(editedFile, "utf8").replace(/^title: .*$/m, 'title: "An edited title"'));
  if (!(await publish(readConfig(env))).ok) throw new Error("the edited countdowns do not build");
  const after = path.join(work, `workers-${size}-edited`);
  const editStarted = performance.now();
  const edited = await buildForWorkers(outDir, after, [folder]);
  const editSeconds = (performance.now() - editStarted) / 1000;
  const changed = [...assetHashes(after)].filter(([name, { hash }]) => before.get(name)?.hash !== hash);
  console.log(
    `     ${size} countdowns, one edit changes: ${changed.map(([name, { bytes }]) => `${name} (${bytes} B)`).join(", ")}`,
  );
  rmSync(after, { recursive: true, force: true });
  rmSync(countdowns, { recursive: true, force: true });
  const sizes = [...before.values()].map(({ bytes }) => bytes);
  return {
    size,
    made,
    seconds,
    assetBytes: sizes.reduce((a, b) => a + b, 0),
    largestAsset: Math.max(...sizes),
    editFiles: changed.length,
    editSeconds,
    editReused: edited.reused,
    editBytes: changed.reduce((sum, [, { bytes }]) => sum + bytes, 0),
    folder,
  };
}

/** The CPU time (user and system) a process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The workerd process miniflare started for this process (the newest). */
function workerdPid(): number {
  const children = (readdirSync("/proc").filter((name) => /^\d+$/.test(name)) as string[]).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.includes("(workerd)") && Number(stat.split(") ")[1]!.split(" ")[1]) === process.pid;
    } catch {
      return false;
    }
  });
  if (children.length === 0) throw new Error("no workerd process found among this process's children");
  return Math.max(...children.map(Number));
}

interface RouteCost {
  label: string;
  cpuMs: number;
  wallMs: number;
  bytes: number;
}

/** workerd's CPU per request for each target (`targets[i](n)`: the n-th request's path, each answered 200), warm, one request at a time. */
async function cpuPerRequest(folder: string, targets: [string, (n: number) => string][]): Promise<RouteCost[]> {
  const worker = await startWorkerd(folder);
  try {
    const pid = workerdPid();
    const results: RouteCost[] = [];
    for (const [label, target] of targets) {
      for (let n = 0; n < 5; n++) await (await fetch(`${worker.url}${target(-1 - n)}`)).arrayBuffer();
      const before = cpuMs(pid);
      const started = performance.now();
      let bytes = 0;
      for (let n = 0; n < REQUESTS; n++) {
        const response = await fetch(`${worker.url}${target(n)}`);
        if (response.status !== 200) throw new Error(`${target(n)} answered ${response.status}`);
        bytes += (await response.arrayBuffer()).byteLength;
      }
      results.push({
        label,
        cpuMs: (cpuMs(pid) - before) / REQUESTS,
        wallMs: (performance.now() - started) / REQUESTS,
        bytes: bytes / REQUESTS,
      });
    }
    return results;
  } finally {
    await worker.stop();
  }
}

/** A fresh workerd's first answer to `target` from `folder`, in ms. */
async function coldAnswer(folder: string, target: string): Promise<number> {
  const worker = await startWorkerd(folder);
  try {
    const started = performance.now();
    const response = await fetch(`${worker.url}${target}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target} answered ${response.status} from a cold Worker`);
    return performance.now() - started;
  } finally {
    await worker.stop();
  }
}

/** Cold first answers of two cases, COLD_STARTS each, taken in turn so that the machine's load weighs on both alike: their medians. */
async function coldAnswers(a: [string, string], b: [string, string]): Promise<[number, number]> {
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let run = 0; run < COLD_STARTS; run++) {
    timesA.push(await coldAnswer(...a));
    timesB.push(await coldAnswer(...b));
  }
  return [median(timesA), median(timesB)];
}

/** The run's Workers build with the live data of `count` generated countdowns in place of its own. */
function withGeneratedLiveData(work: string, runOutDir: string, runFolder: string, count: number): string {
  const folder = path.join(work, `workers-live-${count}`);
  cpSync(runFolder, folder, { recursive: true });
  const live = path.join(folder, "assets", WORKER_FOLDER, "live");
  rmSync(live, { recursive: true, force: true });
  const { version, tz, site, siteName } = openLiveFolder(buildPaths(runOutDir).live);
  generatedLiveData(count, { version, tz, site, siteName }, live);
  return folder;
}

/** Cloudflare's list prices (Workers Paid): per million Worker requests, per million CPU ms; asset requests free. */
const PRICES = { perMillionRequests: 0.3, perMillionCpuMs: 0.02 };
/** The free plan's Worker requests a day. */
const FREE_REQUESTS_A_DAY = 100_000;
/** The sizes the share of views without the Worker is shown at. */
const VIEW_SIZES = [2_005, 20_000, 100_000];

/** The bytes of the countdowns' files a Workers build serves as assets (beside their copies in the packs). */
function servedBytes(folder: string): number {
  let bytes = 0;
  for (const served of COUNTDOWN_ASSET_FOLDERS) {
    const dir = path.join(folder, "assets", served);
    for (const name of readdirSync(dir)) bytes += statSync(path.join(dir, name)).size;
  }
  return bytes;
}

/**
 * At each size and plan: the files, and the share of widget, record and page views Cloudflare serves
 * from the assets, without the Worker (the build's order: every widget, then every record, as the
 * plan's files allow; pages always through the Worker), and what a million widget views cost.
 */
function viewsWithoutWorker(others: (size: number) => number, widgetCpuMs: number) {
  const perMillion = (share: number) =>
    (1 - share) * (PRICES.perMillionRequests + widgetCpuMs * PRICES.perMillionCpuMs);
  const rows = VIEW_SIZES.flatMap((size) =>
    (["free", "paid"] as const).map((plan) => {
      const limit = ASSET_LIMITS[plan];
      const room = Math.max(0, limit - others(size));
      const widget = Math.min(1, room / size);
      const record = Math.min(1, Math.max(0, room - size) / size);
      return { size, plan, limit, files: Math.min(limit, others(size) + 2 * size), widget, record };
    }),
  );
  const pct = (share: number) => `${fmt(share * 100, share === 1 || share === 0 ? 0 : 1)}%`;
  const text = [
    `Views served without the Worker (the countdowns' widgets, then their records, as assets as far as the plan's files allow, \`CLOUDFLARE_ASSET_FILES\`; pages through the Worker), and a million widget views at list prices ($${fmt(PRICES.perMillionRequests)} a million Worker requests, $${fmt(PRICES.perMillionCpuMs)} a million CPU ms at the packed widget's ${fmt(widgetCpuMs)} ms; asset requests free on every plan):`,
    "",
    table(
      [
        "countdowns",
        "plan (files)",
        "asset files",
        "widget views without the Worker",
        "record views",
        "page views",
        "a million widget views, paid plan",
        "widget views a day within the free plan's Worker requests",
      ],
      rows.map((row) => [
        row.size,
        `${row.plan} (${row.limit})`,
        row.files,
        pct(row.widget),
        pct(row.record),
        "0%",
        `$${fmt(perMillion(row.widget), 3)}`,
        row.widget === 1 ? "unlimited" : Math.round(FREE_REQUESTS_A_DAY / (1 - row.widget)),
      ]),
    ),
  ].join("\n");
  const summary = rows
    .filter((row) => row.plan === "free")
    .map((row) => `${pct(row.widget)} of widget views without the Worker at ${row.size} countdowns`)
    .join(", ");
  return { rows, text, summary: `on the free plan ${summary}` };
}

export async function workersBench(
  work: string,
  runOutDir: string,
  slug: string,
  sizes: number[],
): Promise<BenchSection> {
  if (!sizes.some((size) => size >= 1_000))
    throw new Error("the Workers benchmark needs a size of 1,000 countdowns or more");
  const runFolder = path.join(work, "workers-run");
  const run = await buildForWorkers(runOutDir, runFolder);
  const scales: Scale[] = [];
  for (const size of sizes) {
    const result = await scale(work, size);
    console.log(
      `     ${size} countdowns: ${result.made.assets} assets, ${result.made.packs} packs, Workers build ${fmt(result.seconds)} s`,
    );
    scales.push(result);
  }
  const largest = scales.at(-1)!;
  const perCountdown = largest.assetBytes / largest.size;
  // Assets at 100,000: measured when the run went that far, else the site's own, fonts and live data
  // counted as the build writes them and the packs at the measured bytes per countdown.
  const measured100k = scales.find((s) => s.size === 100_000);
  const servedOf = (made: WorkersBuild) => made.served.widget + made.served.record;
  const fixed = largest.made.assets - largest.made.packs - Math.ceil(largest.size / 256) - servedOf(largest.made);
  /** The files a build of `size` countdowns writes but the countdowns' own: the site's, fonts, live data, packs. */
  const others = (size: number) => {
    const measured = scales.find((s) => s.size === size);
    if (measured) return measured.made.assets - servedOf(measured.made);
    const packBytes = (size * (largest.assetBytes - servedBytes(largest.folder))) / largest.size;
    return fixed + Math.ceil(size / 256) + Math.ceil(packBytes / (2 * 1024 * 1024));
  };
  const assetsAt100k = measured100k?.made.assets ?? Math.min(ASSET_LIMITS.free, others(100_000) + 2 * 100_000);

  // Over the largest build's generated countdowns: a new countdown each request where a route keeps
  // what it drew (the link preview per countdown, the email image per countdown, options and second).
  const generatedSlug = (n: number) => `countdown-${String(10 + n).padStart(6, "0")}`;
  // The widget as Cloudflare serves it, and as the Worker does from a pack (a Workers build of the
  // largest size with no room for the countdowns' files).
  const allPacked = path.join(work, "workers-all-packed");
  await buildForWorkers(path.join(work, `workers-out-${largest.size}`), allPacked, undefined, 1);
  const [packedWidget] = await cpuPerRequest(allPacked, [["widget (packed)", (n) => `/api/embed/${generatedSlug(n)}`]]);
  rmSync(allPacked, { recursive: true, force: true });
  const cpu = await cpuPerRequest(largest.folder, [
    ["live JSON", (n) => `/api/countdown/${generatedSlug(n)}`],
    ["health", () => "/api/health"],
    ["page (packed)", (n) => `/${generatedSlug(n)}/`],
    ["widget (an asset: Cloudflare's own, no Worker)", (n) => `/api/embed/${generatedSlug(n)}`],
    ["record (an asset: Cloudflare's own, no Worker)", (n) => `/api/data/${generatedSlug(n)}.json`],
    ["the index (an own file, streamed through the Worker)", () => "/"],
    ["badge", (n) => `/api/badge/${generatedSlug(n)}.svg`],
    ["link preview image, a new drawing each", (n) => `/api/og/${generatedSlug(n)}.png`],
    ["email image, a new drawing each (60 frames)", (n) => `/api/email/${generatedSlug(n)}.gif`],
    ["email image, a new drawing each, frames=1", (n) => `/api/email/${generatedSlug(n)}.gif?frames=1`],
    ["email image, a new drawing each, in Japanese", (n) => `/api/email/${generatedSlug(n)}.gif?lang=ja`],
    ["email image, drawn this second already", () => `/api/email/${generatedSlug(0)}.gif`],
  ]);
  const deep = (size: number) => `countdown-${String(size - 1).padStart(6, "0")}`;
  const generated = withGeneratedLiveData(work, runOutDir, runFolder, 100_000);
  const [jsonRun, jsonAt100k] = await coldAnswers(
    [runFolder, `/api/countdown/${slug}`],
    [generated, "/api/countdown/countdown-99999"],
  );
  const [pageRun, pageLargest] = await coldAnswers(
    [runFolder, `/${slug}/`],
    [largest.folder, `/${deep(largest.size)}/`],
  );
  const coldJson = { run: jsonRun, at100k: jsonAt100k };
  const coldPage = { run: pageRun, largest: pageLargest };
  const growth = coldJson.at100k / coldJson.run;
  const pageGrowth = coldPage.largest / coldPage.run;
  const over = cpu.filter(({ cpuMs }) => cpuMs > FREE_CPU_MS).map(({ label }) => label);
  cpu.splice(3, 0, packedWidget!);
  const views = viewsWithoutWorker(others, packedWidget!.cpuMs);
  const ok =
    assetsAt100k <= ASSET_LIMITS.paid &&
    growth <= MAX_GROWTH &&
    pageGrowth <= MAX_GROWTH &&
    views.rows.every((row) => row.size > ASSET_LIMITS.free / 2 || row.widget === 1);

  const figures = [
    "Workers builds of generated countdowns (asset files, `_headers` among them; the edit: one countdown's title changed, the site built again from the previous build and the Workers build from the previous one, and the asset files whose bytes changed, which is what `wrangler deploy` uploads):",
    "",
    table(
      [
        "countdowns",
        "asset files",
        "packs",
        "assets, MB",
        "largest file, MB",
        "Workers build, s",
        "one edit: Workers build, s",
        "one edit: packs linked",
        "one edit: files changed",
        "one edit: MB to upload",
      ],
      [
        [`${run.countdowns} (this run's)`, run.assets, run.packs, "", "", "", "", "", "", ""],
        ...scales.map((s) => [
          s.size,
          s.made.assets,
          s.made.packs,
          fmt(s.assetBytes / 2 ** 20, 1),
          fmt(s.largestAsset / 2 ** 20, 2),
          fmt(s.seconds),
          fmt(s.editSeconds),
          `${s.editReused} of ${s.made.packs}`,
          s.editFiles,
          fmt(s.editBytes / 2 ** 20, 2),
        ]),
      ],
    ),
    "",
    `Asset files at 100,000 countdowns: ${others(100_000)} but the countdowns' widgets and records${measured100k ? " (measured)" : ` (from the ${largest.size} build: ${fixed} files of the site, the fonts and the live data's meta, one live shard per 256 countdowns, and packs of 2 MiB at ${fmt(perCountdown / 1024, 1)} KB per countdown)`}, and as many widgets and records as the plan allows beside them: ${assetsAt100k} files on the free plan (${ASSET_LIMITS.free}), ${Math.min(ASSET_LIMITS.paid, others(100_000) + 200_000)} on the paid one (${ASSET_LIMITS.paid}). The Worker: ${fmt(run.workerBytes / 2 ** 20, 2)} MB before compression.`,
    "",
    views.text,
    "",
    `CPU of the workerd process per request, warm, ${REQUESTS} requests one at a time to the Workers build of ${largest.size} countdowns (its HTTP handling and Cloudflare's asset routing included: an upper bound of what the Worker is billed):`,
    "",
    table(
      ["route", "CPU ms per request", "time per request, ms", "bytes", `within the free plan's ${FREE_CPU_MS} ms`],
      cpu.map(({ label, cpuMs, wallMs, bytes }) => [
        label,
        fmt(cpuMs),
        fmt(wallMs),
        Math.round(bytes),
        cpuMs <= FREE_CPU_MS ? "yes" : "**no**",
      ]),
    ),
    "",
    `A cold Worker's first answer (a fresh workerd each time, median of ${COLD_STARTS}, the two cases compared taken in turn): the live JSON ${fmt(coldJson.run)} ms at this run's ${run.countdowns} countdowns, ${fmt(coldJson.at100k)} ms at 100,000 (generated live data; ${fmt(growth)}×, target ≤ ${MAX_GROWTH}×); a countdown's page ${fmt(coldPage.run)} ms at ${run.countdowns}, ${fmt(coldPage.largest)} ms at ${largest.size} (${fmt(pageGrowth)}×, target ≤ ${MAX_GROWTH}×; a pack is at most about 2 MiB at any size).`,
  ].join("\n");
  const summary = `${assetsAt100k} asset files at 100,000 countdowns (paid plan: ${ASSET_LIMITS.paid}, free: ${ASSET_LIMITS.free}); ${views.summary}; CPU per request ${cpu.map(({ label, cpuMs }) => `${label} ${fmt(cpuMs)} ms`).join(", ")}${over.length ? ` (over the free plan's ${FREE_CPU_MS} ms: ${over.join(", ")})` : ""}; a cold first answer ${fmt(growth)}× at 100,000 countdowns (target ≤ ${MAX_GROWTH}×).`;
  for (const s of scales) rmSync(s.folder, { recursive: true, force: true });
  return { id: "workers", title: "Cloudflare Workers: assets, CPU per request, cold answers", ok, summary, figures };
}
