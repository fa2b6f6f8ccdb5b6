// The production server as one JavaScript file, `<build folder>/server.mjs`, bundled from
// src/server/main.ts by esbuild with its packages: plain `node` runs it, with no TypeScript loader;
// and beside it `email-worker.mjs`, the worker thread that draws its email images, which the server
// reads when it starts and starts its threads from (src/node/email-painters.ts).
// The image renderer's WebAssembly (read as a file, src/images/resvg-wasm.ts), the shaper (a
// WebAssembly module found beside its code) and the fonts stay in the project's node_modules, found
// beside the build folder or, for a build folder elsewhere, through a link.
import { symlink } from "node:fs/promises";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";
import { PROJECT_ROOT, isWithin } from "../config.ts";
import { PACKAGE_MARK, WORKER_PACKAGES } from "../node/email-painters.ts";

/** Packages written as CommonJS call require(), which an ES module has to make for itself. */
const REQUIRE_BANNER =
  'import { createRequire as createRequireForBundle } from "node:module"; const require = createRequireForBundle(import.meta.url);';

/** Writes `<folder>/server.mjs` and `<folder>/email-worker.mjs`; `outDir` is where the folder will live once swapped in. */
export async function bundleServer(folder: string, outDir: string): Promise<void> {
  const common: BuildOptions = {
    outdir: folder,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    define: { SERVER_BUNDLE: "true" },
    // Code only the TypeScript sources run (the email worker's loader) is left out.
    minifySyntax: true,
    legalComments: "none",
    logLevel: "silent",
  };
  await build({
    ...common,
    entryPoints: { server: path.join(PROJECT_ROOT, "src/server/main.ts") },
    external: WORKER_PACKAGES,
    banner: { js: REQUIRE_BANNER },
  });
  // The worker runs from memory (a data: module), which resolves no package name and has no file of its
  // own: its packages are marked for the server to write where it found them, and its import.meta.url
  // is the one the server gives it (workerData.home).
  await build({
    ...common,
    entryPoints: { "email-worker": path.join(PROJECT_ROOT, "src/node/email-worker.ts") },
    define: { ...common.define, "import.meta.url": "WORKER_HOME" },
    banner: {
      js: `import { workerData as workerDataForBundle } from "node:worker_threads"; const WORKER_HOME = workerDataForBundle.home; ${REQUIRE_BANNER.replace("import.meta.url", "WORKER_HOME")}`,
    },
    plugins: [
      {
        name: "marked-packages",
        setup: (bundler) =>
          bundler.onResolve(
            { filter: new RegExp(`^(${WORKER_PACKAGES.map((name) => name.replace(/[/.]/g, "\\$&")).join("|")})$`) },
            ({ path: name }) => ({ path: PACKAGE_MARK + name, external: true }),
          ),
      },
    ],
  });
  // Node looks for packages in the folders above the file: a build folder outside the project gets a link to its packages.
  if (!isWithin(outDir, PROJECT_ROOT))
    await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(folder, "node_modules"), "dir");
}
