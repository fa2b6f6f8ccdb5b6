// Eleventy wiring: where templates live and which plugin adds the filters. The build script
// (scripts/build.ts) runs Eleventy with this file and hands it the validated countdowns.
import { sitePlugin } from "./src/build/site-plugin.ts";

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default function (eleventyConfig) {
  eleventyConfig.addPlugin(sitePlugin);

  // Embeds and /api/pages are written without an extension so that their URLs are the published
  // ones on any static host; their Content-Type comes from the route table.
  // https://www.11ty.dev/docs/permalinks/#trailing-slashes
  eleventyConfig.configureErrorReporting({ allowMissingExtensions: true });
}

export const config = {
  templateFormats: ["njk"],
  htmlTemplateEngine: "njk",
  dir: {
    input: "src/site",
    includes: "_includes",
    // Relative to the input folder: the global data folder sits at the top level.
    data: "../../_data",
  },
};
