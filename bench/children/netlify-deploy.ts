// A deploy on Netlify after one edit, timed step by step (run by hand; BENCHMARKS.md, "A deploy on
// Netlify after one edit"): N generated countdowns built as on Netlify and saved to a build cache by
// the build plugin (netlify/plugins/previous-build) with Netlify's cache utilities; then twice: a
// fresh checkout (no build folder), the restore, one countdown edited, the build of what changed,
// the save.   node --import tsx bench/children/netlify-deploy.ts <work folder> <count>
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bindOpts } from "@netlify/cache-utils";
import { onPostBuild, onPreBuild } from "../../netlify/plugins/previous-build/index.js";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { writeGeneratedCountdowns } from "../build-scaling.ts";

const [work, countArg] = process.argv.slice(2) as [string, string];
const input = path.join(work, "countdowns");
const outDir = path.join(work, "dist");
if (!existsSync(input)) {
  mkdirSync(work, { recursive: true });
  writeGeneratedCountdowns(input, Number(countArg));
}
const config = () =>
  readConfig({ COUNTDOWNS_DIR: input, OUT_DIR: outDir, URL: "https://countdowns.example", NETLIFY: "true" });
const utils = { cache: bindOpts({ cacheDir: path.join(work, "cache"), cwd: work }) };
process.env.OUT_DIR = outDir; // as netlify.toml's build sees it
async function timed(step: string, run: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await run();
  console.log(`${step}: ${((performance.now() - start) / 1000).toFixed(2)} s`);
}
const build = async () => {
  const result = await publish(config(), { version: "bench" });
  if (!result.ok)
    throw new Error(`the generated countdowns do not build: ${JSON.stringify(result.problems.slice(0, 3))}`);
};

rmSync(outDir, { recursive: true, force: true });
rmSync(path.join(work, "cache"), { recursive: true, force: true });
await timed("first deploy: build everything", build);
await timed("first deploy: save to the build cache", () => onPostBuild({ utils }));
for (const round of [1, 2]) {
  rmSync(outDir, { recursive: true, force: true });
  await timed(`edit ${round}: restore from the build cache`, () => onPreBuild({ utils }));
  const file = path.join(input, "countdown-000000.md");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(/^title: .*$/m, `title: "Generated countdown number 0, edit ${round}"`),
  );
  await timed(`edit ${round}: build what changed`, build);
  await timed(`edit ${round}: save to the build cache`, () => onPostBuild({ utils }));
}
