// `npm run build`: checks every countdown, runs Eleventy (configured as eleventy.config.js configures
// it for `npx @11ty/eleventy`), writes the live data and the manifest of the files beside the site,
// then switches OUT_DIR to the new build. A failed build leaves the previous good build as it was, and
// the build only ever replaces a folder it made itself.
import { existsSync, readFileSync, readdirSync, realpathSync } from "node:fs";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import Eleventy from "@11ty/eleventy";
import { createCheckCache, type CheckCache } from "../authoring/check-cache.ts";
import { listed, type Problem } from "../authoring/countdown.ts";
import { BUILD_MARKER, BUILD_MARKER_TEXT, ConfigError, buildPaths, type Config } from "../config.ts";
import { PLATFORM_FILES } from "../http/routes.ts";
import { siteFiles, countdownFiles, indexPageFiles, indexPageOfFile, type BuiltFile } from "../eleventy/built-files.ts";
import { fileOf, indexPagePath } from "../paths.ts";
import type { SiteInput } from "../eleventy/site-input.ts";
import { buildFacts, configureSite } from "../eleventy/site-plugin.ts";
import { CountdownProblemsError, gatherSiteInput, type GatherOptions } from "./gather.ts";
import { liveData, liveSources, writeLiveData } from "./live-data.ts";
import { TWINS, digestQueue, type DigestQueue } from "./file-digests.ts";
import { readManifest, writeManifest } from "./manifest.ts";
import { RECORD_FILE, checkCode, hash, planBuild, readRecord, recordText, type Changes } from "./record.ts";
import {
  SHARED_FILE,
  currentBuild,
  homeSite,
  newBuildFolder,
  pruneBuilds,
  buildsFolderOf,
  switchBuild,
  withBuildLock,
  writeShared,
} from "./build-folders.ts";
import { bundleServer } from "./server-bundle.ts";
import { editorFiles } from "../eleventy/editor-files.ts";
import { linkTree } from "./link-tree.js";

/** What a build wrote: every countdown's files, or (`rewritten`, undefined when all) those of the countdowns that changed since the build it started from. */
interface Written { countdowns: number; rewritten?: number } // prettier-ignore

/**
 * Told the end of each step of a build, by name, as it happens (the benchmark times the steps with
 * it; BENCHMARKS.md). Steps: `checked` (every countdown read and checked, the browser assets
 * compiled), `planned` (what changed, from the served build's record), then for a build from the
 * served one `listed` (its manifest read, the shards of what changed) and `linked` (the new build
 * started from it: its server linked, or on Netlify every file); then `rendered` (the changed
 * countdowns and the pages that list them, or every file), `twins` (the last compressed
 * twins made), `manifest`, `live data`, `server`, `switched` (the new build served) and `pruned`.
 */
type OnStep = (step: string) => void;
type PublishResult = ({ ok: true; outDir: string; warnings: Problem[] } & Written) | { ok: false; problems: Problem[] };

/** Gathers, checks and publishes the site of the settings; `full` writes every file anew. */
export async function publish(
  config: Config,
  options: GatherOptions & { full?: boolean; onStep?: OnStep } = {},
): Promise<PublishResult> {
  let input: SiteInput;
  // The served build's check results: only the files whose bytes changed are parsed again.
  const served = currentBuild(config.outDir);
  const kept =
    served && existsSync(path.join(served, CHECKED_FILE))
      ? readFileSync(path.join(served, CHECKED_FILE), "utf8")
      : undefined;
  const cache = createCheckCache(checkCode(), options.full ? undefined : kept);
  try {
    input = await gatherSiteInput(config, { cache, ...options });
  } catch (error) {
    if (error instanceof CountdownProblemsError) return { ok: false, problems: error.problems };
    throw error;
  }
  options.onStep?.("checked");
  const written = await publishInput(input, { full: options.full, onStep: options.onStep, checked: cache });
  return { ok: true, ...written, outDir: config.outDir, warnings: input.warnings ?? [] };
}

/**
 * Builds a checked input as a new build beside the one OUT_DIR serves and switches OUT_DIR to it
 * (src/publish/build-folders.ts): the one way a build is written, by `npm run build` and `npm run dev`
 * alike. When the served build was made from the same code and settings (its record says so), only
 * the files of the countdowns that changed and those that list every countdown (the index,
 * `/api/pages`, the live data, the manifest) are written again, each as a new file, so the build
 * being served is never touched. The new build's folder holds only those; its manifest names, for
 * every other file, the earlier build folder that holds it (shared files, build-folders.ts). On Netlify,
 * which publishes one whole folder, the new build starts instead as a copy of the served one made of
 * hard links (no file is copied). `full` writes everything anew. Over 80 lines: its steps (below).
 */
