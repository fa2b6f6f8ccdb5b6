// The route table drives Netlify (the generated `_headers` and `_redirects`, and the function's
// `config.path`) and the Node server. Netlify's own code is the oracle here: @netlify/headers-parser
// and @netlify/redirect-parser read the generated files, netlify-redirector (Netlify's matcher) picks
// the fallback of each path, and the Node server must answer every path as they say Netlify would:
// status, body, type and every header the rules give.
//
// What those libraries do not cover is modelled as Netlify documents and serves its publish folder:
// a file is served at its exact path (case-sensitive), a folder's `index.html` at its path with a
// slash, an `.html` file at its path without the extension, and a folder's path without its slash is
// redirected to it; a file's type comes from its extension unless a rule sets one; a file no rule
// gives a `Cache-Control` gets Netlify's default, `public, max-age=0, must-revalidate`.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseAllHeaders, type Header } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import redirector from "netlify-redirector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config as liveConfig } from "../../netlify/functions/live.ts";
import { config as imagesConfig } from "../../netlify/functions/images.ts";
import { config as shareConfig } from "../../netlify/functions/share.ts";
import { imagesFunction, netlifyFunction, shareFunction } from "../support/netlify-function.ts";
import { contentType } from "../../src/http/built-paths.ts";
import { STATIC_DEFAULT_CACHE } from "../../src/http/policy.ts";
import { LIVE_ROUTES } from "../../src/http/routes.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { functionMatches, isFile, probedPaths, timeless, timelessLiveTargets } from "../support/probed-paths.ts";
import { ROOT, TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";

const HEADERS_FILE = path.join(TEST_SITE_DIR, "_headers");
const REDIRECTS_FILE = path.join(TEST_SITE_DIR, "_redirects");

let headerRules: Header[];
let matcher: { match(request: object): { status: number; to: string } | null };
let server: RunningServer;

beforeAll(async () => {
  const headers = await parseAllHeaders({ headersFiles: [HEADERS_FILE], configHeaders: [], minimal: false });
  expect(headers.errors).toEqual([]);
  headerRules = headers.headers as Header[];
  const redirects = await parseAllRedirects({ redirectsFiles: [REDIRECTS_FILE], configRedirects: [], minimal: false });
  expect(redirects.errors).toEqual([]);
  matcher = await redirector.parsePlain(readFileSync(REDIRECTS_FILE, "utf8"), {});
  server = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await server?.stop();
});

interface NetlifyAnswer {
  status: number;
  /** The file whose bytes are the body (none for a redirect, or for Netlify's own 404 page). */
  file?: string;
  location?: string;
  headers: Map<string, string>;
}

/** What Netlify answers a GET of `pathname` (not a function path) from the generated files. */
function netlifyAnswer(pathname: string): NetlifyAnswer {
  const headers = new Map<string, string>();
  for (const rule of headerRules.filter((r) => r.forRegExp.test(pathname))) {
    for (const [name, value] of Object.entries(rule.values)) {
      // Netlify joins the values of a header set by two matching rules: the table must never do that.
      expect(headers.has(name.toLowerCase()), `${name} set by two rules for ${pathname}`).toBe(false);
      headers.set(name.toLowerCase(), value);
    }
  }
  const served = (status: number, file: string): NetlifyAnswer => {
    if (!headers.has("content-type")) headers.set("content-type", contentType(file));
    if (!headers.has("cache-control")) headers.set("cache-control", STATIC_DEFAULT_CACHE);
    return { status, file, headers };
  };
  if (pathname.endsWith("/") ? isFile(`${pathname}index.html`) : false) return served(200, `${pathname}index.html`);
  if (!pathname.endsWith("/")) {
    if (isFile(pathname)) return served(200, pathname);
    if (!/\.[^/]*$/.test(pathname) && isFile(`${pathname}.html`)) return served(200, `${pathname}.html`);
    if (isFile(`${pathname}/index.html`)) return { status: 301, location: `${pathname}/`, headers };
  }
  const match = matcher.match({
    scheme: "https",
    host: "site.example",
    path: pathname,
    query: "",
    getHeader: () => "",
    getCookie: () => "",
  });
  // No rule: Netlify answers with its own 404 page (the matcher drops a rule whose target is the
  // path itself, such as /404.html/ to /404.html).
  return match ? served(match.status, match.to) : { status: 404, headers };
}

const COMPARED = [
  "content-type",
  "cache-control",
  "content-security-policy",
  "x-frame-options",
  "access-control-allow-origin",
  "x-content-type-options",
  "referrer-policy",
];

describe("the Node server answers every path as Netlify would from the generated files", () => {
  it("agrees on status, body, type and every header for hundreds of paths, case variants and neighbours included", async () => {
    const paths = probedPaths();
    expect(paths.length).toBeGreaterThanOrEqual(200);
    for (const pathname of paths) {
      const expected = netlifyAnswer(pathname);
      const response = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
      expect(response.status, pathname).toBe(expected.status);
      if (expected.location) {
        expect(response.headers.get("location"), pathname).toBe(expected.location);
        continue;
      }
      if (!expected.file) continue;
      expect(
        Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(TEST_SITE_DIR, expected.file))),
        `body of ${pathname}`,
      ).toBe(true);
      for (const name of COMPARED)
        expect(response.headers.get(name), `${name} of ${pathname}`).toBe(expected.headers.get(name) ?? null);
    }
  });

  it("gives no path a type of another kind of file, or a CSP that blocks the document it answers", () => {
    const kinds: Record<string, RegExp> = {
      ".html": /^text\/html; charset=utf-8$/,
      ".json": /^application\/json; charset=utf-8$/,
      ".js": /^text\/javascript/,
      ".ics": /^text\/calendar/,
    };
    for (const pathname of probedPaths()) {
      const answer = netlifyAnswer(pathname);
      if (!answer.file) continue;
      const extension = path.extname(answer.file) || ".json";
      expect(answer.headers.get("content-type"), pathname).toMatch(kinds[extension]!);
      if (extension !== ".html") continue;
      // Every inline script and stylesheet of the document is allowed by the CSP it is sent with.
      const csp = answer.headers.get("content-security-policy");
      const html = readFileSync(path.join(TEST_SITE_DIR, answer.file), "utf8");
      const hash = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
      const sources = (directive: string) =>
        new RegExp(`(?:^|; )${directive} ([^;]*)`).exec(csp ?? "")?.[1]?.split(" ") ?? [];
      if (csp) {
        for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
          expect(sources("script-src"), `script of ${pathname}`).toContain(hash(code!));
        for (const [, code] of html.matchAll(/<style>([\s\S]*?)<\/style>/g))
          expect(
            sources("style-src").some((s) => s === hash(code!) || s === "'unsafe-inline'"),
            `style of ${pathname}`,
          ).toBe(true);
        if (/<script [^>]*src=/.test(html))
          expect(sources("script-src"), `script file of ${pathname}`).toContain("'self'");
      }
      // Only the widget may be framed by other sites. A header rule for paths as deep as an embed's
      // (three segments) would reach the embeds too, so a path of three that falls back to the 404
      // page gets it without frame protection or CSP (a page with nothing on it to act on, and no
      // script but the site's own file); every other depth has both.
      const isWidget = answer.file.startsWith("/api/embed/") || answer.file === "/api/not-found.html";
      const segments = pathname.split("/").filter(Boolean).length;
      if (!isWidget && segments !== 3) {
        expect(answer.headers.get("x-frame-options"), `framing of ${pathname}`).toBe("DENY");
        expect(csp, `framing of ${pathname}`).toMatch(/frame-ancestors 'none'/);
      }
      if (isWidget && segments === 3 && pathname.startsWith("/api/embed/"))
        expect(csp, pathname).toMatch(/frame-ancestors \*/);
    }
  });

  it("serves the calendar feed as a countdown's calendar file: text/calendar in UTF-8, cached alike", async () => {
    const feed = netlifyAnswer("/calendar.ics");
    const file = netlifyAnswer("/future-launch/future-launch.ics");
    expect([feed.status, feed.file]).toEqual([200, "/calendar.ics"]);
    const response = await fetch(`${server.url}/calendar.ics`);
    expect(response.status).toBe(200);
    for (const headers of [feed.headers, file.headers, response.headers]) {
      expect(headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(headers.get("cache-control")).toBe(file.headers.get("cache-control"));
    }
  });

  it("protects every page from framing, and lets any site frame the widget", () => {
    for (const pathname of [
      "/",
      "/index.html",
      "/future-launch/",
      "/nope",
      "/404.html",
      "/a/b/c/d",
      "/a/b/c/d/e/f/g/h",
      "/api/x/y/z",
      "/future-launch/embed/x/y",
    ]) {
      expect(netlifyAnswer(pathname).headers.get("x-frame-options"), pathname).toBe("DENY");
      expect(netlifyAnswer(pathname).headers.get("content-security-policy"), pathname).toMatch(
        /frame-ancestors 'none'/,
      );
    }
    const widget = netlifyAnswer("/api/embed/future-launch").headers;
    expect(widget.get("x-frame-options")).toBeUndefined();
    expect(widget.get("content-security-policy")).toMatch(/frame-ancestors \*/);
  });
});

