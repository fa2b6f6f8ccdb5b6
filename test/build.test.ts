// The build (CONTRACT: authoring format, embed, pages list, Netlify files): what it writes, and that a
// bad countdown fails the build, names every problem and publishes nothing.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildSite } from "../src/build/build-site.ts";
import { buildPaths } from "../src/build/build-paths.ts";
import { HOSTILE_TITLE } from "./support/fixtures.ts";
import { ROOT, TEST_BASE_URL, TEST_COUNTDOWNS_DIR, TEST_LIVE_DATA, TEST_SITE_DIR } from "./support/paths.ts";

const run = promisify(execFile);
const read = (file: string) => readFileSync(path.join(TEST_SITE_DIR, file), "utf8");
const slugs = () => readdirSync(TEST_COUNTDOWNS_DIR).map((name) => name.replace(/\.md$/, ""));
const inlineScript = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;

describe("builds every countdown into static files", () => {
  it("writes an embed, a page and target data per slug", () => {
    for (const slug of slugs()) {
      expect(existsSync(path.join(TEST_SITE_DIR, "api/embed", slug)), slug).toBe(true);
      expect(existsSync(path.join(TEST_SITE_DIR, slug, "index.html")), slug).toBe(true);
      expect(Object.keys(JSON.parse(read(`api/data/${slug}.json`)))).toEqual(["slug", "title", "targetDate"]);
    }
  });

  it("ships at least two future and one past sample countdown", () => {
    const samples = readdirSync(path.join(ROOT, "countdowns")).map((name) => name.replace(/\.md$/, ""));
    const targets = samples.map((slug) => Date.parse(JSON.parse(read(`api/data/${slug}.json`)).targetDate));
    expect(targets.filter((target) => target > Date.now()).length).toBeGreaterThanOrEqual(2);
    expect(targets.filter((target) => target < Date.now()).length).toBeGreaterThanOrEqual(1);
  });

  it("converts an author's wall-clock time in their zone to UTC", () => {
    expect(JSON.parse(read("api/data/new-year-2027.json")).targetDate).toBe("2026-12-31T23:00:00Z");
    expect(JSON.parse(read("api/data/berlin-wall-clock.json")).targetDate).toBe("2099-07-01T10:00:00Z");
  });

  it("lists pages soonest first, ties by slug, with absolute URLs on the site's base URL", () => {
    const pages = JSON.parse(read("api/pages")) as { slug: string; title: string; url: string }[];
    expect(pages.map((page) => Object.keys(page))).toEqual(pages.map(() => ["slug", "title", "url"]));
    expect(pages.map((page) => page.url)).toEqual(pages.map((page) => `${TEST_BASE_URL}/${page.slug}/`));
    const targets = pages.map((page) => Date.parse(JSON.parse(read(`api/data/${page.slug}.json`)).targetDate));
    expect(targets).toEqual([...targets].sort((a, b) => a - b));
    expect(pages.findIndex((page) => page.slug === "tie-a")).toBe(pages.findIndex((page) => page.slug === "tie-b") - 1);
    expect(pages.map((page) => page.slug).sort()).toEqual(slugs().sort());
  });

  it("writes the live data the function and the local server read", () => {
    const live = JSON.parse(readFileSync(TEST_LIVE_DATA, "utf8"));
    expect(live.version).toBe("test+0000000");
    expect(live.tickerHash).toMatch(/^sha256-[A-Za-z0-9+/]+=*$/);
    expect(live.countdowns.map((c: { slug: string }) => c.slug).sort()).toEqual(slugs().sort());
  });

  it("publishes no live data, sources or configs", () => {
    const published = readdirSync(TEST_SITE_DIR, { recursive: true }).map(String);
    expect(published.filter((file) => /\.(ts|md|njk|map|toml)$|countdowns\.json|package/.test(file))).toEqual([]);
  });
});

