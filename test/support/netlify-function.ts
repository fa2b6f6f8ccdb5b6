// The Netlify Functions (netlify/functions/*.ts) over the fixture build's live data.
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { folderFunction } from "../../netlify/adapter.ts";
import { EMAIL_ANSWERS } from "../../src/live/email.ts";
import { PREVIEW_ANSWERS } from "../../src/live/preview-route.ts";
import { SHARE_ANSWERS } from "../../src/live/share-routes.ts";
import { TEST_LIVE_DIR } from "./paths.ts";

export const netlifyFunction = folderFunction(TEST_LIVE_DIR, LIVE_ANSWERS);
export const shareFunction = folderFunction(TEST_LIVE_DIR, SHARE_ANSWERS);
export const imagesFunction = folderFunction(TEST_LIVE_DIR, { ...PREVIEW_ANSWERS, ...EMAIL_ANSWERS });
