// `npm run build`: checks every countdown, runs Eleventy (configured as eleventy.config.js configures
// it for `npx @11ty/eleventy`), writes the live data beside the site, then swaps the new build in with
// renames. A failed build writes nothing where the previous good build is served from, and the build
// only ever replaces a folder it made itself.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import Eleventy from "@11ty/eleventy";
import { BUILD_MARKER, BUILD_MARKER_TEXT, ConfigError, buildPaths, type Config } from "../config.ts";
import type { Problem } from "../countdown/countdown-file.ts";
import { liveCountdown, type LiveDataFile } from "../live/live-store.ts";
import { buildFacts, configureSite } from "../site/site-plugin.ts";
import { precompress } from "./precompress.ts";
import { CountdownProblemsError, gatherSiteInput, type GatherOptions, type SiteInput } from "../site/site-input.ts";

export type PublishResult = { ok: true; countdowns: number; outDir: string } | { ok: false; problems: Problem[] };

export function liveDataFile(input: SiteInput): LiveDataFile {
  return {
    version: input.version,
    site: input.config.site,
    facts: buildFacts(input),
    countdowns: input.countdowns.map(liveCountdown),
  };
}

export async function publish(config: Config, options: GatherOptions = {}): Promise<PublishResult> {
  let input: SiteInput;
  try {
    input = await gatherSiteInput(config, options);
  } catch (error) {
    if (error instanceof CountdownProblemsError) return { ok: false, problems: error.problems };
    throw error;
  }

  const outDir = config.outDir;
  await mkdir(path.dirname(outDir), { recursive: true });
  // Built beside the output folder, under names no one else uses, then swapped in by renames on the
  // same file system.
  const next = `${outDir}.next-${randomUUID()}`;
  const previous = `${outDir}.previous-${randomUUID()}`;
  const paths = buildPaths(next);
  try {
    await mkdir(next);
    await writeFile(paths.marker, BUILD_MARKER_TEXT);
    // The configuration of eleventy.config.js, given the checked input (no config file is read).
    const eleventy = new Eleventy(undefined, undefined, {
      configPath: false,
      quietMode: true,
      config: (eleventyConfig) => configureSite(eleventyConfig, { input: { ...input, outputDir: paths.site } }),
    });
    await eleventy.write();
    if (!config.netlify) await precompress(paths.site);
    await mkdir(path.dirname(paths.liveData), { recursive: true });
    await writeFile(paths.liveData, `${JSON.stringify(liveDataFile(input))}\n`);

    // Checked again right before the swap: the folder may have changed since the settings were read.
    assertReplaceable(outDir);
    if (existsSync(outDir)) await rename(outDir, previous);
    await rename(next, outDir);
  } finally {
    await rm(next, { recursive: true, force: true });
    await rm(previous, { recursive: true, force: true });
  }
  return { ok: true, countdowns: input.countdowns.length, outDir };
}

/** The output folder may be replaced only if it is missing, empty, or an earlier build's. */
function assertReplaceable(outDir: string): void {
  if (!existsSync(outDir)) return;
  const entries = readdirSync(outDir);
  if (entries.length > 0 && !entries.includes(BUILD_MARKER)) {
    throw new ConfigError(`${outDir} now holds files that are not a build of this service; the build left it alone.`);
  }
}
