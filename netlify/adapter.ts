// The Netlify adapter: each function of netlify/functions/ is the site handler (src/http/site-handler.ts)
// over the live routes it answers and the live data folder of its own deploy, with no built files:
// Netlify's CDN serves those itself.
import { requestUrlTarget, toResponse, webRequest, type Bytes } from "../src/http/kernel.ts";
import { createSiteHandler, type FileSource } from "../src/http/site-handler.ts";
import { createLiveHandler, type LiveHandler } from "../src/live/handler.ts";
import type { LiveStore } from "../src/live/live-store.ts";
import type { RouteAnswers } from "../src/live/route.ts";
import { openLiveFolder } from "../src/node/live-folder.ts";

/** A Netlify Function over live routes: a Web Request to a Web Response, through the site handler. */
export function netlifyFunction(live: LiveHandler, log = (line: string) => console.error(line)) {
  // A function is asked only for its live paths (its `config.path`): any other path is the live
  // handler's 404, as it is for a path no live route has.
  const cdnFiles: FileSource<Bytes> = { basePath: "", answer: (call) => live(call) };
  const site = createSiteHandler({ targetOf: requestUrlTarget, files: () => cdnFiles, live, log });
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