/** Each Netlify Function's config and the handler it exports, by the name of its file. */
const FUNCTIONS = {
  live: { config: liveConfig, handler: netlifyFunction },
  share: { config: shareConfig, handler: shareFunction },
  images: { config: imagesConfig, handler: imagesFunction },
};

describe("the live routes", () => {
  it("are the functions' config.path, literals Netlify reads without running the files, one function per file", () => {
    expect(readdirSync(path.join(ROOT, "netlify/functions")).sort()).toEqual(
      Object.keys(FUNCTIONS)
        .map((name) => `${name}.ts`)
        .sort(),
    );
    for (const [name, { config }] of Object.entries(FUNCTIONS)) {
      expect(config.path, name).toEqual(LIVE_ROUTES.filter((route) => route.fn === name).map((route) => route.path));
    }
  });

  it("hand each function's paths to the same live handler the function exports", async () => {
    // Those answered alike at any second, and a few that tick, whose clock fields are left out below.
    const targets = [
      "/api/countdown/future-launch?shape=b",
      "/api/health",
      "/api/badge/future-launch.svg",
      ...timelessLiveTargets(),
    ];
    for (const target of targets) {
      const pathname = new URL(target, "http://x").pathname;
      const [name, fn] = Object.entries(FUNCTIONS).find(([, { config }]) =>
        config.path.some((pattern) => functionMatches(pattern, pathname)),
      )!;
      expect(LIVE_ROUTES.find((route) => functionMatches(route.path, pathname))?.fn, target).toBe(name);
      const [local, deployed] = [
        await fetch(`${server.url}${target}`, { redirect: "manual" }),
        await fn.handler(new Request(`https://site.example${target}`)),
      ];
      expect(local.status, target).toBe(deployed.status);
      const deployedHeaders = [...deployed.headers.entries()];
      expect(deployedHeaders.length).toBeGreaterThan(3);
      for (const [header, value] of deployedHeaders)
        expect(local.headers.get(header), `${header} of ${target}`).toBe(value);
      const [localBody, deployedBody] = [await local.text(), await deployed.text()];
      if (!deployed.headers.get("content-type")?.startsWith("application/json"))
        expect(localBody, target).toBe(deployedBody);
      else expect(timeless(localBody), target).toEqual(timeless(deployedBody));
    }
  });
});
