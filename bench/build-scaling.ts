// Build scaling: the build over 100, 1,000 and 10,000 generated countdowns against plain Eleventy
// writing trivial files in the same run, each build in a fresh process (time and peak memory).
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";
import { median } from "./load.ts";
import { runChild } from "./processes.ts";
import type { BenchSection } from "./report.ts";

export const MAX_RATIO_AT_10K = 1.5;
/** Time per countdown at 10,000 over time per countdown at 1,000: above this, growth is not linear. */
export const MAX_PER_COUNTDOWN_GROWTH = 1.25;
const SIZES = [100, 1_000, 10_000] as const;
/** Builds and plain Eleventy runs per size, the order alternating, to take the median of. */
const REPEATS = 3;
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
  /** Plain Eleventy writing as many trivial files as the build wrote: the floor of the target. */
  plainSameFiles: BuildRun[];
  /** Plain Eleventy writing one trivial file per countdown. */
  plainPerCountdown: BuildRun[];
  validate: BuildRun[];
}

/** Where the builds write: the same medium for the build and its floors. */
interface Medium {
  dir: string;
  name: string;
}

/**
 * A RAM-backed folder when the machine has one (/dev/shm, tmpfs), else `fallback`. On this shared
 * machine the disk's latency moved identical builds by 2× between runs (31 s and 49 s), more than
 * any difference between the build and its floor; on tmpfs the same pairs repeat within a few percent.
 */
function buildMedium(fallback: string): Medium {
  try {
    if (statfsSync("/dev/shm").type === TMPFS_MAGIC) return { dir: mkdtempSync("/dev/shm/countdown-bench-"), name: "tmpfs (/dev/shm)" };
  } catch {
    // no /dev/shm: the disk it is
  }
  return { dir: fallback, name: "the disk" };
}
const TMPFS_MAGIC = 0x01021994;

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

/** The build and plain Eleventy with the same number of files, in one folder, alternating. */
async function measureSize(work: string, size: number): Promise<SizeResult> {
  const countdownsDir = path.join(work, `countdowns-${size}`);
  writeGeneratedCountdowns(countdownsDir, size);
  const result: SizeResult = { size, countdowns: [], plainSameFiles: [], plainPerCountdown: [], validate: [] };
  const build = async () => result.countdowns.push(await buildOnce("countdowns", countdownsDir, path.join(work, "out-countdowns"), size));
  const plain = async () => {
    const files = result.countdowns[0]!.files;
    result.plainSameFiles.push(await buildOnce("plain", path.join(work, `plain-${files}`), path.join(work, "out-plain"), files));
  };
  // The build goes first once (its file count sizes the floor), then the order alternates, so a
  // change in the machine's load does not favour one side.
  await build();
  await plain();
  for (let repeat = 1; repeat < REPEATS; repeat++) {
    if (repeat % 2 === 1) {
      await plain();
      await build();
    } else {
      await build();
      await plain();
    }
  }
  // The floors that explain the rest, once per size.
  result.plainPerCountdown.push(await buildOnce("plain", path.join(work, `plain-${size}`), path.join(work, "out-plain"), size));
  result.validate.push(await buildOnce("validate", countdownsDir, path.join(work, "out-validate"), size));
  rmSync(countdownsDir, { recursive: true, force: true });
  return result;
}

