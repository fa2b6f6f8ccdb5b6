// Reads every countdown file of a folder, so the build and `npm run check` report all problems at once.
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parseCountdownFile, type Countdown, type Problem } from "./countdown-file.ts";

export interface LoadResult {
  countdowns: Countdown[];
  problems: Problem[];
}

/** Soonest target first, ties by slug: the order of `/api/pages` and of the index page. */
export function bySoonestTarget(a: Countdown, b: Countdown): number {
  return a.targetMs - b.targetMs || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/**
 * Parses every `<slug>.md` in `dir`. `displayDir` is how messages name the folder (`countdowns`).
 * Anything else in the folder is reported too, so a misnamed file is never silently left out.
 */
export async function loadCountdowns(dir: string, displayDir = path.basename(dir)): Promise<LoadResult> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const countdowns: Countdown[] = [];
  const problems: Problem[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith(".")) continue;
    const file = `${displayDir}/${entry.name}`;
    if (!entry.isFile() || !entry.name.endsWith(".md")) {
      problems.push({
        file,
        field: "file",
        message: entry.isFile()
          ? `is not a countdown: countdown files end in ".md" (rename it to <slug>.md, or move it out of ${displayDir}/)`
          : `is a folder: countdowns are files directly in ${displayDir}/`,
      });
      continue;
    }
    // Read synchronously: one promise per file costs several times the read itself (10,000 files
    // in a build: `npm run bench`), and nothing else runs while a build validates.
    const result = parseCountdownFile(file, readFileSync(path.join(dir, entry.name), "utf8"));
    if (result.countdown) countdowns.push(result.countdown);
    else problems.push(...result.problems);
  }
  return { countdowns: countdowns.sort(bySoonestTarget), problems };
}
