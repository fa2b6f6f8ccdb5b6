// What `<countdown-timer>` loads for `labels` other than `auto` and for `separator="colon"`, and only
// for them (a dynamic import of /api/element-labels.js): each unit's number and label in the element's
// language, as the widget and the pages write them (src/text/language-words.ts). Kept out of the
// element's own module, which stays within its 4,096 bytes.
import { separatorText, unitText, unitWord, type UnitWords } from "../text/language-words.ts";
import { unitDigits, type Labels } from "../time/time-left.ts";

const UNITS = ["day", "hour", "minute", "second"];

/**
 * For an element's options: what stands between its units in the `text` layout (the units and tiles
 * layouts draw a colon by their styles, src/element/element-looks.ts), and a unit's number and label
 * for `n` of unit `i` (unitsLeft's order) of `run`.
 */
export default (
  lang: string,
  labels: Labels = "auto",
  separator: "space" | "colon" = "space",
  text = true,
  words?: UnitWords,
) => ({
  between: text ? separatorText(separator, labels) : " ",
  cell: (n: number, i: number, run: string): [string, string] =>
    text
      ? ((([before, number, after]) => [before + number, after])(unitText(n, i, run, lang, labels, words)) as [
          string,
          string,
        ])
      : [
          unitDigits(n, i, run),
          labels == "none" ? "" : unitWord(lang, UNITS[i]!, n, labels == "short" ? "short" : "long", words),
        ],
});
