// The Netlify Functions as deployed: bundled by Netlify's own bundler (@netlify/zip-it-and-ship-it,
// with netlify.toml's settings and the live data it includes), then the live function's size and its
// cold start (a fresh Node process importing the bundle and answering one request) at the run's
// build and at 10,000 and 100,000 generated countdowns, beside a floor started the same way: a bare
// function answering the same JSON with its one countdown written into it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT, buildPaths } from "../src/config.ts";
import { liveDataFiles, type LiveCountdown, type LiveData } from "../src/live/live-store.ts";
import { LIVE_ROUTES } from "../src/http/routes.ts";
import { livePath } from "../src/paths.ts";
import { openLiveFolder } from "../src/node/live-folder.ts";
import { deployFunctions, type DeployedFunction } from "../tools/netlify-bundle.ts";
import { hasHyperfine, hyperfine } from "./hyperfine.ts";
import { median } from "./load.ts";
import { runChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const MAX_BUNDLE_BYTES = 10 * 1024;
const MAX_COLD_START_MS = 5;
/** At 100,000 countdowns, import + first answer at most this many times the figure of the run's build. */
const MAX_GROWTH = 2;
const GENERATED = [10_000, 100_000];
/** Fresh processes per series, alternating between the series. */
const COLD_STARTS = 20;
const COLD_START_CHILD = "bench/children/function-cold-start.mjs";

interface ColdStart {
  bootMs: number;
  requestClassesMs: number;
  responseClassesMs: number;
  importMs: number;
  firstCallMs: number;
  status: number;
  bodyBytes: number;
}

async function coldStart(modulePath: string, url: string): Promise<ColdStart> {
  const args = [path.join(PROJECT_ROOT, COLD_START_CHILD), modulePath, url];
  return (await runChild(process.execPath, args, { tsx: false, timeoutMs: 20_000 })).result as ColdStart;
}

/** A live data folder of `count` generated countdowns, as a build of them writes it (the Workers benchmark's too). */
export function generatedLiveData(count: number, template: Omit<LiveData, "countdowns">, dir: string): string {
  const countdowns = Array.from({ length: count }, (_, i): LiveCountdown => ({
    slug: `countdown-${i}`,
    title: `Generated countdown number ${i}`,
    targetDate: new Date(Date.UTC(2030, 0, 1) + i * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
  }));
  for (const [name, text] of liveDataFiles({ ...template, countdowns })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The floor: the least a function can do to answer the same JSON for one countdown. */
function floorModule(countdown: LiveCountdown, file: string): string {
  const headers = LIVE_ROUTES.find((route) => route.name === "countdown")!.headers;
  writeFileSync(
    file,
    `const countdown = ${JSON.stringify(countdown)};\nconst headers = ${JSON.stringify(headers)};\n` +
      "export default function answer() {\n" +
      "  const now = Date.now();\n" +
      "  const target = Date.parse(countdown.targetDate);\n" +
      "  const total = Math.max(0, Math.floor((target - now) / 1000));\n" +
      "  const timeLeft = { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };\n" +
      "  const body = { slug: countdown.slug, title: countdown.title, targetDate: countdown.targetDate, timeLeft, targetIso: countdown.targetDate, days: timeLeft.days, expired: now >= target, serverTime: new Date(now).toISOString(), status: 'scheduled' };\n" +
      "  return new Response(JSON.stringify(body), { headers });\n" +
      "}\n",
  );
  return file;
}

interface Series {
  label: string;
  module: string;
  url: string;
  deployed?: DeployedFunction;
  starts: ColdStart[];
}

export async function functionBundle(outDir: string, work: string, slug: string): Promise<BenchSection> {
  const live = buildPaths(outDir).live;
  const store = openLiveFolder(live);
  const template = { version: store.version, tz: store.tz, site: store.site, siteName: store.siteName };
  const urlOf = (s: string) => `https://countdowns.example${livePath(s)}`;

  const series: Series[] = [];
  const ownFunctions = await deployFunctions(live, path.join(work, "functions-own"));
  const own = ownFunctions.get("live")!;
  series.push({
    label: `${store.count} (this run's build)`,
    module: own.module,
    url: urlOf(slug),
    deployed: own,
    starts: [],
  });
  for (const count of GENERATED) {
    const deployed = (
      await deployFunctions(
        generatedLiveData(count, template, path.join(work, `live-${count}`)),
        path.join(work, `functions-${count}`),
      )
    ).get("live")!;
    // The last one generated: a slug deep in the set, in a shard like any other.
    series.push({
      label: String(count),
      module: deployed.module,
      url: urlOf(`countdown-${count - 1}`),
      deployed,
      starts: [],
    });
  }
  const entry = store.get(slug)!;
  const floor: Series = {
    label: "floor",
    module: floorModule(
      { slug: entry.slug, title: entry.title, targetDate: entry.targetDate },
      path.join(work, "floor.mjs"),
    ),
    url: urlOf(slug),
    starts: [],
  };
  for (let i = 0; i < COLD_STARTS; i++) {
    // Alternating, so that the machine's load at one moment hits every series.
    for (const one of [...series, floor]) one.starts.push(await coldStart(one.module, one.url));
  }
  const target = (start: ColdStart) => start.importMs + start.firstCallMs;
  const medianOf = (one: Series) => median(one.starts.map(target));
  const answered = [...series, floor].every((one) =>
    one.starts.every((start) => start.status === 200 && start.bodyBytes > 0),
  );
  const baseMs = medianOf(series[0]!);
  const largest = series.at(-1)!;
  const growth = medianOf(largest) / baseMs;

  const whole = hasHyperfine()
    ? hyperfine(
        [series[0]!, largest, floor].map((one) => `node ${COLD_START_CHILD} ${one.module} ${one.url}`),
        { runs: COLD_STARTS, warmup: 3 },
      )
    : undefined;

  const bytes = own.moduleBytes;
  const sizeOk = bytes <= MAX_BUNDLE_BYTES;
  const timeOk = baseMs <= MAX_COLD_START_MS && answered;
  const growthOk = growth <= MAX_GROWTH;
  const cell = (starts: ColdStart[], pick: (start: ColdStart) => number) => {
    const values = starts.map(pick);
    return `${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
  };
  const row = (label: string, pick: (start: ColdStart) => number) => [
    label,
    ...[...series, floor].map((one) => cell(one.starts, pick)),
  ];

  return {
    id: "function",
    title: "Netlify function: bundle and cold start",
    ok: sizeOk && timeOk && growthOk,
    summary:
      `live function ${bytes} B (limit ${MAX_BUNDLE_BYTES} B); import + first answer ${fmt(baseMs)} ms at the run's build (target ≤ ${MAX_COLD_START_MS} ms), ` +
      `${fmt(medianOf(largest))} ms at ${largest.label} countdowns (${fmt(growth)}×, target ≤ ${MAX_GROWTH}×); the bare floor ${fmt(medianOf(floor))} ms.`,
    figures: [
      table(
        ["countdowns", "live.mjs bytes", "zip bytes"],
        series.map((one) => [one.label, one.deployed!.moduleBytes, one.deployed!.zipBytes]),
        [false, true, true],
      ),
      "",
      "Every function of the run's build, as Netlify's bundler makes it (the zip holds the live data, and the preview's fonts and renderer):",
      "",
      table(
        ["function", "module bytes", "zip bytes"],
        [...ownFunctions.values()].map((one) => [one.name, one.moduleBytes, one.zipBytes]),
        [false, true, true],
      ),
      "",
      `Inside ${COLD_STARTS} fresh processes per column, median (min–max), ms:`,
      "",
      table(
        ["", ...series.map((one) => `${one.label} countdowns`), "floor"],
        [
          row("**import + first answer (the target)**", target),
          row("import of the bundle", (s) => s.importMs),
          row("first call: meta.json, one shard, the answer", (s) => s.firstCallMs),
          row("Node's boot, before the script", (s) => s.bootMs),
          row("first `Request` (fetch classes load)", (s) => s.requestClassesMs),
        ],
      ),
      "",
      whole
        ? `Whole process, spawn to exit (hyperfine, ${COLD_STARTS} runs after 3 warm-ups), median: ` +
          [series[0]!, largest, floor]
            .map((one, i) => `${one.label} ${fmt(whole[i]!.median * 1000, 1)} ms`)
            .join(", ") +
          "."
        : "Whole process: not timed (hyperfine is not installed; `apt-get install hyperfine`).",
      "",
      `Targets: the live function's module at most ${MAX_BUNDLE_BYTES} B (${sizeOk ? "met" : "**not met**"}); import + first answer at most ${MAX_COLD_START_MS} ms (${timeOk ? "met" : "**not met**"}); ` +
        `at ${largest.label} countdowns at most ${MAX_GROWTH}× that (${growthOk ? "met" : "**not met**"}).`,
    ].join("\n"),
  };
}
