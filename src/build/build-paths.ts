// Where things are: the project, and the layout of a build folder. Apart from the build itself, so
// that the server, which only reads a build, does not load Eleventy and the rest of the toolchain.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export const DEFAULT_OUT_DIR = path.join(PROJECT_ROOT, "dist");

/** The layout of a build folder, for everything that reads one. */
export function buildPaths(outDir: string) {
  return {
    site: path.join(outDir, "site"),
    liveData: path.join(outDir, "live", "countdowns.json"),
  };
}
