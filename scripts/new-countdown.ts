// `npm run new -- --title "..." --target "..." [--timezone Zone] [--slug s] [--done "..."]`:
// writes countdowns/<slug>.md after checking it with the build's rules; writes nothing otherwise.
import { parseArgs } from "node:util";
import { requireCountdownsDir, withConfig } from "../src/config.ts";
import { createCountdownFile } from "../src/countdown/new-countdown.ts";
import { printProblems } from "./problems.ts";

const USAGE = `Usage: npm run new -- --title "Product launch" --target "2027-03-01T09:00" [--timezone Europe/Berlin] [--slug product-launch] [--done "We are live!"]`;

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      title: { type: "string" },
      target: { type: "string" },
      timezone: { type: "string" },
      slug: { type: "string" },
      done: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const missing = ["title", "target"].filter((name) => typeof values[name] !== "string");
if (missing.length > 0) {
  console.error(`Missing ${missing.map((name) => `--${name}`).join(" and ")}. Nothing was written.\n${USAGE}`);
  process.exit(2);
}

await withConfig(async (config) => {
  const result = await createCountdownFile(requireCountdownsDir(config), {
    title: values.title as string,
    target: values.target as string,
    timezone: values.timezone as string | undefined,
    slug: values.slug as string | undefined,
    done: values.done as string | undefined,
  });
  if (!result.ok) {
    printProblems("Nothing was written:", result.problems);
    process.exit(1);
  }
  console.log(`Wrote ${result.file}`);
  console.log(`Target: ${result.countdown.targetDate} (UTC)`);
});
