// Renders the route table as the files Netlify reads from the publish folder.
import type { BuildFacts } from "../http/policy.ts";
import { FALLBACKS, staticHeaderRules } from "../http/routes.ts";

const GENERATED = "# Generated from src/http/routes.ts by the build: edit the table, not this file.";

/** `_headers`: one block per rule, path on its own line, headers indented below it. */
export function renderHeadersFile(facts: BuildFacts): string {
  const blocks = staticHeaderRules(facts).map(
    (rule) =>
      `${rule.path}\n${Object.entries(rule.headers)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join("\n")}`,
  );
  return `${GENERATED}\n${blocks.join("\n")}\n`;
}

/** `_redirects`: the fallbacks as 404 rewrites; Netlify applies them only where no file exists. */
export function renderRedirectsFile(): string {
  const lines = FALLBACKS.map((fallback) => `${fallback.path}  ${fallback.file}  ${fallback.status}`);
  return `${GENERATED}\n${lines.join("\n")}\n`;
}
