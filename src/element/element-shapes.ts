// What `<countdown-timer>` loads for the ring, flip and digital layouts, and only for them (a dynamic
// import of /api/element-shapes.js): their styles, and what draws each unit's number in them
// (src/widget/shapes.ts, as the widget draws them). Kept out of the element's own module, which stays
// within its 4,096 bytes; the looks' module (src/element/element-looks.ts) lays the units out.
import { digitalStyle, paint } from "../widget/shapes.ts";
import { ringFraction } from "../time/shape-rules.ts";

const N = "[part=number]";
const sheet = new CSSStyleSheet();
sheet.replaceSync(
  // A number's digits left to right in every language (an <i> each in flip and digital).
  `[dir=rtl] ${N}{flex-direction:row-reverse}` +
    // Ring: the number in a ring that empties as its unit runs out (--r), the label under it.
    `[data-layout=ring]>p{font-size:min(var(--countdown-size,2em),6.5cqi);align-items:start}` +
    `[data-layout=ring] ${N}{display:grid;place-items:center;aspect-ratio:1;min-width:2.2em;padding:.3em;box-sizing:border-box;position:relative;font-size:.8em;margin:auto}` +
    `[data-layout=ring] ${N}:after{content:"";position:absolute;inset:0;border-radius:50%;background:conic-gradient(currentColor calc(var(--r,0)*1turn),color-mix(in srgb,currentColor 15%,#0000) 0);mask:radial-gradient(closest-side,#0000 calc(100% - .16em),#000 calc(100% - .15em))}` +
    // Flip: each digit on a card split at the middle, unrolling downwards as it changes (not for reduced motion).
    `[data-layout=flip]>p{font-size:min(var(--countdown-size,2em),7.5cqi)}[data-layout=flip] ${N},[data-layout=digital] ${N}{display:flex;justify-content:center;gap:.06em}` +
    `[data-layout=flip] i{font-style:normal;padding:0 .08em;border-radius:.12em;background:linear-gradient(#0000 calc(50% - 1px),#8888 0 calc(50% + 1px),#0000 0),linear-gradient(#0002 50%,#0000 0),#8882}` +
    `@media(prefers-reduced-motion:no-preference){[data-layout=flip] [data-f]{animation:f .35s ease-out}}@keyframes f{from{clip-path:inset(0 0 55%)}}` +
    `[data-layout=digital]>p{font-size:min(var(--countdown-size,2em),8cqi)}` +
    digitalStyle("[data-layout=digital]"),
);

/** Each number's `[part=number]`, by the text it starts with (which flip and digital take out of it). */
const numbers = new WeakMap<Text, HTMLElement>();

/**
 * For an element's shadow root: adds the shapes' styles, and gives what draws a number (the
 * `[part=number]` that `text` starts) of `n` of unit `i` as `digits` in `layout`; the ring of days is
 * out of `evergreen` (an evergreen record's duration, seconds) where there is one.
 */
export default (root: ShadowRoot, layout: string, evergreen?: number) => {
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return (text: Text, digits: string, n: number, i: number) => {
    if (!numbers.has(text)) numbers.set(text, text.parentElement!);
    paint(numbers.get(text)!, layout, digits, ringFraction(n, i, evergreen && evergreen / 86400));
  };
};
