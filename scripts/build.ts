// `npm run build`: builds the site from the countdowns into OUT_DIR (dist/; dist/site is what Netlify
// publishes). Exits 1 naming every problem of every file when a countdown is wrong, 2 when a setting
// is; nothing is written then. Warnings (a past target, ...) are printed and do not fail it.
import { parseArgs } from "node:util";
import { withConfig } from "../src/config.ts";
import { publish } from "../src/publish/publish.ts";
import { printProblems, printWarnings } from "./problems.ts";

// `--full` writes every file anew, into a folder that holds the whole site (docs/deploying.md).
let full: boolean;
try {
  full = parseArgs({ options: { full: { type: "boolean", default: false } } }).values.full;
} catch {
  console.error(
    `npm run build takes no argument but --full (which writes every file anew); it was given ${process.argv.slice(2).join(" ")}.`,
  );
  process.exit(2);
}

await withConfig(async (config) => {
  const started = performance.now();
  const result = await publish(config, { full });
  if (!result.ok) {
    printProblems(
      `Build failed: ${result.problems.length} problem(s) in countdowns; nothing was published.`,
      result.problems,
    );
    process.exit(1);
  }
  printWarnings(result.warnings);
  const site = config.site.origin + config.site.basePath;
  const what =
    result.rewritten === undefined
      ? `${result.countdowns} countdown(s)`
      : `${result.countdowns} countdown(s), ${result.rewritten} written anew and the rest kept from the previous build,`;
  console.log(`Built ${what} for ${site}/ into ${result.outDir} in ${Math.round(performance.now() - started)} ms.`);
});
