// The build (the authoring format, the embed, the pages list, Netlify's files): what it writes, that a bad
// countdown fails it and publishes nothing, and that Eleventy's own command builds the same site.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  realpathSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import Eleventy from "@11ty/eleventy";
import { describe, expect, it } from "vitest";
import { buildPaths, readConfig } from "../../src/config.ts";
import { currentTarget } from "../../src/live/viewer-target.ts";
import { openLiveFolder } from "../../src/node/live-folder.ts";
import { MIN_COMPRESSED_BYTES } from "../../src/publish/file-digests.ts";
import { publish, renderSite } from "../../src/publish/publish.ts";
import { embedPath, INDEX_PAGE_SIZE, indexPagePath, WIDGET_SCRIPT_PATH } from "../../src/paths.ts";
import { countdownFiles, indexPageFiles, siteFiles } from "../../src/eleventy/built-files.ts";
import { editorFiles } from "../../src/eleventy/editor-files.ts";
import type { SiteLogo } from "../../src/site-identity.ts";
import { CHECKED_ELEVENTY_VERSIONS } from "../../src/eleventy/nunjucks-compile-cache.ts";
import { gatherSiteInput } from "../../src/publish/gather.ts";
import { configureSite } from "../../src/eleventy/site-plugin.ts";
import {
  EVERGREEN,
  EVERGREEN_CAPPED,
  FIXTURE_LOGO,
  HEADER_IMAGE,
  HOSTILE_TITLE,
  fixtureFiles,
  writeFixtureCountdowns,
} from "../support/fixtures.ts";
import { startServer } from "../support/production-server.ts";
import {
  ROOT,
  TEST_BASE_URL,
  TEST_COUNTDOWNS_DIR,
  TEST_ENV,
  TEST_LIVE_DIR,
  TEST_NOW,
  TEST_SITE_DIR,
} from "../support/paths.ts";

