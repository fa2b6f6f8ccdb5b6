// `npm run check`: validates every countdown with the build's own rules and messages, writes nothing.
import { requireCountdownsDir, withConfig } from "../src/config.ts";
import { loadCountdowns } from "../src/countdown/load-countdowns.ts";
import { printProblems } from "./problems.ts";

await withConfig(async (config) => {
  const { countdowns, problems } = await loadCountdowns(requireCountdownsDir(config));
  if (problems.length > 0) {
    printProblems(`${problems.length} problem(s) in countdowns; the build would fail.`, problems);
    process.exit(1);
  }
  console.log(`All ${countdowns.length} countdown(s) are valid.`);
});
