// The HTTP policy of the service: what may be cached and for how long, the Content-Security-Policies,
// CORS, the methods answered, and the headers every answer carries. The route table (routes.ts) puts
// these together per path; the answers take their headers from here and from the route table, and
// only the adapters (src/server/write-answer.ts, `toResponse` in kernel.ts) write them.

export type HeaderSet = Readonly<Record<string, string>>;

export const JSON_TYPE = "application/json; charset=utf-8";
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
/** A file published under the hash of its bytes (the site's font): it never changes. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** The badge changes at most once a minute: browsers, proxies (GitHub's camo) and the CDN keep it a minute at most. */
export const BADGE_CACHE = "public, max-age=60";
/**
 * The email image is drawn from the second it is asked for: mail clients and their image proxies
 * (Gmail's honours this) fetch it anew on every open. As the hosted email timers send it: every
 * directive a cache on the way may know (`no-store` for those that keep `no-cache` answers), and for
 * the proxies of HTTP 1.0 `Pragma: no-cache` and an `Expires` long past (EMAIL_HEADERS).
 */
export const EMAIL_CACHE = "no-cache, no-store, must-revalidate, max-age=0";
export const EMAIL_HEADERS: HeaderSet = {
  "Cache-Control": EMAIL_CACHE,
  Pragma: "no-cache",
  Expires: "Thu, 01 Jan 1970 00:00:00 GMT",
};

/** Answers that must never be kept: health, errors. */
export const NO_STORE = "no-store";
/** Netlify's default for static files no header rule gives a `Cache-Control`: revalidate every time. */
export const STATIC_DEFAULT_CACHE = "public, max-age=0, must-revalidate";

/** Sent on every response, page or API. */
export const COMMON_HEADERS: HeaderSet = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** A path outside the site's base path (the Node server under a sub-path): the common headers and a static file's default cache. */
export const OUTSIDE_SITE_HEADERS: HeaderSet = { ...COMMON_HEADERS, "Cache-Control": STATIC_DEFAULT_CACHE };

/**
 * Every `/api/*` response may be read by `fetch` from any origin, with its `Date` and a cache's `Age`:
 * `<countdown-timer>` corrects a wrong clock of the visitor's from them (neither is a CORS-safelisted
 * response header).
 */
export const CORS_HEADERS: HeaderSet = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Date, Age",
};

/** Every answer under `/api/`: the common headers and CORS, composed once for every route. */
export const API_HEADERS: HeaderSet = { ...COMMON_HEADERS, ...CORS_HEADERS };

/** The answer to a CORS preflight (`OPTIONS`) on any `/api/*` path. */
export const PREFLIGHT_HEADERS: HeaderSet = {
  ...API_HEADERS,
  "Access-Control-Allow-Methods": ALLOWED_METHODS,
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Max-Age": "86400",
  Allow: ALLOWED_METHODS,
};

/** An `OPTIONS` request outside the API: the methods, and no CORS. */
export const SITE_OPTIONS_HEADERS: HeaderSet = { ...COMMON_HEADERS, Allow: ALLOWED_METHODS };

/** Headers of every JSON error the service answers itself under `/api/`. */
const ERROR_HEADERS: HeaderSet = { ...API_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": NO_STORE };
/** Headers of a JSON error on a path outside the API: no CORS. */
const SITE_ERROR_HEADERS: HeaderSet = {
  ...COMMON_HEADERS,
  "Content-Type": JSON_TYPE,
  "Cache-Control": NO_STORE,
};

/** A 503 asks the client to come back in this many seconds: a new build may be swapping in. */
const RETRY_AFTER_SECONDS = "10";

/** The headers of a JSON error: the API's (with CORS) or the site's; with `retry`, a 503's `Retry-After`. */
export function errorHeaders(api: boolean, retry = false): HeaderSet {
  const headers = api ? ERROR_HEADERS : SITE_ERROR_HEADERS;
  return retry ? { ...headers, "Retry-After": RETRY_AFTER_SECONDS } : headers;
}

/** `npm run dev`'s own routes, never kept: the reload script and the event stream it listens to (no proxy buffering). */
export const DEV_SCRIPT_HEADERS: HeaderSet = {
  "Content-Type": "text/javascript; charset=utf-8",
  "Cache-Control": NO_STORE,
};
/** `npm run cms`'s editor configuration, with the local backend of the origin it was asked from: never kept. */
export const EDITOR_CONFIG_HEADERS: HeaderSet = {
  "Content-Type": "text/yaml; charset=utf-8",
  "Cache-Control": NO_STORE,
};
export const DEV_EVENTS_HEADERS: HeaderSet = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": NO_STORE,
  "X-Accel-Buffering": "no",
};

/** What the build knows that some headers depend on: the hashes of its inline code. */
export interface BuildFacts {
  /** CSP sources of the widget's inline ticker (src/eleventy/assets.ts), `sha256-<base64>`. */
  tickerHashes: string[];
  /** CSP sources of the inline stylesheets of the pages and of the widget. */
  pageStyleHash: string;
  widgetStyleHash: string;
}

/**
 * The CSP of every embed: nothing from elsewhere, inline styles, the ticker pinned by its hashes, the
 * site's own images (a done image), and the site's own script files (the widget script with every option's code; in `npm run dev`, the dev
 * loop's too).
 */
export function embedContentSecurityPolicy(tickerHashes: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${tickerHashes.map((hash) => `'${hash}'`).join(" ")} 'self'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    // The countdown's done image, and the site's font, from the site.
    "img-src 'self' data:",
    "font-src 'self'",
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
    "font-src 'self'",
    "frame-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The CSP of the badge, an SVG document: its inline style and nothing else. */
export const BADGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * The CSP of the editor's page (/admin/, src/live/editor-page.ts): the site's own files and what
 * Decap CMS needs beyond them: `'unsafe-eval'` (it compiles its configuration's schema with
 * `new Function`; WebAssembly too), inline styles (it styles itself at run time), pictures from the
 * repository's host and from the files it is about to upload (`blob:`), and the APIs of the hosts it
 * can save to (GitHub, GitLab; Netlify's Git Gateway is on the site's own origin). Nothing framed, nothing framing it.
 */
export const EDITOR_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' https://api.github.com https://gitlab.com",
  "font-src 'self' data:",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
