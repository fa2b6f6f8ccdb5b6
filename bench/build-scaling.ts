// Build scaling: the build over generated countdowns against plain Eleventy writing as many trivial
// files, each a whole command timed by hyperfine in a fresh process (peak memory from the process).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hyperfine, type Timed } from "./hyperfine.ts";
import { median } from "./load.ts";
import { fmt, table, type BenchSection } from "./report.ts";
import { buildsFolderOf } from "../src/publish/build-folders.ts";

const MAX_RATIO = 1.5;
/** One edited countdown published within this many seconds, at 100,000 countdowns. */
const MAX_EDIT_SECONDS = 15;
/**
 * Every countdown published over a build of a few (a first push of a large site to a server that
 * serves the samples) at most this many times a build of everything: publishing what changed costs
 * no more than a full build, within a run's noise (a build of 10,000 moves by a few seconds).
 */
const MAX_ADDED_RATIO = 1.1;
/** The countdowns of the site every countdown is added to: about the samples' number. */
const ADDED_TO = 5;
/** Time per countdown at the largest size over that at a tenth of it: above this, growth is not linear. */
const MAX_PER_COUNTDOWN_GROWTH = 1.25;
/** Runs per command and size; the median is reported. */
const RUNS = 3;
const CHILD = "node --import tsx bench/children/build-once.ts";
/**
 * From this many files on, plain Eleventy writing them in one run holds more than Node's default heap
 * (about 4 GB on this machine; BENCHMARKS.md says why), so the floor's process gets a larger one. The
 * service's build writes a large site in several Eleventy runs and needs none.
 */
const LARGE_HEAP_FROM = 400_000;
const LARGE_HEAP = "--max-old-space-size=14000";
/** The child's command for a kind of build writing `count` items. */
const childFor = (kind: string, count: number) =>
  kind === "plain" && count >= LARGE_HEAP_FROM ? CHILD.replace("node ", `node ${LARGE_HEAP} `) : CHILD;
/** From this many countdowns on, one run per command (a run takes minutes). */
const ONE_RUN_FROM = 100_000;
const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney"];
const TMPFS_MAGIC = 0x01021994;

/** What a visitor downloads of a build: the index's first page, gzipped, and /api/pages. */
interface Sizes {
  indexGzip: number;
  pagesBytes: number;
  pagesGzip: number;
}

interface Run {
  timed: Timed;
  /** Peak resident memory of each run, bytes. */
  rss: number[];
  files: number;
  /** Of the service's build only. */
  sizes?: Sizes;
  /** Of the service's build only, each run's: the end of each of its steps, ms from the process's start. */
  steps?: Step[][];
}

type Step = [name: string, endMs: number];

/** The index's first page at most this many bytes gzipped, at any number of countdowns. */
const MAX_INDEX_GZIP = 50 * 1024;

interface SizeResult {
  size: number;
  build: Run;
  /** One countdown edited, built over the previous build (a push that edits one file). */
  edit: Run;
  /** Every countdown published over a build of ADDED_TO of them. */
  added: Run;
  /** Plain Eleventy writing as many trivial files as the build wrote: the floor of the target. */
  plainSameFiles: Run;
  /** Plain Eleventy writing one trivial file per countdown, and validation alone: what explains the rest. */
  plainPerCountdown: Run;
  validate: Run;
}

/** Files a build of one countdown leaves at most at once in the medium (its files, their twins, the floor's and the edit's copies), with room to spare. */
const INODES_PER_COUNTDOWN = 40;
const BENCH_PREFIX = "countdown-bench-";

/**
 * A RAM-backed folder when the machine has one (tmpfs) with room for `largest` countdowns, else the
 * work folder: the disk's noise here is larger than the difference under test. Folders that earlier
 * runs left behind (a run killed before it could clean up: named by its process, which is gone) are
 * removed first, so they never fill the medium.
 */
