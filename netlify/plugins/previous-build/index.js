// A local Netlify Build plugin: the previous deploy's build from Netlify's build cache, so that
// `npm run build` writes only what changed since (docs/deploying.md, "Publishing what changed").
// Before the build the cached build folder is restored; after it, the new one is cached.
// https://docs.netlify.com/extend/develop-and-share/develop-build-plugins/ (utils.cache)
//
// Copying the build folder into the cache and back (the cache utilities' default) costs about a
// minute per deploy at 10,000 countdowns, more than building everything (BENCHMARKS.md). So both
// ways move instead (`move: true`: a rename on one file system): the cached folder is moved into
// place before the build; after it, a copy of the new build made of hard links, beside it, is moved
// into the cache, and the build folder itself stays for Netlify to publish.
import { rename, rm } from "node:fs/promises";
import { linkTree } from "../../../src/publish/link-tree.js";

/** The build folder, as the build itself reads it (src/config.ts). */
const outDir = () => process.env.OUT_DIR?.trim() || "dist";
/** The cache's copy of the build folder, beside it: what the cache holds under its own name. */
const cachedCopy = () => `${outDir()}.cached`;

/** @param {{ utils: { cache: { restore(path: string, options?: object): Promise<boolean> } } }} options */
export const onPreBuild = async ({ utils }) => {
  const restored = await utils.cache.restore(cachedCopy(), { move: true });
  if (restored) {
    await rm(outDir(), { recursive: true, force: true });
    await rename(cachedCopy(), outDir());
  }
  console.log(
    restored
      ? `Restored the previous build (${outDir()}) from the build cache: the build writes what changed.`
      : "No previous build in the build cache: the build writes everything.",
  );
};

/** @param {{ utils: { cache: { save(path: string, options?: object): Promise<boolean> } } }} options */
export const onPostBuild = async ({ utils }) => {
  const copy = cachedCopy();
  await rm(copy, { recursive: true, force: true });
  linkTree(outDir(), copy);
  // Saved every time: restoring moved the last copy out of the cache.
  if (await utils.cache.save(copy, { move: true })) console.log(`Cached this build (${outDir()}) for the next deploy.`);
  await rm(copy, { recursive: true, force: true }); // left only if the cache could not take it
};
