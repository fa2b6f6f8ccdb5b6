// Eleventy's settings: where the templates live, and what it must allow. The build
// (src/build/build-site.ts) runs Eleventy with this file, then adds the site plugin (filters, in
// TypeScript) and the validated countdowns through Eleventy's programmatic API. This file stays
// plain JavaScript so Eleventy can import it on any Node without a TypeScript loader.

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default function (eleventyConfig) {
  // Embeds and /api/pages are written without an extension so that their URLs are the published
  // ones on any static host; their Content-Type comes from the route table.
  // https://www.11ty.dev/docs/permalinks/
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
