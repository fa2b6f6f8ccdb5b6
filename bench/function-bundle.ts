// The Netlify Function as deployed: bundled by esbuild as Netlify bundles it, then its size and its
// cold start (a fresh Node process importing the bundle and answering one request), beside a
// floor bundled and started the same way: a bare function answering the same JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { PROJECT_ROOT, buildPaths } from "../src/config.ts";
import { median } from "./load.ts";
import { runChild } from "./processes.ts";
import type { BenchSection } from "./report.ts";

export const MAX_BUNDLE_BYTES = 10 * 1024;
export const MAX_COLD_START_MS = 5;
/** Packages the function must not carry: the build's, never the live path's. */
const FORBIDDEN_INPUTS = /node_modules\/(luxon|@11ty|js-yaml|markdown-it|nunjucks)\//;
/** Fresh processes per series (function, floor, floor with a Response made first), alternating. */
const COLD_STARTS = 20;
const SLUG = "new-year-2027";

interface ColdStart {
  bootMs: number;
  requestClassesMs: number;
  /** Making and reading a first Response before the function's turn (only when warmed). */
  responseClassesMs: number;
  importMs: number;
  firstCallMs: number;
  status: number;
  bodyBytes: number;
  /** Parent's view: spawn to exit. */
  wallMs: number;
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
    plugins: [
      {
        name: "live-data",
        // `#live-data` is package.json's import of dist/live/countdowns.json: here, this run's build.
        setup(esbuildBuild) {
          esbuildBuild.onResolve({ filter: /^#live-data$/ }, () => ({ path: liveData }));
        },
      },
    ],
  });
  const bytes = readFileSync(outfile);
  return { path: outfile, bytes: bytes.length, gzipped: gzipSync(bytes).length, inputs: Object.keys((result.metafile as Metafile).inputs) };
}

async function coldStart(bundlePath: string, warmResponse = false): Promise<ColdStart> {
  const { result, wallMs } = await runChild(
    process.execPath,
    [
      path.join(PROJECT_ROOT, "bench/children/function-cold-start.mjs"),
      bundlePath,
      `https://countdowns.example/api/countdown/${SLUG}`,
      ...(warmResponse ? ["warm-response"] : []),
    ],
    { tsx: false, timeoutMs: 20_000 },
  );
  return { ...(result as Omit<ColdStart, "wallMs">), wallMs };
}

