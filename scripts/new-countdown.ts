// `npm run new -- --title "..." --target "..." [options]`: writes countdowns/<slug>.md after checking
// it with the build's rules (in the site's language, as the build reads it); writes nothing otherwise,
// and never replaces an existing file. The creator page (/new/) writes the same file for the same fields.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { requireCountdownsDir, withConfig } from "../src/config.ts";
import { DEFAULT_TIMEZONE, formatWarning } from "../src/authoring/countdown.ts";
import { REPEATS, STATUSES } from "../src/vocabulary.ts";
import { createCountdownFile } from "../src/authoring/write-countdown.ts";
import { readSite } from "../src/publish/gather.ts";
import { SITE_DEFAULTS } from "../src/site-identity.ts";
import { printProblems } from "./problems.ts";
import { messageOf } from "../src/error-message.ts";

const USAGE = `Usage: npm run new -- --title "Product launch" --target "2027-03-01 09:00" [options]
       npm run new -- --title "Welcome offer" --evergreen 72h [options]

Writes countdowns/<slug>.md (the folder of COUNTDOWNS_DIR; the project's countdowns/ is made if
missing) after checking it with the build's rules. Nothing is written when a value is wrong or the
file exists already.

  --title <text>         required: the title, 1 to 200 characters
  --target <date-time>   "2027-03-01 09:00" (a time in --timezone), "2027-03-01" (midnight there), or
                         with an offset, "2027-03-01T09:00:00Z" (that instant)
  --evergreen <duration> instead of --target: "72h", "3 days", "P3D"; each viewer counts it from a
                         start of their own (a link's ?start=, else their first visit)
  --timezone <zone>      the IANA zone of the target, like Europe/Berlin (default ${DEFAULT_TIMEZONE})
  --description <text>   Markdown shown on the countdown's page, below the title
  --done <text>          what the widget shows once the target has passed
  --lang <tag>           the countdown's language, like de or pt-BR (default: the site's language)
  --status <status>      ${STATUSES.join(", ")} (default ${STATUSES[0]})
  --repeat <rule>        ${REPEATS.join(", ")}, an RRULE ("FREQ=MONTHLY;BYDAY=1MO") or a phrase
                         ("weekdays", "every 2 weeks", "first Monday monthly"), written as its
                         RRULE: the target is the first occurrence
  --until <date-time>    with --repeat: no occurrence after this; with --evergreen: no viewer's
                         deadline after this (the campaign's end); written like --target
  --unlisted             off the index and /api/pages (a campaign's countdown); its address works
  --slug <slug>          the file name without .md (default: made from the title)
  -h, --help             this help`;

const TEXT_OPTIONS = [
  "title",
  "target",
  "evergreen",
  "timezone",
  "description",
  "done",
  "lang",
  "status",
  "repeat",
  "until",
  "slug",
] as const;

let values: Partial<Record<(typeof TEXT_OPTIONS)[number], string>> & { help?: boolean; unlisted?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      ...Object.fromEntries(TEXT_OPTIONS.map((name) => [name, { type: "string" as const }])),
      unlisted: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`${messageOf(error)}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const { title, target, evergreen } = values;
if (title === undefined || (target === undefined && evergreen === undefined)) {
  const missing = [
    title === undefined && "--title",
    target === undefined && evergreen === undefined && "--target (or --evergreen)",
  ].filter(Boolean);
  console.error(`Missing ${missing.join(" and ")}. Nothing was written.\n${USAGE}`);
  process.exit(2);
}

await withConfig(async (config) => {
  // The project's countdowns folder, made where it is missing (git removes a folder with its last
  // file); a COUNTDOWNS_DIR that does not exist is more likely mistyped, and refused.
  if (!existsSync(config.countdownsDir) && config.countdownsDir === path.join(config.root, "countdowns")) {
    mkdirSync(config.countdownsDir, { recursive: true });
    console.log(`Made the folder ${config.countdownsDir}`);
  }
  const defaultLang = (readSite(config).site ?? SITE_DEFAULTS).language;
  const result = await createCountdownFile(
    requireCountdownsDir(config),
    { ...values, title },
    { now: Date.now(), defaultLang },
  );
  if (!result.ok) {
    printProblems("Nothing was written:", result.problems);
    process.exit(1);
  }
  for (const warning of result.warnings) console.error(formatWarning(warning));
  console.log(`Wrote ${result.file}`);
  if (result.countdown.evergreenMs) console.log("Evergreen: each viewer counts from a start of their own");
  else console.log(`Target: ${result.countdown.targetDate} (UTC)`);
});
