// What `<countdown-timer>` (src/element/element.ts) keeps of each element it draws: types alone, no code.

/** A unit's cell: its number's and its label's text nodes, its unit's format, and the digits shown. */
export type Cell = [Text, Text, Intl.NumberFormat, string];

/** What an element shows, and what it showed last (its accessible name's words, its texts' state). */
export interface Shown {
  lang: string;
  zone: string;
  note: HTMLElement;
  count: HTMLElement;
  line: HTMLElement;
  cells: Cell[];
  box: HTMLElement;
  /** Each number has its unit's word (the units and tiles layouts). */
  labelled: boolean;
  /** The units shown, largest first (`units`, src/time/time-left.ts). */
  run: string;
  /** `labels` other than `auto`, or `separator="colon"`: a unit's number and label (src/element/element-labels.ts). */
  cell?: (n: number, i: number, run: string) => [string, string];
  /** `announce="milestones"` or `warn`: what says the milestones passed and colours the last span, at each draw (src/element/element-near-end.ts). */
  say?: (left: number, done: string) => void;
  /** The ring, flip and digital layouts: what draws a unit's number (by its first text, `[part=number]`'s) of `n` of unit `i` as `digits` (src/element/element-shapes.ts). */
  paint?: (text: Text, digits: string, n: number, i: number) => void;
  words?: string | number;
  state?: string;
}
