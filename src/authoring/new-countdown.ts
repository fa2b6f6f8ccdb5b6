// Writing a new countdown file (`npm run new`): the slug from the title, the file's text, and the
// checks of the build before anything is written.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { SLUG_MAX, parseCountdownFile, type Countdown, type Problem } from "./countdown-file.ts";

/** A new countdown's fields as given on the command line: text, checked with the build's rules. */
export interface NewCountdown {
  title: string;
  target: string;
  timezone?: string;
  done?: string;
  lang?: string;
  status?: string;
  repeat?: string;
  until?: string;
  /** The Markdown below the front matter. */
  description?: string;
  slug?: string;
}

/** The front matter fields `npm run new` writes, in the order they appear in the file. */
const WRITTEN_FIELDS = ["title", "target", "timezone", "done", "lang", "status", "repeat", "until"] as const;

export type NewCountdownResult = { ok: true; file: string; countdown: Countdown; warnings: Problem[] } | { ok: false; problems: Problem[] };

/** Latin letters that Unicode does not decompose into a base letter and marks. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** "Fête de l'été 2027!" -> "fete-de-l-ete-2027": ASCII letters and digits, hyphens between, at most SLUG_MAX. */
export function slugFromTitle(title: string): string {
  const slug = title
    // Markup in a title is not words of it: "<b>Launch</b>" is "launch".
    .replace(/<\/?[a-z][^>]*>/gi, " ")
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
  const lines = WRITTEN_FIELDS.filter((key) => countdown[key] !== undefined).map((key) => `${key}: ${JSON.stringify(countdown[key])}`);
  const description = countdown.description?.trim() ? `\n${countdown.description.trim()}\n` : "";
  return `---\n${lines.join("\n")}\n---\n${description}`;
}

export interface CreateOptions {
  /** How messages name the folder (default: its base name, `countdowns`). */
  displayDir?: string;
  /** The clock, in ms since the epoch, for the warnings (a target in the past). */
  now?: number;
}

/**
 * Checks the new countdown with exactly the rules of the build, then creates `<dir>/<slug>.md`.
 * Writes nothing when anything is wrong, including when the slug is taken; warnings do not stop it.
 */
export async function createCountdownFile(dir: string, countdown: NewCountdown, options: CreateOptions = {}): Promise<NewCountdownResult> {
  const displayDir = options.displayDir ?? path.basename(dir);
  const slug = countdown.slug ?? slugFromTitle(countdown.title);
  const file = `${displayDir}/${slug || "?"}.md`;
  // Without a slug the other fields are still checked (under a stand-in name), so every problem shows.
  const parsed = parseCountdownFile(slug ? file : `${displayDir}/countdown.md`, countdownFileText(countdown), { now: options.now });
  const problems = parsed.problems.map((problem) => ({ ...problem, file }));
  if (!slug) {
    problems.unshift({ file, field: "slug", message: "cannot be made from this title: a slug (the countdown's address and file name) takes Latin letters a-z, digits and hyphens, and the title has none; give one with --slug, like --slug hanabi-2027" });
  }
  if (problems.length > 0 || !parsed.countdown) return { ok: false, problems };
  try {
    // "wx": fails if the file exists, so a countdown is never overwritten, even by a concurrent run.
    await writeFile(path.join(dir, `${slug}.md`), countdownFileText(countdown), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { ok: false, problems: [{ file, field: "slug", message: `"${slug}" is taken: the file exists already; choose another --slug or edit that file` }] };
  }
  return { ok: true, file, countdown: parsed.countdown, warnings: parsed.warnings };
}
