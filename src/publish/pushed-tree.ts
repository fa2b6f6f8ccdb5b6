// A pushed commit's countdowns and site file (and the site file's logo and font, the countdowns' done images), read from git's own objects (never from a checkout), for
// the pre-receive hook: only regular files of the countdowns folder, of a bounded size and number,
// under names a countdown can have; everything else is a problem that says what it is. The files are
// then written into a fresh folder, as plain files, for the checks every countdown goes through.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Problem } from "../authoring/countdown.ts";
import { logoNamedIn, logoTooLarge } from "../authoring/logo.ts";
import { fontsNamedIn, fontTooLarge, fontType } from "../authoring/site-font.ts";
import { DONE_IMAGE_RULE, HEADER_IMAGE_RULE, imageFile, type ImageRule } from "../authoring/done-image.ts";
import { SITE_FILE } from "../config.ts";
import { messageOf } from "../error-message.ts";

/** A countdown file may be at most this many bytes: a front matter and a description, with room to spare. */
const MAX_COUNTDOWN_BYTES = 64 * 1024;
/** The site file likewise. */
const MAX_SITE_FILE_BYTES = 64 * 1024;
/** A push may carry at most this many countdowns. */
const MAX_COUNTDOWNS = 200_000;
/** The countdown files of a push may be this many bytes in all, as they are written out for the checks: a kilobyte or so for each of MAX_COUNTDOWNS, with room to spare. */
const MAX_PUSH_BYTES = 256 * 1024 * 1024;
/** Files are read from git in batches of at most this many bytes: the check holds no more of them at once. */
const BATCH_BYTES = 16 * 1024 * 1024;
const FOLDER = "countdowns";

interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  size: number;
  path: string;
}

/** A read of the pushed commit that git could not make: the push is refused with what git said, never a stack trace. */
export class PushedTreeError extends Error {
  override name = "PushedTreeError";
}

/** git's answer to `args`, or a PushedTreeError that says what failed (a buffer of at most `maxBuffer` bytes). */
function gitOutput(gitDir: string, args: string[], maxBuffer: number, input?: string): Buffer {
  try {
    return execFileSync("git", ["--git-dir", gitDir, ...args], { maxBuffer, input, stdio: ["pipe", "pipe", "pipe"] });
  } catch (error) {
    const said = (error as { stderr?: Buffer }).stderr?.toString("utf8").trim() || messageOf(error);
    throw new PushedTreeError(`git ${args[0]} could not read the pushed commit: ${said.split("\n")[0]}`);
  }
}

/** `git ls-tree -l -z` of `paths` in `commit`, recursively when asked. */
function listTree(gitDir: string, commit: string, paths: string[], recursive: boolean): TreeEntry[] {
  // A listing line is at most a few hundred bytes, and a push at most MAX_COUNTDOWNS files (checked after).
  const output = gitOutput(
    gitDir,
    ["ls-tree", "-l", "-z", ...(recursive ? ["-r"] : []), commit, "--", ...paths],
    256 * 1024 * 1024,
  );
  return output
    .toString("utf8")
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta, name] = [line.slice(0, line.indexOf("\t")), line.slice(line.indexOf("\t") + 1)];
      const [mode, type, object, size] = meta.split(/\s+/) as [string, string, string, string];
      return { mode, type, object, size: size === "-" ? 0 : Number(size), path: name };
    });
}

/** The contents of blobs, by object id, in one `git cat-file --batch`; `bytes`: their sizes in all, as listed. */
function readBlobs(gitDir: string, objects: string[], bytes = BATCH_BYTES): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  if (objects.length === 0) return blobs;
  // Each blob comes with a header line of about a hundred bytes.
  const output = gitOutput(
    gitDir,
    ["cat-file", "--batch"],
    bytes + objects.length * 128 + 4096,
    `${objects.join("\n")}\n`,
  );
  let at = 0;
  while (at < output.length) {
    const headerEnd = output.indexOf(10, at);
    const [object, , size] = output.subarray(at, headerEnd).toString("utf8").split(" ") as [string, string, string];
    const start = headerEnd + 1;
    blobs.set(object, output.subarray(start, start + Number(size)));
    at = start + Number(size) + 1;
  }
  return blobs;
}

