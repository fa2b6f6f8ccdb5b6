// How the build, `npm run check` and `npm run new` print countdown problems and warnings: one line each, alike.
import { formatProblem, formatWarning, type Problem } from "../src/authoring/countdown.ts";

export function printProblems(headline: string, problems: Problem[]): void {
  console.error(`${headline}\n`);
  for (const problem of problems) console.error(`  ${formatProblem(problem)}`);
}

/** Warnings (a past target, ...), to standard error; they never fail a command. */
export function printWarnings(warnings: Problem[]): void {
  if (warnings.length === 0) return;
  for (const warning of warnings) console.error(formatWarning(warning));
  console.error(`${warnings.length} warning(s); they do not fail the build.\n`);
}
