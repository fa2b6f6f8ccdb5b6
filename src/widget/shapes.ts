// The shapes of the `ring`, `flip` and `digital` layouts, shared by the widget's site script
// (src/widget/ticker.ts) and `<countdown-timer>`'s shapes module (src/element/element-shapes.ts):
// which of a number's digits flip, and how rings, cards and seven-segment digits are drawn.
// Each number is a `<span>`: the ring's digits are its text; flip's and digital's, one `<i>` a digit
// (its text the digit, for screen readers and for copying). The rules of the ring and the segments
// are the email image's too (src/time/shape-rules.ts).
import { SEGMENTS } from "../time/shape-rules.ts";

/**
 * Which digits of `after` flip, where `before` was shown (the digits matched from the right, as they
 * stand): those that differ; none on the first draw (`before` empty).
 */
export const flips = (before: string, after: string) =>
  [...after].map((digit, k) => !!before && before[k + before.length - after.length] != digit);

/** Each segment's box in its digit's (background-position / background-size), a to g. */
const BOXES = [
  "50% 5%/56% 8%",
  "90% 17%/12% 38%",
  "90% 83%/12% 38%",
  "50% 95%/56% 8%",
  "10% 83%/12% 38%",
  "10% 17%/12% 38%",
  "50% 50%/56% 8%",
];

/**
 * The styles of the digital layout's digits under `scope` (each an `<i data-d="7">`): its segments
 * drawn as boxes of the number's colour, those not lit a faint tint of it, the digit's own glyph
 * kept (for screen readers and copying) but not painted. No font.
 */
export const digitalStyle = (scope: string) =>
  `${scope} i{display:inline-block;width:.62em;height:1.1em;line-height:1.1;font-style:normal;-webkit-text-fill-color:#0000;--o:color-mix(in srgb,currentColor 13%,#0000);background:${BOXES.map((box, s) => `linear-gradient(var(--s${s},var(--o)) 0 0) ${box} no-repeat`).join()}}` +
  SEGMENTS.map(
    (bits, digit) =>
      `${scope} [data-d="${digit}"]{${[...BOXES.keys()].map((s) => ((bits >> s) & 1 ? `--s${s}:currentColor;` : "")).join("")}}`,
  ).join("");

/**
 * Draws `digits` in `number` for `layout`: as text (with the ring's fill, `--r`, for `ring`), or a
 * digit an `<i>` (flip, digital); of those only the digits that changed are new elements, and only a
 * new one that flips (not on the first draw) is marked `data-f` (the flip's animation, in the styles).
 */
export function paint(number: HTMLElement, layout: string, digits: string, fraction: number) {
  if (layout != "flip" && layout != "digital") {
    number.textContent = digits;
    number.style.setProperty("--r", "" + fraction);
    return;
  }
  const old = [...number.children];
  const before = old.length ? number.textContent! : "";
  const flipped = flips(before, digits);
  const made = [...digits].map((digit, k) => {
    if (old.length == digits.length && !flipped[k] && old[k]!.textContent == digit) return old[k]!;
    const i = document.createElement("i");
    i.textContent = i.dataset.d = digit;
    if (flipped[k]) i.dataset.f = "";
    if (old.length == digits.length) old[k]!.replaceWith(i);
    return i;
  });
  if (old.length != digits.length) number.replaceChildren(...made);
}
