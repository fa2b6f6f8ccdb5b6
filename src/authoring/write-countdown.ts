// Writing a new countdown file (`npm run new`): the slug from the title, the file's text, and the
// checks of the build before anything is written.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { inFieldOrder, type Countdown, type Problem } from "./countdown.ts";
import { parseCountdownFile } from "./countdown-file.ts";
import { countdownFileText, titleSlug, type NewCountdown } from "./countdown-text.ts";

export { slugFromTitle } from "./countdown-text.ts";

type NewCountdownResult =
  { ok: true; file: string; countdown: Countdown; warnings: Problem[] } | { ok: false; problems: Problem[] };

interface CreateOptions {
  /** How messages name the folder (default: its base name, `countdowns`). */
  displayDir?: string;
  /** The clock, in ms since the epoch, for the warnings (a target in the past). */
  now?: number;
  /** The language of a countdown that names none: the site's. */
  defaultLang?: string;
}

/**
 * Checks the new countdown with exactly the rules of the build, then creates `<dir>/<slug>.md`.
 * Writes nothing when anything is wrong, including when the slug is taken; warnings do not stop it.
 */
export async function createCountdownFile(
  dir: string,
  countdown: NewCountdown,
  options: CreateOptions = {},
): Promise<NewCountdownResult> {
  const displayDir = options.displayDir ?? path.basename(dir);
  const made =
    countdown.slug === undefined
      ? titleSlug(
          countdown.title,
          "give one with --slug, like --slug hanabi-2027",
          countdown.lang ?? options.defaultLang,
        )
      : { slug: countdown.slug };
  const slug = made.slug;
  const file = `${displayDir}/${slug || "?"}.md`;
  // Without a slug the other fields are still checked (under a stand-in name), so every problem shows.
  const parsed = parseCountdownFile(slug ? file : `${displayDir}/countdown.md`, countdownFileText(countdown), {
    now: options.now,
    defaultLang: options.defaultLang,
  });
  const problems = inFieldOrder([
    ...parsed.problems.map((problem) => ({ ...problem, file })),
    ...(made.problem ? [{ file, field: "slug", message: made.problem }] : []),
  ]);
  if (problems.length > 0 || !parsed.countdown) return { ok: false, problems };
  try {
    // "wx": fails if the file exists, so a countdown is never overwritten, even by a concurrent run.
    await writeFile(path.join(dir, `${slug}.md`), countdownFileText(countdown), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return {
      ok: false,
      problems: [
        {
          file,
          field: "slug",
          message: `"${slug}" is taken: the file exists already; choose another --slug or edit that file`,
        },
      ],
    };
  }
  return { ok: true, file, countdown: parsed.countdown, warnings: parsed.warnings };
}