const run = promisify(execFile);
const eleventyVersion = (
  JSON.parse(readFileSync(path.join(ROOT, "node_modules/@11ty/eleventy/package.json"), "utf8")) as { version: string }
).version;
const read = (file: string) => readFileSync(path.join(TEST_SITE_DIR, file), "utf8");
const slugs = () => readdirSync(TEST_COUNTDOWNS_DIR).map((name) => name.replace(/\.md$/, ""));
const inlineScript = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
const builtFiles = (site: string) =>
  (readdirSync(site, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(site, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
    .filter((file) => !/\.(br|gz)$/.test(file))
    .sort();
const temporary = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`));

/** Checks that every text file of a kilobyte or more in `site`, and no other, has its twins; returns how many have. */
function expectCompressedTwins(site: string): number {
  const text = /(\.(html|json|js|css|ics|svg|txt|xml)|\/[^./]+)$/;
  const files = builtFiles(site).filter((file) => !file.startsWith("/_"));
  const large = new Set(
    files.filter((file) => text.test(file) && readFileSync(path.join(site, file)).length >= MIN_COMPRESSED_BYTES),
  );
  for (const file of files) {
    for (const twin of [".br", ".gz"])
      expect(existsSync(path.join(site, file + twin)), file + twin).toBe(large.has(file));
  }
  for (const file of large)
    expect(gunzipSync(readFileSync(path.join(site, `${file}.gz`))).toString("utf8"), file).toBe(
      readFileSync(path.join(site, file), "utf8"),
    );
  return large.size;
}

describe("builds every countdown into static files", () => {
  it("writes exactly the files the route table says a build publishes", () => {
    // The done image of go-ended, under the hash of its bytes, as its record names it.
    const doneImage = JSON.parse(read("api/data/go-ended.json")).doneImage as string;
    // The image of launch-image, likewise, as its page names it.
    const image = /<div class="cover"><img src="([^"]+)"/.exec(read(`${HEADER_IMAGE.slug}/index.html`))![1]!;
    const expected = [
      ...siteFiles({ logo: { type: "svg" } as SiteLogo }),
      ...editorFiles().map(({ file }) => file),
      doneImage,
      image,
      ...indexPageFiles(slugs().length),
      ...slugs().flatMap(countdownFiles),
      "/_headers",
      "/_redirects",
    ].sort();
    expect(builtFiles(TEST_SITE_DIR)).toEqual(expected);
    // An evergreen countdown has its duration where the others have a date.
    for (const slug of slugs())
      expect(Object.keys(JSON.parse(read(`api/data/${slug}.json`))).slice(0, 3)).toEqual([
        "slug",
        "title",
        slug === EVERGREEN.slug || slug === EVERGREEN_CAPPED.slug ? "evergreen" : "targetDate",
      ]);
    expect(JSON.parse(read(`api/data/${EVERGREEN.slug}.json`))).toEqual({
      slug: EVERGREEN.slug,
      title: EVERGREEN.title,
      evergreen: EVERGREEN.hours * 3600,
      zone: EVERGREEN.zone,
      lang: "de",
      messages: { done: "Der Countdown ist abgelaufen." },
    });
  });

  it("writes each countdown's record with the words its element shows in place of the count, in its language", () => {
    const record = (slug: string) => JSON.parse(read(`api/data/${slug}.json`)).messages;
    expect(record("future-launch")).toEqual({ done: "We have lift-off" });
    expect(record("postponed-de")).toEqual({
      done: "Der Countdown ist abgelaufen.",
      status: "Verschoben",
      newDate: "Neuer Termin folgt",
    });
    expect(record("cancelled-fr")).toEqual({ done: "Le compte à rebours est terminé.", status: "Annulé" });
  });

  it("writes <countdown-timer>'s module within its budget, 4,096 bytes gzipped, an ES module that defines the element once", () => {
    const script = read("api/element.js");
    expect(gzipSync(script, { level: 9 }).length).toBeLessThanOrEqual(4096);
    expect(script).toContain("import.meta.url");
    // The platform's names survive the shortening of the element's own: Intl's date options among them.
    expect(script).toMatch(
      /weekday:"short",day:"numeric",month:"short",year:"numeric",hour:"numeric",minute:"2-digit"/,
    );
    expect(script).toMatch(/customElements\.get\("countdown-timer"\)\|\|customElements\.define\("countdown-timer",/);
  });

  it("copies the site file's logo as it is, and every page's header draws it at its size beside the site's name", () => {
    expect(read("assets/logo.svg")).toBe(FIXTURE_LOGO);
    const header = (page: string) => /<header class="bar"><a href="\/">(.*?)<\/a>/.exec(read(page))?.[1];
    for (const page of [
      "index.html",
      "404.html",
      "new/index.html",
      `${slugs()[0]}/index.html`,
      `${slugs()[0]}/embed/index.html`,
    ]) {
      expect(header(page), page).toBe('<img src="/assets/logo.svg" alt="" width="90" height="30">Countdowns');
    }
  });

  it("writes the brotli and gzip twins of every text file of a kilobyte or more, and of no other", () => {
    expect(expectCompressedTwins(TEST_SITE_DIR)).toBeGreaterThan(slugs().length * 2);
  });

  it("converts an author's wall-clock time in their zone to UTC", () => {
    expect(JSON.parse(read("api/data/berlin-wall-clock.json")).targetDate).toBe("2099-07-01T10:00:00Z");
  });

  it("lists pages soonest first, ties by slug, with absolute URLs on the site's base URL", () => {
    const pages = JSON.parse(read("api/pages")) as { slug: string; title: string; url: string }[];
    expect(pages.map((page) => Object.keys(page))).toEqual(pages.map(() => ["slug", "title", "url"]));
    expect(pages.map((page) => page.url)).toEqual(pages.map((page) => `${TEST_BASE_URL}/${page.slug}/`));
    // What each counts to at the build's instant: its target, or a repeating one's next occurrence.
    const live = openLiveFolder(TEST_LIVE_DIR);
    const targets = pages.map((page) => currentTarget(live.get(page.slug)!, TEST_NOW).targetMs);
    expect(targets).toEqual([...targets].sort((a, b) => a - b));
    expect(pages.findIndex((page) => page.slug === "tie-a")).toBe(pages.findIndex((page) => page.slug === "tie-b") - 1);
    // Every countdown but the unlisted ones.
    const unlisted = Object.entries(fixtureFiles()).flatMap(([slug, text]) =>
      /^unlisted: true$/m.test(text) ? [slug] : [],
    );
    expect(unlisted.length).toBeGreaterThan(0);
    expect(pages.map((page) => page.slug).sort()).toEqual(
      slugs()
        .filter((slug) => !unlisted.includes(slug))
        .sort(),
    );
  });

  it("writes the live data the function and the Node server read, and marks the folder as a build", () => {
    const live = openLiveFolder(TEST_LIVE_DIR);
    expect(live.version).toBe("test+0000000");
    expect(live.site).toEqual({ origin: TEST_BASE_URL, basePath: "" });
    const manifest = JSON.parse(
      readFileSync(path.join(buildPaths(path.dirname(TEST_SITE_DIR)).manifest, "meta.json"), "utf8"),
    ) as { facts: { tickerHashes: string[] } };
    for (const hash of manifest.facts.tickerHashes) expect(hash).toMatch(/^sha256-[A-Za-z0-9+/]+=*$/);
    expect(live.count).toBe(slugs().length);
    // Each countdown as /api/data/<slug>.json publishes it, but for the words shown in place of its count.
    for (const slug of slugs()) {
      const { messages, ...record } = JSON.parse(read(`api/data/${slug}.json`));
      expect(live.get(slug)).toMatchObject(record);
      expect(messages.done).toEqual(expect.any(String));
    }
    expect(existsSync(buildPaths(path.dirname(TEST_SITE_DIR)).marker)).toBe(true);
  });

  it("publishes no live data, sources or configs", () => {
    expect(
      builtFiles(TEST_SITE_DIR).filter((file) =>
        /\.(ts|md|njk|map|toml)$|countdowns\.json|package|countdown-build/.test(file),
      ),
    ).toEqual([]);
  });
});

describe("the site file's folder", () => {
  it("warns of every file in _data/ the build does not read: only site.json and its logo are", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "data-folder-"));
    try {
      mkdirSync(path.join(root, "countdowns"));
      writeFixtureCountdowns(path.join(root, "countdowns"));
      mkdirSync(path.join(root, "_data"));
      writeFileSync(path.join(root, "_data", "site.json"), '{ "name": "Launch Central", "logo": "logo.svg" }');
      writeFileSync(
        path.join(root, "_data", "logo.svg"),
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
      );
      writeFileSync(path.join(root, "_data", "events.json"), "[]");
      writeFileSync(path.join(root, "_data", ".gitkeep"), "");
      const input = await gatherSiteInput(readConfig({}, { root }), { now: TEST_NOW });
      expect(input.warnings!.filter((warning) => warning.file.startsWith("_data/"))).toEqual([
        {
          file: "_data/events.json",
          field: "file",
          message:
            "the build reads only _data/site.json and the logo and font files it names, not Eleventy's other data files: this is neither used nor published; move what it holds into _data/site.json, or the file out of _data/",
        },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("builds a self-contained embed per countdown", () => {
  const embed = read("api/embed/future-launch.html");

  it("shows the title, the timer and the target as a <time> even without JavaScript", () => {
    expect(embed).toMatch(/<h1 id="title" title="[^"]+">.*<\/h1>/);
    expect(embed).toMatch(/role="timer"/);
    // When, in the author's zone (the fixture's is UTC), as every surface says it.
    expect(embed).toMatch(
      /<time id="when" datetime="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z">\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M UTC<\/time>/,
    );
  });

  it("gives the ticker its live JSON's path, for ?sync=1", () => {
    expect(embed).toContain('data-live="/api/countdown/future-launch"');
  });

  it("escapes the title in every context", () => {
    expect(embed).not.toContain("<b>");
    expect(embed).not.toContain("alert(1)</script>");
    expect(embed).toContain("Launch &lt;b&gt;&quot;party&quot;&lt;/b&gt; &amp;");
    expect(read("future-launch/index.html")).not.toContain("<b>");
    expect(JSON.parse(read("api/pages")).find((p: { slug: string }) => p.slug === "future-launch").title).toBe(
      HOSTILE_TITLE,
    );
  });

  it("renders the Markdown description without the author's raw HTML", () => {
    const page = read("future-launch/index.html");
    expect(page).toContain("<strong>launch</strong>");
    expect(page).toContain("&lt;em&gt;party&lt;/em&gt;");
  });

  it("loads nothing from elsewhere: its markup is one request, inline style and script, its own empty icon", () => {
    expect(embed.replace('<link rel="icon" href="data:,">', "").replace(inlineScript(embed), "")).not.toMatch(
      /<(link|img|iframe|object|embed)\b|\bsrc=|\bhref=|@import|url\(/i,
    );
    expect(embed).toContain('<link rel="icon" href="data:,">');
    expect(embed.match(/<script/g)).toHaveLength(1);
  });

  it("inlines one ticker in every widget, pinned by its CSP hash in _headers, and leaves repeats, evergreen deadlines and the rarely used options to the site's widget script", () => {
    const hash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    const tickers = [...new Set(slugs().map((slug) => inlineScript(read(`api/embed/${slug}.html`))))];
    expect(tickers).toHaveLength(1);
    const [ticker] = tickers as [string];
    const more = read(WIDGET_SCRIPT_PATH.slice(1));
    // The start code of an evergreen countdown, the occurrence code of a repeating one (zone offsets
    // read as "longOffset"), the pause button's styles: in the widget script, not in the ticker.
    for (const code of ["countdown-start:", "longOffset", "aria-pressed"]) {
      expect(ticker).not.toContain(code);
      expect(more).toContain(code);
    }
    // The ticker loads the widget script by a URL relative to the widget's own.
    const src = /\.src="([^"]+)"/.exec(ticker)![1]!;
    expect(new URL(src, `http://site.test${embedPath("any")}`).pathname).toBe(WIDGET_SCRIPT_PATH);
    expect(read("_headers")).toContain(`script-src ${hash(ticker)} 'self'`);
    expect(read("_headers")).toContain("frame-ancestors *");
  });

  it("builds a 404 widget in the same style", () => {
    const notFound = read("api/not-found.html");
    expect(notFound).toContain("Countdown not found");
    expect(notFound).toContain(/<style>[\s\S]*?<\/style>/.exec(embed)![0]);
  });
});

