// One build in a fresh process (timed whole by hyperfine), so that its peak memory is this process's
// own. Kinds: `countdowns` runs the service's build (as `npm run build` does) over a folder of
// countdown files; `plain` runs plain Eleventy writing N trivial files (a one-line Nunjucks template
// paginated over N items); `validate` only reads and checks the countdown files (the build's first
// step). Appends one JSON line (peak memory, files written) to the file named by BENCH_STATS.
import { appendFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import Eleventy from "@11ty/eleventy";
import { buildPaths, readConfig } from "../../src/config.ts";
import { PAGES_PATH } from "../../src/paths.ts";
import { publish } from "../../src/publish/publish.ts";
import { loadCountdowns } from "../../src/authoring/load-countdowns.ts";

const [kind, input, outDir, countArg] = process.argv.slice(2) as [string, string, string, string];
const count = Number(countArg);

async function plainEleventy(): Promise<void> {
  // Its own project: one template, an empty config file (else Eleventy would pick up this
  // project's eleventy.config.js from the working folder), no data folder, no plugins.
  mkdirSync(input, { recursive: true });
  writeFileSync(
    path.join(input, "item.njk"),
    `---\npagination:\n  data: items\n  size: 1\n  alias: item\n  addAllPagesToCollections: false\npermalink: "/{{ item }}/index.html"\n---\n<p>{{ item }}</p>\n`,
  );
  const configPath = path.join(input, "eleventy.config.js");
  writeFileSync(configPath, "export default function () {}\n");
  const items = Array.from({ length: count }, (_, index) => `item-${index}`);
  const eleventy = new Eleventy(input, outDir, {
    configPath,
    quietMode: true,
    config(eleventyConfig) {
      eleventyConfig.addGlobalData("items", items);
    },
  });
  await eleventy.write();
}

/** The end of each step of the build (src/publish/publish.ts), in ms since the process started: Node's start and the imports come first. */
const steps: [string, number][] = [];
const onStep = (step: string) => steps.push([step, Math.round(performance.now())]);

async function countdownBuild(): Promise<void> {
  onStep("started");
  const result = await publish(
    readConfig({ COUNTDOWNS_DIR: input, OUT_DIR: outDir, URL: "https://countdowns.example" }),
    { version: "bench", onStep },
  );
  if (!result.ok)
    throw new Error(`the generated countdowns do not build: ${JSON.stringify(result.problems.slice(0, 3))}`);
  if (result.countdowns !== count) throw new Error(`built ${result.countdowns} countdowns, expected ${count}`);
}

/** One countdown edited (its title), then the build over the previous one in `outDir`, as a push that edits one file publishes it. */
async function editOne(): Promise<void> {
  const file = path.join(input, "countdown-000000.md");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(
      /^title: .*$/m,
      `title: "Generated countdown number 0, edited at ${Date.now()}"`,
    ),
  );
  onStep("started");
  const result = await publish(
    readConfig({ COUNTDOWNS_DIR: input, OUT_DIR: outDir, URL: "https://countdowns.example" }),
    { version: "bench", onStep },
  );
  if (!result.ok) throw new Error(`the edited countdowns do not build: ${JSON.stringify(result.problems.slice(0, 3))}`);
  if (result.rewritten === undefined)
    throw new Error("the build after one edit wrote every file: it did not start from the previous build");
}

/** Every countdown of the folder published over a build of a few of them in `outDir` (a first push of a large site to a server that serves the samples). */
async function addAll(): Promise<void> {
  onStep("started");
  const result = await publish(
    readConfig({ COUNTDOWNS_DIR: input, OUT_DIR: outDir, URL: "https://countdowns.example" }),
    { version: "bench", onStep },
  );
  if (!result.ok) throw new Error(`the countdowns do not build: ${JSON.stringify(result.problems.slice(0, 3))}`);
  if (result.countdowns !== count) throw new Error(`built ${result.countdowns} countdowns, expected ${count}`);
  if (result.rewritten === undefined)
    throw new Error("the build of the added countdowns wrote every file: it did not start from the previous build");
}

async function validate(): Promise<void> {
  const { countdowns, problems } = await loadCountdowns(input);
  if (problems.length > 0 || countdowns.length !== count)
    throw new Error(`validation found ${problems.length} problem(s)`);
}

const run = { plain: plainEleventy, countdowns: countdownBuild, validate, edit: editOne, added: addAll }[kind];
if (!run) throw new Error(`unknown kind ${kind}`);
await run();
const maxRssBytes = process.resourceUsage().maxRSS * 1024;
const files =
  kind === "validate" || kind === "edit" || kind === "added"
    ? 0
    : readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
// What a visitor downloads of a build that size: the index's first page and /api/pages, gzipped.
const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const site = kind === "countdowns" ? buildPaths(outDir).site : undefined;
// (An edit's or an addition's build is timed, not sized.)
const sizes = site && {
  indexGzip: gzipped(path.join(site, "index.html")),
  pagesBytes: statSync(path.join(site, PAGES_PATH)).size,
  pagesGzip: gzipped(path.join(site, PAGES_PATH)),
};
appendFileSync(
  process.env.BENCH_STATS!,
  `${JSON.stringify({ kind, count, maxRssBytes, files, ...sizes, ...(steps.length > 0 ? { steps } : {}) })}\n`,
);
