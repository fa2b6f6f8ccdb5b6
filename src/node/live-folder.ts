// The live data folder a build wrote (`<outDir>/live/`), read from the disk with Node: by the Node
// server and by the Netlify functions, whose bundles carry the folder (netlify.toml).
import { readFileSync } from "node:fs";
import path from "node:path";
import { createLiveStore, type LiveStore } from "../live/live-store.ts";

/** The store over a live data folder: `meta.json` read now, each shard when first needed. */
export function openLiveFolder(dir: string): LiveStore {
  return createLiveStore((name) => {
    try {
      return readFileSync(path.join(dir, name), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  });
}
