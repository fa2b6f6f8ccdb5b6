// Eleventy's configuration of the site: the folders, the template languages, and the one local plugin
// that puts the site together (src/eleventy/site-plugin.ts: the countdowns as data, the filters, every
// generated file). `npx @11ty/eleventy` builds the site into $OUT_DIR/site with it, gathering the
// countdowns as `npm run build` does (src/publish/gather.ts); `npm run build` calls the same
// `configureSite` after checking every countdown, then adds the live data and swaps the build in.
//
// The configuration is TypeScript: tsx's loader lets Node import it, as Eleventy's docs show for
// TypeScript (https://www.11ty.dev/docs/languages/typescript/). It must be registered before that import.
import "tsx/esm";

const { configureSite } = await import("./src/eleventy/site-plugin.ts");
const { gatherFromEnvironment } = await import("./src/publish/gather.ts");
const { buildPaths, readConfig } = await import("./src/config.ts");

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default function (eleventyConfig) {
  configureSite(eleventyConfig, { gather: gatherFromEnvironment });
  eleventyConfig.setOutputDirectory(buildPaths(readConfig().outDir).site);
}
