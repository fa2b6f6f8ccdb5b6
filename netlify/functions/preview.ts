// The Netlify Function of the link-preview images (src/live/preview-image.ts), over the live data of
// the same build, read as netlify/functions/live.ts reads it. A function of its own, so that resvg and
// the fonts stay out of the live JSON's bundle.
import { fileURLToPath } from "node:url";
import { folderFunction } from "../../src/live/live-folder.ts";
import { PREVIEW_ANSWERS } from "../../src/live/preview-image.ts";

export default folderFunction(fileURLToPath(new URL("../../dist/live/", import.meta.url)), PREVIEW_ANSWERS);

// A literal, as Netlify reads it; a test checks it against LIVE_ROUTES (src/http/routes.ts).
export const config = {
  path: ["/api/og/*"],
};
