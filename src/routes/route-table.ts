// The one map of URLs, routes and headers. Every path of the site is built here; the table generates
// what Netlify reads (`_headers`, `_redirects`, checked against the function's `config.path`) and
// drives the local server, with Netlify's own matching rules, so the two answer alike.
//
// Paths here are paths inside the site ("/api/pages"). A site published under a base path
// (URL=https://example.org/countdowns) keeps its files where they are and prefixes every link and
// route with the base path (`publicPath`), as Eleventy's pathPrefix does.
import type { SiteAddress } from "../config.ts";

// ---- The URL map -------------------------------------------------------------------------------

/** A countdown's own page, the `url` of `/api/pages`. */
export const pagePath = (slug: string) => `/${slug}/`;
/** The add-to-calendar file of a countdown. */
export const calendarPath = (slug: string) => `/${slug}/${slug}.ics`;
/** The widget, the `src` of the published iframe snippet. */
export const embedPath = (slug: string) => `/api/embed/${slug}`;
/** The file behind `embedPath`: Netlify and the local server serve `<path>.html` at `<path>`. */
export const embedFile = (slug: string) => `${embedPath(slug)}.html`;
/** The live JSON, computed per request. */
export const livePath = (slug: string) => `/api/countdown/${slug}`;
const DATA_FOLDER = "/api/data/";
/** A countdown's static target data. */
export const dataPath = (slug: string) => `${DATA_FOLDER}${slug}.json`;
/** The live shields-style badge, for READMEs. */
export const badgePath = (slug: string) => `/api/badge/${slug}.svg`;
/** The link-preview image (Open Graph), made on first request and cached until the next deploy. */
export const previewImagePath = (slug: string) => `/api/og/${slug}.png`;
/** oEmbed: a countdown's page or embed URL in `url`. */
export const OEMBED_PATH = "/api/oembed";

export const INDEX_PATH = "/";
/** The index lists this many countdowns per page (src/pages/index.njk's pagination size; test/build.test.ts holds them equal). */
export const INDEX_PAGE_SIZE = 100;
/** Page `n` (from 1) of the index: the first is the home page. */
export const indexPagePath = (n: number) => (n === 1 ? INDEX_PATH : `/page/${n}/`);
/** How many pages the index of `count` countdowns has (one, even when there are none). */
export const indexPages = (count: number) => Math.max(1, Math.ceil(count / INDEX_PAGE_SIZE));
export const PAGES_PATH = "/api/pages";
export const HEALTH_PATH = "/api/health";
export const OPENAPI_PATH = "/api/openapi.json";
export const SCHEMA_PATH = "/api/countdown.schema.json";
export const PAGE_SCRIPT_PATH = "/assets/site.js";
/** `npm run dev` only: the script every page and widget of a dev build loads, and the events it listens to. */
export const DEV_RELOAD_SCRIPT = "/__dev/reload.js";
export const DEV_EVENTS = "/__dev/events";
/** What a path that is neither a file nor live answers, with a 404 (see FALLBACKS). */
export const NOT_FOUND_PAGE = "/404.html";
export const API_NOT_FOUND = "/api/not-found.json";
export const WIDGET_NOT_FOUND = "/api/not-found.html";

/** Top-level names the site itself uses: a countdown's page at `/<slug>/` must not take them. */
// The tables below are made by calls, marked pure so that a bundle that does not use them (the live
// functions) leaves them out.
export const RESERVED_SLUGS = /* @__PURE__ */ (() => [
  ...new Set([INDEX_PATH + "index.html", indexPagePath(2), NOT_FOUND_PAGE, PAGES_PATH, PAGE_SCRIPT_PATH].map((p) => p.split("/")[1]!.replace(/\.html$/, ""))),
])();

/** The path a visitor requests for a path of the site: the base path, then the path. */
export const publicPath = (site: SiteAddress, sitePath: string) => site.basePath + sitePath;
/** The absolute URL of a path of the site. */
export const absoluteUrl = (site: SiteAddress, sitePath: string) => site.origin + publicPath(site, sitePath);

// ---- Headers -----------------------------------------------------------------------------------

export const JSON_TYPE = "application/json; charset=utf-8";
export const HTML_TYPE = "text/html; charset=utf-8";
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** The live JSON may be cached for at most one second, by browsers and by the CDN. */
export const LIVE_CACHE = "public, max-age=1";
/**
 * Netlify's CDN keeps the live JSON for one second, in a cache shared by all its edge nodes
 * (`durable`), keyed on `shape` only; the header never reaches a browser.
 * https://docs.netlify.com/platform/caching/#durable-directive
 */
