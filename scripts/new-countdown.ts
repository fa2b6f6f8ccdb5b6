// `npm run new -- --title "..." --target "..." [options]`: writes countdowns/<slug>.md after checking
// it with the build's rules; writes nothing otherwise, and never replaces an existing file.
import { parseArgs } from "node:util";
import { requireCountdownsDir, withConfig } from "../src/config.ts";
import { DEFAULT_LANG, DEFAULT_TIMEZONE, REPEATS, STATUSES, formatWarning } from "../src/authoring/countdown.ts";
import { createCountdownFile } from "../src/authoring/write-countdown.ts";
import { printProblems } from "./problems.ts";

const USAGE = `Usage: npm run new -- --title "Product launch" --target "2027-03-01 09:00" [options]

Writes countdowns/<slug>.md (the folder of COUNTDOWNS_DIR) after checking it with the build's rules.
Nothing is written when a value is wrong or the file exists already.

  --title <text>         required: the title, 1 to 200 characters
  --target <date-time>   required: "2027-03-01 09:00" (a time in --timezone), "2027-03-01" (midnight
                         there), or with an offset, "2027-03-01T09:00:00Z" (that instant)
  --timezone <zone>      the IANA zone of the target, like Europe/Berlin (default ${DEFAULT_TIMEZONE})
  --description <text>   Markdown shown on the countdown's page, below the title
  --done <text>          what the widget shows once the target has passed
  --lang <tag>           the countdown's language, like de or pt-BR (default ${DEFAULT_LANG})
  --status <status>      ${STATUSES.join(", ")} (default ${STATUSES[0]})
  --repeat <rule>        ${REPEATS.join(", ")}: the target is the first occurrence
  --until <date-time>    with --repeat: no occurrence after this, written like --target
  --slug <slug>          the file name without .md (default: made from the title)
  -h, --help             this help`;

const TEXT_OPTIONS = ["title", "target", "timezone", "description", "done", "lang", "status", "repeat", "until", "slug"] as const;

let values: Partial<Record<(typeof TEXT_OPTIONS)[number], string>> & { help?: boolean };
try {
  ({ values } = parseArgs({
    options: { ...Object.fromEntries(TEXT_OPTIONS.map((name) => [name, { type: "string" as const }])), help: { type: "boolean", short: "h" } },
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
const { title, target } = values;
if (title === undefined || target === undefined) {
  const missing = [title === undefined && "--title", target === undefined && "--target"].filter(Boolean);
  console.error(`Missing ${missing.join(" and ")}. Nothing was written.\n${USAGE}`);
  process.exit(2);
}

await withConfig(async (config) => {
  const result = await createCountdownFile(requireCountdownsDir(config), { ...values, title, target }, { now: Date.now() });
  if (!result.ok) {
    printProblems("Nothing was written:", result.problems);
    process.exit(1);
  }
  for (const warning of result.warnings) console.error(formatWarning(warning));
  console.log(`Wrote ${result.file}`);
  console.log(`Target: ${result.countdown.targetDate} (UTC)`);
});
