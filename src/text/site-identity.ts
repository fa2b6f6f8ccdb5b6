// The site's identity, as its owner writes it in `_data/site.json` (checked by
// src/authoring/site-file.ts): its name and description, their language, its accent colour, the
// links of its footer, and the repository its countdowns live in.

export interface SiteLink {
  text: string;
  /** An absolute http(s) URL. */
  url: string;
}

export interface SiteIdentity {
  /** On every page, in the link previews and as oEmbed's `provider_name`. */
  name: string;
  /** The index's introduction and its link preview. */
  description: string;
  /** The language the name, description and links are written in (BCP 47). */
  language: string;
  /** The pages' accent colour, `#rrggbb`: links, buttons, the count. */
  accent: string;
  /** The footer's links. */
  links: SiteLink[];
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
  repository: "",
  branch: "main",
};
