// The editor's configuration file (/admin/config.yml), as the build writes it for this site.
import path from "node:path";
import yaml from "js-yaml";
import { editorConfig } from "../authoring/editor-config.ts";
import { INDEX_PATH, absoluteUrl } from "../paths.ts";
import type { SiteInput } from "./site-input.ts";

/** The configuration's YAML: the countdowns' folder and the site file named from the folder that holds the countdowns' folder. */
export function editorConfigText({ config, identity }: Pick<SiteInput, "config" | "identity">): string {
  const root = path.dirname(config.countdownsDir);
  const siteFile = path.relative(root, config.siteFile).split(path.sep).join("/");
  const config_ = editorConfig({
    countdownsFolder: path.basename(config.countdownsDir),
    ...(siteFile.startsWith("../") ? {} : { siteFile }),
    language: identity.language,
    repository: identity.repository,
    branch: identity.branch,
    siteUrl: absoluteUrl(config.site, INDEX_PATH),
  });
  return `# Made by the build from the countdown file's fields (docs/editing.md); edits here are replaced.\n${yaml.dump(config_, { lineWidth: -1, noRefs: true })}`;
}