/** The folders a path is in, outermost first: `_data/site.json` -> `_data`. */
const parentsOf = (file: string) =>
  file
    .split("/")
    .slice(0, -1)
    .map((_, i, parts) => parts.slice(0, i + 1).join("/"));

/** What a tree entry that is not a regular file is, for a message. */
function kindOf(entry: TreeEntry): string {
  if (entry.mode === "120000") return "a symbolic link";
  if (entry.mode === "160000") return "a submodule";
  if (entry.type === "tree") return "a folder";
  return `not a regular file (mode ${entry.mode})`;
}

/**
 * Checks the countdowns folder and the site file (with its logo) of `commit` in the repository `gitDir` and writes
 * them into `into` (`into/countdowns/`, `into/_data/site.json`, its logo beside it); returns the problems of what it
 * refused. A push with any problem must be refused.
 */
export function extractPushedTree(gitDir: string, commit: string, into: string): Problem[] {
  const problems: Problem[] = [];
  const problem = (file: string, message: string) => problems.push({ file, field: "file", message });
  const [folder] = listTree(gitDir, commit, [FOLDER], false);
  if (!folder) {
    problem(`${FOLDER}/`, "is missing from the pushed commit; the site is built from the countdown files in it");
    return problems;
  }
  if (folder.type !== "tree") {
    problem(`${FOLDER}/`, `is ${kindOf(folder)}; it must be a folder of countdown files in the repository itself`);
    return problems;
  }
  const entries = listTree(gitDir, commit, [`${FOLDER}/`], true);
  if (entries.length > MAX_COUNTDOWNS) {
    problem(`${FOLDER}/`, `holds ${entries.length} files; a site may have at most ${MAX_COUNTDOWNS} countdowns`);
    return problems;
  }
  const wanted: TreeEntry[] = [];
  for (const entry of entries) {
    const name = entry.path.slice(FOLDER.length + 1);
    if (name.includes("/") || name === "." || name === ".." || !/^[^\0-\x1f]+$/.test(name)) {
      problem(
        entry.path,
        `is not a file directly in ${FOLDER}/ with a plain name; countdowns are files named <slug>.md in ${FOLDER}/`,
      );
    } else if (entry.mode !== "100644" && entry.mode !== "100755") {
      problem(entry.path, `is ${kindOf(entry)}; countdowns are regular files`);
    } else if (entry.size > MAX_COUNTDOWN_BYTES) {
      problem(entry.path, `is ${entry.size} bytes; a countdown file may be at most ${MAX_COUNTDOWN_BYTES / 1024} KB`);
    } else wanted.push(entry);
  }
  // Every folder on the way to the site file must be a folder of the repository itself: a link
  // would have the build read (and publish the logo of) a site file from elsewhere on the server.
  for (const folder of parentsOf(SITE_FILE)) {
    const [entry] = listTree(gitDir, commit, [folder], false);
    if (entry && entry.type !== "tree") {
      problem(`${folder}/`, `is ${kindOf(entry)}; it must be a folder in the repository itself, holding the site file`);
      return problems;
    }
  }
  const [site] = listTree(gitDir, commit, [SITE_FILE], false);
  if (site && site.mode !== "100644" && site.mode !== "100755")
    problem(SITE_FILE, `is ${kindOf(site)}; it must be a regular file`);
  else if (site && site.size > MAX_SITE_FILE_BYTES)
    problem(SITE_FILE, `is ${site.size} bytes; the site file may be at most ${MAX_SITE_FILE_BYTES / 1024} KB`);
  else if (site) {
    wanted.push(site);
    const text = readBlobs(gitDir, [site.object], site.size).get(site.object)!.toString("utf8");
    // The site file's logo and font files, beside it; one missing from the commit is the site file's check's to report.
    const logo = logoNamedIn(text);
    for (const [name, what, tooLarge] of [
      ...(logo ? [[logo, "the logo", logoTooLarge] as const] : []),
      ...fontsNamedIn(text).map(
        (font) => [font, "a font", (size: number) => fontTooLarge(size, fontType(font))] as const,
      ),
    ]) {
      const [file] = listTree(gitDir, commit, [path.posix.join(path.posix.dirname(SITE_FILE), name)], false);
      if (file && file.mode !== "100644" && file.mode !== "100755")
        problem(file.path, `is ${kindOf(file)}; ${what} must be a regular file`);
      else if (file && tooLarge(file.size)) problem(file.path, tooLarge(file.size)!);
      else if (file) wanted.push(file);
    }
  }
  if (problems.length) return problems;
  const total = wanted.reduce((sum, entry) => sum + entry.size, 0);
  if (total > MAX_PUSH_BYTES) {
    problem(
      `${FOLDER}/`,
      `holds ${Math.ceil(total / 1024 / 1024)} MB of files in all; a push may carry at most ${MAX_PUSH_BYTES / 1024 / 1024} MB of countdown files`,
    );
    return problems;
  }

  writeEntries(gitDir, wanted, into);
  extractDoneImages(gitDir, commit, into, problem);
  return problems;
}

