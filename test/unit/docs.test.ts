// The documents people read: every relative link leads to a file of the repository, and every anchor
// to a heading of it, as GitHub names headings; the README stays short.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.ts";

const DOCUMENTS = ["README.md", "BENCHMARKS.md", "SECURITY.md", ...readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

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
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

describe("the documents", () => {
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
      if (anchor !== undefined && (statSync(resolved).isDirectory() || !resolved.endsWith(".md") || !anchorsOf(resolved).has(anchor))) broken.push(`${link}: no such heading`);
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
