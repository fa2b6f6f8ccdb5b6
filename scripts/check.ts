// `npm run check`: validates every countdown with the build's own rules and messages, writes nothing.
import path from "node:path";
import { PROJECT_ROOT } from "../src/build/build-paths.ts";
import { loadCountdowns } from "../src/countdown/load-countdowns.ts";
import { printProblems } from "./problems.ts";

const dir = process.env.COUNTDOWNS_DIR || path.join(PROJECT_ROOT, "countdowns");
const { countdowns, problems } = await loadCountdowns(dir);
if (problems.length > 0) {
  printProblems(`${problems.length} problem(s) in countdowns; the build would fail.`, problems);
  process.exit(1);
}
console.log(`All ${countdowns.length} countdown(s) are valid.`);