export async function buildScaling(work: string): Promise<BenchSection> {
  const medium = buildMedium(work);
  const results: SizeResult[] = [];
  let onDisk: SizeResult | undefined;
  try {
    for (const size of SIZES) {
      const result = await measureSize(medium.dir, size);
      console.log(
        `     ${size} countdowns: build ${(ms(result.countdowns) / 1000).toFixed(2)} s, plain Eleventy with the same ${result.countdowns[0]!.files} files ${(ms(result.plainSameFiles) / 1000).toFixed(2)} s, ` +
          `with ${size} files ${(ms(result.plainPerCountdown) / 1000).toFixed(2)} s, validation ${(ms(result.validate) / 1000).toFixed(2)} s`,
      );
      results.push(result);
    }
  } finally {
    if (medium.dir !== work) rmSync(medium.dir, { recursive: true, force: true });
  }
  // For reference, the largest size once more on the disk, where a real build writes.
  if (medium.dir !== work) {
    const size = SIZES.at(-1)!;
    const countdownsDir = path.join(work, `countdowns-${size}`);
    writeGeneratedCountdowns(countdownsDir, size);
    const run = await buildOnce("countdowns", countdownsDir, path.join(work, "out-countdowns"), size);
    const plain = await buildOnce("plain", path.join(work, `plain-${run.files}`), path.join(work, "out-plain"), run.files);
    rmSync(countdownsDir, { recursive: true, force: true });
    onDisk = { size, countdowns: [run], plainSameFiles: [plain], plainPerCountdown: [], validate: [] };
    console.log(`     ${size} countdowns on the disk: build ${(run.buildMs / 1000).toFixed(2)} s, plain Eleventy with the same files ${(plain.buildMs / 1000).toFixed(2)} s`);
  }
  return report(results, medium, onDisk);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mebibytes = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const ms = (runs: BuildRun[]) => median(runs.map((run) => run.buildMs));
const rss = (runs: BuildRun[]) => median(runs.map((run) => run.maxRssBytes));

function report(results: SizeResult[], medium: Medium, onDisk: SizeResult | undefined): BenchSection {
  const bySize = new Map(results.map((result) => [result.size, result]));
  const at100 = bySize.get(100)!;
  const at1k = bySize.get(1_000)!;
  const at10k = bySize.get(10_000)!;
  const files10k = at10k.countdowns[0]!.files;
  const ratio = (result: SizeResult) => ms(result.countdowns) / ms(result.plainSameFiles);
  const perCountdownRatio = (result: SizeResult) => ms(result.countdowns) / ms(result.plainPerCountdown);
  const perCountdown = (result: SizeResult) => ms(result.countdowns) / result.size;
  const growth = perCountdown(at10k) / perCountdown(at1k);
  const plainGrowth = ms(at10k.plainSameFiles) / at10k.countdowns[0]!.files / (ms(at1k.plainSameFiles) / at1k.countdowns[0]!.files);
  const ratioOk = ratio(at10k) <= MAX_RATIO_AT_10K;
  const linearOk = growth <= MAX_PER_COUNTDOWN_GROWTH;
  const marginal = (from: SizeResult, to: SizeResult, pick: (r: SizeResult) => number) => ((pick(to) - pick(from)) / (to.size - from.size)) * 1000;
  // What one trivial file costs plain Eleventy, from its two runs at 10,000 countdowns.
  const msPerPlainFile = (ms(at10k.plainSameFiles) - ms(at10k.plainPerCountdown)) / (files10k - at10k.size);

  return {
    title: "Build scaling",
    ok: ratioOk && linearOk,
    summary:
      `10,000 countdowns (${files10k} files) in ${seconds(ms(at10k.countdowns))}: ${ratio(at10k).toFixed(2)}× plain Eleventy writing the same number of trivial files (target ≤ ${MAX_RATIO_AT_10K}); ` +
      `time per countdown ×${growth.toFixed(2)} from 1,000 to 10,000 (linear: ≤ ${MAX_PER_COUNTDOWN_GROWTH}); ${perCountdownRatio(at10k).toFixed(2)}× plain Eleventy writing one file per countdown`,
    body: [
      `Each build runs in a fresh Node process (\`node --import tsx bench/children/build-once.ts\`). Per size, the build and plain Eleventy writing the same number of files run ${REPEATS} times each, ` +
        "the build first (its file count sizes the floor), then the order alternating; the figures are medians. The two explaining floors (plain Eleventy writing one file per countdown, validation alone) run once. " +
        "Build time is measured inside the process, from the call to the end of the write (Node's start-up and the imports excluded, as they are the same for every size); " +
        "peak memory is the process's maximum resident set size (`process.resourceUsage().maxRSS`), Node and the imports included.",
      "",
      `Every build and floor writes to ${medium.name}${medium.dir.startsWith("/dev/shm") ? ": the disk of this shared machine moved identical builds by 2× between runs (31 s and 49 s for the same 10,000 countdowns), more than the difference under test; the largest size is run once more on the disk below, for reference" : ""}.`,
      "",
      "- **build**: `buildSite` (src/build/build-site.ts), as `npm run build` runs it, over N generated countdown files (five time zones, a `done` message, a Markdown description): validation, the widget bundle, Eleventy, the live data, the swap into place.",
      "- **plain Eleventy**: `@11ty/eleventy` with an empty config and one one-line Nunjucks template, `<p>{{ item }}</p>`, paginated over as many strings as files are wanted, each to its own `/<item>/index.html`. " +
        "**Same files**: as many files as the build wrote for N countdowns (the target's floor); **one per countdown**: N files.",
      "- **validation**: only `loadCountdowns` (src/countdown), the build's first step, reading and checking the N files.",
      "",
      "| countdowns | build | files written | plain Eleventy, same files | **ratio** | plain Eleventy, one file per countdown | ratio | validation alone | peak memory: build | plain, same files |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.size.toLocaleString("en-US")} | ${seconds(ms(r.countdowns))} | ${r.countdowns[0]!.files} | ${seconds(ms(r.plainSameFiles))} | **${ratio(r).toFixed(2)}** | ` +
          `${seconds(ms(r.plainPerCountdown))} | ${perCountdownRatio(r).toFixed(2)} | ${seconds(ms(r.validate))} | ${mebibytes(rss(r.countdowns))} | ${mebibytes(rss(r.plainSameFiles))} |`,
      ),
      "",
      `Growth: time per countdown ${perCountdown(at1k).toFixed(2)} ms at 1,000 and ${perCountdown(at10k).toFixed(2)} ms at 10,000 (×${growth.toFixed(2)}; plain Eleventy ×${plainGrowth.toFixed(2)} per file). ` +
        `Per 1,000 more countdowns: ${seconds(marginal(at100, at1k, (r) => ms(r.countdowns)))} and ${mebibytes(marginal(at100, at1k, (r) => rss(r.countdowns)))} from 100 to 1,000, ` +
        `${seconds(marginal(at1k, at10k, (r) => ms(r.countdowns)))} and ${mebibytes(marginal(at1k, at10k, (r) => rss(r.countdowns)))} from 1,000 to 10,000.`,
      "",
      "Every run, in ms (build / plain, same files / plain, one file per countdown / validation): " +
        results
          .map((r) => `${r.size}: ${[r.countdowns, r.plainSameFiles, r.plainPerCountdown, r.validate].map((runs) => runs.map((x) => Math.round(x.buildMs)).join(", ")).join(" / ")}`)
          .join("; ") +
        ".",
      ...(onDisk
        ? [
            "",
            `On the disk, once: 10,000 countdowns in ${seconds(ms(onDisk.countdowns))}, plain Eleventy with the same ${onDisk.countdowns[0]!.files} files ${seconds(ms(onDisk.plainSameFiles))}: ${ratio(onDisk).toFixed(2)}× (one pair, not alternated; the disk's noise applies).`,
          ]
        : []),
      "",
      `Targets: at most ${MAX_RATIO_AT_10K}× plain Eleventy writing the same number of trivial files at 10,000 countdowns (${ratioOk ? "met" : "**not met**"}); ` +
        `linear growth, time per countdown at 10,000 at most ${MAX_PER_COUNTDOWN_GROWTH}× that at 1,000 (${linearOk ? "met" : "**not met**"}).`,
      "",
      `**Against one file per countdown** (${perCountdownRatio(at10k).toFixed(2)}× at 10,000). Every countdown is published at four URLs, each a file of the build ` +
        `(the embed \`/api/embed/<slug>\`, the page \`/<slug>/\`, the data \`/api/data/<slug>.json\` and the calendar file \`/<slug>/<slug>.ics\`: ${(files10k / at10k.size).toFixed(1)} files per countdown), ` +
        `and each file costs plain Eleventy about ${msPerPlainFile.toFixed(2)} ms here even when it is one line (${seconds(ms(at10k.plainSameFiles))} for ${files10k} files against ${seconds(ms(at10k.plainPerCountdown))} for ${at10k.size}). ` +
        "So the floor for four published files is plain Eleventy writing four files, and that is the target's floor above; a build that wrote one file per countdown would have to drop three of the published URLs.",
      "",
      "**What keeps the build near its floor.** Eleventy writes one page per published file, and the build adds little to each: every Nunjucks template is compiled once per build, not once per page " +
        "(src/build/nunjucks-compile-cache.ts; Eleventy 3.1 recompiles Nunjucks for every page); the pages extend a Nunjucks base template rather than an Eleventy layout with computed data, so a page is one render; " +
        "the UTC date is formatted once per countdown and the author's zone named with one `Intl.DateTimeFormat` per zone (src/build/site-plugin.ts; Luxon makes a new one per call); " +
        "validation reads the files synchronously and checks each distinct time zone once (src/countdown).",
      ...(ratioOk ? [] : ["", boundParagraph(at10k)]),
    ].join("\n"),
  };
}

/** Why the 10,000 ratio is what it is, from the floors measured beside it. */
function boundParagraph(at10k: SizeResult): string {
  const build = ms(at10k.countdowns);
  const floor = ms(at10k.plainSameFiles);
  const validation = ms(at10k.validate);
  return (
    `**What bounds it.** Plain Eleventy needs ${seconds(floor)} to write the ${at10k.countdowns[0]!.files} files and validating the 10,000 countdown files takes ${seconds(validation)}; ` +
    `together ${seconds(floor + validation)}, ${(((floor + validation) / build) * 100).toFixed(0)}% of the build's ${seconds(build)}. The rest is what the real templates cost beyond trivial ones (Markdown, dates, the calendar file, the widget inlined).`
  );
}
