// The one table of routes and headers. It generates what Netlify reads (`_headers`, `_redirects`,
// checked against the function's `config.path`) and drives the local server, so the two cannot drift.

export const JSON_TYPE = "application/json; charset=utf-8";
export const HTML_TYPE = "text/html; charset=utf-8";
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** The live JSON may be cached for at most one second, by browsers and by the CDN. */
export const LIVE_CACHE = "public, max-age=1";
/** Files that change only when the site is deployed again: short browser cache, cheap revalidation. */
export const PER_DEPLOY_CACHE = "public, max-age=60, stale-while-revalidate=600";

export type Headers = Readonly<Record<string, string>>;

/** Sent on every response, page or API. */
export const COMMON_HEADERS: Headers = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** Every `/api/*` response may be read by `fetch` from any origin. */
export const CORS_HEADERS: Headers = { "Access-Control-Allow-Origin": "*" };

/** The answer to a CORS preflight (`OPTIONS`) on any `/api/*` path. */
export const PREFLIGHT_HEADERS: Headers = {
  ...COMMON_HEADERS,
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": ALLOWED_METHODS,
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Max-Age": "86400",
  Allow: ALLOWED_METHODS,
};

/**
 * Routes answered by the live handler: the Netlify Function on Netlify, the same handler in the
 * local server. Netlify applies no `_headers` to function responses, so these carry every header.
 * `path` uses the syntax of the function's `config.path` (a trailing `*` matches the rest).
 */
export const LIVE_ROUTES = [
  {
    name: "countdown",
    path: "/api/countdown/*",
    headers: {
      ...COMMON_HEADERS,
      ...CORS_HEADERS,
      "Content-Type": JSON_TYPE,
      "Cache-Control": LIVE_CACHE,
      // Netlify's CDN keeps it for one second and keys it on `shape` only, so random query
      // strings cannot bypass the cache; the header is stripped before it reaches a browser.
      "Netlify-CDN-Cache-Control": LIVE_CACHE,
      "Netlify-Vary": "query=shape",
    },
  },
  {
    name: "health",
    path: "/api/health",
    headers: { ...COMMON_HEADERS, ...CORS_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store" },
  },
] as const;

export type LiveRouteName = (typeof LIVE_ROUTES)[number]["name"];

/** The CSP of every embed: nothing from elsewhere, inline styles, the ticker pinned by its hash. */
export function embedContentSecurityPolicy(tickerHash: string): string {
  return [
    "default-src 'none'",
    `script-src '${tickerHash}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors *",
  ].join("; ");
}

/**
 * The CSP of the site's pages. It travels in a `<meta>` element of each page rather than in
 * `_headers`: a header rule for the pages would also match /api/embed/* (Netlify has no way to
 * exclude a path), and two CSPs on an embed would forbid what its own allows.
 */
export function pageContentSecurityPolicy(tickerHash: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' '${tickerHash}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "frame-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** What the build knows that some headers depend on. */
export interface BuildFacts {
  /** CSP source of the widget ticker, `sha256-<base64>`. */
  tickerHash: string;
}

export interface HeaderRule {
  path: string;
  headers: Headers;
}

/**
 * Headers of static files, as `_headers` rules: every rule whose path matches applies. No header
 * name appears in two rules that can match the same path (Netlify would join both values).
 */
export function staticHeaderRules(facts: BuildFacts): HeaderRule[] {
  return [
    { path: "/*", headers: COMMON_HEADERS },
    { path: "/api/*", headers: CORS_HEADERS },
    {
      path: "/api/embed/*",
      headers: {
        // Embeds are files without an extension, so the type comes from here.
        "Content-Type": HTML_TYPE,
        "Cache-Control": PER_DEPLOY_CACHE,
        "Content-Security-Policy": embedContentSecurityPolicy(facts.tickerHash),
      },
    },
    { path: "/api/pages", headers: { "Content-Type": JSON_TYPE, "Cache-Control": PER_DEPLOY_CACHE } },
    { path: "/api/data/*", headers: { "Cache-Control": PER_DEPLOY_CACHE } },
  ];
}

export interface Fallback {
  path: string;
  file: string;
  status: 404;
}

/**
 * What answers a path that is neither live nor a file, first match wins (`_redirects` rules, which
 * Netlify applies only when no file exists at the path).
 */
export const FALLBACKS: readonly Fallback[] = [
  { path: "/api/embed/*", file: "/api/embed/not-found.html", status: 404 },
  { path: "/api/*", file: "/api/not-found.json", status: 404 },
  { path: "/*", file: "/404.html", status: 404 },
];

/** Files the build writes for Netlify's own use; never served as content. */
export const PLATFORM_FILES = ["/_headers", "/_redirects"] as const;

/** Does a `config.path` / `_headers` / `_redirects` pattern match this URL path? */
export function pathMatches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith("/*")) {
    const prefix = pattern.slice(0, -1);
    return pathname.startsWith(prefix) || pathname === prefix.slice(0, -1);
  }
  return pathname === pattern;
}

export function findLiveRoute(pathname: string) {
  return LIVE_ROUTES.find((route) => pathMatches(route.path, pathname));
}

/** All headers the rules give a static file at `pathname`, merged in rule order. */
export function headersForStaticPath(rules: HeaderRule[], pathname: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const rule of rules) {
    if (pathMatches(rule.path, pathname)) Object.assign(merged, rule.headers);
  }
  return merged;
}

export function findFallback(pathname: string): Fallback | undefined {
  return FALLBACKS.find((fallback) => pathMatches(fallback.path, pathname));
}
