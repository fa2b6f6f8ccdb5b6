// The Netlify Function of the countdown JSON, the go links and health, over the live data folder of the same build.
// netlify.toml's included_files puts that folder in the function's bundle, at the same place relative
// to this file as in the repository (dist/live), so the function reads the data of its own deploy and
// no other: nothing is stale across deploys. It reads meta.json on its first request and one shard
// per slug asked for (src/live/live-store.ts): its cold start does not grow with the number of countdowns.
import { fileURLToPath } from "node:url";
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { folderFunction } from "../adapter.ts";

export default folderFunction(fileURLToPath(new URL("../../dist/live/", import.meta.url)), LIVE_ANSWERS);

// A literal, as Netlify reads it without running the file; a test checks it against LIVE_ROUTES in
// src/http/routes.ts.
export const config = {
  path: ["/api/countdown/*", "/go/*", "/api/health"],
};
