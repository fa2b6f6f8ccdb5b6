// The build: validates every countdown, runs Eleventy, writes the live data, then publishes the
// result in one step. A failed build writes nothing where the previous good build is served from.
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import Eleventy from "@11ty/eleventy";
import type { Countdown, Problem } from "../countdown/countdown-file.ts";
import { DEFAULT_OUT_DIR, PROJECT_ROOT, buildPaths } from "./build-paths.ts";
import { loadCountdowns } from "../countdown/load-countdowns.ts";
import type { LiveDataFile } from "../live/live-store.ts";
import { renderHeadersFile, renderRedirectsFile } from "../routes/netlify-files.ts";
import { pageContentSecurityPolicy } from "../routes/route-table.ts";
import { releaseVersion } from "./release.ts";
import { nunjucksCompileCache } from "./nunjucks-compile-cache.ts";
import { sitePlugin } from "./site-plugin.ts";
import { bundlePageScript, bundleTicker } from "./ticker-bundle.ts";
import { frontMatterJsonSchema } from "../countdown/front-matter-schema.ts";
import { openApiDocument } from "./openapi.ts";


export interface BuildOptions {
  /** Folder of `<slug>.md` files. */
  countdownsDir?: string;
  /** Where the build goes: `<outDir>/site` is published, `<outDir>/live` feeds the live handler. */
  outDir?: string;
  /** `{base_url}` of every absolute URL, without a trailing slash. */
  baseUrl: string;
  version?: string;
}

export type BuildResult =
  | { ok: true; countdowns: number; outDir: string }
  | { ok: false; problems: Problem[] };



/** The list behind `/api/pages`: soonest first (the order the countdowns come in), absolute URLs. */
export function pagesList(countdowns: Countdown[], baseUrl: string) {
  return countdowns.map(({ slug, title }) => ({ slug, title, url: `${baseUrl}/${slug}/` }));
}

export function liveDataFile(countdowns: Countdown[], version: string, tickerHash: string): LiveDataFile {
  return { version, tickerHash, countdowns: countdowns.map(({ slug, title, targetDate }) => ({ slug, title, targetDate })) };
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const countdownsDir = options.countdownsDir ?? path.join(PROJECT_ROOT, "countdowns");
  const outDir = path.resolve(options.outDir ?? DEFAULT_OUT_DIR);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const version = options.version ?? releaseVersion();

  const { countdowns, problems } = await loadCountdowns(countdownsDir);
  if (problems.length > 0) return { ok: false, problems };

  const [ticker, pageScript] = await Promise.all([bundleTicker(), bundlePageScript()]);
  // Built beside the live folder, then swapped in by renames on the same file system.
  const next = `${outDir}.next-${process.pid}`;
  const previous = `${outDir}.previous-${process.pid}`;
  await rm(next, { recursive: true, force: true });
  try {
    const eleventy = new Eleventy(path.join(PROJECT_ROOT, "src/site"), buildPaths(next).site, {
      configPath: path.join(PROJECT_ROOT, "eleventy.config.js"),
      quietMode: true,
      config(eleventyConfig) {
        eleventyConfig.addPlugin(nunjucksCompileCache);
        eleventyConfig.addPlugin(sitePlugin);
        eleventyConfig.addGlobalData("countdowns", countdowns);
        eleventyConfig.addGlobalData("build", {
          baseUrl,
          version,
          builtAt: new Date().toISOString(),
          ticker,
          pageScript,
          pageCsp: pageContentSecurityPolicy(ticker.hash),
          openapi: openApiDocument(baseUrl, version),
          frontMatterSchema: frontMatterJsonSchema(),
          pages: pagesList(countdowns, baseUrl),
          netlify: { headers: renderHeadersFile({ tickerHash: ticker.hash }), redirects: renderRedirectsFile() },
        });
      },
    });
    await eleventy.write();
    const liveData = buildPaths(next).liveData;
    await mkdir(path.dirname(liveData), { recursive: true });
    await writeFile(liveData, `${JSON.stringify(liveDataFile(countdowns, version, ticker.hash), null, 2)}\n`);

    await rename(outDir, previous).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(next, outDir);
  } finally {
    await rm(next, { recursive: true, force: true });
    await rm(previous, { recursive: true, force: true });
  }
  return { ok: true, countdowns: countdowns.length, outDir };
}
