// What `<countdown-timer>` loads for `announce="milestones"`, and only for it (a dynamic import of
// /api/element-announce.js): a polite live region in its box, apart from the timer, that says the time
// left at an hour, ten minutes and a minute, and the end (src/text/milestones.ts). Kept out of the
// element's own module, which stays within its 4,096 bytes.
import { liveRegion, milestone } from "../text/milestones.ts";

const STYLE = new CSSStyleSheet();
STYLE.replaceSync(
  "[data-said]{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}",
);

/** Adds the region to an element's box; gives what to call at each draw with the seconds left. */
export default (box: HTMLElement, lang: string, title: string) => {
  const root = box.getRootNode() as ShadowRoot;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, STYLE];
  const region = liveRegion(box);
  let before: number | undefined;
  return (left: number, done: string) => {
    const words = milestone(before, (before = left), lang, title, done);
    if (words) region.textContent = words;
  };
};