/** The done images the countdowns written into `into` name, from the commit, for their checks (a missing one is theirs to report). */
function extractDoneImages(
  gitDir: string,
  commit: string,
  into: string,
  problem: (file: string, message: string) => void,
): void {
  const images: TreeEntry[] = [];
  for (const [file, rule] of imagesNamed(into)) {
    const [image] = listTree(gitDir, commit, [file], false);
    if (image && image.mode !== "100644" && image.mode !== "100755")
      problem(image.path, `is ${kindOf(image)}; ${rule.noun} must be a regular file`);
    else if (image && image.size > rule.maxBytes)
      problem(
        image.path,
        `is ${Math.ceil(image.size / 1024)} KB; ${rule.noun} may be at most ${rule.maxBytes / 1024} KB`,
      );
    else if (image) images.push(image);
  }
  if (images.length <= MAX_DONE_IMAGES) writeEntries(gitDir, images, into);
  else problem(`${FOLDER}/`, `name ${images.length} images; a push may carry at most ${MAX_DONE_IMAGES}`);
}

/** A push may carry at most this many pictures (done images and images, each at most its rule's bytes). */
const MAX_DONE_IMAGES = 200;

/** The paths of the pictures (done_image, image) the countdowns written into `into` name, each once with its rule (paths the field refuses left out). */
function imagesNamed(into: string): Map<string, ImageRule> {
  const named = new Map<string, ImageRule>();
  for (const name of readdirSync(path.join(into, FOLDER))) {
    const text = readFileSync(path.join(into, FOLDER, name), "utf8");
    for (const rule of [DONE_IMAGE_RULE, HEADER_IMAGE_RULE]) {
      const written = new RegExp(`^${rule.field}:\\s*["']?([^"'\\n#]+?)["']?\\s*$`, "m").exec(text);
      const file = written && imageFile(written[1], rule);
      if (typeof file === "string") named.set(file, rule);
    }
  }
  return named;
}

/** Writes each entry's file into `into`, each object read once (many files may share one), in batches of at most BATCH_BYTES. */
function writeEntries(gitDir: string, wanted: TreeEntry[], into: string): void {
  mkdirSync(path.join(into, FOLDER), { recursive: true });
  const byObject = new Map<string, TreeEntry[]>();
  for (const entry of wanted) {
    const sharing = byObject.get(entry.object);
    if (sharing) sharing.push(entry);
    else byObject.set(entry.object, [entry]);
  }
  let batch: string[] = [];
  let batchBytes = 0;
  const writeBatch = () => {
    for (const [object, bytes] of readBlobs(gitDir, batch, batchBytes)) {
      for (const entry of byObject.get(object)!) {
        const file = path.join(into, ...entry.path.split("/"));
        mkdirSync(path.dirname(file), { recursive: true });
        // "wx": a new, plain file; never through anything already there.
        writeFileSync(file, bytes, { flag: "wx" });
      }
    }
    batch = [];
    batchBytes = 0;
  };
  for (const [object, entries] of byObject) {
    if (batchBytes + entries[0]!.size > BATCH_BYTES) writeBatch();
    batch.push(object);
    batchBytes += entries[0]!.size;
  }
  writeBatch();
}
