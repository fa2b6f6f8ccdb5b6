// The URL map: every path of the site is built here, and nowhere else. A leaf: it imports nothing of
// the site, so every layer may use it.
//
// Paths here are paths inside the site ("/api/pages"). A site published under a base path
// (URL=https://example.org/countdowns) keeps its files where they are and prefixes every link and
// route with the base path (`publicPath`), as Eleventy's pathPrefix does.

/** Where the site is published: `{base_url}` split into its origin and the path it lives under. */
export interface SiteAddress {
  /** `https://example.org`: scheme, host and port. */
  origin: string;
  /** `""` at the root of the origin, else `/countdowns`: no trailing slash. */
  basePath: string;
}

/** A countdown's own page, the `url` of `/api/pages`. */
export const pagePath = (slug: string) => `/${slug}/`;
/** A countdown's page for its owner (not indexed): the widget's configurator, the email image, the badge, the snippets. */
export const ownerPagePath = (slug: string) => `/${slug}/embed/`;
/** The add-to-calendar file of a countdown. */
export const calendarPath = (slug: string) => `/${slug}/${slug}.ics`;
/** Every listed countdown with a date in one calendar, which calendar apps subscribe to (src/authoring/calendar-feed.ts). */
export const CALENDAR_FEED_PATH = "/calendar.ics";
/** The widget, the `src` of the published iframe snippet. */
export const embedPath = (slug: string) => `/api/embed/${slug}`;
/** The file behind `embedPath`: Netlify and the Node server serve `<path>.html` at `<path>`. */
export const embedFile = (slug: string) => `${embedPath(slug)}.html`;
/** The live JSON, computed per request. */
export const livePath = (slug: string) => `/api/countdown/${slug}`;
/** A countdown's published record (static). */
export const dataPath = (slug: string) => `/api/data/${slug}.json`;
/** The live shields-style badge, for READMEs. */
export const badgePath = (slug: string) => `/api/badge/${slug}.svg`;
/** The link that leads to a countdown's `go.before` while it counts and to `go.after` once it has ended (src/live/go.ts). */
export const goPath = (slug: string) => `/go/${slug}`;
/** The link-preview image (Open Graph), made on first request and cached until the next deploy. */
export const previewImagePath = (slug: string) => `/api/og/${slug}.png`;
/** The countdown as an image for email: an animated GIF, or its first frame as a PNG. */
export const emailImagePath = (slug: string, format: "gif" | "png") => `/api/email/${slug}.${format}`;
/** oEmbed: a countdown's page or embed URL in `url`. */
export const OEMBED_PATH = "/api/oembed";

export const INDEX_PATH = "/";
/** The index lists this many countdowns per page (src/pages/index.njk's pagination size; a test holds them equal). */
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
/** The widget's script with every option's code, which a widget whose options ask for one loads (src/widget/ticker.ts). */
export const WIDGET_SCRIPT_PATH = "/assets/widget.js";
/** `<countdown-timer>`: the element's ES module, for other sites' pages (docs/element.md). */
export const ELEMENT_SCRIPT_PATH = "/api/element.js";
/**
 * Its parts, each an ES module it loads only where an element needs it (src/element/, one file each):
 * an evergreen countdown's viewer deadline, the styles of its themes, fonts and layouts, a repeating
 * countdown's occurrences, the pause button, the labels in words and the separator, what nears the end (the live region of
 * milestones, the warning colour of `warn`),
 * the ring, flip and digital layouts' shapes.
 */
export const ELEMENT_PARTS = ["evergreen", "looks", "repeat", "controls", "labels", "near-end", "shapes"] as const;
export type ElementPart = (typeof ELEMENT_PARTS)[number];
export const elementPartPath = (part: ElementPart) => `/api/element-${part}.js`;
/** The page that writes a new countdown's file, and its script (the build's own checks, in the browser). */
export const NEW_PAGE_PATH = "/new/";
export const CREATOR_SCRIPT_PATH = "/assets/new.js";
/**
 * The editor (Decap CMS, docs/editing.md): its page, answered live for a CSP of its own
 * (src/live/editor-page.ts); its configuration, made by the build from the fields' definitions; and
 * its script's files, copied from the installed package.
 */
