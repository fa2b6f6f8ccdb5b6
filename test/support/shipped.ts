// The files of deploy/ as the tests run them: read as shipped, edited only where the shipped text is
// what the test expects, and the temporary folders of a test file removed after it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { ROOT } from "./paths.ts";

/** A file of deploy/ as shipped. */
export const shipped = (file: string) => readFileSync(path.join(ROOT, "deploy", file), "utf8");

/** `text` with `from` replaced by `to`; `from` must be in the shipped file, or the test tests something else. */
export function edit(text: string, from: string | RegExp, to: string): string {
  expect(text, `the shipped file has ${from}`).toMatch(from);
  return text.replace(from, to);
}

/** A function that makes a temporary folder named after `name`, each removed once the test file is done. */
export function temporaryFolders(): (name: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (name) => {
    made.push(mkdtempSync(path.join(tmpdir(), `${name}-`)));
    return made.at(-1)!;
  };
}