export async function functionBundle(outDir: string, work: string): Promise<BenchSection> {
  const liveData = buildPaths(outDir).liveData;
  const live = await bundleFunction(path.join(PROJECT_ROOT, "netlify/functions/live.ts"), path.join(work, "live.mjs"), liveData);
  const bare = await bundleFunction(path.join(PROJECT_ROOT, "bench/children/bare-function.ts"), path.join(work, "bare-function.mjs"), liveData);
  const forbidden = live.inputs.filter((input) => FORBIDDEN_INPUTS.test(input));

  const liveStarts: ColdStart[] = [];
  const bareStarts: ColdStart[] = [];
  const warmedBareStarts: ColdStart[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    // Alternating, so that the machine's load at one moment hits all three.
    liveStarts.push(await coldStart(live.path));
    bareStarts.push(await coldStart(bare.path));
    warmedBareStarts.push(await coldStart(bare.path, true));
  }
  const functionMs = (start: ColdStart) => start.importMs + start.firstCallMs;
  const coldStartMs = median(liveStarts.map(functionMs));
  const floorMs = median(bareStarts.map(functionMs));
  const warmedFloorMs = median(warmedBareStarts.map(functionMs));
  const answeredOk = [...liveStarts, ...bareStarts, ...warmedBareStarts].every((start) => start.status === 200 && start.bodyBytes > 0);
  const sizeOk = live.bytes <= MAX_BUNDLE_BYTES && forbidden.length === 0;
  const timeOk = coldStartMs <= MAX_COLD_START_MS && answeredOk;
  const cell = (starts: ColdStart[], pick: (start: ColdStart) => number) => {
    const values = starts.map(pick);
    return `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
  };
  const row = (label: string, pick: (start: ColdStart) => number) =>
    `| ${label} | ${cell(liveStarts, pick)} | ${cell(bareStarts, pick)} | ${cell(warmedBareStarts, pick)} |`;
  const relative = (input: string) => {
    const file = path.resolve(PROJECT_ROOT, input);
    return file === path.resolve(liveData) ? "this run's `live/countdowns.json`" : `\`${path.relative(PROJECT_ROOT, file)}\``;
  };
  const bound =
    `**What bounds it.** The floor, a ${(bare.bytes / 1024).toFixed(1)} KB function that does nothing but answer, needs ${floorMs.toFixed(2)} ms here for the same import and first answer ` +
    `(the function ${(coldStartMs / floorMs).toFixed(2)}× that): ${median(bareStarts.map((s) => s.importMs)).toFixed(2)} ms to import a module at all and ` +
    `${median(bareStarts.map((s) => s.firstCallMs)).toFixed(2)} ms for a first answer. When a Response has been made and read once before (third column), the floor's first answer takes ` +
    `${median(warmedBareStarts.map((s) => s.firstCallMs)).toFixed(2)} ms: the rest is Node loading what a Response body needs (web streams, on first use; ` +
    `${median(warmedBareStarts.map((s) => s.responseClassesMs)).toFixed(2)} ms there). On this machine, where Node itself takes ${median(liveStarts.map((s) => s.bootMs)).toFixed(0)} ms to boot, ` +
    `even the floor misses ${MAX_COLD_START_MS} ms, so no change to the function can meet it here; what the function adds to the floor (its size, its checks, its routing) is the ratio, ` +
    `${(coldStartMs / floorMs).toFixed(2)}×, about ${(coldStartMs - floorMs).toFixed(1)} ms.`;

  return {
    title: "Netlify function: bundle and cold start",
    ok: sizeOk && timeOk,
    summary:
      `${live.bytes} B (${live.gzipped} B gzipped; limit ${MAX_BUNDLE_BYTES} B), ${forbidden.length === 0 ? "no Luxon, Eleventy or js-yaml inside" : `CONTAINS ${forbidden.join(", ")}`}; ` +
      `import + first answer ${coldStartMs.toFixed(2)} ms in a fresh process (target ≤ ${MAX_COLD_START_MS} ms; a bare function: ${floorMs.toFixed(2)} ms), Node's own boot ${median(liveStarts.map((s) => s.bootMs)).toFixed(0)} ms before it`,
    body: [
      "`netlify/functions/live.ts` bundled with esbuild as Netlify's esbuild bundler does for an ESM function: `bundle`, `platform: node`, `format: esm`, " +
        "`target: node20`, not minified, `#live-data` resolved to this run's built `live/countdowns.json` (the three sample countdowns). " +
        "The floor, bench/children/bare-function.ts, is bundled the same way: the same data, the default-shape body computed for the current instant, one `Response` with the same headers, and nothing else (no routing, no checks, no shapes, no errors).",
      "",
      "| bundle | bytes | gzip | inputs |",
      "|---|---:|---:|---|",
      `| function (live.mjs) | ${live.bytes} | ${live.gzipped} | ${live.inputs.map(relative).join(", ")} |`,
      `| floor (bare-function.mjs) | ${bare.bytes} | ${bare.gzipped} | ${bare.inputs.map(relative).join(", ")} |`,
      "",
      forbidden.length === 0
        ? "None of the function's inputs is Luxon, Eleventy, Nunjucks, markdown-it or js-yaml (checked in esbuild's metafile)."
        : `**Forbidden inputs found:** ${forbidden.join(", ")}.`,
      "",
      `Cold start: ${COLD_STARTS} fresh \`node\` processes per column, the three alternating (plain Node, no TypeScript loader), each running bench/children/function-cold-start.mjs: it makes a \`Request\` for ` +
        `\`/api/countdown/${SLUG}\`, imports the bundle, calls its default export and reads the whole body. Times are taken inside the process with \`performance.now()\`, ` +
        "whose origin is the process's start. **The 5 ms target applies to the function's cold start: the import of the bundle plus its first answer, body read**, measured inside the process. " +
        "Node's own boot (process start to the first line of the script) and the first `Request` (which loads Node's fetch classes; on Netlify the runtime builds the Request) " +
        "come before it and are the platform's; they are reported apart, and so is the whole process as the parent sees it (spawn to exit).",
      "",
      "Each cell: median (min–max), in ms.",
      "",
      "| | function | floor | floor, a Response made and read before |",
      "|---|---:|---:|---:|",
      row("**import + first answer (the target)**", functionMs),
      row("import of the bundle", (s) => s.importMs),
      row("first call, body read", (s) => s.firstCallMs),
      row("Node's boot, before the script", (s) => s.bootMs),
      row("first `Request` (fetch classes load)", (s) => s.requestClassesMs),
      row("first Response made and read, before the import", (s) => s.responseClassesMs),
      row("whole process, spawn to exit", (s) => s.wallMs),
      "",
      `Function over floor, import + first answer: ${(coldStartMs / floorMs).toFixed(2)}× (the floor with a Response made before: ${warmedFloorMs.toFixed(2)} ms). ` +
        `Targets: at most ${MAX_BUNDLE_BYTES} B (${sizeOk ? "met" : "**not met**"}), import + first answer at most ${MAX_COLD_START_MS} ms (${timeOk ? "met" : "**not met**"}).`,
      ...(timeOk ? [] : ["", bound]),
    ].join("\n"),
  };
}
