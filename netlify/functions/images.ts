// The Netlify Function of the service's images: the link-preview image (src/live/preview-route.ts) and
// the email countdown (src/live/email.ts), over the live data of the same build, read as
// netlify/functions/live.ts reads it. A function of its own, so that resvg and the fonts (fonts/, the
// `countdown-fonts` package) stay out of the live JSON's bundle.
import { fileURLToPath } from "node:url";
import { EMAIL_ANSWERS } from "../../src/live/email.ts";
import { folderFunction } from "../adapter.ts";
import { PREVIEW_ANSWERS } from "../../src/live/preview-route.ts";

export default folderFunction(fileURLToPath(new URL("../../dist/live/", import.meta.url)), {
  ...PREVIEW_ANSWERS,
  ...EMAIL_ANSWERS,
});

// A literal, as Netlify reads it; a test checks it against LIVE_ROUTES (src/http/routes.ts).
export const config = {
  path: ["/api/og/*", "/api/email/*"],
};
