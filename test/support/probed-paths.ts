// The paths the parity tests ask every runtime for: every file the fixture build publishes, at each
// path it is published under, and the paths Netlify's matching rules make tricky (other spellings,
// slashes, neighbours and prefixes), the live routes left out; and the live routes' targets whose
// answers are the same at any second.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { LIVE_ROUTES } from "../../src/http/routes.ts";
import { TEST_BASE_URL, TEST_SITE_DIR } from "./paths.ts";

const PLATFORM_FILES = new Set(["/_headers", "/_redirects"]);

/** Whether the fixture build publishes a file at `sitePath` (case-sensitive, as the publish folder is). */
export const isFile = (sitePath: string) => {
  // The compressed twins are the Node server's (Netlify compresses on its own): not published there.
  if (PLATFORM_FILES.has(sitePath) || /\.(br|gz)$/.test(sitePath)) return false;
  const file = path.join(TEST_SITE_DIR, sitePath);
  // Case-sensitive, as the publish folder is: the name on disk must be the name asked for.
  return existsSync(file) && statSync(file).isFile() && readdirSync(path.dirname(file)).includes(path.basename(file));
};

/** Every built file, at the paths it is published under. */
function publishedPaths(): string[] {
  return (readdirSync(TEST_SITE_DIR, { recursive: true }) as string[])
    .map((file) => `/${file.split(path.sep).join("/")}`)
    .filter(
      (file) =>
        statSync(path.join(TEST_SITE_DIR, file)).isFile() && !PLATFORM_FILES.has(file) && !/\.(br|gz)$/.test(file),
    )
    .flatMap((file) =>
      file.endsWith("/index.html")
        ? [file, file.slice(0, -"index.html".length)]
        : file.endsWith(".html")
          ? [file, file.slice(0, -5)]
          : [file],
    );
}

/** The paths Netlify's matching rules make tricky: other spellings, slashes, neighbours and prefixes. */
export function probedPaths(): string[] {
  const published = publishedPaths();
  const variants = published.flatMap((p) => [
    p.toUpperCase(),
    p.replace(/^\/([a-z])/, (_, first: string) => `/${first.toUpperCase()}`),
    p.replace(/\/api\/embed\//, "/api/EMBED/"),
    p.endsWith("/") ? p.slice(0, -1) : `${p}/`,
  ]);
  const neighbours = [
    "/apix",
    "/api",
    "/api/",
    "/API",
    "/Api/pages",
    "/api/pagesx",
    "/api/pages/x",
    "/api/embedx",
    "/api/embedded/x",
    "/api/embed",
    "/api/embed/",
    "/api/embed/nope",
    "/api/embed/nope/",
    "/api/embed/a/b",
    "/api/countdown",
    "/api/countdownx",
    "/api/healthx",
    "/api/health/",
    "/api/data",
    "/api/data/",
    "/api/data/nope.json",
    "/api/datax/nope.json",
    "/api/openapi.jsonx",
    "/api/not-found",
    "/assets",
    "/assets/",
    "/assetsx/site.js",
    "/nope",
    "/nope/",
    "/a/b/c",
    "/a/b/c/d",
    "/_headers",
    "/_redirects",
    "/index",
    "/404",
    "/api/nope",
    "/api/nope/deeper",
  ];
  return [...new Set([...published, ...variants, ...neighbours])].filter(
    (p) => p.startsWith("/") && !LIVE_ROUTES.some((route) => functionMatches(route.path, p)),
  );
}

/** The function's config.path is a URLPattern: case-sensitive, and `/x/*` needs the slash. */
export const functionMatches = (pattern: string, pathname: string) =>
  pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;

/** Live targets answered the same at any second (countdowns that are over, errors, shares), asked of every runtime. */
export function timelessLiveTargets(): string[] {
  const tenDaysAgo = Math.floor(Date.now() / 1000) - 10 * 86_400;
  return [
    "/api/countdown/long-past",
    "/api/countdown/nope",
    "/api/countdown/",
    `/api/oembed?url=${encodeURIComponent(`${TEST_BASE_URL}/future-launch/`)}`,
    "/api/oembed?url=https%3A%2F%2Felsewhere.example%2Fx%2F",
    "/api/oembed?format=xml&url=x",
    "/api/badge/nope.svg",
    // The editor's page, with its own CSP.
    "/admin/",
    "/admin/?a=b",
    "/api/og/future-launch.png",
    "/api/og/nope.png",
    // An email image of a countdown that is over: the same at any second.
    "/api/email/long-past.gif",
    "/api/email/long-past.png?theme=dark&width=300",
    "/api/email/nope.gif",
    "/api/email/long-past",
    // An evergreen countdown's, for a start ten days ago (over too): drawn, redirected from another
    // spelling, refused without one; and its JSON.
    `/api/email/willkommen.gif?start=${tenDaysAgo}`,
    `/api/email/willkommen.png?start=${new Date(tenDaysAgo * 1000).toISOString()}`,
    "/api/email/willkommen.gif",
    `/api/countdown/willkommen?start=${tenDaysAgo}`,
    "/api/countdown/willkommen",
    // Go links: counting (days ahead: kept a day at the CDN), ended, an evergreen one's viewer without
    // a start, ended for a start ten days ago, refused for a start it cannot read; none, unknown.
    "/go/go-sale",
    "/go/go-sale?utm_source=news",
    "/go/go-ended",
    "/go/angebot-bis",
    `/go/angebot-bis?start=${tenDaysAgo}`,
    "/go/angebot-bis?start=nope",
    "/go/long-past",
    "/go/nope",
    "/go/",
  ];
}

/** A live JSON answer without what the clock writes into it (the moment it was made, and the time left from it). */
export const timeless = (body: string) => ({
  ...JSON.parse(body),
  serverTime: undefined,
  time: undefined,
  timeLeft: undefined,
});