export async function publishInput(
  given: SiteInput,
  { full = false, onStep = () => {}, checked }: { full?: boolean; onStep?: OnStep; checked?: CheckCache } = {},
): Promise<Written> {
  const { config } = given;
  const outDir = config.outDir;
  await mkdir(path.dirname(outDir), { recursive: true });
  // Over 80 lines: the steps share the plan and the folder being written, in the order the switch needs.
  const steps = async (): Promise<Written> => {
    const target = publishTarget(config, given);
    const served = currentBuild(outDir);
    const servedPaths = served && buildPaths(served);
    // What changed since the build served: found from its record (src/publish/record.ts).
    const plan = planBuild(readRecord(served), given, full);
    onStep("planned");
    const input: SiteInput = { ...given, stamps: plan.stamps };
    const changes = plan.changes;
    // The countdowns whose shards of the manifest and the live data are written again.
    const touched = changes && [...changes.slugs, ...changes.removed];
    // Files are shared with the builds before only among the builds of OUT_DIR's folder of builds (not on
    // Netlify, not with a folder an earlier version of the service left in OUT_DIR's place).
    const shared =
      target.shares && served !== undefined && path.dirname(served) === realpathSync(buildsFolderOf(outDir));
    // Of the served build's manifest, the shards of the countdowns that changed (the others are linked
    // as they are), or on Netlify all of it.
    const base =
      changes && servedPaths && existsSync(servedPaths.liveMeta)
        ? readManifest(
            servedPaths.manifest,
            shared ? { own: path.basename(served!), slugs: touched!, count: given.countdowns.length } : {},
          )
        : undefined;
    const previousFiles = base?.entries;
    if (previousFiles) onStep("listed");
    const next = await newBuildFolder(outDir);
    const paths = buildPaths(next);
    // The digests (and twins) of a run's countdown files are made on a worker thread while the next
    // run renders, so on a second core; once the rendering is done, on every core (DIGEST_THREADS). Netlify
    // compresses on its own: no twins there.
    const entries = new Map<string, BuiltFile>(previousFiles ?? []);
    const digests = digestQueue(paths.site, target.twins, (digested) => {
      for (const [file, entry] of digested) entries.set(file, entry);
    });
    try {
      await writeFile(paths.marker, BUILD_MARKER_TEXT);
      if (previousFiles && changes && servedPaths) {
        for (const file of await writeChanges(input, changes, servedPaths, paths, entries, shared))
          entries.delete(file);
        onStep("linked");
        await renderChanges(input, changes, paths, entries, shared, digests);
      } else {
        await renderSite(input, paths.site, { afterRun: (slugs) => digests.add([...slugs].flatMap(countdownFiles)) });
        digests.add([
          ...siteFiles(input.identity, input.countdowns),
          ...indexPageFiles(listed(input.countdowns).length),
          ...editorFiles().map(({ file }) => file), // kept by a later build of changes, as any file it does not write
        ]);
      }
      onStep("rendered");
      await digests.finish(DIGEST_THREADS);
      onStep("twins");
      const record = recordText(plan.record);
      const about = { id: hash(record), site: config.site, facts: buildFacts(input), count: input.countdowns.length };
      const homes = await writeManifest(
        paths.manifest,
        entries,
        about,
        target.shares ? { own: path.basename(next), ...(shared ? { base } : {}) } : {},
      );
      await writeFile(path.join(next, RECORD_FILE), record);
      if (shared && previousFiles) await writeShared(next, served!, previousFiles, entries, homes);
      onStep("manifest");
      await writeLiveData(
        paths.live,
        liveData(input),
        changes && servedPaths && previousFiles ? { dir: servedPaths.live, slugs: touched! } : undefined,
        liveSources(input),
      );
      onStep("live data");
      // A partial build keeps the server of the build it started from, made from the same code.
      if (target.bundlesServer && !previousFiles) await bundleServer(next, outDir);
      onStep("server");

      // Checked again right before the switch: the folder may have changed since the settings were read.
      assertReplaceable(outDir);
      await switchBuild(outDir, next, !target.shares);
      onStep("switched");
    } catch (error) {
      await digests.finish(0).catch(() => {}); // nothing may still write into what is removed
      await rm(next, { recursive: true, force: true });
      throw error;
    }
    // For the next build, once this one is live; without it (a full disk), that build parses every file again.
    if (checked)
      await writeFile(path.join(target.shares ? next : outDir, CHECKED_FILE), checked.text()).catch(() => {});
    // The build served until now stays, for a server still reading it; older ones go but for the files
    // these two share with them. On Netlify the new build is OUT_DIR itself, and nothing else is kept.
    await pruneBuilds(outDir, target.shares ? [next, served] : []);
    onStep("pruned");
    return { countdowns: input.countdowns.length, ...(previousFiles ? { rewritten: changes!.slugs.size } : {}) };
  };
  return withBuildLock(outDir, steps);
}

