// The editor's script (Decap CMS, docs/editing.md), copied from the installed package into the build:
// the bundle and the chunks it loads as it needs them, served from /admin/ beside the configuration
// the build writes (editor-config-file.ts). Not its WebAssembly: a WebP encoder for uploads, which this
// configuration does not ask for, and which wrangler would take for the Worker's own modules. An install of what running needs alone
// (`npm ci --omit=dev`) has no editor: the build says so and publishes none.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { editorFilePath } from "../paths.ts";

/** The files the editor's page loads: the bundle and its numbered chunks (not the source maps, nor the copy named cms.js). */
const EDITOR_FILE = /^(decap-cms\.js|\d+\.decap-cms\.js)$/;

let found: { from: string; file: string }[] | undefined;

/** The editor's files: where each is in the installed package, and its path in the build; none when the package is not installed. */
export function editorFiles(): readonly { from: string; file: string }[] {
  if (found) return found;
  let dist: string;
  try {
    dist = path.join(path.dirname(createRequire(import.meta.url).resolve("decap-cms/package.json")), "dist");
  } catch {
    console.log(
      "No editor at /admin/ in this build: its package (decap-cms) is installed with the development packages (npm install).",
    );
    return (found = []);
  }
  return (found = readdirSync(dist)
    .filter((name) => EDITOR_FILE.test(name))
    .sort()
    .map((name) => ({ from: path.join(dist, name), file: editorFilePath(name) })));
}
