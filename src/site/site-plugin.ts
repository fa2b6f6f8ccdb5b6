// The site, put together for Eleventy: where the templates are, and one local plugin with the
// countdowns and the build's facts as global data, the filters, and every generated file that is not
// a Nunjucks page (the API's JSON, the calendar files, the pages' script, Netlify's `_headers` and
// `_redirects`) as virtual templates. eleventy.config.js calls `configureSite`, and so does
// `npm run build` (through Eleventy's programmatic API): both build the same site.
import path from "node:path";
import type { UserConfig } from "@11ty/eleventy";
import { PROJECT_ROOT, buildPaths, readConfig, type SiteAddress } from "../config.ts";
import { calendarFile } from "../countdown/calendar.ts";
import type { Countdown } from "../countdown/countdown-file.ts";
import { frontMatterJsonSchema } from "../countdown/front-matter-schema.ts";
import { liveCountdown } from "../live/live-store.ts";
import { renderHeadersFile, renderRedirectsFile } from "../routes/netlify-files.ts";
import { openApiDocument } from "../routes/openapi.ts";
import {
  API_NOT_FOUND,
  DEV_RELOAD_SCRIPT,
  INDEX_PATH,
  publicPath,
  NOT_FOUND_PAGE,
  OPENAPI_PATH,
  PAGES_PATH,
  PAGE_SCRIPT_PATH,
  SCHEMA_PATH,
  WIDGET_NOT_FOUND,
  absoluteUrl,
  calendarPath,
  dataPath,
  pagePath,
  type BuildFacts,
} from "../routes/route-table.ts";
import { jsonForHtml, siteFilters } from "./filters.ts";
import { nunjucksCompileCache } from "./nunjucks-compile-cache.ts";
import { SITE } from "./site-identity.ts";
import { gatherFromEnvironment, type SiteInput } from "./site-input.ts";

export { SITE };

/** The list behind `/api/pages`: soonest first (the order the countdowns come in), absolute URLs. */
export function pagesList(countdowns: Countdown[], site: SiteAddress) {
  return countdowns.map(({ slug, title }) => ({ slug, title, url: absoluteUrl(site, pagePath(slug)) }));
}

/** What the headers of a build depend on: the hashes of its inline code. */
export function buildFacts(input: SiteInput): BuildFacts {
  return {
    tickerHashes: [input.assets.ticker.hash, input.assets.repeatingTicker.hash],
    pageStyleHash: input.assets.pageStyle.hash,
    widgetStyleHash: input.assets.widgetStyle.hash,
    ...(input.dev ? { dev: true } : {}),
  };
}

/** The Nunjucks templates of files that are not one countdown's own: written once per build. */
const WHOLE_SITE_TEMPLATES = ["pages/index.njk", "pages/404.njk", "widget/widget-not-found.njk"];

export interface SiteOptions {
  /** What to build from; without it, each build gathers it from the environment. */
  input?: SiteInput;
  /** Compile each Nunjucks template once per build (default; see nunjucks-compile-cache.ts). */
  nunjucksCompileCache?: boolean;
}

/**
 * Eleventy's whole configuration of the site: the folders, the template languages and the plugin.
 * Not itself a plugin: Eleventy lets only a config function set folders.
 */
export function configureSite(eleventyConfig: UserConfig, options: SiteOptions = {}): void {
  // The templates live beside the code of their feature (src/widget, src/pages); layouts and
  // partials, named with a leading "_", are found by Nunjucks from here and not written out.
  const input = path.relative(process.cwd(), path.join(PROJECT_ROOT, "src")) || ".";
  eleventyConfig.setInputDirectory(input);
  eleventyConfig.setIncludesDirectory("");
  eleventyConfig.ignores.add(`${input}/**/_*.njk`);
  eleventyConfig.setOutputDirectory(options.input?.outputDir ?? buildPaths(readConfig().outDir).site);
  eleventyConfig.setTemplateFormats(["njk", "11ty.js"]);
  // A later run of a large build writes only countdowns' own files (src/publish/publish.ts).
  if (options.input?.ownFilesOnly) for (const template of WHOLE_SITE_TEMPLATES) eleventyConfig.ignores.add(`${input}/${template}`);
  eleventyConfig.addPlugin(sitePlugin, options);
}