export const LIVE_CDN_CACHE = "public, durable, max-age=1";
/**
 * Files that change only when the site is deployed again. Browsers keep them ten seconds and then
 * revalidate (an ETag makes that a 304); a path answered 404 is seen again within seconds once it is
 * published.
 */
export const PER_DEPLOY_CACHE = "public, max-age=10, stale-while-revalidate=60";
/**
 * Netlify's CDN keeps a live answer that changes only per deploy until the next deploy, which
 * invalidates it (the oEmbed answer, the preview image).
 */
export const UNTIL_DEPLOY_CDN_CACHE = "public, durable, max-age=31536000";
/** The badge changes at most once a minute: browsers, proxies (GitHub's camo) and the CDN keep it a minute at most. */
export const BADGE_CACHE = "public, max-age=60";

export type HeaderSet = Readonly<Record<string, string>>;

/** Sent on every response, page or API. */
export const COMMON_HEADERS: HeaderSet = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** Every `/api/*` response may be read by `fetch` from any origin. */
export const CORS_HEADERS: HeaderSet = { "Access-Control-Allow-Origin": "*" };

/** The answer to a CORS preflight (`OPTIONS`) on any `/api/*` path. */
export const PREFLIGHT_HEADERS: HeaderSet = {
  ...COMMON_HEADERS,
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": ALLOWED_METHODS,
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Max-Age": "86400",
  Allow: ALLOWED_METHODS,
};

