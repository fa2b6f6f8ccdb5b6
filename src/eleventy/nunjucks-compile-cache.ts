// Compiles every Nunjucks template of the site once per build instead of once per page.
//
// Eleventy 3.1 marks its Nunjucks engine as not cacheable (11ty/eleventy#3807, #3819), so it parses
// and compiles a paginated template again for every page it writes: its body and its permalink.
// With the embed and the page paginated over the countdowns, that is a large part of the build at
// 10,000 countdowns (`npm run bench`, BENCHMARKS.md). This plugin overrides
// the njk language through Eleventy's documented API for overriding a template language
// (`addExtension("njk", ...)`, https://www.11ty.dev/docs/languages/custom/#overriding-an-existing-template-language)
// and compiles with the environment Eleventy itself set up for Nunjucks (its loaders, options and
// every filter), with `compileOptions.cache` so Eleventy keeps each compiled template for the build.
import type { UserConfig } from "@11ty/eleventy";

type Render = (data: object) => Promise<string>;

interface NunjucksTemplate {
  render(context: object, callback: (error: Error | null, result: string) => void): void;
}

interface NunjucksSetup {
  nunjucks: {
    Template: new (
      source: string,
      environment: unknown,
      path: string | null,
      eagerCompile: boolean,
    ) => NunjucksTemplate;
  };
  environment: { opts: { tags?: { blockStart?: string; variableStart?: string; commentStart?: string } } };
}

/** The Eleventy versions whose Nunjucks engine this was written against and checked with. */
export const CHECKED_ELEVENTY_VERSIONS = "3.1.x";

/**
 * Adds the cache on the Eleventy versions it was checked with (a build test builds the site with
 * and without it and compares every file); on any other version Eleventy compiles as it always does.
 */
export function nunjucksCompileCache(eleventyConfig: UserConfig): void {
  try {
    eleventyConfig.versionCheck(CHECKED_ELEVENTY_VERSIONS);
  } catch {
    return;
  }
  let setup: NunjucksSetup | undefined;
  // Fired when Eleventy creates its Nunjucks environment, before any template is compiled.
  eleventyConfig.on("eleventy.engine.njk", (created: NunjucksSetup) => {
    setup = created;
  });

  function compile(source: string, inputPath: string): Render {
    if (!setup) throw new Error("Eleventy compiled a Nunjucks template before it set up Nunjucks");
    // As Eleventy's own Nunjucks engine does: a path for templates read from files, none for strings.
    const path = !inputPath || inputPath === "njk" || inputPath === "md" ? null : inputPath;
    const template = new setup.nunjucks.Template(source, setup.environment, path, true);
    return (data) =>
      new Promise((resolve, reject) =>
        template.render(data, (error, result) => (error ? reject(error) : resolve(result))),
      );
  }

  /** Eleventy's Nunjucks engine leaves a permalink without tags as it is; so does this. */
  function hasTags(source: string): boolean {
    const tags = setup?.environment.opts.tags ?? {};
    return [tags.blockStart ?? "{%", tags.variableStart ?? "{{", tags.commentStart ?? "{#"].some((start) =>
      source.includes(start),
    );
  }

  // Permalinks are compiled outside Eleventy's cache, once per template and permalink string.
  const permalinks = new Map<string, Render>();
  eleventyConfig.addExtension("njk", {
    compile,
    compileOptions: {
      cache: true,
      permalink(source: unknown, inputPath: string) {
        // Not a string: no permalink in the data, so Eleventy's default applies.
        if (typeof source !== "string") return undefined;
        if (!hasTags(source)) return source;
        const key = `${inputPath}\u0000${source}`;
        let render = permalinks.get(key);
        if (!render) permalinks.set(key, (render = compile(source, inputPath)));
        return render;
      },
    },
  });
}
