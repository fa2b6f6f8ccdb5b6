// `npm run check [-- <files>]`: validates countdowns with the build's own rules and messages, writes
// nothing. With no files it checks the countdowns folder, as the build would; with files, just those.
// Warnings (a past target, ...) are printed but do not fail; any problem exits 1.
import { parseArgs } from "node:util";
import { requireCountdownsDir, withConfig } from "../src/config.ts";
import { loadCountdownFiles, loadCountdowns } from "../src/authoring/load-countdowns.ts";
import { readSite } from "../src/publish/gather.ts";
import { printProblems, printWarnings } from "./problems.ts";

const USAGE = `Usage: npm run check [-- <file.md> ...]

Checks the site file (SITE_FILE, default _data/site.json) and every countdown in the countdowns
folder (COUNTDOWNS_DIR, default countdowns/) with the build's rules, or only the files given, wherever they are (a file's slug is its name without .md).
Problems exit 1 and are listed all at once; warnings are printed to stderr and do not fail.`;

let files: string[];
try {
  const { values, positionals } = parseArgs({ options: { help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  files = positionals;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

await withConfig(async (config) => {
  const now = Date.now();
  // The whole site: the site file as well as every countdown, as the build reads them.
  const site = files.length > 0 ? [] : readSite(config).problems;
  const { countdowns, problems: countdownProblems, warnings } = files.length > 0 ? loadCountdownFiles(files, { now }) : await loadCountdowns(requireCountdownsDir(config), { now });
  const problems = [...site, ...countdownProblems];
  printWarnings(warnings);
  if (problems.length > 0) {
    printProblems(`${problems.length} problem(s); the build would fail.`, problems);
    process.exit(1);
  }
  console.log(`All ${countdowns.length} countdown(s) are valid.`);
});
