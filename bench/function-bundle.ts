// The Netlify Function as deployed: bundled by esbuild as Netlify bundles it, then its size and its
// cold start (a fresh Node process importing the bundle and answering one request), beside a floor
// bundled and started the same way: a bare function answering the same JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { PROJECT_ROOT, buildPaths } from "../src/config.ts";
import { livePath } from "../src/routes/route-table.ts";
import { hasHyperfine, hyperfine } from "./hyperfine.ts";
import { median } from "./load.ts";
import { runChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const MAX_BUNDLE_BYTES = 10 * 1024;
const MAX_COLD_START_MS = 5;
/** Packages the function must not carry: the build's, never the live path's. */
const FORBIDDEN_INPUTS = /node_modules\/(luxon|@11ty|js-yaml|markdown-it|nunjucks)\//;
/** Fresh processes per series (function, floor, floor with a Response made first), alternating. */
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

interface Bundle {
  path: string;
  bytes: number;
  gzipped: number;
  inputs: string[];
}

/** As Netlify's esbuild bundler does for an ESM function (netlify.toml: node_bundler = "esbuild"). */
async function bundleFunction(entry: string, outfile: string, liveData: string): Promise<Bundle> {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    metafile: true,
    logLevel: "silent",
    // `#live-data` is package.json's import of dist/live/countdowns.json: here, this run's build.
    plugins: [{ name: "live-data", setup: (b) => b.onResolve({ filter: /^#live-data$/ }, () => ({ path: liveData })) }],
  });
  const bytes = readFileSync(outfile);
  return { path: outfile, bytes: bytes.length, gzipped: gzipSync(bytes).length, inputs: Object.keys((result.metafile as Metafile).inputs) };
}

async function coldStart(bundlePath: string, url: string, warmResponse = false): Promise<ColdStart> {
  const args = [path.join(PROJECT_ROOT, COLD_START_CHILD), bundlePath, url, ...(warmResponse ? ["warm-response"] : [])];
  return (await runChild(process.execPath, args, { tsx: false, timeoutMs: 20_000 })).result as ColdStart;
}

export async function functionBundle(outDir: string, work: string, slug: string): Promise<BenchSection> {
  const liveData = buildPaths(outDir).liveData;
  const url = `https://countdowns.example${livePath(slug)}`;
  const live = await bundleFunction(path.join(PROJECT_ROOT, "netlify/functions/live.ts"), path.join(work, "live.mjs"), liveData);
  const floor = await bundleFunction(path.join(PROJECT_ROOT, "bench/children/bare-function.ts"), path.join(work, "bare-function.mjs"), liveData);
  const forbidden = live.inputs.filter((input) => FORBIDDEN_INPUTS.test(input));

  const series: Record<"function" | "floor" | "warmed floor", ColdStart[]> = { function: [], floor: [], "warmed floor": [] };
  for (let i = 0; i < COLD_STARTS; i++) {
    // Alternating, so that the machine's load at one moment hits all three.
    series.function.push(await coldStart(live.path, url));
    series.floor.push(await coldStart(floor.path, url));
    series["warmed floor"].push(await coldStart(floor.path, url, true));
  }
  const target = (start: ColdStart) => start.importMs + start.firstCallMs;
  const coldStartMs = median(series.function.map(target));
  const floorMs = median(series.floor.map(target));
  const answered = Object.values(series).every((starts) => starts.every((start) => start.status === 200 && start.bodyBytes > 0));

  // The whole process as a platform would see it, spawn to exit, timed by hyperfine.
  const whole = hasHyperfine()
    ? hyperfine(
        [live.path, floor.path].map((bundle) => `node ${COLD_START_CHILD} ${bundle} ${url}`),
        { runs: COLD_STARTS, warmup: 3 },
      )
    : undefined;

  const sizeOk = live.bytes <= MAX_BUNDLE_BYTES && forbidden.length === 0;
  const timeOk = coldStartMs <= MAX_COLD_START_MS && answered;
  const cell = (starts: ColdStart[], pick: (start: ColdStart) => number) => {
    const values = starts.map(pick);
    return `${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
  };
  const row = (label: string, pick: (start: ColdStart) => number) => [label, ...Object.values(series).map((starts) => cell(starts, pick))];
  const relative = (input: string) => {
    const file = path.resolve(PROJECT_ROOT, input);
    return file === path.resolve(liveData) ? "this run's live data" : `\`${path.relative(PROJECT_ROOT, file)}\``;
  };

  return {
    id: "function",
    title: "Netlify function: bundle and cold start",
    ok: sizeOk && timeOk,
    summary:
      `${live.bytes} B (${live.gzipped} B gzipped; limit ${MAX_BUNDLE_BYTES} B), ${forbidden.length === 0 ? "no Luxon, Eleventy or js-yaml inside" : `**contains ${forbidden.join(", ")}**`}; ` +
      `import + first answer ${fmt(coldStartMs)} ms in a fresh process (target ≤ ${MAX_COLD_START_MS} ms; the bare floor ${fmt(floorMs)} ms, ${fmt(coldStartMs / floorMs)}×).`,
    figures: [
      table(
        ["bundle", "bytes", "gzip", "inputs"],
        [
          ["function (live.mjs)", live.bytes, live.gzipped, live.inputs.map(relative).join(", ")],
          ["floor (bare-function.mjs)", floor.bytes, floor.gzipped, floor.inputs.map(relative).join(", ")],
        ],
        [false, true, true, false],
      ),
      "",
      forbidden.length === 0 ? "No input is Luxon, Eleventy, Nunjucks, markdown-it or js-yaml (esbuild's metafile)." : `**Forbidden inputs:** ${forbidden.join(", ")}.`,
      "",
      `Inside ${COLD_STARTS} fresh processes per column, median (min–max), ms:`,
      "",
      table(
        ["", "function", "floor", "floor, a Response made and read before"],
        [
          row("**import + first answer (the target)**", target),
          row("import of the bundle", (s) => s.importMs),
          row("first call, body read", (s) => s.firstCallMs),
          row("Node's boot, before the script", (s) => s.bootMs),
          row("first `Request` (fetch classes load)", (s) => s.requestClassesMs),
          row("first Response made and read, before the import", (s) => s.responseClassesMs),
        ],
      ),
      "",
      whole
        ? `Whole process, spawn to exit (hyperfine, ${COLD_STARTS} runs after 3 warm-ups), median (min–max): function ${fmt(whole[0]!.median * 1000, 1)} ms (${fmt(whole[0]!.min * 1000, 1)}–${fmt(whole[0]!.max * 1000, 1)}), ` +
          `floor ${fmt(whole[1]!.median * 1000, 1)} ms (${fmt(whole[1]!.min * 1000, 1)}–${fmt(whole[1]!.max * 1000, 1)}).`
        : "Whole process: not timed (hyperfine is not installed; `apt-get install hyperfine`).",
      "",
      `Targets: bundle at most ${MAX_BUNDLE_BYTES} B (${sizeOk ? "met" : "**not met**"}); import + first answer at most ${MAX_COLD_START_MS} ms (${timeOk ? "met" : "**not met**"}); ` +
        `the floor alone takes ${fmt(floorMs)} ms, of which the first answer without a Response made before is ${fmt(median(series.floor.map((s) => s.firstCallMs)))} ms and with one ${fmt(median(series["warmed floor"].map((s) => s.firstCallMs)))} ms.`,
    ].join("\n"),
  };
}
