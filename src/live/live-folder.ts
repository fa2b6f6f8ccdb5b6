// The live data folder a build wrote (`<outDir>/live/`), read from the disk with Node, and the Netlify
// Function over it: an adapter of the site handler (src/http/site-handler.ts) with no built files,
// which Netlify's CDN serves itself.
import { readFileSync } from "node:fs";
import path from "node:path";
import { errorAnswer, quote, requestUrlTarget, toResponse, webRequest, type Bytes, type Call } from "../http/kernel.ts";
import { errorHeaders } from "../http/policy.ts";
import { createSiteHandler, type FileSource } from "../http/site-handler.ts";
import { isApiPath } from "../paths.ts";
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

/** A function is asked only for its live paths (its `config.path`): any other is not its to answer. */
const notAFunctionPath = (call: Call) =>
  errorAnswer(
    404,
    "not_found",
    `Nothing is published at ${quote(call.pathname)}.`,
    errorHeaders(isApiPath(call.pathname)),
  );
const CDN_FILES: FileSource<Bytes> = { basePath: "", answer: notAFunctionPath };

/** A Netlify Function over live routes: a Web Request to a Web Response, through the site handler. */
export function netlifyFunction(live: LiveHandler, log = (line: string) => console.error(line)) {
  const site = createSiteHandler({ targetOf: requestUrlTarget, files: () => CDN_FILES, live, log });
  return async (request: Request): Promise<Response> => toResponse(await site(webRequest(request)), request.method);
}

/**
 * A Netlify Function over a live data folder: the handler of `answers`, the folder read on first
 * use, so that a missing or corrupt one answers a clean 503 rather than crashing the function.
 */
export function folderFunction(
  liveDir: string,
  answers: RouteAnswers,
  { now, log }: { now?: () => number; log?: (line: string) => void } = {},
) {
  let store: LiveStore | undefined;
  return netlifyFunction(
    createLiveHandler({ store: () => (store ??= openLiveFolder(liveDir)), answers, now, log }),
    log,
  );
}
