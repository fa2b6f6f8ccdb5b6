// What `<countdown-timer>` loads for `controls="pause"`, and only for it (a dynamic import of
// /api/element-controls.js): a button that stops the element's updates and starts them again (WCAG
// 2.2.2, Pause, Stop, Hide), named in the element's language (src/text/pause-words.ts), pressed while
// paused. Kept out of the element's own module, which stays within its 4,096 bytes.
import { pauseWord } from "../text/pause-words.ts";

const STYLE = new CSSStyleSheet();
STYLE.replaceSync(
  "button{font:inherit;font-size:max(12px,.75em);padding:.15em .9em;border:2px solid;border-radius:2em;background:none;color:inherit;cursor:pointer}" +
    "[aria-pressed=true]{background:var(--countdown-accent,var(--a,currentColor));border-color:var(--countdown-accent,var(--a,currentColor));color:var(--b,Canvas)}",
);

/**
 * Adds the pause button to an element's box, in `lang`: pressed, the element is `paused` (it draws
 * nothing); pressed again, it is drawn at once (`redraw`), right to the second.
 */
export default (host: { paused?: boolean }, box: HTMLElement, lang: string, redraw: () => void) => {
  const root = box.getRootNode() as ShadowRoot;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, STYLE];
  const button = box.appendChild(document.createElement("button"));
  button.type = "button";
  button.setAttribute("part", "pause");
  button.textContent = pauseWord(lang);
  button.setAttribute("aria-pressed", "false");
  button.onclick = () => {
    button.setAttribute("aria-pressed", "" + (host.paused = !host.paused));
    redraw();
  };
};
