// The site's identity, as its owner writes it in `_data/site.json` (checked by
// src/authoring/site-file.ts): its name and description, their language (the pages'), its accent
// colour, the links and tools of its header, its logo and font, and the repository its countdowns live in.

export interface SiteLink {
  text: string;
  /** An absolute http(s) URL. */
  url: string;
}

/** The site's logo: an image beside the site file, copied into every build at `logoPath(type)`. */
export interface SiteLogo {
  /** Its file name, beside the site file (`logo.svg`). */
  file: string;
  type: LogoType;
  /** Its size in CSS pixels (an SVG's from its width and height or viewBox): the page reserves the room before it loads. */
  width: number;
  height: number;
  /** A hash of its bytes: a new logo makes a new build. */
  hash: string;
}

/** The tools a site may link to from every page's header: the creator (/new/), the list as JSON (/api/pages), the API's OpenAPI description. */
export const SITE_TOOLS = ["creator", "pages", "api"] as const;
export type SiteTool = (typeof SITE_TOOLS)[number];

export const LOGO_TYPES = ["svg", "png", "webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const FONT_TYPES = ["woff2", "ttf", "otf"] as const;
export type FontType = (typeof FONT_TYPES)[number];

/** A font file beside the site file; the web font's is published at `fontPath(file)`. */
export interface SiteFontFile {
  /** Its file name, beside the site file (`brand.woff2`). */
  file: string;
  /** Its type; `woff` the web font the build subsets from the TTF or OTF `file` (src/authoring/font-subset.ts). */
  type: FontType | "woff";
  /** A hash of its bytes (a subset's: of the subset's): its published name, so it is cached for good. */
  hash: string;
  /** A subset's characters, as CSS's `unicode-range`. */
  range?: string;
}

/** The site's font (src/authoring/site-font.ts). */
export interface SiteFont {
  /** What the pages, the widget and the element load: the WOFF2, else the TTF or OTF. */
  web: SiteFontFile;
  /** What the images are drawn with: the TTF or OTF; none with a WOFF2 alone (the images keep the bundled fonts). */
  drawn?: SiteFontFile;
}

/** The site font's files beside the site file, each once (a TTF or OTF alone, and the subset's source, are both). */
export const fontFiles = (font: SiteFont): SiteFontFile[] =>
  font.drawn && font.drawn.file !== font.web.file ? [font.web, font.drawn] : [font.web];

export interface SiteIdentity {
  /** On every page, in the link previews and as oEmbed's `provider_name`. */
  name: string;
  /** The index's introduction and its link preview. */
  description: string;
  /** The language the name, description and links are written in (BCP 47). */
  language: string;
  /** The pages' accent colour, `#rrggbb`: links, buttons, the count. */
  accent: string;
  /** The links in every page's header, after the site's name. */
  links: SiteLink[];
  /** The site's own tools the header also links to (none unless asked for: visitors need none of them). */
  tools: SiteTool[];
  /** The logo beside the name in every page's header; none when undefined. */
  logo?: SiteLogo;
  /** The font of the pages, the widget, the element and the drawn images; the system's (and the bundled fonts) when undefined. */
  font?: SiteFont;
  /** The repository of the countdowns (`https://github.com/owner/name`), for "Edit" links and the creator; "" when unknown. */
  repository: string;
  /** The repository's branch that publishes (its new-file and edit links open there). */
  branch: string;
}

/** What a site file may leave out. */
export const SITE_DEFAULTS: SiteIdentity = {
  name: "Countdowns",
  description: "Live countdowns to dates that matter.",
  language: "en",
  accent: "#0b57d0",
  links: [],
  tools: [],
  repository: "",
  branch: "main",
};
