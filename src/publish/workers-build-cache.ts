// The previous deploy's build on Cloudflare's Workers Builds, so that `npm run build:workers` there
// writes only what changed (docs/deploying.md, "Publishing what changed"), as the Netlify build
// plugin does with Netlify's cache (netlify/plugins/previous-build). Workers Builds keeps a project's
// `.cache` folder from one build to the next when build caching is on (it does for Eleventy
// projects, which this is): the build folder is moved out of it before the build, and a copy of the
// new build made of hard links is put there after it.
import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { linkTree } from "./link-tree.js";

/** Where Workers Builds keeps the previous build: in the project's `.cache` folder. */
export const cachedBuildOf = (projectRoot: string) => path.join(projectRoot, ".cache", "countdowns-build");

/** Whether this runs on Workers Builds (which sets WORKERS_CI=1). */
export const onWorkersBuilds = (env: NodeJS.ProcessEnv = process.env) => env.WORKERS_CI === "1";

/** Moves the cached build into place as OUT_DIR, the build the next one starts from; false when none is cached. */
export async function restorePreviousBuild(outDir: string, cached: string): Promise<boolean> {
  if (!existsSync(cached)) return false;
  await rm(outDir, { recursive: true, force: true });
  await rename(cached, outDir);
  return true;
}

/** Puts a copy of the build at OUT_DIR made of hard links into the cache, for the next deploy. */
export async function savePreviousBuild(outDir: string, cached: string): Promise<void> {
  await rm(cached, { recursive: true, force: true });
  linkTree(outDir, cached);
}
