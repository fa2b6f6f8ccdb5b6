// What `<countdown-timer>` loads for `announce="milestones"` or `warn`, and only for them (a dynamic
// import of /api/element-near-end.js): what changes as the end nears, at each draw. A polite live
// region in its box, apart from the timer, says the time left at an hour, ten minutes and a minute,
// and the end (src/text/milestones.ts); in `warn`'s last span the numbers take the warning colour
// (src/time/warn.ts: judged by the seconds the count shows, as the widget and the email image do).
// Kept out of the element's own module, which stays within its 4,096 bytes.
import { WARN_COLOURS } from "../colour/colour.ts";
import { liveRegion, milestone } from "../text/milestones.ts";
import { inWarnSpan, warnSpanMs } from "../time/warn.ts";

const { light, dark } = WARN_COLOURS;
const STYLE = new CSSStyleSheet();
STYLE.replaceSync(
  "[data-said]{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}" +
    // The warning colour of the element's theme (a dark card's, or an auto one's on a dark system);
    // without a theme, of the host page's colour scheme; a host page's own, `--countdown-warn`, wins.
    `:host([theme=light]){--w:${light}}:host([theme=dark]){--w:${dark}}@media(prefers-color-scheme:dark){:host([theme=auto]){--w:${dark}}}` +
    `[data-warning] [part=number]{color:var(--countdown-warn,var(--w,light-dark(${light},${dark})))}`,
);

/**
 * Adds what `options` ask for to an element's box; gives what to call at each draw with the seconds
 * left (and the done message).
 */
export default (box: HTMLElement, lang: string, title: string, options: Record<string, string>) => {
  const root = box.getRootNode() as ShadowRoot;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, STYLE];
  const region = options.announce == "milestones" && liveRegion(box);
  const span = warnSpanMs(options.warn);
  let before: number | undefined;
  return (left: number, done: string) => {
    box.toggleAttribute("data-warning", inWarnSpan(left, span));
    const words = milestone(before, (before = left), lang, title, done);
    if (region && words) region.textContent = words;
  };
};