function buildMedium(fallback: string, largest: number): { dir: string; name: string } {
  try {
    if (statfsSync("/dev/shm").type !== TMPFS_MAGIC) return { dir: fallback, name: "the disk" };
    for (const name of readdirSync("/dev/shm")) {
      const pid = Number(name.startsWith(BENCH_PREFIX) ? name.slice(BENCH_PREFIX.length).split("-")[0] : NaN);
      if (Number.isInteger(pid) && !isAlive(pid)) rmSync(path.join("/dev/shm", name), { recursive: true, force: true });
    }
    const { ffree, bavail, bsize } = statfsSync("/dev/shm");
    if (ffree < largest * INODES_PER_COUNTDOWN || bavail * bsize < largest * 64 * 1024) {
      return {
        dir: fallback,
        name: `the disk (/dev/shm has too little room for ${largest.toLocaleString("en-US")} countdowns)`,
      };
    }
    return { dir: mkdtempSync(`/dev/shm/${BENCH_PREFIX}${process.pid}-`), name: "tmpfs (/dev/shm)" };
  } catch {
    return { dir: fallback, name: "the disk" };
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
      path.join(dir, `countdown-${String(i).padStart(6, "0")}.md`),
      `---\ntitle: "Generated countdown number ${i}"\ntarget: "${target}"\ntimezone: "${zone}"\ndone: "Countdown ${i} is over."\n---\n` +
        `A generated countdown for the build benchmark, with **Markdown** and a [link](https://example.com/${i}).\n`,
    );
  }
}

/** Removes an OUT_DIR and every build of it (src/publish/build-folders.ts), so that no run times the removal of another's. */
function removeBuilds(out: string): void {
  for (const dir of [out, buildsFolderOf(out)]) rmSync(dir, { recursive: true, force: true });
}

function timeCommands(work: string, commands: { kind: string; input: string; count: number }[], runs: number): Run[] {
  const stats = path.join(work, "stats.jsonl");
  rmSync(stats, { force: true });
  const out = path.join(work, "out");
  const timed = hyperfine(
    commands.map(({ kind, input, count }) => `${childFor(kind, count)} ${kind} ${input} ${out} ${count}`),
    { runs, prepare: `rm -rf ${out} ${buildsFolderOf(out)}`, env: { BENCH_STATS: stats } },
  );
  removeBuilds(out);
  const lines = readFileSync(stats, "utf8")
    .trim()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as {
          kind: string;
          count: number;
          maxRssBytes: number;
          files: number;
          steps?: Step[];
        } & Partial<Sizes>,
    );
  return commands.map(({ kind, count }, index) => {
    const mine = lines.filter((line) => line.kind === kind && line.count === count);
    const first = mine[0];
    const sizes =
      first?.indexGzip === undefined
        ? undefined
        : { indexGzip: first.indexGzip, pagesBytes: first.pagesBytes!, pagesGzip: first.pagesGzip! };
    return {
      timed: timed[index]!,
      rss: mine.map((line) => line.maxRssBytes),
      files: first?.files ?? 0,
      sizes,
      steps: stepsOf(mine),
    };
  });
}

async function measureSize(work: string, size: number): Promise<SizeResult> {
  const countdownsDir = path.join(work, `countdowns-${size}`);
  writeGeneratedCountdowns(countdownsDir, size);
  const build = { kind: "countdowns", input: countdownsDir, count: size };
  // One build first, to learn how many files it writes: the floor writes as many. Where a command
  // runs once, that build is the measurement.
  const [probe] = timeCommands(work, [build], 1);
  const plainSame = { kind: "plain", input: path.join(work, `plain-${probe!.files}`), count: probe!.files };
  const [measured, plainSameFiles] =
    size >= ONE_RUN_FROM
      ? [probe, ...timeCommands(work, [plainSame], 1)]
      : timeCommands(work, [build, plainSame], RUNS);
  const [plainPerCountdown, validate] = timeCommands(
    work,
    [
      { kind: "plain", input: path.join(work, `plain-${size}`), count: size },
      { kind: "validate", input: countdownsDir, count: size },
    ],
    1,
  );
  const edit = timeEdit(work, countdownsDir, size);
  const added = timeAdded(work, countdownsDir, size);
  rmSync(countdownsDir, { recursive: true, force: true });
  return {
    size,
    build: measured!,
    edit,
    added,
    plainSameFiles: plainSameFiles!,
    plainPerCountdown: plainPerCountdown!,
    validate: validate!,
  };
}

