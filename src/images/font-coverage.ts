// What each font file of the set covers, as a table: the code points it has, as sorted ranges
// [first, last, first, last, ...]. The Workers build makes it (src/publish/workers-build.ts) so that a
// Worker knows which font files an image needs before it draws, and fetches them first
// (src/workers/font-files.ts); a collection's first face stands for all (fonts.ts asks it alone).
import * as hb from "harfbuzzjs";

/** Sorted ranges of code points: [first, last, first, last, ...]. */
export type Coverage = readonly number[];

/** The code points of a font file's first face, as ranges. */
export function coverageOf(bytes: Uint8Array): number[] {
  const face = new hb.Face(new hb.Blob(bytes), 0);
  const ranges: number[] = [];
  for (const code of [...face.collectUnicodes()].sort((a, b) => a - b)) {
    if (ranges.length && ranges.at(-1) === code - 1) ranges[ranges.length - 1] = code;
    else ranges.push(code, code);
  }
  return ranges;
}

/** Whether `code` is in the ranges. */
export function covered(ranges: Coverage, code: number): boolean {
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < ranges[2 * middle]!) high = middle - 1;
    else if (code > ranges[2 * middle + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}