export const EDITOR_PATH = "/admin/";
export const EDITOR_CONFIG_PATH = "/admin/config.yml";
export const editorFilePath = (name: string) => `/admin/${name}`;
/** The site's logo (the site file's `logo`), copied into the build under the name of its type. */
export const logoPath = (type: string) => `/assets/logo.${type}`;
/** A font file of the site (the site file's `font`), under the hash of its bytes: cached for good, loaded from other origins by the element. */
export const fontPath = (font: { hash: string; type: string }) => `/assets/font-${font.hash}.${font.type}`;
/** The site's font for the images, as the live data keeps it (`{ "base64": … }`), by its hash. */
export const siteFontFile = (font: { hash: string; type: string }) => `font/${font.hash}.${font.type}.json`;
/** Every font file's path, as a `_headers` pattern. */
export const FONT_FILES = "/assets/font-*";
/** A countdown's done image (`done_image`), published under the hash of its bytes; its extension is its type's. */
export const doneImagePath = (image: { hash: string; type: string }) =>
  `/assets/done-${image.hash}.${image.type === "jpeg" ? "jpg" : image.type}`;
/** A countdown's image (`image`: its page's header, its preview's and its widget's background), under the hash of its bytes. */
export const headerImagePath = (image: { hash: string; type: string }) =>
  `/assets/image-${image.hash}.${image.type === "jpeg" ? "jpg" : image.type}`;
/** The same image as the live data keeps it for the link preview's background (src/images/preview-image.ts), by its path. */
export const imageBackgroundFile = (imagePath: string) =>
  `image/${imagePath.slice(imagePath.lastIndexOf("/") + 1)}.json`;
/** The same image as the live data keeps it for the email image (src/images/done-frame.ts), by its path. */
export const doneBitmapFile = (imagePath: string) => `done/${imagePath.slice(imagePath.lastIndexOf("/") + 1)}.json`;
/** `npm run dev` only: the script every page and widget of a dev build loads, and the events it listens to. */
export const DEV_RELOAD_SCRIPT = "/__dev/reload.js";
export const DEV_EVENTS = "/__dev/events";
/** What a path that is neither a file nor live answers, with a 404 (src/http/routes.ts, FALLBACKS). */
export const NOT_FOUND_PAGE = "/404.html";
export const API_NOT_FOUND = "/api/not-found.json";
export const WIDGET_NOT_FOUND = "/api/not-found.html";

/** Top-level names the site itself uses: a countdown's page at `/<slug>/` must not take them. */
export const RESERVED_SLUGS = /* @__PURE__ */ (() => [
  ...new Set(
    [
      INDEX_PATH + "index.html",
      indexPagePath(2),
      NOT_FOUND_PAGE,
      PAGES_PATH,
      PAGE_SCRIPT_PATH,
      NEW_PAGE_PATH,
      EDITOR_PATH,
      goPath("x"),
    ].map((p) => p.split("/")[1]!.replace(/\.html$/, "")),
  ),
])();

/** The path a visitor requests for a path of the site: the base path, then the path. */
export const publicPath = (site: SiteAddress, sitePath: string) => site.basePath + sitePath;
/** The absolute URL of a path of the site. */
export const absoluteUrl = (site: SiteAddress, sitePath: string) => site.origin + publicPath(site, sitePath);

/**
 * The feed's address for a Subscribe link: `webcal://`, which opens the calendar app's subscribe
 * dialog, where the site is https; the URL itself on an http site, to copy into an app (apps differ
 * in whether they fetch webcal over http or https).
 */
export const feedSubscribeUrl = (site: SiteAddress) =>
  absoluteUrl(site, CALENDAR_FEED_PATH).replace(/^https:\/\//, "webcal://");

/** The oEmbed answer for a countdown's page, for the page's discovery link. */
export const oembedUrl = (site: SiteAddress, slug: string) =>
  `${absoluteUrl(site, OEMBED_PATH)}?url=${encodeURIComponent(absoluteUrl(site, pagePath(slug)))}&format=json`;

/** The API's paths, which answer CORS preflights and JSON errors; the rest is the site. */
export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** The file a static host serves for a path: the path itself, or `index.html` for a folder. */
export function fileOf(sitePath: string): string {
  return sitePath.endsWith("/") ? `${sitePath}index.html` : sitePath;
}
