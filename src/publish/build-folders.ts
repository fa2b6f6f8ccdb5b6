// Where builds live: OUT_DIR is a symbolic link to the build being served, one folder of
// `<OUT_DIR>.builds/`. A build makes a new folder there and switches the link in one rename, so
// whoever reads through OUT_DIR sees the whole previous build or the whole new one, never a mix, and
// a server still reading the previous one keeps its files until the build after next. One build of
// an OUT_DIR runs at a time; each removes what no longer serves, a build that died midway included.
// On Netlify, which publishes `dist/site` from a fresh checkout, OUT_DIR is the folder itself.
//
// A build made from the one served holds in its own `site/` only the files it wrote; every other file
// stays in the folder of the earlier build that wrote it, which its manifest names (its `homes`), so
// publishing one edit neither copies nor links the files of the whole site. Each such build records
// in `shared.json` the build it was made from, the folders it shares files with, and the files of the
// build before it that it no longer names (superseded). Pruning keeps the build served and the one
// before it whole, keeps of every other folder that either names only its shared files, removes the files
// no kept build names any more, and removes every other folder.
import { randomUUID } from "node:crypto";
import { existsSync, lstatSync, readFileSync, readdirSync, realpathSync } from "node:fs";
import { mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, buildPaths } from "../config.ts";
import { PLATFORM_FILES } from "../http/routes.ts";
import { isBuildName, type BuiltFile } from "../eleventy/built-files.ts";
import { TWINS } from "./file-digests.ts";

/** The folder of an OUT_DIR's builds. */
export const buildsFolderOf = (outDir: string) => `${outDir}.builds`;
const LOCK = ".lock";

/** A new, empty folder for a build. */
export async function newBuildFolder(outDir: string): Promise<string> {
  const dir = path.join(
    buildsFolderOf(outDir),
    `${new Date().toISOString().replace(/[-:.]/g, "")}-${randomUUID().slice(0, 8)}`,
  );
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The build OUT_DIR serves now (its real folder), or undefined when there is none. */
export function currentBuild(outDir: string): string | undefined {
  try {
    return realpathSync(outDir);
  } catch {
    return undefined;
  }
}

/**
 * Makes `build` the build OUT_DIR serves. A symbolic link replaces the old one in one rename; a
 * folder in OUT_DIR's place (a build of an earlier version of the service) is moved among the
 * builds first. With `inPlace` (Netlify), the build folder itself becomes OUT_DIR.
 */
export async function switchBuild(outDir: string, build: string, inPlace = false): Promise<void> {
  const kind = lstatSync(outDir, { throwIfNoEntry: false });
  if (inPlace) {
    const previous = `${build}-previous`;
    if (kind) await rename(outDir, previous);
    await rename(build, outDir);
    await rm(previous, { recursive: true, force: true });
    return;
  }
  if (kind && !kind.isSymbolicLink())
    await rename(outDir, path.join(buildsFolderOf(outDir), `earlier-${randomUUID().slice(0, 8)}`));
  const link = `${outDir}.link-${randomUUID()}`;
  await symlink(path.relative(path.dirname(outDir), build), link, "dir");
  await rename(link, outDir);
}

/** The published files of the build folder `home` among the builds in `builds`. */
export const homeSite = (builds: string, home: string) => buildPaths(path.join(builds, home)).site;

export const SHARED_FILE = "shared.json";

/** What a build made from the one served shares with the builds before it (`<build>/shared.json`). */
interface Shared {
  /** The build it was made from (a folder name among the builds). */
  base: string;
  /** The folders holding the files it shares. */
  homes: string[];
  /** By folder, the files of the build it was made from that it does not name; removed once that build is no longer kept. */
  superseded?: Record<string, string[]>;
}

/**
 * Writes `shared.json` of `next`, made from `base`, whose manifest had `before` and now has
 * `entries` (of the same files: those of the shards read, src/publish/manifest.ts) and names the
 * folders `homes`.
 */
export async function writeShared(
  next: string,
  base: string,
  before: ReadonlyMap<string, BuiltFile>,
  entries: ReadonlyMap<string, BuiltFile>,
  homes: ReadonlySet<string>,
): Promise<void> {
  const superseded: Record<string, string[]> = {};
  for (const [file, entry] of before) if (entries.get(file) !== entry) (superseded[entry.home!] ??= []).push(file);
  const shared: Shared = { base: path.basename(base), homes: [...homes].sort(), superseded };
  await writeFile(path.join(next, SHARED_FILE), JSON.stringify(shared));
}

function readShared(dir: string): Shared | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, SHARED_FILE), "utf8")) as Shared;
  } catch {
    return undefined;
  }
}

