// `npm run build`: builds the site from countdowns/ into dist/ (dist/site is what Netlify publishes).
// Exits non-zero, naming every problem of every file, when a countdown file is wrong.
import { buildSite } from "../src/build/build-site.ts";
import { printProblems } from "./problems.ts";

/** `{base_url}`: Netlify's URL when deployed there, else the local server's address. */
export function baseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.URL || `http://localhost:${env.PORT || 8080}`;
}

const started = performance.now();
const result = await buildSite({ baseUrl: baseUrlFromEnv(), outDir: process.env.OUT_DIR, countdownsDir: process.env.COUNTDOWNS_DIR });
if (!result.ok) {
  printProblems(`Build failed: ${result.problems.length} problem(s) in countdowns; nothing was published.`, result.problems);
  process.exit(1);
}
console.log(`Built ${result.countdowns} countdown(s) into ${result.outDir} in ${Math.round(performance.now() - started)} ms.`);
