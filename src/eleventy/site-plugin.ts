// The site, put together for Eleventy: where the templates are, and one local plugin with the
// countdowns and the build's facts as global data, the filters, and every generated file that is not
// a Nunjucks page (the API's JSON, the calendar files and feed, the pages' script, Netlify's `_headers` and
// `_redirects`) as virtual templates, and the site's logo and the editor's script, copied. eleventy.config.js calls `configureSite`, and so does
// `npm run build` (through Eleventy's programmatic API): both build the same site.
import { publishedImages } from "../authoring/done-image.ts";
import { LABELS, UNIT_RUNS, formatTimeLeft, unitsLeft } from "../time/time-left.ts";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { UserConfig } from "@11ty/eleventy";
import { calendarFile } from "../authoring/calendar.ts";
import { calendarFeed } from "../authoring/calendar-feed.ts";
import { START_TAGS } from "./start-tags.ts";
import type { Countdown } from "../authoring/countdown.ts";
import { frontMatterJsonSchema } from "../authoring/front-matter-schema.ts";
import { editorConfigText } from "./editor-config-file.ts";
import { editorFiles } from "./editor-files.ts";
import { fileHash } from "../authoring/logo.ts";
import { subsetWebFont } from "../authoring/font-subset.ts";
import type { BuildFacts } from "../http/policy.ts";
import {
  API_NOT_FOUND,
  CALENDAR_FEED_PATH,
  DEV_RELOAD_SCRIPT,
  INDEX_PATH,
  NOT_FOUND_PAGE,
  OPENAPI_PATH,
  PAGES_PATH,
  PAGE_SCRIPT_PATH,
  WIDGET_SCRIPT_PATH,
  ELEMENT_SCRIPT_PATH,
  ELEMENT_PARTS,
  elementPartPath,
  CREATOR_SCRIPT_PATH,
  NEW_PAGE_PATH,
  EDITOR_CONFIG_PATH,
  SCHEMA_PATH,
  WIDGET_NOT_FOUND,
  absoluteUrl,
  calendarPath,
  dataPath,
  feedSubscribeUrl,
  fileOf,
  fontPath,
  logoPath,
  pagePath,
  publicPath,
} from "../paths.ts";
import { accentColours } from "../colour/colour.ts";
import { jsonText } from "../text/escape.ts";
import { errorBody } from "../http/kernel.ts";
import { countText, isRightToLeftLanguage } from "../text/language-words.ts";
import { CHOICES } from "../widget/options.ts";
import { EMAIL_CHOICES } from "../images/email-options.ts";
import { SCRIPT_WORDS, pageLanguage, pageWordsFor } from "../text/page-words.ts";
import { siteFilters } from "./filters.ts";
import { renderHeadersFile, renderRedirectsFile } from "./netlify-files.ts";
import { nunjucksCompileCache } from "./nunjucks-compile-cache.ts";
import { openApiDocument } from "./openapi.ts";
import { dataRecord, pagesList } from "./records.ts";
import { indexOrder, indexPagesOf, type SiteInput } from "./site-input.ts";

/** Three days, 5 hours, 20 minutes and 5 seconds: the time left the configurators show each run of units with. */
const UNITS_SAMPLE_MS = ((3 * 24 + 5) * 3600 + 20 * 60 + 5) * 1000;

/** The folder of the site's sources: templates beside the code of their feature. */
const SOURCES = fileURLToPath(new URL("../", import.meta.url));

/** What the headers of a build depend on: the hashes of its inline code. */
export function buildFacts(input: SiteInput): BuildFacts {
  return {
    tickerHashes: [input.assets.ticker.hash],
    pageStyleHash: input.assets.pageStyle.hash,
    widgetStyleHash: input.assets.widgetStyle.hash,
  };
}

/** The Nunjucks templates of files that are not one countdown's own: written once per build. */
const WHOLE_SITE_TEMPLATES = ["pages/index.njk", "pages/404.njk", "pages/new.njk", "widget/widget-not-found.njk"];