export function sitePlugin(eleventyConfig: UserConfig, options: SiteOptions = {}): void {
  let input: SiteInput | undefined;
  const current = () => {
    if (!input) throw new Error("the site's data was read before the build started");
    return input;
  };
  // Each build (one per run, or one per change when Eleventy watches) starts from its input.
  eleventyConfig.on("eleventy.before", async () => {
    input = options.input ?? (await gatherFromEnvironment());
  });

  if (options.nunjucksCompileCache !== false) eleventyConfig.addPlugin(nunjucksCompileCache);
  siteFilters(eleventyConfig, () => current().config.site);
  // /api/pages is written without an extension so that its URL is the published one on any static
  // host; its Content-Type comes from the route table.
  eleventyConfig.configureErrorReporting({ allowMissingExtensions: true });

  eleventyConfig.addGlobalData("countdowns", () => current().countdowns);
  /** The countdowns whose own files (page, widget, data, calendar) this build writes: all, or those of `only`. */
  eleventyConfig.addGlobalData("pagedCountdowns", () => {
    const { countdowns, only } = current();
    return only ? countdowns.filter((countdown) => only.has(countdown.slug)) : countdowns;
  });
  // `npm run dev`: every HTML file loads the script that reloads it when the build changes (src/dev/).
  eleventyConfig.addTransform("dev-reload", function (content) {
    if (!current().dev || !String(this.page.outputPath).endsWith(".html")) return content;
    return `${content}<script type="module" src="${publicPath(current().config.site, DEV_RELOAD_SCRIPT)}"></script>\n`;
  });
  /** The index's order: upcoming soonest first, then ended, the most recent first (src/pages/index.njk pages it). */
  eleventyConfig.addGlobalData("indexItems", () => {
    const { countdowns } = current();
    return [...countdowns.filter((c) => !c.over), ...countdowns.filter((c) => c.over).reverse()];
  });
  eleventyConfig.addGlobalData("site", () => ({ ...SITE, address: current().config.site }));
  eleventyConfig.addGlobalData("build", () => ({ builtAt: current().builtAt, version: current().version }));
  eleventyConfig.addGlobalData("assets", () => current().assets);
  eleventyConfig.addGlobalData("routes", {
    index: INDEX_PATH,
    pages: PAGES_PATH,
    openapi: OPENAPI_PATH,
    pageScript: PAGE_SCRIPT_PATH,
    notFoundPage: NOT_FOUND_PAGE,
    widgetNotFound: WIDGET_NOT_FOUND,
  });

  /** A file whose text is computed from the data: a virtual JavaScript template. */
  const generated = (name: string, permalink: string | ((data: PageData) => string), render: (data: PageData) => string, perCountdown = false) =>
    (perCountdown || !options.input?.ownFilesOnly) &&
    eleventyConfig.addTemplate(`generated/${name}.11ty.js`, {
      data: {
        permalink,
        eleventyExcludeFromCollections: true,
        ...(perCountdown ? { pagination: { data: "pagedCountdowns", size: 1, alias: "countdown", addAllPagesToCollections: false } } : {}),
      },
      render,
    });

  generated("pages", PAGES_PATH, () => jsonForHtml(pagesList(current().countdowns, current().config.site)));
  generated("openapi", OPENAPI_PATH, () => `${JSON.stringify(openApiDocument(current().config.site, current().version), null, 2)}\n`);
  generated("schema", SCHEMA_PATH, () => `${JSON.stringify(frontMatterJsonSchema(), null, 2)}\n`);
  generated("api-not-found", API_NOT_FOUND, () =>
    jsonForHtml({ error: { code: "not_found", message: `Nothing is published at this address. GET ${PAGES_PATH} lists the countdowns.` } }),
  );
  generated("page-script", PAGE_SCRIPT_PATH, () => current().assets.pageScript);
  generated("netlify-headers", "/_headers", () => renderHeadersFile(buildFacts(current())));
  generated("netlify-redirects", "/_redirects", () => renderRedirectsFile());
  generated("data", (data) => dataPath(data.countdown!.slug), ({ countdown }) => jsonForHtml(liveCountdown(countdown!)), true);
  generated("calendar", (data) => calendarPath(data.countdown!.slug), ({ countdown }) =>
    calendarFile(countdown!, { pageUrl: absoluteUrl(current().config.site, pagePath(countdown!.slug)), stamp: new Date(current().builtAt).toISOString() }), true);
}

interface PageData {
  countdown?: Countdown;
}