/** Publishing one edit: a full build first (not timed), then RUNS builds each after editing one countdown, each starting from the one before. */
function timeEdit(work: string, countdownsDir: string, size: number): Run {
  const stats = path.join(work, "stats.jsonl");
  rmSync(stats, { force: true });
  const out = path.join(work, "edit-out");
  removeBuilds(out);
  try {
    const env = { BENCH_STATS: stats };
    hyperfine([`${CHILD} countdowns ${countdownsDir} ${out} ${size}`], { runs: 1, env });
    const [timed] = hyperfine([`${CHILD} edit ${countdownsDir} ${out} ${size}`], { runs: RUNS, env });
    const lines = readFileSync(stats, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { kind: string; maxRssBytes: number; steps?: Step[] });
    const edits = lines.filter((line) => line.kind === "edit");
    return { timed: timed!, rss: edits.map((line) => line.maxRssBytes), files: 0, steps: stepsOf(edits) };
  } finally {
    removeBuilds(out);
  }
}

/**
 * Every countdown added at once: before each run (not timed) a build of the first ADDED_TO
 * countdowns alone; then the build of all of them over it, which starts from that build and writes
 * what changed: almost everything.
 */
function timeAdded(work: string, countdownsDir: string, size: number): Run {
  const stats = path.join(work, "stats.jsonl");
  rmSync(stats, { force: true });
  const out = path.join(work, "added-out");
  const few = path.join(work, "added-few");
  rmSync(few, { recursive: true, force: true });
  mkdirSync(few);
  for (const name of readdirSync(countdownsDir).sort().slice(0, ADDED_TO))
    writeFileSync(path.join(few, name), readFileSync(path.join(countdownsDir, name)));
  try {
    const [timed] = hyperfine([`${CHILD} added ${countdownsDir} ${out} ${size}`], {
      runs: size >= ONE_RUN_FROM ? 1 : RUNS,
      prepare: `rm -rf ${out} ${buildsFolderOf(out)} && ${CHILD} countdowns ${few} ${out} ${ADDED_TO}`,
      env: { BENCH_STATS: stats },
    });
    const added = readFileSync(stats, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { kind: string; maxRssBytes: number; steps?: Step[] })
      .filter((line) => line.kind === "added");
    return { timed: timed!, rss: added.map((line) => line.maxRssBytes), files: 0, steps: stepsOf(added) };
  } finally {
    removeBuilds(out);
    rmSync(few, { recursive: true, force: true });
  }
}

export async function buildScaling(work: string, sizes: number[]): Promise<BenchSection> {
  const medium = buildMedium(work, Math.max(...sizes));
  const results: SizeResult[] = [];
  try {
    for (const size of sizes) {
      const result = await measureSize(medium.dir, size);
      console.log(
        `     ${size} countdowns: build ${fmt(result.build.timed.median)} s, plain Eleventy with the same ${result.build.files} files ${fmt(result.plainSameFiles.timed.median)} s`,
      );
      results.push(result);
    }
  } finally {
    if (medium.dir !== work) rmSync(medium.dir, { recursive: true, force: true });
  }
  return report(results, medium.name);
}

const stepsOf = (lines: { steps?: Step[] }[]) =>
  lines.every((line) => line.steps) ? lines.map((line) => line.steps!) : undefined;