/**
 * What the modes of a build differ in; the write path above is one. `npm run build` and the git hook
 * publish into OUT_DIR's folder of builds for the Node server; `npm run dev` too, but serves them in
 * its own process (no server bundled); on Netlify, which publishes one folder and compresses and runs
 * the functions on its own, the new build replaces OUT_DIR whole.
 */
interface PublishTarget {
  /** A build shares the files of the builds before it in OUT_DIR's folder of builds, the manifest naming the folder of each, and the served build is kept beside the new one. */
  shares: boolean;
  /** The Node server's precompressed twins are written beside the text files. */
  twins: boolean;
  /** A build of everything bundles the Node server beside it (`dist/server.mjs`). */
  bundlesServer: boolean;
}

const FOLDER_OF_BUILDS: PublishTarget = { shares: true, twins: true, bundlesServer: true };
const DEV_LOOP: PublishTarget = { ...FOLDER_OF_BUILDS, bundlesServer: false };
const NETLIFY: PublishTarget = { shares: false, twins: false, bundlesServer: false };
const publishTarget = (config: SiteInput["config"], input: SiteInput): PublishTarget =>
  config.netlify ? NETLIFY : input.dev ? DEV_LOOP : FOLDER_OF_BUILDS;

/**
 * Threads digesting at once after the rendering: the twins left when Eleventy is done (about 4 s of
 * one thread's work at 10,000 countdowns) are shared by every core, up to four.
 */
const DIGEST_THREADS = Math.min(4, availableParallelism());
/** The results of checking each countdown file, kept with the build for the next one (src/authoring/check-cache.ts). */
const CHECKED_FILE = "checked.json";

/**
 * Fills the new build from the served one: hard links of every file but the live data, the manifest
 * and the records (written anew), and but the site's files when they are `shared` (the manifest names their
 * folders instead); without the files that no longer exist (a removed countdown's, the index pages
 * past its end). Returns the files left out.
 */
async function writeChanges(
  input: SiteInput,
  changes: Changes,
  served: ReturnType<typeof buildPaths>,
  paths: ReturnType<typeof buildPaths>,
  entries: ReadonlyMap<string, BuiltFile>,
  shared: boolean,
): Promise<string[]> {
  const root = path.dirname(served.live);
  const fresh = new Set(
    [
      served.live,
      served.manifest,
      served.marker,
      path.join(root, RECORD_FILE),
      path.join(root, SHARED_FILE),
      path.join(root, CHECKED_FILE),
      ...(shared ? [served.site] : []),
    ].map((dir) => path.relative(root, dir)),
  );
  linkTree(root, path.dirname(paths.live), (relative) => fresh.has(relative));
  const pagesNow = new Set(indexPageFiles(listed(input.countdowns).length));
  const stale = [
    ...[...changes.removed].flatMap(countdownFiles),
    ...[...entries.keys()].filter((file) => indexPageOfFile(file) !== undefined && !pagesNow.has(file)),
  ];
  if (!shared)
    for (const file of stale)
      for (const suffix of ["", ...TWINS]) await rm(path.join(paths.site, file + suffix), { force: true });
  return stale;
}

/**
 * Renders the changed countdowns and the lists straight into the new build, each run's countdown files
 * given to the digests as soon as they are written (as a build of everything does, so the twins are
 * made while the next run renders). Where the new build began as links to the served build's files
 * (not `shared`), each file about to be written again is unlinked first, with its twins: Eleventy
 * writes a file in place, which would change the served build's file through the link. Of the site's
 * own files and the index pages (those every change writes again), one the same, byte for byte, as
 * the file it replaces is removed again where the build keeps the one it had (an index page that lists none of the
 * changed countdowns). What it costs follows the change: it does per file what a build of everything
 * does, and nothing per file of the site (BENCHMARKS.md, publishing most of a site).
 */
async function renderChanges(
  input: SiteInput,
  changes: Changes,
  paths: ReturnType<typeof buildPaths>,
  entries: ReadonlyMap<string, BuiltFile>,
  shared: boolean,
  digests: DigestQueue,
): Promise<void> {
  const builds = path.dirname(path.dirname(paths.live));
  const own = [...changes.slugs].flatMap(countdownFiles);
  // The site's own files (the first page of the index among them only when it lists a change) and the
  // pages of the index that list one: what the run writes beside the countdowns' files.
  const firstPage = fileOf(indexPagePath(1));
  const lists = [
    ...siteFiles(input.identity, input.countdowns).filter((file) => file !== firstPage),
    ...[...changes.indexPages].map((n) => fileOf(indexPagePath(n))),
  ];
  if (!shared)
    await inBatches([...[...own, ...lists].filter((file) => entries.has(file)), ...PLATFORM_FILES], (file) =>
      Promise.all(["", ...TWINS].map((suffix) => rm(path.join(paths.site, file + suffix), { force: true }))),
    );
  await renderSite({ ...input, only: changes.slugs, indexPages: changes.indexPages }, paths.site, {
    afterRun: (slugs) => digests.add([...slugs].flatMap(countdownFiles)),
  });
  // Each file unlinked above is written again, or the build stops here: it never publishes a hole.
  const unwritten = [...own, ...lists].find((file) => !existsSync(path.join(paths.site, file)));
  if (unwritten !== undefined)
    throw new Error(
      `the build of what changed did not write ${unwritten}; build everything with npm run build -- --full`,
    );
  const kept = new Set<string>();
  if (shared) {
    await inBatches(lists, async (file) => {
      const before = entries.get(file);
      const written = path.join(paths.site, file);
      if (
        before?.home !== undefined &&
        (await sameBytes(written, before.size, path.join(homeSite(builds, before.home), file)))
      ) {
        kept.add(file);
        await rm(written);
      }
    });
  }
  digests.add(lists.filter((file) => !kept.has(file)));
}