interface SiteOptions {
  /** What to build from, as the build hands it over. */
  input?: SiteInput;
  /** Without `input`: gathers it at the start of each build (Eleventy's own command). */
  gather?: () => Promise<SiteInput>;
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
  const input = path.relative(process.cwd(), SOURCES) || ".";
  eleventyConfig.setInputDirectory(input);
  eleventyConfig.setIncludesDirectory("");
  eleventyConfig.ignores.add(`${input}/**/_*.njk`);
  if (options.input) eleventyConfig.setOutputDirectory(options.input.outputDir);
  eleventyConfig.setTemplateFormats(["njk", "11ty.js"]);
  // A later run of a large build writes only countdowns' own files (src/publish/publish.ts).
  if (options.input?.ownFilesOnly)
    for (const template of WHOLE_SITE_TEMPLATES) eleventyConfig.ignores.add(`${input}/${template}`);
  eleventyConfig.addPlugin(sitePlugin, options);
}

/**
 * The site as one Eleventy plugin: the global data, the generated files and the filters.
 * Over 80 lines: a list of registrations over one `current()` input, each a few lines.
 */
function sitePlugin(eleventyConfig: UserConfig, options: SiteOptions = {}): void {
  let input: SiteInput | undefined;
  const current = () => {
    if (!input) throw new Error("the site's data was read before the build started");
    return input;
  };
  // Each build (one per run, or one per change when Eleventy watches) starts from its input.
  eleventyConfig.on("eleventy.before", async () => {
    if (options.input) input = options.input;
    else if (options.gather) input = await options.gather();
    else throw new Error("configureSite needs the build's input, or a function that gathers it");
  });

  if (options.nunjucksCompileCache !== false) eleventyConfig.addPlugin(nunjucksCompileCache);
  siteFilters(
    eleventyConfig,
    () => current().config.site,
    () => current().identity,
  );
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
  /** The index's pages this build writes (src/pages/index.njk): every one, or those a build of what changed names. */
  eleventyConfig.addGlobalData("indexPageList", () => {
    const { countdowns, only, indexPages } = current();
    const pages = indexPagesOf(indexOrder(countdowns));
    return only && indexPages ? pages.filter((page) => indexPages.has(page.number)) : pages;
  });
  eleventyConfig.addGlobalData("site", () => ({
    ...current().identity,
    address: current().config.site,
    logoPath: current().identity.logo && logoPath(current().identity.logo!.type),
    // The web font's path and type, which each page preloads.
    webFont: current().identity.font && {
      path: fontPath(current().identity.font!.web),
      type: `font/${current().identity.font!.web.type}`,
    },
    // Where the countdown files are in the repository, for its new-file and edit links.
    countdownsFolder: repositoryFolder(current().config.root, current().config.countdownsDir),
    // The accent as every face draws it, on light and on dark backgrounds (the configurator's defaults).
    accents: accentColours(current().identity.accent),
    // The calendar feed: its URL, and the address of the header's Subscribe link (webcal:// on https).
    feedUrl: absoluteUrl(current().config.site, CALENDAR_FEED_PATH),
    subscribeUrl: feedSubscribeUrl(current().config.site),
  }));
  /**
   * The pages' own words, in the site's language where the pages speak it (src/text/page-words.ts):
   * `words` for the templates; `lang` and `dir` for `<html>`; `scriptWords`, the scripts' words, as
   * JSON for the page to carry.
   */
  eleventyConfig.addGlobalData("ui", () => {
    const lang = pageLanguage(current().identity.language);
    const words = pageWordsFor(lang);
    return {
      lang,
      dir: isRightToLeftLanguage(lang) ? "rtl" : "ltr",
      words,
      scriptWords: jsonText(Object.fromEntries(SCRIPT_WORDS.map((key) => [key, words[key]]))),
    };
  });
  eleventyConfig.addGlobalData("build", () => ({ builtAt: current().builtAt, version: current().version }));
  eleventyConfig.addGlobalData("assets", () => current().assets);
  /** The mailing tools' start merge tags, for an evergreen countdown's email snippet. */
  eleventyConfig.addGlobalData("startTags", START_TAGS);
  /** The configurators' choices of units: each run with what it shows three days and five hours ahead. */
  eleventyConfig.addGlobalData(
    "unitRuns",
    UNIT_RUNS.map((run) => ({ run, sample: formatTimeLeft(unitsLeft(UNITS_SAMPLE_MS, 0, run), run) })),
  );
  /** The configurator's layouts (the widget's, src/widget/options.ts), the default first. */
  eleventyConfig.addGlobalData("layouts", CHOICES.layout);
  /** The email configurator's (src/images/email-options.ts). */
  eleventyConfig.addGlobalData("emailLayouts", EMAIL_CHOICES.layout);
  /** The configurators' choices of labels and separators: each with what it shows, in the countdown's language. */
  eleventyConfig.addFilter("labelSamples", (lang: string) => {
    const sample = unitsLeft(UNITS_SAMPLE_MS, 0);
    return {
      labels: LABELS.map((value) => ({ value, sample: countText(sample, "dhms", lang, value) })),
      separators: CHOICES.separator.map((value) => ({ value, sample: countText(sample, "dhms", lang, "none", value) })),
    };
  });
  eleventyConfig.addGlobalData("routes", {
    index: INDEX_PATH,
    pages: PAGES_PATH,
    openapi: OPENAPI_PATH,
    pageScript: PAGE_SCRIPT_PATH,
    element: ELEMENT_SCRIPT_PATH,
    creatorScript: CREATOR_SCRIPT_PATH,
    newPage: NEW_PAGE_PATH,
    notFoundPage: NOT_FOUND_PAGE,
    widgetNotFound: WIDGET_NOT_FOUND,
  });

  /** A file whose text is computed from the data: a virtual JavaScript template. */
  const generated = (
    name: string,
    permalink: string | ((data: PageData) => string),
    render: (data: PageData) => string,
    perCountdown = false,
  ) =>
    (perCountdown || !options.input?.ownFilesOnly) &&
    eleventyConfig.addTemplate(`generated/${name}.11ty.js`, {
      data: {
        permalink,
        eleventyExcludeFromCollections: true,
        ...(perCountdown
          ? { pagination: { data: "pagedCountdowns", size: 1, alias: "countdown", addAllPagesToCollections: false } }
          : {}),
      },
      render,
    });

  // The logo and the font files, from beside the site file, into the first (or only) run's output.
  eleventyConfig.on("eleventy.after", async () => {
    const { identity, config, outputDir, ownFilesOnly } = current();
    if (ownFilesOnly) return;
    const { logo, font } = identity;
    for (const [file, hash, target, subset] of [
      ...(logo ? [[logo.file, logo.hash, logoPath(logo.type)]] : []),
      // (The web font alone: the images read the TTF or OTF from the live data.)
      ...(font ? [[font.web.file, font.web.hash, fontPath(font.web), font.web.range]] : []),
    ]) {
      const source = path.join(path.dirname(config.siteFile), file!);
      const read = await readFile(source);
      // (The subset web font is made again from its TTF or OTF, as the site file's reading made it.)
      const bytes = subset ? subsetWebFont(read, identity.language)!.bytes : read;
      // The bytes the site file's check read (their size and hash are in the pages and the build's record).
      if (fileHash(bytes) !== hash) throw new Error(`${source} changed while the site was being built; build again`);
      await mkdir(path.dirname(path.join(outputDir, fileOf(target!))), { recursive: true });
      await writeFile(path.join(outputDir, fileOf(target!)), bytes);
    }
    // The editor's script, the same in every build: a build of changes (which names its `indexPages`) keeps it as any file it does not write.
    if (current().indexPages) return;
    for (const { from, file } of editorFiles()) {
      await mkdir(path.dirname(path.join(outputDir, file)), { recursive: true });
      await copyFile(from, path.join(outputDir, file));
    }
  });

  // The countdowns' pictures (done images, images), from the repository, under the hash of their bytes
  // (src/publish/done-images.ts): with the site's own files (siteFiles), not in a later run that writes
  // only countdowns' files.
  eleventyConfig.on("eleventy.after", async () => {
    const { countdowns, config, outputDir, ownFilesOnly } = current();
    if (ownFilesOnly) return;
    const root = path.dirname(config.countdownsDir);
    for (const image of publishedImages(countdowns)) {
      const target = path.join(outputDir, fileOf(image.path));
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(root, image.file), target);
    }
  });

  generated("pages", PAGES_PATH, () => jsonText(pagesList(current().countdowns, current().config.site)));
  generated(
    "openapi",
    OPENAPI_PATH,
    () => `${jsonText(openApiDocument(current().config.site, current().version, current().identity.name), 2)}\n`,
  );
  generated("schema", SCHEMA_PATH, () => `${jsonText(frontMatterJsonSchema(), 2)}\n`);
  generated("editor-config", EDITOR_CONFIG_PATH, () => editorConfigText(current()));
  generated("api-not-found", API_NOT_FOUND, () =>
    errorBody("not_found", `Nothing is published at this address. GET ${PAGES_PATH} lists the countdowns.`),
  );
  generated("page-script", PAGE_SCRIPT_PATH, () => current().assets.pageScript);
  generated("widget-script", WIDGET_SCRIPT_PATH, () => current().assets.widgetScript);
  generated("creator-script", CREATOR_SCRIPT_PATH, () => current().assets.creatorScript);
  generated("element-script", ELEMENT_SCRIPT_PATH, () => current().assets.elementScript);
  for (const part of ELEMENT_PARTS)
    generated(`element-${part}`, elementPartPath(part), () => current().assets.elementParts[part]);
  generated("netlify-headers", "/_headers", () => renderHeadersFile(buildFacts(current())));
  generated("netlify-redirects", "/_redirects", () => renderRedirectsFile());
  generated(
    "data",
    (data) => dataPath(data.countdown!.slug),
    ({ countdown }) => jsonText(dataRecord(countdown!)),
    true,
  );
  // A countdown's calendar file, and the feed of them all: each event with its page and stamp.
  const pageUrl = (slug: string) => absoluteUrl(current().config.site, pagePath(slug));
  const stamp = (slug: string) => new Date(current().stamps?.get(slug) ?? current().builtAt).toISOString();
  generated(
    "calendar",
    (data) => calendarPath(data.countdown!.slug),
    ({ countdown }) => calendarFile(countdown!, { pageUrl: pageUrl(countdown!.slug), stamp: stamp(countdown!.slug) }),
    true,
  );
  generated("calendar-feed", CALENDAR_FEED_PATH, () =>
    // Where there are more than it holds, the upcoming soonest, then those that ended last.
    calendarFeed(indexOrder(current().countdowns), {
      name: current().identity.name,
      description: current().identity.description,
      siteUrl: absoluteUrl(current().config.site, INDEX_PATH),
      feedUrl: absoluteUrl(current().config.site, CALENDAR_FEED_PATH),
      pageUrl,
      stamp,
    }),
  );
}

/** The countdowns' folder as a path in the repository ("countdowns"); the default's name when it is outside the project. */
function repositoryFolder(root: string, countdownsDir: string): string {
  const relative = path.relative(root, countdownsDir);
  return relative === "" || relative.startsWith("..") || path.isAbsolute(relative)
    ? "countdowns"
    : relative.split(path.sep).join("/");
}

interface PageData {
  countdown?: Countdown;
}
