// Build scaling: the build over 100, 1,000 and 10,000 generated countdowns against plain Eleventy
// writing trivial files in the same run, each build in a fresh process (time and peak memory).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../src/build/build-site.ts";
import { median } from "./load.ts";
import { runChild } from "./processes.ts";
import type { BenchSection } from "./report.ts";

export const MAX_RATIO_AT_10K = 1.5;
/** Time per countdown at 10,000 over time per countdown at 1,000: above this, growth is not linear. */
export const MAX_PER_COUNTDOWN_GROWTH = 1.25;
const SIZES = [100, 1_000, 10_000] as const;
/** Builds and plain Eleventy runs per size, the order alternating, to take the median of. */
const REPEATS = 2;
const CHILD = path.join(PROJECT_ROOT, "bench/children/build-once.ts");
const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney"];

interface BuildRun {
  buildMs: number;
  sinceProcessStartMs: number;
  maxRssBytes: number;
  files: number;
}

interface SizeResult {
  size: number;
  countdowns: BuildRun[];
  /** Plain Eleventy writing `size` trivial files. */
  plain: BuildRun[];
  /** Plain Eleventy writing as many trivial files as the countdown build wrote. */
  plainSameFiles: BuildRun[];
  validate: BuildRun[];
}

/** `count` valid countdown files, varied like real ones: zones, daylight saving, descriptions. */
export function writeGeneratedCountdowns(dir: string, count: number): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const zone = ZONES[i % ZONES.length]!;
    // Hours from 04:00 on: no daylight saving gap of these zones falls there, so every file is valid.
    const target = `${2027 + (i % 5)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}T${String(4 + (i % 20)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00`;
    writeFileSync(
      path.join(dir, `countdown-${String(i).padStart(5, "0")}.md`),
      `---\ntitle: "Generated countdown number ${i}"\ntarget: "${target}"\ntimezone: "${zone}"\ndone: "Countdown ${i} is over."\n---\n` +
        `A generated countdown for the build benchmark, with **Markdown** and a [link](https://example.com/${i}).\n`,
    );
  }
}