/** What each step took, median over the runs, in seconds: from the process's start to the build's call, each step of the build, and from its last step to the process's exit. */
function stepSeconds(run: Run): Map<string, number> {
  const each = new Map<string, number[]>();
  for (const [index, steps] of (run.steps ?? []).entries()) {
    let before = 0;
    for (const [name, endMs] of steps) {
      each.set(name, [...(each.get(name) ?? []), (endMs - before) / 1000]);
      before = endMs;
    }
    const total = run.timed.times[index];
    if (total !== undefined) each.set("exit", [...(each.get("exit") ?? []), Math.max(0, total - before / 1000)]);
  }
  return new Map([...each].map(([name, times]) => [name, median(times)]));
}

/** The steps' names as the table says them (src/publish/publish.ts names them). */
const STEP_NAMES: Record<string, string> = {
  started: "Node's start and the imports",
  checked: "read and check every countdown file, compile the browser assets",
  planned: "find what changed (the served build's record)",
  listed: "read the served build's manifest (the shards of what changed)",
  linked: "start the new build from the served one (its server linked)",
  rendered: "Eleventy: the changed countdowns and the pages that list them, or every file",
  twins: "wait for the last compressed twins",
  manifest: "write the manifest and the record",
  "live data": "write the live data",
  server: "bundle the server (a build of everything)",
  switched: "switch the new build in: now live",
  pruned: "prune the builds before the previous one (keep the files the two kept builds name)",
  exit: "the process's exit (and, for a build, the benchmark's count of its files)",
};

function stepsTable(result: SizeResult): string {
  const build = stepSeconds(result.build);
  const edit = stepSeconds(result.edit);
  const added = stepSeconds(result.added);
  const names = [...new Set([...build.keys(), ...edit.keys(), ...added.keys()])];
  const cell = (steps: Map<string, number>, name: string) => (steps.has(name) ? `${fmt(steps.get(name)!)} s` : "–");
  return table(
    ["step", "build", "one edit", `all added to ${ADDED_TO}`],
    names.map((name) => [STEP_NAMES[name] ?? name, cell(build, name), cell(edit, name), cell(added, name)]),
  );
}

const seconds = (run: Run) => `${fmt(run.timed.median)} s`;
const mebibytes = (run: Run) => `${Math.round(median(run.rss) / 2 ** 20)} MiB`;

