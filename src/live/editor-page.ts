// The editor's page (/admin/, docs/editing.md): Decap CMS's script, which reads the configuration the
// build wrote beside it (/admin/config.yml). Answered live, not from a file, for a CSP of its own:
// the editor compiles its configuration's schema with `new Function` and styles itself with inline
// styles, which the pages' CSP forbids, and on a static host every page path has the pages' CSP
// (src/http/routes.ts), which Netlify would join to any other rule's rather than replace.
import { EDITOR_CONFIG_PATH, editorFilePath, publicPath } from "../paths.ts";
import { attributeText } from "../text/escape.ts";
import { ok, type LiveRequest } from "./route.ts";

/** The editor's script, as the build copies it (src/eleventy/editor-files.ts). */
const EDITOR_SCRIPT = "decap-cms.js";

/** `GET /admin/`: the page that loads the editor; a line for the seconds its script takes to load. */
export function editorPage({ route, store }: LiveRequest) {
  const at = (sitePath: string) => attributeText(publicPath(store.site, sitePath));
  return ok(
    route,
    `<!doctype html>
<html lang="${attributeText(store.siteLanguage)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Editor · ${attributeText(store.siteName)}</title>
<link href="${at(EDITOR_CONFIG_PATH)}" type="text/yaml" rel="cms-config-url">
<style>body:has(#nc-root) > .loading { display: none } .loading { font: 1rem/1.5 system-ui, sans-serif; margin: 2rem }</style>
</head>
<body>
<p class="loading" lang="en">Loading the editor… If it does not appear, this build has none: build the site with the development packages installed (npm install).</p>
<script src="${at(editorFilePath(EDITOR_SCRIPT))}"></script>
</body>
</html>
`,
  );
}
