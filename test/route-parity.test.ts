// The route table drives both Netlify (the generated _headers and _redirects, and the function's
// config.path) and the local server. This reads the generated files as Netlify would, independently
// of the server's code, and checks that the local server answers every path the same way.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import netlifyFunction, { config as functionConfig } from "../netlify/functions/live.ts";
import { startServer, type RunningServer } from "./support/local-server.ts";
import { TEST_OUT_DIR, TEST_SITE_DIR } from "./support/paths.ts";

interface HeaderBlock {
  path: string;
  headers: [string, string][];
}

function parseHeadersFile(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!/^\s/.test(line)) blocks.push({ path: line.trim(), headers: [] });
    else {
      const colon = line.indexOf(":");
      blocks.at(-1)!.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return blocks;
}

function parseRedirectsFile(text: string) {
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [from, to, status] = line.trim().split(/\s+/);
      return { from: from!, to: to!, status: Number(status) };
    });
}

/** Netlify's path matching for the patterns used here: exact, or a `/*` splat (which also matches the bare prefix). */
const netlifyMatches = (pattern: string, pathname: string) =>
  pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) || pathname === pattern.slice(0, -2) : pathname === pattern;
/** The function's config.path is a URLPattern: `/x/*` needs the slash. */
const functionMatches = (pattern: string, pathname: string) =>
  pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;

const headerBlocks = parseHeadersFile(readFileSync(path.join(TEST_SITE_DIR, "_headers"), "utf8"));
const redirects = parseRedirectsFile(readFileSync(path.join(TEST_SITE_DIR, "_redirects"), "utf8"));
const NETLIFY_CONFIG_FILES = new Set(["/_headers", "/_redirects"]);

/** The file Netlify serves at a path, if any (`/x/` serves `x/index.html`). */
function fileAt(pathname: string): string | undefined {
  if (NETLIFY_CONFIG_FILES.has(pathname)) return undefined;
  const file = path.join(TEST_SITE_DIR, pathname.endsWith("/") ? `${pathname}index.html` : pathname);
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

function expectedHeaders(pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const block of headerBlocks.filter((b) => netlifyMatches(b.path, pathname))) {
    for (const [name, value] of block.headers) {
      // Netlify joins the values of a header set by two matching rules: the table must not do that.
      expect(headers.has(name.toLowerCase()), `${name} set twice for ${pathname}`).toBe(false);
      headers.set(name.toLowerCase(), value);
    }
  }
  return headers;
}

function sitePaths(): string[] {
  return (readdirSync(TEST_SITE_DIR, { recursive: true }) as string[])
    .filter((file) => statSync(path.join(TEST_SITE_DIR, file)).isFile())
    .map((file) => `/${file.split(path.sep).join("/")}`.replace(/index\.html$/, ""));
}

const MISSING = ["/api/embed/nope", "/api/embed/", "/api/nope", "/api/data/nope.json", "/api", "/nope", "/nope/", "/_headers", "/_redirects", "/api/pages/extra"];
const LIVE = ["/api/countdown/future-launch?shape=b", "/api/countdown/long-past", "/api/countdown/nope", "/api/countdown/", "/api/health"];

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await server?.stop();
});

describe("the local server answers as Netlify would from the generated files", () => {
  it("serves every published file with exactly the headers of its _headers rules", async () => {
    const paths = sitePaths().filter((p) => !NETLIFY_CONFIG_FILES.has(p));
    expect(paths.length).toBeGreaterThan(20);
    for (const pathname of paths) {
      expect(functionConfig.path.some((pattern) => functionMatches(pattern, pathname)), pathname).toBe(false);
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(fileAt(pathname)!)), pathname).toBe(true);
      for (const [name, value] of expectedHeaders(pathname)) expect(response.headers.get(name), `${name} of ${pathname}`).toBe(value);
    }
  });

  it("answers missing paths with the first matching _redirects rule", async () => {
    for (const pathname of MISSING) {
      expect(fileAt(pathname), pathname).toBeUndefined();
      const rule = redirects.find((r) => netlifyMatches(r.from, pathname))!;
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(rule.status);
      expect(await response.text(), pathname).toBe(readFileSync(path.join(TEST_SITE_DIR, rule.to), "utf8"));
      for (const [name, value] of expectedHeaders(pathname)) expect(response.headers.get(name), `${name} of ${pathname}`).toBe(value);
    }
  });

  it("hands the function's paths to the same live handler the function exports", async () => {
    for (const target of LIVE) {
      const pathname = new URL(target, "http://x").pathname;
      expect(functionConfig.path.some((pattern) => functionMatches(pattern, pathname)), target).toBe(true);
      const [local, deployed] = [await fetch(`${server.url}${target}`), await netlifyFunction(new Request(`https://site.example${target}`))];
      expect(local.status, target).toBe(deployed.status);
      const deployedHeaders = [...deployed.headers.entries()];
      expect(deployedHeaders.length).toBeGreaterThan(3);
      for (const [name, value] of deployedHeaders) expect(local.headers.get(name), `${name} of ${target}`).toBe(value);
      const strip = (body: Record<string, unknown>) => ({ ...body, serverTime: undefined, time: undefined, timeLeft: undefined });
      expect(strip(await local.json()), target).toEqual(strip(await deployed.json()));
    }
  });
});
