// Reads countdown files (a whole folder, or files named on a command line), so the build and
// `npm run check` report every problem of every file at once.
import { readFileSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { CheckCache } from "./check-cache.ts";
import { parseCountdownFile } from "./countdown-file.ts";
import { type Countdown, type ParseResult, type Problem } from "./countdown.ts";

interface LoadResult {
  countdowns: Countdown[];
  problems: Problem[];
  /** What valid files probably do not mean (a past target, ...): said, but no reason to fail. */
  warnings: Problem[];
}

interface LoadOptions {
  /** How messages name the folder (default: its base name, `countdowns`). */
  displayDir?: string;
  /** The clock, in ms since the epoch: with it, countdowns already over are warned about. */
  now?: number;
  /** The language of a countdown that names none: the site's. */
  defaultLang?: string;
  /** The results of an earlier check, reused for files whose bytes are the same (src/authoring/check-cache.ts). */
  cache?: CheckCache;
}

/** Soonest target first, ties by slug: the order of `/api/pages` and of the index page. */
function bySoonestTarget(a: Countdown, b: Countdown): number {
  return a.targetMs - b.targetMs || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/** Hidden files (`.gitkeep`, Vim's `.launch.md.swp`) and editors' backups (`launch.md~`, Emacs's `#launch.md#`). */
export const isEditorOrHidden = (name: string) => name.startsWith(".") || name.endsWith("~") || /^#.*#$/.test(name);

/** The problem of an entry of the countdowns folder that is not a `<slug>.md` file; undefined for one that is. */
function folderEntryProblem(displayDir: string, name: string, isFile: boolean): Problem | undefined {
  if (isFile && name.endsWith(".md")) return undefined;
  return {
    file: `${displayDir}/${name}`,
    field: "file",
    message: isFile
      ? `is not a countdown: countdown files end in ".md" (rename it to <slug>.md, or move it out of ${displayDir}/)`
      : `is a folder: countdowns are files directly in ${displayDir}/`,
  };
}

/**
 * Parses every `<slug>.md` in `dir`. Anything else in the folder is reported too, so a misnamed
 * file is never silently left out; only hidden files and editors' backups are passed over.
 */
export async function loadCountdowns(dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const displayDir = options.displayDir ?? path.basename(dir);
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const result: LoadResult = { countdowns: [], problems: [], warnings: [] };
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!isEditorOrHidden(entry.name))
      add(result, readFolderEntry(dir, displayDir, entry.name, entry.isFile(), options));
  }
  result.countdowns.sort(bySoonestTarget);
  return result;
}

/**
 * One entry of the countdowns folder as the build reads it: a name that is not a countdown file is a
 * problem of its own; a file is parsed, or its check results kept from the build before are taken
 * when its bytes are the same. The build reads the folder through it, and `npm run dev` each file
 * that changes.
 */
export function readFolderEntry(
  dir: string,
  displayDir: string,
  name: string,
  isFile: boolean,
  { cache, now, defaultLang }: Pick<LoadOptions, "cache" | "now" | "defaultLang"> = {},
): ParseResult {
  const problem = folderEntryProblem(displayDir, name, isFile);
  if (problem) return { problems: [problem], warnings: [] };
  // Read synchronously: one promise per file costs several times the read itself (10,000 files
  // in a build: `npm run bench`), and nothing else runs while a build validates.
  const file = `${displayDir}/${name}`;
  const text = readFileSync(path.join(dir, name), "utf8");
  const kept = cache?.lookup(file, text, { now, defaultLang });
  if (kept) return kept;
  const parsed = parseCountdownFile(file, text, { now, defaultLang });
  cache?.keep(file, text, { now, defaultLang }, parsed);
  return parsed;
}

/**
 * Parses the given files, wherever they are: each is named in messages as given, and its slug is
 * its base name. A file that is missing or is not a `.md` file is a problem of its own.
 */
export function loadCountdownFiles(
  files: string[],
  options: Pick<LoadOptions, "now" | "defaultLang"> = {},
): LoadResult {
  const result: LoadResult = { countdowns: [], problems: [], warnings: [] };
  for (const file of new Set(files)) {
    const kind = statSync(file, { throwIfNoEntry: false });
    const problem = (message: string) => result.problems.push({ file, field: "file", message });
    if (!kind) problem("does not exist; give the path of a countdown file, like countdowns/launch.md");
    else if (!kind.isFile())
      problem("is not a file; give countdown files, or no file at all to check the whole countdowns folder");
    else if (!file.endsWith(".md")) problem(`is not a countdown: countdown files end in ".md" (name it <slug>.md)`);
    else add(result, parseCountdownFile(file, readFileSync(file, "utf8"), options));
  }
  result.countdowns.sort(bySoonestTarget);
  return result;
}

function add(result: LoadResult, parsed: ParseResult): void {
  if (parsed.countdown) result.countdowns.push(parsed.countdown);
  result.problems.push(...parsed.problems);
  result.warnings.push(...parsed.warnings);
}
