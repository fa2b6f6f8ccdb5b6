// How Netlify reads the paths of its routing files, as its own code does: `_headers` rules
// (@netlify/headers-parser), `_redirects` rules (netlify-redirector) and a function's `config.path`.
// The Node server matches with these, so it answers every path as Netlify would; a test checks them
// against Netlify's parsers and matcher.
import type { HeaderSet } from "./policy.ts";

/** Netlify's reading of a `_headers` path, as @netlify/headers-parser builds it: case-insensitive, optional trailing slash. */
function headerRuleRegExp(rulePath: string): RegExp {
  const parts = rulePath
    .split("/")
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(":")) return "([^/]+)";
      if (part === "*") return "?(.*)";
      return part.split("*").map(escapeRegExp).join("(.*)");
    });
  return new RegExp(`^/${parts.join("/")}/?$`, "iu");
}

// (A hyphen outside a class is itself: escaped, it is an error under the `u` flag.)
const escapeRegExp = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&");

export interface HeaderRule {
  /** A `_headers` path: literal segments, `:placeholder` segments, a final `*`. */
  path: string;
  headers: HeaderSet;
}

/**
 * The headers the rules give each static path, merged in rule order (every rule that matches
 * applies, as on Netlify): a function that compiles the rules once and remembers the answer for each
 * path (up to `maxPaths` of them).
 */
export function staticHeaders(rules: readonly HeaderRule[], maxPaths = 50_000): (pathname: string) => HeaderSet {
  const compiled = rules.map((rule) => ({ matches: headerRuleRegExp(rule.path), headers: rule.headers }));
  const byPath = new Map<string, HeaderSet>();
  return (pathname) => {
    let merged = byPath.get(pathname);
    if (!merged) {
      merged = Object.assign(
        {},
        ...compiled.filter((rule) => rule.matches.test(pathname)).map((rule) => rule.headers),
      ) as HeaderSet;
      if (byPath.size < maxPaths) byPath.set(pathname, merged);
    }
    return merged;
  };
}

/** Netlify's reading of a `_redirects` path (as netlify-redirector matches it): case-sensitive, `/x/*` also matches `/x`. */
export function redirectRuleMatches(rulePath: string, pathname: string): boolean {
  if (!rulePath.endsWith("/*")) return pathname === rulePath;
  const prefix = rulePath.slice(0, -1);
  return pathname.startsWith(prefix) || pathname === prefix.slice(0, -1);
}

/** Does a function's `config.path` pattern match this path? (URLPattern: case-sensitive; a final `/*` matches the rest after the slash.) */
export function functionPathMatches(pattern: string, pathname: string): boolean {
  return pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}