/**
 * Removes every build but `keep` (the one served and the one before it, newest first) and what earlier versions
 * left beside OUT_DIR. Of a build a kept one shares files with, only its `site/` stays, without the
 * files the kept builds no longer name: those the served one and each build before it superseded.
 */
export async function pruneBuilds(outDir: string, keep: (string | undefined)[]): Promise<void> {
  // Real paths, so that a link in OUT_DIR's path does not make a kept build look like another.
  const builds = existsSync(buildsFolderOf(outDir)) ? realpathSync(buildsFolderOf(outDir)) : buildsFolderOf(outDir);
  const kept = new Set(
    keep.filter((dir): dir is string => dir !== undefined && existsSync(dir)).map((dir) => realpathSync(dir)),
  );
  const homes = new Set([...kept].flatMap((dir) => readShared(dir)?.homes ?? []));
  // The files the oldest kept build superseded were named by builds before it only, and so on back.
  const oldest = keep.findLast((dir): dir is string => dir !== undefined);
  for (
    let dir = oldest, shared = dir && readShared(dir);
    dir && shared;
    dir = path.join(builds, shared.base), shared = readShared(dir)
  ) {
    for (const [home, files] of Object.entries(shared.superseded ?? {})) {
      if (!isBuildName(home)) continue;
      const site = homeSite(builds, home);
      // Only paths inside the site: a shared.json edited by hand removes nothing else.
      for (const file of files)
        if (file.startsWith("/") && !file.split("/").includes(".."))
          for (const suffix of ["", ...TWINS]) await rm(path.join(site, file + suffix), { force: true });
    }
    if (!shared.superseded || !isBuildName(shared.base)) break;
    await writeFile(
      path.join(dir, SHARED_FILE),
      JSON.stringify({ base: shared.base, homes: shared.homes } satisfies Shared),
    );
  }
  for (const name of existsSync(builds) ? readdirSync(builds) : []) {
    const dir = path.join(builds, name);
    if (name === LOCK || kept.has(dir)) continue;
    if (!homes.has(name)) {
      await rm(dir, { recursive: true, force: true });
      continue;
    }
    // Only the shared files stay: not the manifest, the live data, the server, nor Netlify's rule files.
    const site = homeSite(builds, name);
    for (const entry of readdirSync(dir))
      if (entry !== path.basename(site)) await rm(path.join(dir, entry), { recursive: true, force: true });
    for (const file of PLATFORM_FILES) await rm(path.join(site, file), { force: true });
  }
  if (kept.size === 0 && existsSync(builds) && readdirSync(builds).every((name) => name === LOCK))
    await rm(builds, { recursive: true, force: true });
  // Earlier versions built beside OUT_DIR under these names.
  const base = path.basename(outDir);
  for (const name of readdirSync(path.dirname(outDir))) {
    if (name.startsWith(`${base}.next-`) || name.startsWith(`${base}.previous-`) || name.startsWith(`${base}.link-`))
      await rm(path.join(path.dirname(outDir), name), { recursive: true, force: true });
  }
}

/**
 * Runs `body` as the only build of OUT_DIR: a lock file names the process that holds it. A lock left
 * by a process that is gone is taken over; one held by a running process is waited for.
 */
export async function withBuildLock<T>(outDir: string, body: () => Promise<T>, waitMs = 10 * 60_000): Promise<T> {
  const builds = buildsFolderOf(outDir);
  await mkdir(builds, { recursive: true });
  const lock = path.join(builds, LOCK);
  const started = Date.now();
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lock, "utf8").trim());
      if (!isRunning(holder)) {
        await rm(lock, { force: true });
        continue;
      }
      if (Date.now() - started > waitMs)
        throw new ConfigError(`Another build of ${outDir} is running (process ${holder}); wait for it, or stop it.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await body();
  } finally {
    await rm(lock, { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
