// How the build, `npm run check` and `npm run new` print countdown problems: one line each, alike.
import { formatProblem, type Problem } from "../src/countdown/countdown-file.ts";

export function printProblems(headline: string, problems: Problem[]): void {
  console.error(`${headline}\n`);
  for (const problem of problems) console.error(`  ${formatProblem(problem)}`);
}
