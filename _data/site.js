// Site-wide metadata for every template.
export default {
  name: "Countdowns",
  description: "Live countdowns to dates that matter, as JSON and as embeddable widgets.",
  language: "en",
};
