// Writing a new countdown file (`npm run new`): the slug from the title, the file's text, and the
// checks of the build before anything is written.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { SLUG_MAX, parseCountdownFile, type Countdown, type Problem } from "./countdown-file.ts";

export interface NewCountdown {
  title: string;
  target: string;
  timezone?: string;
  done?: string;
  slug?: string;
}

export type NewCountdownResult = { ok: true; file: string; countdown: Countdown } | { ok: false; problems: Problem[] };

/** Latin letters that Unicode does not decompose into a base letter and marks. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** "Fête de l'été 2027!" -> "fete-de-l-ete-2027": ASCII letters and digits, hyphens between, at most SLUG_MAX. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter]!)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= SLUG_MAX) return slug;
  // Cut at the last whole word that fits.
  return slug.slice(0, SLUG_MAX).replace(/-[^-]*$/, "").replace(/-+$/, "") || slug.slice(0, SLUG_MAX);
}

/** The file as an author would write it; values are double-quoted (JSON strings are YAML strings). */
export function countdownFileText(countdown: NewCountdown): string {
  const lines = [`title: ${JSON.stringify(countdown.title)}`, `target: ${JSON.stringify(countdown.target)}`];
  if (countdown.timezone !== undefined) lines.push(`timezone: ${JSON.stringify(countdown.timezone)}`);
  if (countdown.done !== undefined) lines.push(`done: ${JSON.stringify(countdown.done)}`);
  return `---\n${lines.join("\n")}\n---\n`;
}

/**
 * Checks the new countdown with exactly the rules of the build, then creates `<dir>/<slug>.md`.
 * Writes nothing when anything is wrong, including when the slug is taken.
 */
export async function createCountdownFile(dir: string, countdown: NewCountdown, displayDir = path.basename(dir)): Promise<NewCountdownResult> {
  const slug = countdown.slug ?? slugFromTitle(countdown.title);
  const file = `${displayDir}/${slug || "?"}.md`;
  // Without a slug the other fields are still checked (under a stand-in name), so every problem shows.
  const parsed = parseCountdownFile(slug ? file : `${displayDir}/countdown.md`, countdownFileText(countdown));
  const problems = parsed.problems.map((problem) => ({ ...problem, file }));
  if (!slug) problems.unshift({ file, field: "slug", message: "cannot be made from this title (it has no letters or digits); give one with --slug" });
  if (problems.length > 0 || !parsed.countdown) return { ok: false, problems };
  try {
    // "wx": fails if the file exists, so a countdown is never overwritten, even by a concurrent run.
    await writeFile(path.join(dir, `${slug}.md`), countdownFileText(countdown), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { ok: false, problems: [{ file, field: "slug", message: `"${slug}" is taken: the file exists already; choose another --slug or edit that file` }] };
  }
  return { ok: true, file, countdown: parsed.countdown };
}
