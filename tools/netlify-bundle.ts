// The Netlify Functions as Netlify deploys them, made by Netlify's own bundler
// (@netlify/zip-it-and-ship-it) with netlify.toml's [functions] settings, over a given build's live
// data, and unzipped: what a deploy runs, for the tests and the benchmarks.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { zipFunctions } from "@netlify/zip-it-and-ship-it";
import extract from "extract-zip";
import { PROJECT_ROOT } from "../src/config.ts";

export interface DeployedFunction {
  /** The function's name (its file in netlify/functions) and its module in the unzipped bundle. */
  name: string;
  module: string;
  /** Bytes of that module (the code, the live data not included), of the whole zip, and of all it holds. */
  moduleBytes: number;
  zipBytes: number;
  unzippedBytes: number;
}

type FunctionSettings = { nodeBundler?: "esbuild" | "nft"; includedFiles?: string[] };

/**
 * netlify.toml's `[functions]` and `[functions.<name>]` sections, as zip-it-and-ship-it takes them
 * ("*" for the first). Only what this project writes there: `key = "text"` and `key = ["text", ...]`.
 */
export function functionSettings(): Record<string, FunctionSettings> {
  const toml = readFileSync(path.join(PROJECT_ROOT, "netlify.toml"), "utf8");
  const settings: Record<string, FunctionSettings> = {};
  let section: FunctionSettings | undefined;
  for (const line of toml.split("\n").map((text) => text.trim())) {
    const header = /^\[functions(?:\.(\w+))?\]$/.exec(line);
    if (header) section = settings[header[1] ?? "*"] = {};
    else if (line.startsWith("[")) section = undefined;
    const entry = section && /^(node_bundler|included_files) = (.+)$/.exec(line);
    if (entry) section![entry[1] === "node_bundler" ? "nodeBundler" : "includedFiles"] = JSON.parse(entry[2]!);
  }
  return settings;
}

/**
 * Bundles every function of netlify/functions as a deploy would, with `liveDir` as the build's
 * dist/live: the repository's own files, and netlify.toml's settings with that one path pointed at
 * a copy of `liveDir`, which is put back at dist/live in the unzipped bundles. The zips and the
 * unzipped bundles are written into `work`, which the caller removes once it is done with them.
 */
export async function deployFunctions(liveDir: string, work: string): Promise<Map<string, DeployedFunction>> {
  mkdirSync(work, { recursive: true });
  const staging = mkdtempSync(path.join(PROJECT_ROOT, ".test-build", "netlify-"));
  try {
    cpSync(liveDir, path.join(staging, "live"), { recursive: true });
    const stagedLive = path.relative(PROJECT_ROOT, path.join(staging, "live"));
    const config = Object.fromEntries(
      Object.entries(functionSettings()).map(([name, settings]) => [
        name,
        {
          ...settings,
          includedFiles: settings.includedFiles?.map((glob) => glob.replace(/^dist\/live\//, `${stagedLive}/`)),
        },
      ]),
    );
    const zipped = await zipFunctions([path.join(PROJECT_ROOT, "netlify/functions")], path.join(work, "zips"), {
      basePath: PROJECT_ROOT,
      repositoryRoot: PROJECT_ROOT,
      config,
    });
    const deployed = new Map<string, DeployedFunction>();
    for (const { name, path: zip } of zipped) {
      const unzipped = path.join(work, "unzipped", name);
      mkdirSync(unzipped, { recursive: true });
      await extract(zip, { dir: unzipped });
      // The repository's own dist/live, if there is one, is in the bundle too (the bundler follows the
      // function's reference to it): this build's takes its place.
      rmSync(path.join(unzipped, "dist/live"), { recursive: true, force: true });
      mkdirSync(path.join(unzipped, "dist"), { recursive: true });
      renameSync(path.join(unzipped, stagedLive), path.join(unzipped, "dist/live"));
      const module = path.join(unzipped, `netlify/functions/${name}.mjs`);
      const unzippedBytes = readdirSync(unzipped, { recursive: true, withFileTypes: true }).reduce(
        (sum, entry) => sum + (entry.isFile() ? statSync(path.join(entry.parentPath, entry.name)).size : 0),
        0,
      );
      deployed.set(name, {
        name,
        module,
        moduleBytes: statSync(module).size,
        zipBytes: statSync(zip).size,
        unzippedBytes,
      });
    }
    return deployed;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
