// The one route table: which paths are answered live, by which Netlify Function and with which
// headers; which headers the static files get; what a path with no file answers. It generates what
// Netlify reads (`_headers`, `_redirects`, checked against each function's `config.path`) and drives
// the Node server, through Netlify's own matching rules (netlify-rules.ts), so the two answer alike.
import {
  ELEMENT_PARTS,
  elementPartPath,
  ELEMENT_SCRIPT_PATH,
  WIDGET_SCRIPT_PATH,
  OEMBED_PATH,
  HEALTH_PATH,
  INDEX_PATH,
  OPENAPI_PATH,
  PAGES_PATH,
  SCHEMA_PATH,
  API_NOT_FOUND,
  NOT_FOUND_PAGE,
  WIDGET_NOT_FOUND,
  badgePath,
  dataPath,
  emailImagePath,
  embedPath,
  goPath,
  livePath,
  previewImagePath,
  FONT_FILES,
  EDITOR_PATH,
} from "../paths.ts";
import { functionPathMatches, redirectRuleMatches, type HeaderRule } from "./netlify-rules.ts";
import {
  API_HEADERS,
  BADGE_CACHE,
  BADGE_CONTENT_SECURITY_POLICY,
  COMMON_HEADERS,
  CORS_HEADERS,
  EDITOR_CONTENT_SECURITY_POLICY,
  EMAIL_HEADERS,
  IMMUTABLE_CACHE,
  JSON_TYPE,
  LIVE_CACHE,
  LIVE_CDN_CACHE,
  NO_STORE,
  PER_DEPLOY_CACHE,
  UNTIL_DEPLOY_CDN_CACHE,
  embedContentSecurityPolicy,
  pageContentSecurityPolicy,
  type BuildFacts,
} from "./policy.ts";

/** The values of the live JSON's `?shape`: exactly one of the two published shapes. */
export const SHAPES = ["a", "b"] as const;
export type Shape = (typeof SHAPES)[number];

// ---- Live routes -------------------------------------------------------------------------------

/**
 * Routes answered by the live handler: Netlify Functions on Netlify (`fn` names the file in
 * netlify/functions, each with the routes it answers), the same handler in the Node server. Netlify
 * applies no `_headers` to function responses, so these carry every header. `path` uses the syntax
 * of a function's `config.path`.
 */
