// The site's name and language: on every page, and in what the live routes say about the site (the
// oEmbed provider, the preview image).
export const SITE = {
  name: "Countdowns",
  description: "Live countdowns to dates that matter, as JSON and as embeddable widgets.",
  language: "en",
};