describe("builds a self-contained embed per countdown", () => {
  const embed = read("api/embed/future-launch");

  it("shows the title, the timer and the target as a <time> even without JavaScript", () => {
    expect(embed).toMatch(/<h1>.*<\/h1>/);
    expect(embed).toMatch(/role="timer"/);
    expect(embed).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z">[^<]+ UTC<\/time>/);
  });

  it("escapes the title in every context", () => {
    expect(embed).not.toContain("<b>");
    expect(embed).not.toContain("alert(1)</script>");
    expect(embed).toContain("Launch &lt;b&gt;&quot;party&quot;&lt;/b&gt; &amp;");
    expect(read("future-launch/index.html")).not.toContain("<b>");
    expect(read("api/pages")).toContain(JSON.stringify(HOSTILE_TITLE).replace(/</g, "\\u003c"));
    expect(JSON.parse(read("api/pages")).find((p: { slug: string }) => p.slug === "future-launch").title).toBe(HOSTILE_TITLE);
  });

  it("renders the Markdown description without the author's raw HTML", () => {
    const page = read("future-launch/index.html");
    expect(page).toContain("<strong>launch</strong>");
    expect(page).toContain("&lt;em&gt;party&lt;/em&gt;");
  });

  it("loads nothing from elsewhere: one request, inline style and script", () => {
    expect(embed).not.toMatch(/<(link|img|iframe|object|embed)\b|\bsrc=|\bhref=|@import|url\(/i);
    expect(embed.match(/<script/g)).toHaveLength(1);
  });

  it("inlines the same ticker in every widget, pinned by the CSP hash in _headers", () => {
    const scripts = new Set(slugs().map((slug) => inlineScript(read(`api/embed/${slug}`))));
    expect(scripts.size).toBe(1);
    const [script] = [...scripts];
    const hash = `sha256-${createHash("sha256").update(script!).digest("base64")}`;
    expect(read("_headers")).toContain(`script-src '${hash}'`);
    expect(read("_headers")).toContain("frame-ancestors *");
  });

  it("builds a 404 widget in the same style", () => {
    const notFound = read("api/embed/not-found.html");
    expect(notFound).toContain("Countdown not found");
    expect(notFound).toContain(/<style>[\s\S]*?<\/style>/.exec(embed)![0]);
  });
});

describe("deploys to Netlify with no other setting", () => {
  const toml = readFileSync(path.join(ROOT, "netlify.toml"), "utf8");

  it("builds with npm run build, publishes the site folder, bundles the functions folder on Node 22", () => {
    expect(toml).toMatch(/command = "npm run build"/);
    expect(toml).toMatch(/publish = "dist\/site"/);
    expect(path.join(ROOT, "dist/site")).toBe(buildPaths(path.join(ROOT, "dist")).site);
    expect(toml).toMatch(/directory = "netlify\/functions"/);
    expect(toml).toMatch(/NODE_VERSION = "22"/);
    expect(readdirSync(path.join(ROOT, "netlify/functions"))).toEqual(["live.ts"]);
  });

  it("takes Netlify's URL as the base of every absolute URL", async () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), "build-url-")), "dist");
    await run(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
      cwd: ROOT,
      env: { ...process.env, URL: "https://deployed.example.org", OUT_DIR: outDir, COUNTDOWNS_DIR: TEST_COUNTDOWNS_DIR },
    });
    const pages = JSON.parse(readFileSync(path.join(buildPaths(outDir).site, "api/pages"), "utf8"));
    expect(pages[0].url).toMatch(/^https:\/\/deployed\.example\.org\/[a-z0-9-]+\/$/);
    expect(readFileSync(path.join(buildPaths(outDir).site, "jwst-launch/index.html"), "utf8")).toContain(
      'src="https://deployed.example.org/api/embed/jwst-launch"',
    );
  });
});

describe("a bad countdown fails the build and publishes nothing", () => {
  function badFolder(): string {
    const dir = mkdtempSync(path.join(tmpdir(), "bad-countdowns-"));
    cpSync(path.join(ROOT, "countdowns"), dir, { recursive: true });
    writeFileSync(path.join(dir, "no-title.md"), `---\ntarget: "2030-01-01T00:00:00Z"\n---\n`);
    writeFileSync(path.join(dir, "gap.md"), `---\ntitle: Gap\ntarget: "2026-03-29T02:30:00"\ntimezone: "Europe/Berlin"\n---\n`);
    writeFileSync(path.join(dir, "api.md"), `---\ntitle: Reserved\ntarget: "2030-01-01T00:00:00Z"\n---\n`);
    return dir;
  }

  it("returns every problem of every file and leaves the previous build in place", async () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), "build-keep-")), "dist");
    const good = await buildSite({ countdownsDir: TEST_COUNTDOWNS_DIR, outDir, baseUrl: TEST_BASE_URL, version: "good" });
    expect(good.ok).toBe(true);
    const before = readFileSync(path.join(buildPaths(outDir).site, "api/pages"), "utf8");

    const bad = await buildSite({ countdownsDir: badFolder(), outDir, baseUrl: TEST_BASE_URL, version: "bad" });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => `${path.basename(p.file)} ${p.field}`).sort()).toEqual(["api.md slug", "gap.md target", "no-title.md title"]);
    expect(readFileSync(path.join(buildPaths(outDir).site, "api/pages"), "utf8")).toBe(before);
    expect(JSON.parse(readFileSync(buildPaths(outDir).liveData, "utf8")).version).toBe("good");
    expect(readdirSync(path.dirname(outDir))).toEqual(["dist"]);
  });

  it("exits non-zero from npm run build, printing each problem with file and field", async () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), "build-fail-")), "dist");
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