export const LIVE_ROUTES = [
  {
    name: "countdown",
    fn: "live",
    path: livePath("*"),
    headers: {
      ...API_HEADERS,
      "Content-Type": JSON_TYPE,
      "Cache-Control": LIVE_CACHE,
      "Netlify-CDN-Cache-Control": LIVE_CDN_CACHE,
      // An evergreen countdown's answers vary on its `start` too (varyOnStart, src/live/viewer-target.ts).
      "Netlify-Vary": "query=shape",
    },
  },
  {
    // A link that changes at zero (src/live/go.ts): its caching is the answer's own, never past the deadline.
    name: "go",
    fn: "live",
    path: goPath("*"),
    headers: {
      ...COMMON_HEADERS,
      // The page the visitor leaves is not told to the one they arrive at: no tracking.
      "Referrer-Policy": "no-referrer",
      "Cache-Control": NO_STORE,
      // An evergreen countdown's answer is each viewer's (`start`); other parameters (a mail tool's tracking) do not split the cache.
      "Netlify-Vary": "query=start",
    },
  },
  {
    name: "health",
    fn: "live",
    path: HEALTH_PATH,
    headers: { ...API_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": NO_STORE },
  },
  {
    name: "oembed",
    fn: "share",
    path: OEMBED_PATH,
    headers: {
      ...API_HEADERS,
      "Content-Type": JSON_TYPE,
      "Cache-Control": "public, max-age=300",
      "Netlify-CDN-Cache-Control": UNTIL_DEPLOY_CDN_CACHE,
    },
  },
  {
    name: "badge",
    fn: "share",
    path: badgePath("*").replace(/\*\.svg$/, "*"),
    headers: {
      ...API_HEADERS,
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": BADGE_CACHE,
      "Netlify-CDN-Cache-Control": "public, durable, max-age=60",
      "Content-Security-Policy": BADGE_CONTENT_SECURITY_POLICY,
    },
  },
  {
    // The editor's page, with a CSP of its own (src/live/editor-page.ts says why it is live).
    name: "editor",
    fn: "share",
    path: EDITOR_PATH,
    headers: {
      ...COMMON_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PER_DEPLOY_CACHE,
      "Content-Security-Policy": EDITOR_CONTENT_SECURITY_POLICY,
      "X-Frame-Options": "DENY",
      "X-Robots-Tag": "noindex",
    },
  },
  {
    name: "preview",
    fn: "images",
    path: previewImagePath("*").replace(/\*\.png$/, "*"),
    headers: {
      ...API_HEADERS,
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=3600",
      "Netlify-CDN-Cache-Control": UNTIL_DEPLOY_CDN_CACHE,
    },
  },
  {
    // `.gif` or `.png`: the answer names its type.
    name: "email",
    fn: "images",
    path: emailImagePath("*", "gif").replace(/\*\.gif$/, "*"),
    headers: {
      ...API_HEADERS,
      ...EMAIL_HEADERS,
      // Netlify's CDN serves one drawing per path, options and second to everyone, from the cache all
      // its edge nodes share; keyed on the image's options only (`Netlify-Vary`), so other parameters
      // (a mail tool's tracking) do not cost a drawing.
      "Netlify-CDN-Cache-Control": LIVE_CDN_CACHE,
      // The email image's options (src/images/email-options.ts; a test holds the two lists equal); an
      // evergreen countdown's images vary on its start too, written as Unix seconds (other forms are
      // redirected to it: src/live/email.ts), so equal deadlines share one drawing.
      "Netlify-Vary": "query=theme|accent|color|bg|layout|units|labels|separator|lang|title|width|density|frames|warn",
    },
  },
] as const;

export type LiveRoute = (typeof LIVE_ROUTES)[number];
export type LiveRouteName = LiveRoute["name"];

export function findLiveRoute(pathname: string): LiveRoute | undefined {
  return LIVE_ROUTES.find((route) => functionPathMatches(route.path, pathname));
}

// ---- Static files: _headers --------------------------------------------------------------------

/**
 * Headers of static files, as `_headers` rules: every rule whose path matches applies, so no header
 * name may appear in two rules that can match one path (Netlify would join both values). Netlify
 * matches these paths case-insensitively, with an optional trailing slash, and `/x/*` as a prefix
 * without a slash boundary; so the rules use placeholders where a prefix would reach too far, and no
 * rule gives a type or a CSP to a path whose answer is another kind of file.
 */
export function staticHeaderRules(facts: BuildFacts): HeaderRule[] {
  const perDeployJson = { "Content-Type": JSON_TYPE, "Cache-Control": PER_DEPLOY_CACHE };
  // The pages: frame protection (only embeds are meant to be framed) and their CSP, for every path
  // of one or two segments, and of four or more (which only the 404 page answers); embeds have three,
  // and so no rule can reach the other paths of three without reaching them.
  const page = { "Content-Security-Policy": pageContentSecurityPolicy(facts), "X-Frame-Options": "DENY" };
  return [
    { path: "/*", headers: COMMON_HEADERS },
    { path: INDEX_PATH, headers: page },
    { path: "/:page", headers: page },
    { path: "/:page/:file", headers: page },
    { path: "/:a/:b/:c/:d/*", headers: page },
    { path: "/api", headers: CORS_HEADERS },
    { path: "/api/:name/*", headers: CORS_HEADERS },
    {
      path: embedPath(":slug"),
      headers: {
        "Cache-Control": PER_DEPLOY_CACHE,
        "Content-Security-Policy": embedContentSecurityPolicy(facts.tickerHashes),
      },
    },
    { path: PAGES_PATH, headers: perDeployJson },
    { path: dataPath(":file").replace(/:file\.json$/, ":file"), headers: perDeployJson },
    { path: OPENAPI_PATH, headers: perDeployJson },
    // `<countdown-timer>`'s module: other sites load it (CORS, from the rule above), and it changes per deploy.
    { path: ELEMENT_SCRIPT_PATH, headers: { "Cache-Control": PER_DEPLOY_CACHE } },
    // The widget script with every option's code (src/widget/ticker.ts): kept as long as the widgets that load it.
    { path: WIDGET_SCRIPT_PATH, headers: { "Cache-Control": PER_DEPLOY_CACHE } },
    ...ELEMENT_PARTS.map((part) => ({ path: elementPartPath(part), headers: { "Cache-Control": PER_DEPLOY_CACHE } })),
    { path: SCHEMA_PATH, headers: perDeployJson },
    // The site's font files, under the hash of their bytes: kept for good, and loaded by `<countdown-timer>` on other sites (CORS).
    { path: FONT_FILES, headers: { ...CORS_HEADERS, "Cache-Control": IMMUTABLE_CACHE } },
  ];
}

// ---- Static files: _redirects ------------------------------------------------------------------

interface Fallback {
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

export function findFallback(pathname: string): Fallback {
  return FALLBACKS.find((fallback) => redirectRuleMatches(fallback.path, pathname))!;
}

/** Files the build writes for Netlify's own use; never served as content. */
export const PLATFORM_FILES = ["/_headers", "/_redirects"] as const;
