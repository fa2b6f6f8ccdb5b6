// The production server as one JavaScript file, `<build folder>/server.mjs`, bundled from
// src/server/main.ts by esbuild with its packages: plain `node` runs it, with no TypeScript loader;
// and beside it `email-worker.mjs`, the worker thread that draws its email images.
// The image renderer (a native module), the shaper (a WebAssembly module found beside its code) and
// the fonts stay in the project's node_modules, found beside the build folder or, for a build folder
// elsewhere, through a link.
import { symlink } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT, isWithin } from "../config.ts";

export const SERVER_FILE = "server.mjs";

/** Writes `<folder>/server.mjs` and `<folder>/email-worker.mjs`; `outDir` is where the folder will live once swapped in. */
export async function bundleServer(folder: string, outDir: string): Promise<void> {
  await build({
    // The server, and the worker thread that draws its email images (src/live/email-painters.ts), beside it.
    entryPoints: { server: path.join(PROJECT_ROOT, "src/server/main.ts"), "email-worker": path.join(PROJECT_ROOT, "src/live/email-worker.ts") },
    outdir: folder,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["@resvg/resvg-js", "harfbuzzjs"],
    // Packages written as CommonJS call require(), which an ES module has to make for itself.
    banner: { js: 'import { createRequire as createRequireForBundle } from "node:module"; const require = createRequireForBundle(import.meta.url);' },
    define: { SERVER_BUNDLE: "true" },
    // Code only the TypeScript sources run (the email worker's loader) is left out.
    minifySyntax: true,
    legalComments: "none",
    logLevel: "silent",
  });
  // Node looks for packages in the folders above the file: a build folder outside the project gets a link to its packages.
  if (!isWithin(outDir, PROJECT_ROOT)) await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(folder, "node_modules"), "dir");
}
