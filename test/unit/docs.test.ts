// The documents people read: every relative link leads to a file of the repository, and every anchor
// to a heading of it, as GitHub names headings; every path of the repository that a document, a
// comment or a test names (in code spans too) exists; the README stays short.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.ts";

const DOCUMENTS = [
  "README.md",
  "BENCHMARKS.md",
  "SECURITY.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation out, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The anchors of a Markdown file's headings (a second heading of the same words gets "-1", as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const anchor = anchorOf(heading!);
    let unique = anchor;
    for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

/** Every link of a Markdown file outside code: `[text](target)`. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** The folders whose files are read for the repository's paths they name, and the files at the top. */
const NAMING_FOLDERS = ["src", "test", "bench", "scripts", "docs", "netlify", "deploy", "tools", ".ci"];
const NAMING_TOP = /^(?:[\w.-]+\.(?:md|toml|ya?ml|js|cjs|ts)|package\.json|\.gitignore)$/;
const TEXT = /\.(?:ts|js|mjs|cjs|md|json|toml|ya?ml|sh|txt|env|conf|service|njk|css)$|^[^.]+$/;
/**
 * A path of the repository as text names it: from one of its folders on, not inside a longer path
 * (`node_modules/x/src/a.js` is a dependency's). `countdowns/` and `_data/` are left out: they name
 * an author's files in examples (`countdowns/launch.md`), not this repository's.
 */
const REPOSITORY_PATH =
  /(?<![\w./@-])((?:src|test|bench|scripts|docs|netlify|deploy|tools|fonts|\.ci)\/[\w./-]*[\w-])/g;
/** Files that name paths of another tree on purpose: what each names is not this repository's. */
const OTHER_TREES: Record<string, string> = {
  "test/integration/standards.test.ts": "the files of a dependency's package, joined to its folder",
  "test/unit/architecture.test.ts": "the files of a made-up source tree the import checker is tried on",
};

function namingFiles(): string[] {
  const files = readdirSync(ROOT).filter((name) => NAMING_TOP.test(name) && name !== "package-lock.json");
  for (const folder of NAMING_FOLDERS) {
    for (const entry of readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && TEXT.test(entry.name))
        files.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  return files;
}

describe("the documents", () => {
  it("every path of the repository named in a document, a comment or a test exists", () => {
    const missing: string[] = [];
    const files = namingFiles();
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      if (OTHER_TREES[file]) continue;
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const [index, line] of text.split("\n").entries()) {
        for (const match of line.matchAll(REPOSITORY_PATH)) {
          // A pattern's path (`^src/paths\\.ts` in a regular expression) is not a path.
          if (line[match.index + match[0].length] === "\\") continue;
          const target = match[1]!.replace(/[.:]+$/, "");
          if (!existsSync(path.join(ROOT, target))) missing.push(`${file}:${index + 1} names ${target}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(DOCUMENTS)("%s: every relative link and anchor resolves", (document) => {
    const file = path.join(ROOT, document);
    const broken: string[] = [];
    for (const link of linksOf(file)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [target, anchor] = link.split("#") as [string, string | undefined];
      const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
      if (!resolved.startsWith(ROOT) || !existsSync(resolved)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (
        anchor !== undefined &&
        (statSync(resolved).isDirectory() || !resolved.endsWith(".md") || !anchorsOf(resolved).has(anchor))
      )
        broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it("the README stays short: what it is, the two commands, the owner's quick path, and links", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    // The two commands come first, complete as written.
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(firstBlock).toMatch(/^npm ci --omit=dev && npm start\b/m);
    expect(firstBlock).toMatch(/^npm install && npm test\b/m);
  });
});