/** Runs `task` over `items`, this many at once (file system calls go to libuv's four threads). */
async function inBatches<T>(items: readonly T[], task: (item: T) => Promise<unknown>, atOnce = 64): Promise<void> {
  for (let start = 0; start < items.length; start += atOnce)
    await Promise.all(items.slice(start, start + atOnce).map(task));
}

/** Whether the file `file` holds `size` bytes, the same as `other`'s. */
async function sameBytes(file: string, size: number, other: string): Promise<boolean> {
  if ((await stat(file)).size !== size) return false;
  try {
    return (await readFile(file)).equals(await readFile(other));
  } catch {
    return false;
  }
}

/**
 * Countdowns whose own files (page, widget, data, calendar) one Eleventy run writes. Eleventy keeps
 * every page of a run in memory until the run ends (about 10 KB a page), so a larger site is written
 * in runs of this many countdowns, each run's memory released before the next: the build's memory
 * and its time per countdown stop growing with the site (BENCHMARKS.md, build scaling).
 */
const COUNTDOWNS_PER_RUN = 10_000;
/**
 * From this many countdowns on, a build is written in at least RUNS_AT_LEAST runs: the twins of a
 * run's files are made on the second core while the next run renders, so mostly the last run's wait
 * after the rendering (at 10,000 countdowns in one run they took 14 s after it, in four runs 2.9 s,
 * in eight 1.8 to 2.0 s; BENCHMARKS.md).
 */
const SPLIT_FROM = 2_000;
const RUNS_AT_LEAST = 8;

/** Countdowns per Eleventy run for a build of `count` countdowns. */
const countdownsPerRun = (count: number) =>
  count < SPLIT_FROM ? COUNTDOWNS_PER_RUN : Math.min(COUNTDOWNS_PER_RUN, Math.ceil(count / RUNS_AT_LEAST));

/**
 * Runs Eleventy over a checked input into `siteDir`, configured as eleventy.config.js configures it
 * (no config file is read): in one run, or, for more than `perRun` countdowns, in runs of `perRun`
 * countdowns' own files, the first of which also writes the files of the whole site (the index,
 * the lists, the 404 pages). Either way the same files, byte for byte. `afterRun` is told each run's
 * countdowns as soon as their files are written.
 */
export async function renderSite(
  input: SiteInput,
  siteDir: string,
  { perRun: given, afterRun }: { perRun?: number; afterRun?: (slugs: ReadonlySet<string>) => void } = {},
): Promise<{ runs: number }> {
  const slugs = input.only ? [...input.only] : input.countdowns.map((countdown) => countdown.slug);
  const perRun = given ?? countdownsPerRun(slugs.length);
  let runs = 0;
  for (let start = 0; start < slugs.length || runs === 0; start += perRun) {
    const only = slugs.length <= perRun ? input.only : new Set(slugs.slice(start, start + perRun));
    await runEleventy({
      ...input,
      outputDir: siteDir,
      ...(only ? { only } : {}),
      ...(runs > 0 ? { ownFilesOnly: true } : {}),
    });
    afterRun?.(only ?? new Set(slugs));
    runs++;
  }
  return { runs };
}

async function runEleventy(input: SiteInput): Promise<void> {
  const eleventy = new Eleventy(undefined, undefined, {
    configPath: false,
    quietMode: true,
    config: (eleventyConfig) => configureSite(eleventyConfig, { input }),
  });
  await eleventy.write();
}

/** The output folder may be replaced only if it is missing, empty, or an earlier build's. */
function assertReplaceable(outDir: string): void {
  if (!existsSync(outDir)) return;
  const entries = readdirSync(outDir);
  if (entries.length > 0 && !entries.includes(BUILD_MARKER)) {
    throw new ConfigError(`${outDir} now holds files that are not a build of this service; the build left it alone.`);
  }
}
