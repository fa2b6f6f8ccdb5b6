// The Netlify Function of the routes that share a countdown elsewhere: the oEmbed answer and the live
// badge (src/live/share-routes.ts), over the live data of the same build, read as netlify/functions/live.ts reads it.
import { fileURLToPath } from "node:url";
import { folderFunction } from "../adapter.ts";
import { SHARE_ANSWERS } from "../../src/live/share-routes.ts";

export default folderFunction(fileURLToPath(new URL("../../dist/live/", import.meta.url)), SHARE_ANSWERS);

// A literal, as Netlify reads it; a test checks it against LIVE_ROUTES (src/http/routes.ts).
export const config = {
  path: ["/api/oembed", "/api/badge/*", "/admin/"],
};
