// Every live route's answer in one table, for the runtimes that answer them all in one place (the Node
// server, the Worker). Netlify spreads the same parts over three functions (netlify/functions/), so
// that resvg and the fonts stay out of the live JSON's bundle.
import { LIVE_ANSWERS } from "./countdown.ts";
import { emailAnswers } from "./email.ts";
import type { EmailDrawings } from "./email-drawings.ts";
import { PREVIEW_ANSWERS } from "./preview-route.ts";
import type { RouteAnswers } from "./route.ts";
import { SHARE_ANSWERS } from "./share-routes.ts";

/** Every live route's answer, the email images drawn by `drawings`. */
export const everyLiveAnswer = (drawings: EmailDrawings): RouteAnswers => ({
  ...LIVE_ANSWERS,
  ...SHARE_ANSWERS,
  ...PREVIEW_ANSWERS,
  ...emailAnswers(drawings),
});