async function buildOnce(kind: "countdowns" | "plain" | "validate", input: string, outDir: string, count: number): Promise<BuildRun> {
  rmSync(outDir, { recursive: true, force: true });
  try {
    const { result } = await runChild(CHILD, [kind, input, outDir, String(count)], { timeoutMs: 300_000 });
    return result as BuildRun;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function buildScaling(work: string): Promise<BenchSection> {
  const results: SizeResult[] = [];
  for (const size of SIZES) {
    const countdownsDir = path.join(work, `countdowns-${size}`);
    writeGeneratedCountdowns(countdownsDir, size);
    const result: SizeResult = { size, countdowns: [], plain: [], plainSameFiles: [], validate: [] };
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const countdowns = () => buildOnce("countdowns", countdownsDir, path.join(work, "out-countdowns"), size).then((run) => result.countdowns.push(run));
      const plain = () => buildOnce("plain", path.join(work, `plain-${size}`), path.join(work, "out-plain"), size).then((run) => result.plain.push(run));
      // Alternate the order, so that a change in the machine's load does not favour one kind.
      if (repeat % 2 === 0) {
        await countdowns();
        await plain();
      } else {
        await plain();
        await countdowns();
      }
    }
    // The floors that explain the ratio, once per size: they take as long as the build itself.
    const files = result.countdowns[0]!.files;
    result.plainSameFiles.push(await buildOnce("plain", path.join(work, `plain-files-${files}`), path.join(work, "out-plain"), files));
    result.validate.push(await buildOnce("validate", countdownsDir, path.join(work, "out-validate"), size));
    rmSync(countdownsDir, { recursive: true, force: true });
    const ms = (runs: BuildRun[]) => median(runs.map((run) => run.buildMs));
    console.log(
      `     ${size} countdowns: build ${(ms(result.countdowns) / 1000).toFixed(2)} s, plain Eleventy ${(ms(result.plain) / 1000).toFixed(2)} s, ` +
        `plain with ${result.countdowns[0]!.files} files ${(ms(result.plainSameFiles) / 1000).toFixed(2)} s, validation ${(ms(result.validate) / 1000).toFixed(2)} s`,
    );
    results.push(result);
  }
  return report(results);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Why the 10,000 ratio is what it is, from the floors measured beside it. */
function boundParagraph(at10k: SizeResult): string {
  const ms = (runs: BuildRun[]) => median(runs.map((run) => run.buildMs));
  const build = ms(at10k.countdowns);
  const sameFiles = ms(at10k.plainSameFiles);
  const validation = ms(at10k.validate);
  const files = at10k.countdowns[0]!.files;
  return (
    `**What bounds it.** The build writes ${files} files for 10,000 countdowns (${(files / 10_000).toFixed(1)} per countdown: the embed, the page, the data JSON and the calendar file, ` +
    `each a page paginated over the countdowns by a template in src/site), and Eleventy alone, with trivial templates, needs ${seconds(sameFiles)} to write that many ` +
    `(${(sameFiles / ms(at10k.plain)).toFixed(2)}× its time for 10,000). Validating the 10,000 files (src/countdown: YAML, and the time-zone checks through Luxon) takes ` +
    `${seconds(validation)} on its own. Those two floors add up to ${seconds(sameFiles + validation)}, ${((sameFiles + validation) / build * 100).toFixed(0)}% of the build's ${seconds(build)}; ` +
    `the other ${seconds(Math.max(0, build - sameFiles - validation))} are what the real templates cost beyond trivial ones (Markdown, dates, the calendar file, the widget inlined) and the build's own steps. ` +
    "What the build itself did about it: each Nunjucks template is compiled once per build, not once per page (src/build/nunjucks-compile-cache.ts; Eleventy 3.1 recompiles Nunjucks for every page), " +
    "and the UTC date filter is computed once per countdown (src/build/site-plugin.ts). Getting to 1.5× would take fewer Eleventy pages per countdown " +
    "(the data JSON and the calendar file written by the build directly, not as paginated templates) and a cheaper validation: in a CPU profile of the validation alone at 10,000, " +
    "`canonicalZone` (two `Intl.DateTimeFormat`s per file, through Luxon) is two thirds of its CPU time, and the process is idle 40% of the time because the files are read one after another; " +
    "one check per distinct zone and parallel reads would remove most of it. Those are changes to src/site and src/countdown, not made here."
  );
}
const mebibytes = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;

function report(results: SizeResult[]): BenchSection {
  const ms = (runs: BuildRun[]) => median(runs.map((run) => run.buildMs));
  const rss = (runs: BuildRun[]) => median(runs.map((run) => run.maxRssBytes));
  const bySize = new Map(results.map((result) => [result.size, result]));
  const at1k = bySize.get(1_000)!;
  const at10k = bySize.get(10_000)!;
  const ratioAt10k = ms(at10k.countdowns) / ms(at10k.plain);
  const ratioSameFilesAt10k = ms(at10k.countdowns) / ms(at10k.plainSameFiles);
  const perCountdown = (result: SizeResult) => ms(result.countdowns) / result.size;
  const growth = perCountdown(at10k) / perCountdown(at1k);
  const plainGrowth = ms(at10k.plain) / 10_000 / (ms(at1k.plain) / 1_000);
  const ratioOk = ratioAt10k <= MAX_RATIO_AT_10K;
  const linearOk = growth <= MAX_PER_COUNTDOWN_GROWTH;
  const marginal = (from: SizeResult, to: SizeResult, pick: (r: SizeResult) => number) => ((pick(to) - pick(from)) / (to.size - from.size)) * 1000;
  const at100 = bySize.get(100)!;

  return {
    title: "Build scaling",
    ok: ratioOk && linearOk,
    summary:
      `10,000 countdowns in ${seconds(ms(at10k.countdowns))}: ${ratioAt10k.toFixed(2)}× plain Eleventy writing 10,000 trivial files (target ≤ ${MAX_RATIO_AT_10K}), ` +
      `${ratioSameFilesAt10k.toFixed(2)}× plain Eleventy writing the same ${at10k.countdowns[0]!.files} files; time per countdown ×${growth.toFixed(2)} from 1,000 to 10,000 (linear: ≤ ${MAX_PER_COUNTDOWN_GROWTH})`,
    body: [
      `Each build runs in a fresh Node process (\`node --import tsx bench/children/build-once.ts\`): the build and plain Eleventy ${REPEATS} times per size, the order alternating, ` +
        "the two explaining floors (plain Eleventy with the same files, validation alone) once; the figures are medians. Build time is measured inside the process, from the call to the end of the write (Node's start-up and the imports excluded, as they are the same for every size); " +
        "peak memory is the process's maximum resident set size (`process.resourceUsage().maxRSS`), Node and the imports included.",
      "",
      "- **build**: `buildSite` (src/build/build-site.ts), as `npm run build` runs it, over N generated countdown files (five time zones, a `done` message, a Markdown description): validation, the widget bundle, Eleventy, the live data, the swap into place.",
      "- **plain Eleventy**: `@11ty/eleventy` " + "with an empty config, writing N trivial files: a one-line Nunjucks template `<p>{{ item }}</p>` paginated over N strings.",
      "- **plain, same files**: the same, writing as many files as the build wrote for N countdowns (every countdown has several pages: embed, page, data, calendar file).",
      "- **validation**: only `loadCountdowns` (src/countdown), the build's first step, reading and checking the N files.",
      "",
      "| countdowns | build | plain Eleventy (N files) | ratio | files the build writes | plain Eleventy (same files) | ratio | validation alone | peak memory: build | plain | plain, same files |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.size.toLocaleString("en-US")} | ${seconds(ms(r.countdowns))} | ${seconds(ms(r.plain))} | **${(ms(r.countdowns) / ms(r.plain)).toFixed(2)}** | ${r.countdowns[0]!.files} | ` +
          `${seconds(ms(r.plainSameFiles))} | ${(ms(r.countdowns) / ms(r.plainSameFiles)).toFixed(2)} | ${seconds(ms(r.validate))} | ${mebibytes(rss(r.countdowns))} | ${mebibytes(rss(r.plain))} | ${mebibytes(rss(r.plainSameFiles))} |`,
      ),
      "",
      `Growth: time per countdown ${(perCountdown(at1k)).toFixed(2)} ms at 1,000 and ${(perCountdown(at10k)).toFixed(2)} ms at 10,000 (×${growth.toFixed(2)}; plain Eleventy ×${plainGrowth.toFixed(2)} per file). ` +
        `Per 1,000 more countdowns: ${seconds(marginal(at100, at1k, (r) => ms(r.countdowns)))} and ${mebibytes(marginal(at100, at1k, (r) => rss(r.countdowns)))} from 100 to 1,000, ` +
        `${seconds(marginal(at1k, at10k, (r) => ms(r.countdowns)))} and ${mebibytes(marginal(at1k, at10k, (r) => rss(r.countdowns)))} from 1,000 to 10,000 ` +
        `(plain Eleventy: ${seconds(marginal(at1k, at10k, (r) => ms(r.plain)))} and ${mebibytes(marginal(at1k, at10k, (r) => rss(r.plain)))} per 1,000 files).`,
      "",
      `Every run, in ms (build / plain / plain with the same files / validation): ` +
        results.map((r) => `${r.size}: ${r.countdowns.map((x) => Math.round(x.buildMs)).join(", ")} / ${r.plain.map((x) => Math.round(x.buildMs)).join(", ")} / ${r.plainSameFiles.map((x) => Math.round(x.buildMs)).join(", ")} / ${r.validate.map((x) => Math.round(x.buildMs)).join(", ")}`).join("; ") + ".",
      "",
      `Targets: at most ${MAX_RATIO_AT_10K}× plain Eleventy at 10,000 (${ratioOk ? "met" : "**not met**"}); linear growth, time per countdown at 10,000 at most ${MAX_PER_COUNTDOWN_GROWTH}× that at 1,000 (${linearOk ? "met" : "**not met**"}).`,
      ...(ratioOk ? [] : ["", boundParagraph(at10k)]),
    ].join("\n"),
  };
}
