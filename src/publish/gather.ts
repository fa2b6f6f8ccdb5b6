// Gathers what a build is made from: reads and checks every countdown, compiles the browser assets,
// names its version. `npm run build` and `npm run dev` hand the result to the site's configuration;
// under `npx @11ty/eleventy` the configuration gathers it from the environment at each build.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatProblem, type Countdown, type Problem } from "../authoring/countdown.ts";
import type { CheckCache } from "../authoring/check-cache.ts";
import { loadCountdowns } from "../authoring/load-countdowns.ts";
import { readCountdownImages } from "./done-images.ts";
import { loadSiteFile, type SiteFileResult } from "../authoring/site-file.ts";
import { BUILD_MARKER_TEXT, SITE_FILE, buildPaths, readConfig, requireCountdownsDir, type Config } from "../config.ts";
import { SITE_DEFAULTS, fontFiles, type SiteIdentity } from "../site-identity.ts";
import { buildAssets, withSite, type SiteAssets } from "../eleventy/assets.ts";
import { atInstant, type SiteInput } from "../eleventy/site-input.ts";
import { buildVersion } from "./version.ts";

export class CountdownProblemsError extends Error {
  override name = "CountdownProblemsError";
  constructor(readonly problems: Problem[]) {
    super(
      `${problems.length} problem(s); nothing was built:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join("\n")}`,
    );
  }
}

export interface GatherOptions {
  /** The clock, in ms since the epoch (default: now). */
  now?: number;
  /** The version shown by /api/health (default: the package version and the commit). */
  version?: string;
  /** The browser assets, when already compiled (default: compile them). */
  assets?: SiteAssets;
  /** The site's identity (default: the site file's, read again). */
  identity?: SiteIdentity;
  dev?: boolean;
  /** The results of an earlier check, for the files whose bytes have not changed (src/authoring/check-cache.ts). */
  cache?: CheckCache;
}

/** A build's input from countdowns already read and checked. */
export async function siteInputOf(
  config: Config,
  countdowns: Countdown[],
  options: GatherOptions = {},
): Promise<SiteInput> {
  const builtAt = options.now ?? Date.now();
  const identity = options.identity ?? readSite(config).site ?? SITE_DEFAULTS;
  return {
    config,
    outputDir: buildPaths(config.outDir).site,
    identity,
    countdowns: atInstant(countdowns, builtAt),
    builtAt,
    version: options.version ?? buildVersion(config.commit),
    assets: withSite(options.assets ?? (await buildAssets()), identity, config.site.basePath),
    ...(options.dev ? { dev: true } : {}),
  };
}

/** The site file of the settings, checked; its repository falls back to the one Netlify names. */
export function readSite(config: Config): SiteFileResult {
  const relative = path.relative(config.root, config.siteFile);
  const displayName = relative.startsWith("..") || path.isAbsolute(relative) ? config.siteFile : relative;
  const result = loadSiteFile(config.siteFile, displayName, config.siteFile !== path.join(config.root, SITE_FILE));
  if (result.site && !result.site.repository && config.repositoryUrl)
    return { site: { ...result.site, repository: config.repositoryUrl.replace(/\.git$/, "") }, problems: [] };
  return result;
}

/** Reads and checks the site file and every countdown; throws `CountdownProblemsError` naming every problem of every file. */
export async function gatherSiteInput(config: Config, options: GatherOptions = {}): Promise<SiteInput> {
  const now = options.now ?? config.buildTime ?? Date.now();
  const site = readSite(config);
  // A countdown that names no language is in the site's.
  const defaultLang = (site.site ?? SITE_DEFAULTS).language;
  const dir = requireCountdownsDir(config);
  const loaded = await loadCountdowns(dir, {
    now,
    defaultLang,
    ...(options.cache ? { cache: options.cache } : {}),
  });
  // The pictures' files (done images, images), named from the folder that holds the countdowns folder.
  const { countdowns, problems } = readCountdownImages(loaded.countdowns, path.dirname(dir), path.basename(dir));
  problems.unshift(...loaded.problems);
  const warnings = loaded.warnings;
  if (site.problems.length + problems.length > 0) throw new CountdownProblemsError([...site.problems, ...problems]);
  return {
    ...(await siteInputOf(config, countdowns, { ...options, now, identity: site.site! })),
    warnings: [...unreadData(config, site.site!), ...webFontOnly(config, site.site!), ...warnings],
  };
}

/**
 * The files of `_data/` the build does not read, as warnings: `_data/site.json` follows Eleventy's
 * folder by name, but the build reads it (and the logo and font files it names) itself, and nothing else there, so
 * another data file an owner adds there expecting Eleventy to pick it up would do nothing, silently.
 * Only for the site file in its default place; dot files (`.gitkeep`) are left alone.
 */
function unreadData(config: Config, { logo, font }: SiteIdentity): Problem[] {
  if (config.siteFile !== path.join(config.root, SITE_FILE)) return [];
  const folder = path.dirname(config.siteFile);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const read = new Set([
    path.basename(config.siteFile),
    ...(logo ? [logo.file] : []),
    ...(font ? fontFiles(font).map((file) => file.file) : []),
  ]);
  return names
    .filter((name) => !name.startsWith(".") && !read.has(name))
    .sort()
    .map((name) => ({
      file: path.posix.join(path.dirname(SITE_FILE), name),
      field: "file",
      message: `the build reads only ${SITE_FILE} and the logo and font files it names, not Eleventy's other data files: this is neither used nor published; move what it holds into ${SITE_FILE}, or the file out of ${path.dirname(SITE_FILE)}/`,
    }));
}

/** A site font of a WOFF2 alone: the pages have it, the drawn images keep the bundled fonts (HarfBuzz reads no WOFF2). */
function webFontOnly(config: Config, { font }: SiteIdentity): Problem[] {
  if (!font || font.drawn) return [];
  return [
    {
      file: path.relative(config.root, config.siteFile) || config.siteFile,
      field: "font",
      message: `names a WOFF2 alone: the pages, the widget and the element use it, the email and preview images keep the bundled fonts; add a TTF or OTF of the same family, like "font": ["${font.web.file}", "${font.web.file.replace(/\.woff2$/i, ".ttf")}"]`,
    },
  ];
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
