// `npm run check [-- <files>]`: validates the site file and the countdowns with the build's own rules
// and messages, writes nothing. With no files it checks the site as the build would; with files, just
// those; with `--commit`, a pushed commit of a repository (the pre-receive hook, deploy/git-hooks).
// Warnings (a past target, ...) are printed but do not fail; any problem exits 1.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Problem } from "../src/authoring/countdown.ts";
import { loadCountdownFiles, loadCountdowns } from "../src/authoring/load-countdowns.ts";
import { readCountdownImages } from "../src/publish/done-images.ts";
import { loadSiteFile } from "../src/authoring/site-file.ts";
import { SITE_FILE, requireCountdownsDir, withConfig } from "../src/config.ts";
import { SITE_DEFAULTS } from "../src/site-identity.ts";
import { readSite } from "../src/publish/gather.ts";
import { PushedTreeError, extractPushedTree } from "../src/publish/pushed-tree.ts";
import { printProblems, printWarnings } from "./problems.ts";
import { messageOf } from "../src/error-message.ts";

const USAGE = `Usage: npm run check [-- <file.md> ...]
       npm run check -- --commit <commit> [--git-dir <repository>]

Checks the site file (SITE_FILE, default _data/site.json) and every countdown in the countdowns
folder (COUNTDOWNS_DIR, default countdowns/) with the build's rules, or only the files given,
wherever they are (a file's slug is its name without .md), or the countdowns and site file of a
commit (of the repository in GIT_DIR, or --git-dir), as pushed. Problems exit 1 and are listed all
at once; warnings are printed to stderr and do not fail.`;

let files: string[];
let commit: string | undefined;
let gitDir: string | undefined;
try {
  const { values, positionals } = parseArgs({
    options: { help: { type: "boolean", short: "h" }, commit: { type: "string" }, "git-dir": { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  files = positionals;
  commit = values.commit;
  gitDir = values["git-dir"] ?? process.env.GIT_DIR;
  if (commit !== undefined && (files.length > 0 || gitDir === undefined))
    throw new Error("--commit checks a commit alone, of the repository in GIT_DIR or --git-dir");
} catch (error) {
  console.error(`${messageOf(error)}\n${USAGE}`);
  process.exit(2);
}

await withConfig(async (config) => {
  const now = Date.now();
  let work: string | undefined;
  try {
    let site: Problem[];
    let result;
    if (commit !== undefined) {
      // As pushed: the commit's own files, never a checkout's.
      work = mkdtempSync(path.join(tmpdir(), "countdowns-push-"));
      let refused: Problem[];
      try {
        refused = extractPushedTree(path.resolve(gitDir!), commit, work);
      } catch (error) {
        // What git could not read refuses the push, said in a line: the pusher sees no stack trace.
        if (!(error instanceof PushedTreeError)) throw error;
        console.error(error.message);
        process.exitCode = 1;
        return;
      }
      if (refused.length > 0) {
        printProblems(`${refused.length} problem(s); the push cannot be published.`, refused);
        process.exitCode = 1;
        return;
      }
      const siteFile = path.join(work, SITE_FILE);
      const read = existsSync(siteFile)
        ? loadSiteFile(siteFile, SITE_FILE, true)
        : { site: SITE_DEFAULTS, problems: [] };
      site = read.problems;
      // A countdown that names no language is in the site's, as the build reads it.
      result = await loadCountdowns(path.join(work, "countdowns"), {
        now,
        defaultLang: (read.site ?? SITE_DEFAULTS).language,
      });
      result.problems.push(...readCountdownImages(result.countdowns, work, "countdowns").problems);
    } else {
      // The whole site: the site file as well as every countdown, as the build reads them.
      const read = readSite(config);
      site = files.length > 0 ? [] : read.problems;
      const defaultLang = (read.site ?? SITE_DEFAULTS).language;
      const dir = requireCountdownsDir(config);
      result =
        files.length > 0
          ? loadCountdownFiles(files, { now, defaultLang })
          : await loadCountdowns(dir, { now, defaultLang });
      // Their pictures' files too (`done_image`, `image`), named from the repository's root as the build
      // reads them; a named file's problems under the name it was given.
      const given = new Map(files.map((file) => [path.basename(file, ".md"), file]));
      result.problems.push(
        ...readCountdownImages(
          result.countdowns,
          path.dirname(dir),
          path.basename(dir),
          given.size > 0 ? (countdown) => given.get(countdown.slug)! : undefined,
        ).problems,
      );
    }
    const problems = [...site, ...result.problems];
    printWarnings(result.warnings);
    if (problems.length > 0) {
      printProblems(`${problems.length} problem(s); the build would fail.`, problems);
      process.exitCode = 1;
      return;
    }
    console.log(`All ${result.countdowns.length} countdown(s) are valid.`);
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
});