describe("deploys to Netlify with no other setting", () => {
  const toml = readFileSync(path.join(ROOT, "netlify.toml"), "utf8");

  it("builds with npm run build, publishes the site folder, bundles the functions folder on Node 22", () => {
    expect(toml).toMatch(/command = "npm run build"/);
    expect(toml).toMatch(/publish = "dist\/site"/);
    expect(path.join(ROOT, "dist/site")).toBe(buildPaths(readConfig({}).outDir).site);
    expect(toml).toMatch(/directory = "netlify\/functions"/);
    expect(toml).toMatch(/NODE_VERSION = "22"/);
    expect(readdirSync(path.join(ROOT, "netlify/functions")).sort()).toEqual(["images.ts", "live.ts", "share.ts"]);
  });

  it("takes Netlify's URL as the base of every absolute URL, and a preview's own address on a deploy preview", async () => {
    for (const [env, origin] of [
      [{ URL: "https://deployed.example.org" }, "https://deployed.example.org"],
      [
        {
          URL: "https://deployed.example.org",
          CONTEXT: "deploy-preview",
          DEPLOY_PRIME_URL: "https://deploy-preview-7--deployed.netlify.app",
        },
        "https://deploy-preview-7--deployed.netlify.app",
      ],
    ] as const) {
      const outDir = path.join(temporary("build-url"), "dist");
      await run(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
        cwd: ROOT,
        env: { ...process.env, ...env, OUT_DIR: outDir, COUNTDOWNS_DIR: TEST_COUNTDOWNS_DIR },
      });
      const site = buildPaths(outDir).site;
      const pages = JSON.parse(readFileSync(path.join(site, "api/pages"), "utf8"));
      expect(pages[0].url).toMatch(new RegExp(`^${origin.replace(/[.]/g, "\\.")}/[a-z0-9-]+/$`));
      expect(readFileSync(path.join(site, "future-launch/embed/index.html"), "utf8")).toContain(
        `src="${origin}/api/embed/future-launch"`,
      );
      expect(readFileSync(path.join(site, "future-launch/index.html"), "utf8")).toContain(
        `"url":"${origin}/future-launch/"`,
      );
      // Relative, so one description serves any address the site is reached at.
      expect(JSON.parse(readFileSync(path.join(site, "api/openapi.json"), "utf8")).servers).toEqual([{ url: "/" }]);
    }
  });

  it("builds without URL for the port it is told, so the snippets point where it is served", async () => {
    const outDir = path.join(temporary("build-port"), "dist");
    await run(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
      cwd: ROOT,
      env: { ...process.env, URL: undefined, PORT: "9123", OUT_DIR: outDir, COUNTDOWNS_DIR: TEST_COUNTDOWNS_DIR },
    });
    expect(JSON.parse(readFileSync(path.join(buildPaths(outDir).site, "api/pages"), "utf8"))[0].url).toMatch(
      /^http:\/\/localhost:9123\//,
    );
  });
});

