// A local Netlify Build plugin: the previous deploy's build from Netlify's build cache, so that
// `npm run build` writes only what changed since (docs/deploying.md, "Publishing what changed").
// Before the build the cached build folder is restored; after it, the new one is cached.
// https://docs.netlify.com/extend/develop-and-share/develop-build-plugins/ (utils.cache)

/** The build folder, as the build itself reads it (src/config.ts). */
const outDir = () => process.env.OUT_DIR?.trim() || "dist";

/** @param {{ utils: { cache: { restore(path: string, options?: object): Promise<boolean> } } }} options */
export const onPreBuild = async ({ utils }) => {
  const restored = await utils.cache.restore(outDir());
  console.log(restored ? `Restored the previous build (${outDir()}) from the build cache: the build writes what changed.` : "No previous build in the build cache: the build writes everything.");
};

/** @param {{ utils: { cache: { save(path: string, options?: object): Promise<boolean> } } }} options */
export const onPostBuild = async ({ utils }) => {
  // The record of the build says whether the cache holds something new.
  if (await utils.cache.save(outDir(), { digests: [`${outDir()}/record.json`] })) console.log(`Cached this build (${outDir()}) for the next deploy.`);
};
