// The live data folder a build wrote (`<outDir>/live/`), read from the disk with Node.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createLiveHandler, type LiveHandler } from "./handler.ts";
import type { RouteAnswers } from "./route.ts";
import { createLiveStore, type LiveStore } from "./live-store.ts";

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

/**
 * A Netlify Function over a live data folder: the handler of `answers`, the folder read on first
 * use, so that a missing or corrupt one answers a clean 503 rather than crashing the function.
 */
export function folderFunction(liveDir: string, answers: RouteAnswers): LiveHandler {
  let store: LiveStore | undefined;
  return createLiveHandler({ store: () => (store ??= openLiveFolder(liveDir)), answers });
}