describe("a site under a base path (URL with a path)", () => {
  it("links every page, asset, snippet and API route under that path, and keeps its files where they are", async () => {
    const outDir = path.join(temporary("build-base"), "dist");
    const result = await publish(readConfig({ ...TEST_ENV, OUT_DIR: outDir, URL: "https://example.org/countdowns/" }), {
      now: TEST_NOW,
    });
    expect(result.ok).toBe(true);
    const site = buildPaths(outDir).site;
    const page = readFileSync(path.join(site, "future-launch/index.html"), "utf8");
    expect(page).toContain('<script type="module" src="/countdowns/assets/site.js">');
    expect(page).toContain('href="/countdowns/future-launch/future-launch.ics"');
    expect(page).toContain('href="webcal://example.org/countdowns/calendar.ics"');
    expect(readFileSync(path.join(site, "calendar.ics"), "utf8")).toContain(
      "SOURCE;VALUE=URI:https://example.org/countdowns/calendar.ics\r\n",
    );
    expect(page).toContain('href="/countdowns/future-launch/embed/"');
    expect(page).toContain('href="/countdowns/"');
    expect(page).not.toMatch(/(href|src)="\/(?!countdowns\/)/);
    const owner = readFileSync(path.join(site, "future-launch/embed/index.html"), "utf8");
    expect(owner).toContain('src="https://example.org/countdowns/api/embed/future-launch"');
    expect(owner).toContain('href="/countdowns/future-launch/"');
    expect(owner).not.toMatch(/(href|src)="\/(?!countdowns\/)/);
    expect(readFileSync(path.join(site, "api/embed/future-launch.html"), "utf8")).toContain(
      'data-live="/countdowns/api/countdown/future-launch"',
    );
    expect(JSON.parse(readFileSync(path.join(site, "api/pages"), "utf8"))[0].url).toMatch(
      /^https:\/\/example\.org\/countdowns\/[a-z0-9-]+\/$/,
    );
    expect(openLiveFolder(buildPaths(outDir).live).site).toEqual({
      origin: "https://example.org",
      basePath: "/countdowns",
    });
    expect(builtFiles(site)).toEqual(builtFiles(TEST_SITE_DIR));
  });
});

describe("a site that knows its repository (the site file's, or Netlify's REPOSITORY_URL)", () => {
  it("links each countdown's file for editing there, and gives the creator the repository and branch", async () => {
    const outDir = path.join(temporary("build-repository"), "dist");
    const result = await publish(
      readConfig({ ...TEST_ENV, OUT_DIR: outDir, REPOSITORY_URL: "https://github.com/you/countdowns.git" }),
      { now: TEST_NOW },
    );
    expect(result.ok).toBe(true);
    const site = buildPaths(outDir).site;
    const page = readFileSync(path.join(site, "future-launch/index.html"), "utf8");
    // The countdowns' folder as a path in the repository (the project's root); the default's name if it is outside.
    const relative = path.relative(ROOT, TEST_COUNTDOWNS_DIR);
    const folder =
      relative.startsWith("..") || path.isAbsolute(relative) ? "countdowns" : relative.split(path.sep).join("/");
    expect(page).toContain(
      `· <a href="https://github.com/you/countdowns/edit/main/${folder}/future-launch.md" rel="noopener">Edit</a></p>`,
    );
    const creator = readFileSync(path.join(site, "new/index.html"), "utf8");
    expect(creator).toContain(
      `data-folder="${folder}" data-repository="https://github.com/you/countdowns" data-branch="main"`,
    );
    expect(creator).toContain("data-repository-link");
    // Without one: no Edit link, no repository button.
    expect(read("future-launch/index.html")).not.toContain(">Edit</a>");
    expect(read("new/index.html")).not.toContain("data-repository-link");
  });
});

describe("Eleventy's own command builds the site on its own", () => {
  it("writes the same files as npm run build, with eleventy.config.js and nothing else", async () => {
    const outDir = path.join(temporary("eleventy-cli"), "dist");
    const eleventy = path.join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
    // As at the fixture build's instant (SOURCE_DATE_EPOCH): a repeating countdown's occurrence passing
    // meanwhile would reorder /api/pages.
    await run(process.execPath, [eleventy, "--quiet"], {
      cwd: ROOT,
      env: { ...process.env, ...TEST_ENV, OUT_DIR: outDir, SOURCE_DATE_EPOCH: String(TEST_NOW / 1000) },
    });
    const site = buildPaths(outDir).site;
    expect(builtFiles(site)).toEqual(builtFiles(TEST_SITE_DIR));
    for (const file of [
      "api/embed/future-launch.html",
      "api/pages",
      "_headers",
      "_redirects",
      "api/data/long-past.json",
    ]) {
      expect(readFileSync(path.join(site, file), "utf8"), file).toBe(read(file));
    }
    expect(existsSync(buildPaths(outDir).marker)).toBe(true);
  });
});

describe("a bad countdown fails the build and publishes nothing", () => {
  function badFolder(): string {
    const dir = path.join(temporary("bad-countdowns"), "countdowns");
    writeFixtureCountdowns(dir);
    writeFileSync(path.join(dir, "no-title.md"), `---\ntarget: "2030-01-01T00:00:00Z"\n---\n`);
    writeFileSync(
      path.join(dir, "gap.md"),
      `---\ntitle: Gap\ntarget: "2026-03-29T02:30:00"\ntimezone: "Europe/Berlin"\n---\n`,
    );
    writeFileSync(path.join(dir, "api.md"), `---\ntitle: Reserved\ntarget: "2030-01-01T00:00:00Z"\n---\n`);
    return dir;
  }

  it("returns every problem of every file and leaves the previous build in place", async () => {
    const outDir = path.join(temporary("build-keep"), "dist");
    const good = await publish(readConfig({ ...TEST_ENV, OUT_DIR: outDir }), { version: "good" });
    expect(good.ok).toBe(true);
    const before = readFileSync(path.join(buildPaths(outDir).site, "api/pages"), "utf8");

    const bad = await publish(readConfig({ ...TEST_ENV, OUT_DIR: outDir, COUNTDOWNS_DIR: badFolder() }), {
      version: "bad",
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => `${path.basename(p.file)} ${p.field}`).sort()).toEqual([
      "api.md slug",
      "gap.md target",
      "no-title.md title",
    ]);
    expect(readFileSync(path.join(buildPaths(outDir).site, "api/pages"), "utf8")).toBe(before);
    expect(openLiveFolder(buildPaths(outDir).live).version).toBe("good");
    // Nothing of the failed build is left: OUT_DIR, and its builds' folder with the one served.
    expect(readdirSync(path.dirname(outDir)).sort()).toEqual(["dist", "dist.builds"]);
    expect(readdirSync(`${outDir}.builds`)).toEqual([path.basename(realpathSync(outDir))]);
  });

  it("exits non-zero from npm run build, printing each problem with file and field", async () => {
    const outDir = path.join(temporary("build-fail"), "dist");
    const failure = await run(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
      cwd: ROOT,
      env: { ...process.env, COUNTDOWNS_DIR: badFolder(), OUT_DIR: outDir },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/Build failed: 3 problem\(s\) in countdowns; nothing was published/);
    expect(failure?.stderr).toMatch(/\/api\.md: slug: "api" is reserved/);
    expect(failure?.stderr).toMatch(/\/gap\.md: target: "2026-03-29T02:30:00" does not exist in Europe\/Berlin/);
    expect(failure?.stderr).toMatch(/\/no-title\.md: title: is missing/);
    expect(failure?.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(outDir)).toBe(false);
  });
});

describe("a countdown file that Eleventy's own command meets is checked as strictly", () => {
  it("fails with every problem and writes nothing", async () => {
    const dir = path.join(temporary("eleventy-bad"), "countdowns");
    writeFixtureCountdowns(dir);
    writeFileSync(path.join(dir, "no-target.md"), `---\ntitle: T\n---\n`);
    writeFileSync(
      path.join(dir, "bad-zone.md"),
      `---\ntitle: Z\ntarget: "2030-01-01T00:00"\ntimezone: "Mars/Base"\n---\n`,
    );
    const outDir = path.join(temporary("eleventy-bad-out"), "dist");
    const failure = await run(process.execPath, [path.join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs"), "--quiet"], {
      cwd: ROOT,
      env: { ...process.env, COUNTDOWNS_DIR: dir, OUT_DIR: outDir },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(`${failure?.stdout}${failure?.stderr}`).toMatch(/no-target\.md: target: is missing/);
    expect(`${failure?.stdout}${failure?.stderr}`).toMatch(/bad-zone\.md: timezone: "Mars\/Base"/);
    expect(existsSync(buildPaths(outDir).site)).toBe(false);
  });
});

describe("the index, in pages", () => {
  const DAY = 86_400_000;
  // 120 upcoming and 130 ended countdowns, generated relative to the run's clock.
  const COUNT = 250;
  let site: string;
  const page = (n: number) => readFileSync(path.join(site, indexPagePath(n), "index.html"), "utf8");
  const listed = (html: string) => [...html.matchAll(/<li [^>]*>\s*<a href="\/(c-\d+)\/">/g)].map((match) => match[1]!);
  const number = (slug: string) => Number(slug.slice(2));

  it("pages the countdowns with the route table's page size: index.njk writes one page of indexPageList each", async () => {
    const template = readFileSync(path.join(ROOT, "src/pages/index.njk"), "utf8");
    expect(/^pagination:\n {2}data: indexPageList\n {2}size: (\d+)$/m.exec(template)?.[1]).toBe("1");
    expect(INDEX_PAGE_SIZE).toBe(100);
    const countdowns = temporary("paged-countdowns");
    for (let i = 0; i < COUNT; i++) {
      // c-0 ends first ... c-249 is the furthest ahead; c-0 to c-129 have ended.
      const target = new Date(TEST_NOW + (i - 129.5) * DAY).toISOString().replace(/\.\d{3}Z$/, "Z");
      writeFileSync(path.join(countdowns, `c-${i}.md`), `---\ntitle: "Countdown ${i}"\ntarget: "${target}"\n---\n`);
    }
    const outDir = path.join(temporary("paged"), "dist");
    expect(
      (await publish(readConfig({ ...TEST_ENV, COUNTDOWNS_DIR: countdowns, OUT_DIR: outDir }), { now: TEST_NOW })).ok,
    ).toBe(true);
    site = buildPaths(outDir).site;
    expect(
      builtFiles(site).filter(
        (file) => file.endsWith("index.html") && !/\/c-\d+\//.test(file) && file !== "/new/index.html",
      ),
    ).toEqual(["/index.html", ...indexPageFiles(COUNT)].sort());
    expect(indexPageFiles(COUNT)).toEqual(["/page/2/index.html", "/page/3/index.html"]);
    expect(expectCompressedTwins(site)).toBeGreaterThan(COUNT * 2);
  });

  it("lists upcoming countdowns soonest first, then ended ones, the most recent first, 100 a page", () => {
    const all = [1, 2, 3].flatMap((n) => listed(page(n)));
    expect([1, 2, 3].map((n) => listed(page(n)).length)).toEqual([100, 100, 50]);
    const upcoming = Array.from({ length: 120 }, (_, i) => `c-${130 + i}`);
    const ended = Array.from({ length: 130 }, (_, i) => `c-${129 - i}`);
    expect(all).toEqual([...upcoming, ...ended]);
    expect(number(all[119]!)).toBe(249);
    // The second page holds the end of the upcoming ones and the start of the ended ones, each under its heading.
    expect(page(2)).toMatch(/<h2 id="upcoming">Upcoming, continued<\/h2>[\s\S]*<h2 id="ended">Ended<\/h2>/);
    expect(page(3)).toContain('<h2 id="ended">Ended, continued</h2>');
  });

  it("links each page to its neighbours and to the first and last, and names the page", () => {
    expect(page(1)).toMatch(
      /<nav class="pages" aria-label="Pages of the list">[\s\S]*<span aria-current="page">1<\/span>[\s\S]*<a href="\/page\/2\/" rel="next">Next<\/a>/,
    );
    expect(page(1)).not.toContain('rel="prev"');
    expect(page(2)).toContain('<a href="/" rel="prev">Previous</a>');
    expect(page(2)).toContain('<a href="/page/3/" rel="next">Next</a>');
    expect(page(3)).not.toContain('rel="next"');
    expect(page(3)).toContain("<title>Countdowns, page 3 of 3</title>");
  });

  it("keeps the first page small at any count: its HTML at most 50 KB gzipped", () => {
    expect(gzipSync(page(1)).length).toBeLessThan(50 * 1024);
  });

  it("is served page by page, and no page past the last", async () => {
    const server = await startServer(path.dirname(site));
    try {
      const at = (target: string) => fetch(`${server.url}${target}`, { redirect: "manual" });
      expect((await at("/page/3/")).status).toBe(200);
      expect((await at("/page/3")).headers.get("location")).toBe("/page/3/");
      for (const missing of ["/page/4/", "/page/1/", "/page/0/", "/page/03/"])
        expect((await at(missing)).status, missing).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe("the Nunjucks compile cache", () => {
  it("changes nothing in what is built", async () => {
    expect(CHECKED_ELEVENTY_VERSIONS).toBe(`${eleventyVersion.split(".").slice(0, 2).join(".")}.x`);
    const input = await gatherSiteInput(readConfig(TEST_ENV), { now: TEST_NOW, version: "same" });
    const built: Record<string, string>[] = [];
    for (const nunjucksCompileCache of [true, false]) {
      const outputDir = path.join(temporary(`cache-${nunjucksCompileCache}`), "site");
      const eleventy = new Eleventy(undefined, undefined, {
        configPath: false,
        quietMode: true,
        config: (c) => configureSite(c, { input: { ...input, outputDir }, nunjucksCompileCache }),
      });
      await eleventy.write();
      built.push(
        Object.fromEntries(
          builtFiles(outputDir).map((file) => [file, readFileSync(path.join(outputDir, file), "utf8")]),
        ),
      );
    }
    expect(Object.keys(built[0]!).length).toBeGreaterThan(30);
    expect(built[0]).toEqual(built[1]);
  });
});

describe("a large site, written in several Eleventy runs", () => {
  const filesOf = (dir: string) =>
    Object.fromEntries(builtFiles(dir).map((file) => [file, readFileSync(path.join(dir, file), "utf8")]));

  it("writes the same files, byte for byte, in runs of a few countdowns as in one run", async () => {
    const input = await gatherSiteInput(readConfig(TEST_ENV), { now: TEST_NOW, version: "same" });
    const whole = path.join(temporary("one-run"), "site");
    const parts = path.join(temporary("runs-of-5"), "site");
    expect(await renderSite(input, whole, { perRun: Infinity })).toEqual({ runs: 1 });
    expect(input.countdowns.length).toBeGreaterThan(10);
    expect(await renderSite(input, parts, { perRun: 5 })).toEqual({ runs: Math.ceil(input.countdowns.length / 5) });
    expect(filesOf(parts)).toEqual(filesOf(whole));
  });

  it("writes only the countdowns' own files in a later run: the index, lists and 404 pages once", async () => {
    const input = await gatherSiteInput(readConfig(TEST_ENV), { now: TEST_NOW, version: "same" });
    const site = path.join(temporary("later-run"), "site");
    const [first, second] = input.countdowns;
    await renderSite({ ...input, only: new Set([first!.slug, second!.slug]), ownFilesOnly: true }, site);
    expect(builtFiles(site)).toEqual([first!.slug, second!.slug].flatMap(countdownFiles).sort());
  });
});