function report(results: SizeResult[], medium: string): BenchSection {
  const ratio = (r: SizeResult) => r.build.timed.median / r.plainSameFiles.timed.median;
  const perCountdown = (r: SizeResult) => (r.build.timed.median * 1000) / r.size;
  const largest = results.at(-1)!;
  const tenth = results.find((r) => r.size * 10 === largest.size);
  const growth = tenth ? perCountdown(largest) / perCountdown(tenth) : NaN;
  const ratioOk = ratio(largest) <= MAX_RATIO;
  const linearOk = !tenth || growth <= MAX_PER_COUNTDOWN_GROWTH;
  const indexOk = results.every((r) => r.build.sizes !== undefined && r.build.sizes.indexGzip <= MAX_INDEX_GZIP);
  const editOk = results.every((r) => r.edit.timed.median <= MAX_EDIT_SECONDS);
  const addedRatio = (r: SizeResult) => r.added.timed.median / r.build.timed.median;
  const addedOk = addedRatio(largest) <= MAX_ADDED_RATIO;
  const kb = (bytes: number | undefined) => (bytes === undefined ? "?" : `${fmt(bytes / 1024, 1)} KB`);
  return {
    id: "build",
    title: "Build scaling",
    ok: ratioOk && linearOk && indexOk && editOk && addedOk,
    summary:
      `${largest.size.toLocaleString("en-US")} countdowns (${largest.build.files} files) in ${seconds(largest.build)}, peak ${mebibytes(largest.build)}: ` +
      `${fmt(ratio(largest))}× plain Eleventy writing the same number of trivial files (target ≤ ${MAX_RATIO})` +
      (tenth
        ? `; time per countdown ×${fmt(growth)} from ${tenth.size.toLocaleString("en-US")} to ${largest.size.toLocaleString("en-US")} (target ≤ ${MAX_PER_COUNTDOWN_GROWTH})`
        : "") +
      `; one edited countdown published in ${seconds(largest.edit)} (target ≤ ${MAX_EDIT_SECONDS} s)` +
      `; all of them added to a built site of ${ADDED_TO} in ${seconds(largest.added)}, ${fmt(addedRatio(largest))}× the build of everything (target ≤ ${MAX_ADDED_RATIO})` +
      `; the index's first page ${kb(largest.build.sizes?.indexGzip)} gzipped (target ≤ ${kb(MAX_INDEX_GZIP)} at any size); written to ${medium}.`,
    figures: [
      table(
        [
          "countdowns",
          "build",
          "one edit, published",
          `all added to ${ADDED_TO}, published`,
          "files",
          "plain Eleventy, same files",
          "**ratio**",
          "plain Eleventy, one file per countdown",
          "validation alone",
          "ms per countdown",
          "peak memory: build",
          "one edit",
          "plain, same files",
        ],
        results.map((r) => [
          r.size.toLocaleString("en-US"),
          seconds(r.build),
          seconds(r.edit),
          `${seconds(r.added)} (${fmt(addedRatio(r))}×)`,
          r.build.files,
          seconds(r.plainSameFiles),
          `**${fmt(ratio(r))}**`,
          seconds(r.plainPerCountdown),
          seconds(r.validate),
          fmt(perCountdown(r)),
          mebibytes(r.build),
          mebibytes(r.edit),
          mebibytes(r.plainSameFiles),
        ]),
      ),
      "",
      "What a visitor downloads, per size: the index's first page (100 countdowns at most) and `/api/pages` (every countdown; static, and served compressed):",
      "",
      table(
        ["countdowns", "index page 1, gzip", "/api/pages", "/api/pages, gzip"],
        results.map((r) => [
          r.size.toLocaleString("en-US"),
          kb(r.build.sizes?.indexGzip),
          kb(r.build.sizes?.pagesBytes),
          kb(r.build.sizes?.pagesGzip),
        ]),
      ),
      "",
      `Where the time goes at ${largest.size.toLocaleString("en-US")} countdowns, step by step (median over the runs; the steps of src/publish/publish.ts):`,
      "",
      stepsTable(largest),
      "",
      `Every run in seconds (hyperfine; build / plain, same files): ${results.map((r) => `${r.size}: ${r.build.timed.times.map((t) => fmt(t)).join(", ")} / ${r.plainSameFiles.timed.times.map((t) => fmt(t)).join(", ")}`).join("; ")}.`,
      "",
      `Targets: at most ${MAX_RATIO}× plain Eleventy writing the same files at ${largest.size.toLocaleString("en-US")} countdowns (${ratioOk ? "met" : "**not met**"}); ` +
        `time per countdown growing at most ${MAX_PER_COUNTDOWN_GROWTH}× over a tenfold size (${linearOk ? "met" : "**not met**"}); ` +
        `the index's first page at most ${kb(MAX_INDEX_GZIP)} gzipped at every size (${indexOk ? "met" : "**not met**"}); ` +
        `one edited countdown published within ${MAX_EDIT_SECONDS} s at every size measured in this run (${editOk ? "met" : "**not met**"}; the target is at 100,000, measured with \`--max 100000\`${largest.size < 100_000 ? ", not in this run" : ""}); ` +
        `every countdown added at once to a built site of ${ADDED_TO} published in at most ${MAX_ADDED_RATIO}× the build of everything at ${largest.size.toLocaleString("en-US")} countdowns (${addedOk ? "met" : "**not met**"}).`,
    ].join("\n"),
  };
}
