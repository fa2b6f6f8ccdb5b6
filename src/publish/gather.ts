// Gathers what a build is made from: reads and checks every countdown, compiles the browser assets,
// names the release. `npm run build` and `npm run dev` hand the result to the site's configuration;
// under `npx @11ty/eleventy` the configuration gathers it from the environment at each build.
import { mkdirSync, writeFileSync } from "node:fs";
import { formatProblem, type Countdown, type Problem } from "../authoring/countdown-file.ts";
import { loadCountdowns } from "../authoring/load-countdowns.ts";
import { BUILD_MARKER_TEXT, buildPaths, readConfig, requireCountdownsDir, type Config } from "../config.ts";
import { buildAssets, type SiteAssets } from "../site/assets.ts";
import { atInstant, type SiteInput } from "../site/site-input.ts";
import { releaseVersion } from "./release.ts";

export class CountdownProblemsError extends Error {
  override name = "CountdownProblemsError";
  constructor(readonly problems: Problem[]) {
    super(`${problems.length} problem(s) in countdowns; nothing was built:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join("\n")}`);
  }
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
