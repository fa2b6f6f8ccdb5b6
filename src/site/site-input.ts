// What one build of the site is made from: the settings, the validated countdowns, the instant of
// the build, the release, and the compiled browser assets. `npm run build` gathers it (and reports
// any problem itself) and hands it to the site's configuration; under `npx @11ty/eleventy` the
// configuration gathers it from the environment at the start of each build.
import { mkdirSync, writeFileSync } from "node:fs";
import { BUILD_MARKER_TEXT, buildPaths, readConfig, requireCountdownsDir, type Config } from "../config.ts";
import { formatProblem, type Countdown, type Problem } from "../countdown/countdown-file.ts";
import { loadCountdowns } from "../countdown/load-countdowns.ts";
import { isOver, targetAt } from "../time/occurrence.ts";
import { isoSeconds } from "../time/time-left.ts";
import { releaseVersion } from "../publish/release.ts";
import { buildAssets, type SiteAssets } from "./assets.ts";

/** A countdown as the build's instant sees it: what it counts to then, and whether it is over. */
export interface SiteCountdown extends Countdown {
  /** The next occurrence at the build's instant (the target of a one-off; the last one once over). */
  nextMs: number;
  /** `nextMs` as `YYYY-MM-DDThh:mm:ssZ`. */
  nextDate: string;
  over: boolean;
}

export interface SiteInput {
  config: Config;
  /** Where Eleventy writes the site: `$OUT_DIR/site`, or the folder a build is made in. */
  outputDir: string;
  /** Soonest next occurrence at the build's instant first, ties by slug: the order of `/api/pages`. */
  countdowns: SiteCountdown[];
  /** The instant of the build, in ms: what "upcoming" and "ended" mean on the pages. */
  builtAt: number;
  version: string;
  assets: SiteAssets;
  /** Build only these countdowns' own files (the dev loop's rebuild of what changed); the lists still hold them all. */
  only?: ReadonlySet<string>;
  /** Write only the countdowns' own files, not the index, the lists and the 404 pages (a later run of a large build). */
  ownFilesOnly?: boolean;
  /** A build for `npm run dev`: every HTML file loads its reload script (src/dev/). */
  dev?: boolean;
  /** What the valid countdowns probably do not mean (a past target, ...): said, never failing the build. */
  warnings?: Problem[];
}

export class CountdownProblemsError extends Error {
  override name = "CountdownProblemsError";
  constructor(readonly problems: Problem[]) {
    super(`${problems.length} problem(s) in countdowns; nothing was built:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join("\n")}`);
  }
}

/** The countdowns at an instant, soonest next occurrence first (ties by slug). */
export function atInstant(countdowns: Countdown[], nowMs: number): SiteCountdown[] {
  return countdowns
    .map((countdown) => {
      const nextMs = countdown.schedule.repeat ? targetAt(countdown.schedule, nowMs)! : countdown.targetMs;
      const over = countdown.schedule.repeat ? isOver(countdown.schedule, nowMs) : nowMs >= countdown.targetMs;
      return { ...countdown, nextMs, nextDate: isoSeconds(nextMs), over };
    })
    .sort((a, b) => a.nextMs - b.nextMs || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

export interface GatherOptions {
  /** The clock, in ms since the epoch (default: now). */
  now?: number;
  /** The release shown by /api/health (default: the package version and the commit). */
  version?: string;
  /** The browser assets, when already compiled (default: compile them). */
  assets?: SiteAssets;
  dev?: boolean;
}

/** A build's input from countdowns already read and checked. */
export async function siteInputOf(config: Config, countdowns: Countdown[], options: GatherOptions = {}): Promise<SiteInput> {
  const builtAt = options.now ?? Date.now();
  return {
    config,
    outputDir: buildPaths(config.outDir).site,
    countdowns: atInstant(countdowns, builtAt),
    builtAt,
    version: options.version ?? releaseVersion(config.commit),
    assets: options.assets ?? (await buildAssets()),
    ...(options.dev ? { dev: true } : {}),
  };
}

/** Reads and checks every countdown; throws `CountdownProblemsError` naming every problem of every file. */
export async function gatherSiteInput(config: Config, options: GatherOptions = {}): Promise<SiteInput> {
  const now = options.now ?? config.buildTime ?? Date.now();
  const { countdowns, problems, warnings } = await loadCountdowns(requireCountdownsDir(config), { now });
  if (problems.length > 0) throw new CountdownProblemsError(problems);
  return { ...(await siteInputOf(config, countdowns, { ...options, now })), warnings };
}

/**
 * The input of a build run by Eleventy's own command: gathered from the environment, into $OUT_DIR,
 * which readConfig checked is empty or an earlier build, and which is now marked as one.
 */
export async function gatherFromEnvironment(): Promise<SiteInput> {
  const input = await gatherSiteInput(readConfig());
  mkdirSync(input.config.outDir, { recursive: true });
  writeFileSync(buildPaths(input.config.outDir).marker, BUILD_MARKER_TEXT);
  return input;
}
