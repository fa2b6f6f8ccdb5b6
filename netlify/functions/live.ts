// The Netlify Function: the live handler over the countdowns the build wrote. Netlify's bundler
// (esbuild) inlines the live data, so the function reads no files at run time.
import liveData from "#live-data";
import { createLiveHandler } from "../../src/live/handler.ts";
import { createLiveStore, type LiveStore } from "../../src/live/live-store.ts";

let store: LiveStore | undefined;

// Checked on first use, so a corrupt build answers a clean 503 rather than crashing the function.
export default createLiveHandler({ store: () => (store ??= createLiveStore(liveData)) });

// A literal, as Netlify reads it without running the file; test/route-parity.test.ts checks it
// against LIVE_ROUTES in src/routes/route-table.ts.
export const config = {
  path: ["/api/countdown/*", "/api/health"],
};