/** Headers of every JSON error the service answers itself. */
export const ERROR_HEADERS: HeaderSet = { ...COMMON_HEADERS, ...CORS_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store" };

/** The CSP of every embed: nothing from elsewhere, inline styles, the ticker pinned by its hashes. */
export function embedContentSecurityPolicy(tickerHashes: readonly string[], dev = false): string {
  return [
    "default-src 'none'",
    `script-src ${tickerHashes.map((hash) => `'${hash}'`).join(" ")}${dev ? " 'self'" : ""}`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors *",
  ].join("; ");
}

/**
 * The CSP of the site's pages: their own script file and their inline style, and no framing at all.
 * A page of the widget's (its 404, fetched at a page's path) may be answered with it, so it allows
 * the widget's style too.
 */
export function pageContentSecurityPolicy(facts: BuildFacts): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src '${facts.pageStyleHash}' '${facts.widgetStyleHash}'`,
    "img-src 'self' data:",
    "frame-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// ---- Live routes -------------------------------------------------------------------------------

/**
 * Routes answered by the live handler: Netlify Functions on Netlify (`fn` names the file in
 * netlify/functions, each with the routes it answers), the same handler in the local server. Netlify
 * applies no `_headers` to function responses, so these carry every header. `path` uses the syntax
 * of a function's `config.path` (URLPattern: case-sensitive, and a trailing `*` matches the rest
 * after the slash).
 */
export const LIVE_ROUTES = [
  {
    name: "countdown",
    fn: "live",
    path: livePath("*"),
    headers: {
      ...COMMON_HEADERS,
      ...CORS_HEADERS,
      "Content-Type": JSON_TYPE,
      "Cache-Control": LIVE_CACHE,
      "Netlify-CDN-Cache-Control": LIVE_CDN_CACHE,
      "Netlify-Vary": "query=shape",
    },
  },
  {
    name: "health",
    fn: "live",
    path: HEALTH_PATH,
    headers: { ...COMMON_HEADERS, ...CORS_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store" },
  },
  {
    name: "oembed",
    fn: "share",
    path: OEMBED_PATH,
    headers: { ...COMMON_HEADERS, ...CORS_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "public, max-age=300", "Netlify-CDN-Cache-Control": UNTIL_DEPLOY_CDN_CACHE },
  },
  {
    name: "badge",
    fn: "share",
    path: badgePath("*").replace(/\*\.svg$/, "*"),
    headers: {
      ...COMMON_HEADERS,
      ...CORS_HEADERS,
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": BADGE_CACHE,
      "Netlify-CDN-Cache-Control": "public, durable, max-age=60",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  },
  {
    name: "preview",
    fn: "preview",
    path: previewImagePath("*").replace(/\*\.png$/, "*"),
    headers: {
      ...COMMON_HEADERS,
      ...CORS_HEADERS,
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=3600",
      "Netlify-CDN-Cache-Control": UNTIL_DEPLOY_CDN_CACHE,
    },
  },
] as const;

export type LiveRoute = (typeof LIVE_ROUTES)[number];

/** Does the function's `config.path` pattern match this path? */
export function livePatternMatches(pattern: string, pathname: string): boolean {
  return pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

export function findLiveRoute(pathname: string): LiveRoute | undefined {
  return LIVE_ROUTES.find((route) => livePatternMatches(route.path, pathname));
}

// ---- Static files: _headers --------------------------------------------------------------------

/** What the build knows that some headers depend on. */
export interface BuildFacts {
  /** CSP sources of the widget ticker's two builds (src/site/assets.ts), `sha256-<base64>`. */
  tickerHashes: string[];
  /** CSP sources of the inline stylesheets of the pages and of the widget. */
  pageStyleHash: string;
  widgetStyleHash: string;
  /** A build for `npm run dev`: the widgets may load the dev loop's script too. */
  dev?: boolean;
}

export interface HeaderRule {
  /** A `_headers` path: literal segments, `:placeholder` segments, a final `*`. */
  path: string;
  headers: HeaderSet;
}

/**
 * Headers of static files, as `_headers` rules: every rule whose path matches applies, so no header
 * name may appear in two rules that can match one path (Netlify would join both values). Netlify
 * matches these paths case-insensitively, with an optional trailing slash, and `/x/*` as a prefix
 * without a slash boundary (`headerRuleMatches`); so the rules use placeholders where a prefix would
 * reach too far, and no rule gives a type or a CSP to a path whose answer is another kind of file.
 */
export function staticHeaderRules(facts: BuildFacts): HeaderRule[] {
  const perDeployJson = { "Content-Type": JSON_TYPE, "Cache-Control": PER_DEPLOY_CACHE };
  // The pages: frame protection (only embeds are meant to be framed) and their CSP, for every path
  // of one or two segments; embeds have three.
  const page = { "Content-Security-Policy": pageContentSecurityPolicy(facts), "X-Frame-Options": "DENY" };
  return [
    { path: "/*", headers: COMMON_HEADERS },
    { path: INDEX_PATH, headers: page },
    { path: "/:page", headers: page },
    { path: "/:page/:file", headers: page },
    { path: "/api", headers: CORS_HEADERS },
    { path: "/api/:name/*", headers: CORS_HEADERS },
    {
      path: embedPath(":slug"),
      headers: { "Cache-Control": PER_DEPLOY_CACHE, "Content-Security-Policy": embedContentSecurityPolicy(facts.tickerHashes, facts.dev) },
    },
    { path: PAGES_PATH, headers: perDeployJson },
    { path: `${DATA_FOLDER}:file`, headers: perDeployJson },
    { path: OPENAPI_PATH, headers: perDeployJson },
    { path: SCHEMA_PATH, headers: perDeployJson },
  ];
}

/** Netlify's reading of a `_headers` path, as @netlify/headers-parser builds it. */
export function headerRuleRegExp(rulePath: string): RegExp {
  const parts = rulePath
    .split("/")
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(":")) return "([^/]+)";
      if (part === "*") return "?(.*)";
      return part.split("*").map(escapeRegExp).join("(.*)");
    });
  return new RegExp(`^/${parts.join("/")}/?$`, "iu");
}

const escapeRegExp = (text: string) => text.replace(/[|\\{}()[\]^$+*?.-]/g, "\\$&");

/**
 * The headers the rules give each static path, merged in rule order: a function that compiles the
 * rules once and remembers the answer for each path (up to `maxPaths` of them).
 */
export function staticHeaders(rules: HeaderRule[], maxPaths = 50_000): (pathname: string) => HeaderSet {
  const compiled = rules.map((rule) => ({ matches: headerRuleRegExp(rule.path), headers: rule.headers }));
  const byPath = new Map<string, HeaderSet>();
  return (pathname) => {
    let merged = byPath.get(pathname);
    if (!merged) {
      merged = Object.assign({}, ...compiled.filter((rule) => rule.matches.test(pathname)).map((rule) => rule.headers)) as HeaderSet;
      if (byPath.size < maxPaths) byPath.set(pathname, merged);
    }
    return merged;
  };
}

// ---- Static files: _redirects ------------------------------------------------------------------

