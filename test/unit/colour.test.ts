// The site's accent as every face draws it (src/text/colour.ts): text in it reads on every background
// the faces draw it on, and those backgrounds are the ones the stylesheets name.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  accentColours,
  contrastRatio,
  DARK_BACKGROUNDS,
  hexOf,
  LIGHT_BACKGROUNDS,
  READABLE_RATIO,
  rgbOf,
} from "../../src/text/colour.ts";
import { ROOT } from "../support/paths.ts";

/** Accents a site might name: the default, pale, saturated, grey, black and white. */
const ACCENTS = [
  "#0b57d0",
  "#f97316",
  "#ffe066",
  "#22c55e",
  "#e11d48",
  "#7c3aed",
  "#808080",
  "#000000",
  "#ffffff",
  "#0a0a0a",
  "#fafafa",
];

describe("the site's accent", () => {
  it("reads at 4.5:1 on each background of its scheme, light and dark", () => {
    for (const accent of ACCENTS) {
      const { light, dark } = accentColours(accent);
      for (const bg of LIGHT_BACKGROUNDS)
        expect(contrastRatio(rgbOf(light)!, bg), `${accent} as ${light} on ${hexOf(bg)}`).toBeGreaterThanOrEqual(
          READABLE_RATIO,
        );
      for (const bg of DARK_BACKGROUNDS)
        expect(contrastRatio(rgbOf(dark)!, bg), `${accent} as ${dark} on ${hexOf(bg)}`).toBeGreaterThanOrEqual(
          READABLE_RATIO,
        );
    }
  });

  it("is the owner's own colour wherever that reads, and moved only as far as it must be otherwise", () => {
    // The default reads on light backgrounds as it is.
    expect(accentColours("#0b57d0").light).toBe("#0b57d0");
    expect(accentColours("#ffe066").dark).toBe("#ffe066");
    // Orange is darkened for the light themes, but keeps its hue: red stays its strongest channel.
    const { light } = accentColours("#f97316");
    const [r, g, b] = rgbOf(light)!;
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    expect(light).not.toBe("#000000");
  });

  it("is checked against every background the pages' and the widget's stylesheets draw text on", () => {
    const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8").toLowerCase();
    const pages = [...read("src/pages/pages.css").matchAll(/--(?:bg|card):(#[0-9a-f]{3,6})\b/g)].map(([, hex]) => hex!);
    const widget = /--b:\s*light-dark\((#[0-9a-f]{3,6}),\s*(#[0-9a-f]{3,6})\)/
      .exec(read("src/widget/widget.css"))!
      .slice(1);
    expect(pages.length).toBe(4);
    const checked = [...LIGHT_BACKGROUNDS, ...DARK_BACKGROUNDS].map(hexOf);
    for (const hex of [...pages, ...widget]) expect(checked, hex).toContain(hexOf(rgbOf(hex)!));
  });
});
