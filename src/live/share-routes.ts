// The routes that share a countdown elsewhere (and the editor's page, as light), answered by one Netlify Function (netlify/functions/share.ts).
import { badge } from "./badge.ts";
import type { RouteAnswers } from "./route.ts";
import { editorPage } from "./editor-page.ts";
import { oembed } from "./oembed.ts";

export const SHARE_ANSWERS: RouteAnswers = { oembed, badge, editor: editorPage };