export interface Fallback {
  /** A `_redirects` path: exact, or `/x/*` (the prefix with its slash, or the bare prefix). */
  path: string;
  file: string;
  status: 404;
}

/** Every spelling of "api" but the real one: Netlify's header rules match /API/pages too. */
const OTHER_API_SPELLINGS = ["API", "APi", "ApI", "Api", "aPI", "aPi", "apI"];

/**
 * What answers a path that is neither live nor a file, first match wins (`_redirects` rules, which
 * Netlify applies only when no file exists at the path). `_redirects` paths are case-sensitive while
 * `_headers` paths are not, so every other spelling of `/api/` falls back to the API's JSON too: a
 * path that gets a JSON type from the header rules never gets an HTML body.
 */
export const FALLBACKS: readonly Fallback[] = /* @__PURE__ */ (() => [
  { path: embedPath("*"), file: WIDGET_NOT_FOUND, status: 404 as const },
  { path: "/api/*", file: API_NOT_FOUND, status: 404 as const },
  ...OTHER_API_SPELLINGS.map((api): Fallback => ({ path: `/${api}/*`, file: API_NOT_FOUND, status: 404 })),
  { path: "/*", file: NOT_FOUND_PAGE, status: 404 as const },
])();

/** Netlify's reading of a `_redirects` path (as netlify-redirector matches it): case-sensitive. */
export function fallbackMatches(rulePath: string, pathname: string): boolean {
  if (!rulePath.endsWith("/*")) return pathname === rulePath;
  const prefix = rulePath.slice(0, -1);
  return pathname.startsWith(prefix) || pathname === prefix.slice(0, -1);
}

export function findFallback(pathname: string): Fallback {
  return FALLBACKS.find((fallback) => fallbackMatches(fallback.path, pathname))!;
}

/** Files the build writes for Netlify's own use; never served as content. */
export const PLATFORM_FILES = ["/_headers", "/_redirects"] as const;

// ---- What a build publishes --------------------------------------------------------------------

/** The site's own files (a path ending in "/" is its `index.html`). */
export const SITE_FILES = /* @__PURE__ */ (() => [
  INDEX_PATH,
  NOT_FOUND_PAGE,
  PAGES_PATH,
  OPENAPI_PATH,
  SCHEMA_PATH,
  PAGE_SCRIPT_PATH,
  API_NOT_FOUND,
  WIDGET_NOT_FOUND,
].map(fileOf))();

/** The files of one countdown. */
export const countdownFiles = (slug: string) => [pagePath(slug), calendarPath(slug), embedFile(slug), dataPath(slug)].map(fileOf);

// The same files as patterns, made from the path builders: the slug where it stands, once or more.
const COUNTDOWN_FILE_PATTERNS = /* @__PURE__ */ (() =>
  countdownFiles("\0").map((file) => new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\0", "([^/]+)").replaceAll("\0", "\\1")}$`)))();

/** The files of the index's pages after the first (the first is among SITE_FILES). */
export const indexPageFiles = (count: number) => Array.from({ length: indexPages(count) - 1 }, (_, i) => fileOf(indexPagePath(i + 2)));

// Page n of the index as a pattern, made from its path builder.
const INDEX_PAGE_FILE = /* @__PURE__ */ (() => new RegExp(`^${fileOf(indexPagePath(2)).replace(/[.]/g, "\\.").replace("2", "([1-9][0-9]*)")}$`))();

/** The page number of a file of the index after the first; undefined for any other path. */
export function indexPageOfFile(file: string): number | undefined {
  const match = INDEX_PAGE_FILE.exec(file);
  return match ? Number(match[1]) : undefined;
}

/** The slug of a countdown's file (`/<slug>/index.html`, `/api/embed/<slug>.html`, ...); undefined for any other path. */
export function countdownOfFile(file: string): string | undefined {
  for (const pattern of COUNTDOWN_FILE_PATTERNS) {
    const match = pattern.exec(file);
    if (match) return match[1];
  }
  return undefined;
}

/** The file a static host serves for a path: the path itself, or `index.html` for a folder. */
export function fileOf(sitePath: string): string {
  return sitePath.endsWith("/") ? `${sitePath}index.html` : sitePath;
}

/** Netlify's default for static files no header rule gives a `Cache-Control`: revalidate every time. */
export const STATIC_DEFAULT_CACHE = "public, max-age=0, must-revalidate";

/** The API's paths, which answer CORS preflights and JSON errors; the rest is the site. */
export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");
