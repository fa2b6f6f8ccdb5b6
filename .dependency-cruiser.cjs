// The layers of the code, as docs/architecture.md draws them, held by dependency-cruiser
// (`npx depcruise src netlify scripts bench tools test`; the unit tests run it). Each folder of src/
// may import only the folders below it, so no import can close a loop between folders; and no code
// that ships imports test code.
/** @type {Record<string, string[]>} What each part of src/ may import, besides itself. */
const LAYERS = {
  "src/vocabulary.ts": [],
  "src/published-record.ts": [],
  "src/site-identity.ts": [],
  "src/colour/": [],
  "src/time/": [],
  "src/text/": ["src/time/"],
  "src/paths.ts": [],
  "src/shards.ts": [],
  "src/error-message.ts": [],
  "src/content-hash.ts": [],
  "src/config.ts": ["src/paths.ts", "src/shards.ts"],
  "src/widget/": ["src/time/", "src/text/", "src/colour/"],
  // (The widget's option rules: the units a count shows; and the ring, flip and digital layouts' shapes.)
  "src/element/": [
    "src/time/",
    "src/text/",
    "src/colour/",
    "src/paths.ts",
    "src/widget/options.ts",
    "src/widget/shapes.ts",
  ],
  "src/images/": ["src/time/", "src/text/", "src/colour/"],
  "src/authoring/": [
    "src/error-message.ts",
    "src/content-hash.ts",
    "src/time/",
    "src/text/",
    "src/colour/",
    "src/paths.ts",
    "src/widget/",
    "src/images/",
  ],
  "src/http/": ["src/error-message.ts", "src/paths.ts", "src/text/"],
  "src/live/": [
    "src/error-message.ts",
    "src/shards.ts",
    "src/http/",
    "src/time/",
    "src/text/",
    "src/colour/",
    "src/paths.ts",
    "src/widget/",
    "src/images/",
  ],
  // (The email image's option rules, for the owner page's configurator; not its drawing.)
  "src/pages/": [
    "src/time/",
    "src/text/",
    "src/colour/",
    "src/widget/",
    "src/authoring/",
    "src/paths.ts",
    "src/images/email-options.ts",
  ],
  "src/eleventy/": [
    "src/error-message.ts",
    "src/authoring/",
    "src/http/",
    "src/time/",
    "src/text/",
    "src/colour/",
    "src/paths.ts",
    "src/widget/",
    "src/images/",
    "src/config.ts",
  ],
  "src/node/": ["src/error-message.ts", "src/live/", "src/http/", "src/paths.ts"],
  "src/server/": [
    "src/node/",
    "src/error-message.ts",
    "src/shards.ts",
    "src/eleventy/",
    "src/live/",
    "src/http/",
    "src/time/",
    "src/text/",
    "src/paths.ts",
    "src/images/",
    "src/config.ts",
  ],
  "src/workers/": [
    "src/error-message.ts",
    "src/shards.ts",
    "src/eleventy/",
    "src/live/",
    "src/http/",
    "src/time/",
    "src/text/",
    "src/paths.ts",
    "src/images/",
  ],
  "src/publish/": [
    "src/node/",
    "src/error-message.ts",
    "src/content-hash.ts",
    "src/server/",
    "src/workers/",
    "src/shards.ts",
    "src/eleventy/",
    "src/live/",
    "src/authoring/",
    "src/http/",
    "src/time/",
    "src/text/",
    "src/paths.ts",
    "src/widget/",
    "src/images/",
    "src/config.ts",
  ],
  "src/dev/": [
    "src/node/",
    "src/error-message.ts",
    "src/publish/",
    "src/server/",
    "src/workers/",
    "src/eleventy/",
    "src/live/",
    "src/authoring/",
    "src/http/",
    "src/time/",
    "src/text/",
    "src/paths.ts",
    "src/widget/",
    "src/config.ts",
  ],
};
// The vocabulary, the record and the site's identity are the bottom lines: every part above may import them.
const BOTTOM = ["src/vocabulary.ts", "src/published-record.ts", "src/site-identity.ts"];
for (const [part, allowed] of Object.entries(LAYERS)) {
  if (BOTTOM.includes(part)) continue;
  allowed.push(...BOTTOM);
}
LAYERS["src/published-record.ts"].push("src/vocabulary.ts");
const escape = (text) => text.replace(/[.]/g, "\\.");
const layerRules = Object.entries(LAYERS).map(([from, allowed]) => ({
  name: `layer ${from}`,
  comment: `${from} may import only ${allowed.join(", ") || "nothing else of src/"}`,
  severity: "error",
  from: { path: `^${escape(from)}` },
  to: { path: "^src/", pathNot: [`^${escape(from)}`, ...allowed.map((part) => `^${escape(part)}`)] },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "src in a layer",
      comment: "every part of src/ has a place in the layers above",
      severity: "error",
      from: { path: "^src/", pathNot: Object.keys(LAYERS).map((part) => `^${escape(part)}`) },
      to: {},
    },
    {
      name: "functions are adapters",
      comment: "a Netlify Function only wires the live routes it answers to the live data",
      severity: "error",
      from: { path: "^netlify/(functions/|adapter\\.ts$)" },
      to: { path: "^src/", pathNot: ["^src/node/", "^src/live/", "^src/http/", "^src/paths\\.ts", "^src/images/"] },
    },
    {
      name: "no test code outside the tests",
      severity: "error",
      from: { pathNot: ["^test/", "^vitest\\.config\\.ts$"] },
      to: { path: "^test/" },
    },
    {
      name: "src stands alone",
      comment: "the service never imports the scripts, benchmarks, tools or tests around it",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(scripts|bench|tools|test|netlify)/" },
    },
    { name: "no loops", severity: "error", from: {}, to: { circular: true } },
    {
      name: "declared packages only",
      comment: "every package a file imports is in package.json",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "no dev packages in what ships",
      comment:
        "src/ and the functions run after npm ci --omit=dev; the Worker (src/workers/) is bundled by the Workers build, which runs with the development packages (wrangler deploys it)",
      severity: "error",
      from: { path: "^(src|netlify)/", pathNot: ["^src/dev/", "^src/workers/"] },
      to: { dependencyTypes: ["npm-dev"] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|\\.test-build)" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
