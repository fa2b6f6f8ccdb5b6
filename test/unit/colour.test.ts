// The site's accent as every face draws it (src/colour/colour.ts): text in it reads on every background
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
  scrimOpacity,
} from "../../src/colour/colour.ts";
import { PAGE_TITLE_SCRIM, TILE_TINT, WIDGET_IMAGE, previewScrim } from "../../src/colour/scrims.ts";
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

describe("the scrims over a countdown's image (src/colour/scrims.ts)", () => {
  /** `scrim` at `opacity` over a pixel of grey `pixel`, as browsers and resvg composite. */
  const over = (scrim: readonly number[], opacity: number, pixel: number) =>
    scrim.map((c) => Math.round(pixel + (c - pixel) * opacity)) as [number, number, number];

  it("is the least opacity under which every colour of text reads over any grey, white to black", () => {
    for (const [texts, scrim] of [
      [[[255, 255, 255]], [0, 0, 0]],
      [
        [
          [244, 246, 251],
          [221, 226, 236],
        ],
        [15, 20, 32],
      ],
      [
        [
          [255, 255, 255],
          [255, 138, 128],
        ],
        [15, 20, 32],
      ],
      [[[0, 0, 0]], [255, 255, 255]],
    ] as [[number, number, number][], [number, number, number]][]) {
      const opacity = scrimOpacity(texts, scrim);
      for (let pixel = 0; pixel <= 255; pixel++)
        for (const text of texts)
          expect(contrastRatio(text, over(scrim, opacity, pixel))).toBeGreaterThanOrEqual(READABLE_RATIO);
      // A hundredth less, and some text no longer reads over white (or black).
      expect(
        texts.some((text) =>
          [0, 255].some((pixel) => contrastRatio(text, over(scrim, opacity - 0.01, pixel)) < READABLE_RATIO),
        ),
      ).toBe(true);
    }
  });

  it("gives the page's title, the widget and the preview scrims their text reads on over white", () => {
    const opacityOf = (css: string) => Number(/\/ ([0-9.]+)\)$/.exec(css)![1]);
    expect(contrastRatio([255, 255, 255], over([0, 0, 0], opacityOf(PAGE_TITLE_SCRIM), 255))).toBeGreaterThanOrEqual(
      READABLE_RATIO,
    );
    const under = rgbOf(WIDGET_IMAGE.under)!;
    expect(under).toEqual(over([0, 0, 0], opacityOf(WIDGET_IMAGE.scrim), 255));
    // And on a cell of the tiles layout: the accent at TILE_TINT over that, as widget-more.css tints it.
    expect(readFileSync(path.join(ROOT, "src/widget/widget-more.css"), "utf8")).toContain(
      `color-mix(in srgb, var(--a) ${Math.round(TILE_TINT * 100)}%, #0000)`,
    );
    const tile = under.map((c, i) => Math.round(c + (rgbOf(WIDGET_IMAGE.colours.a)![i]! - c) * TILE_TINT)) as [
      number,
      number,
      number,
    ];
    for (const hex of Object.values(WIDGET_IMAGE.colours))
      for (const background of [under, tile])
        expect(contrastRatio(rgbOf(hex)!, background)).toBeGreaterThanOrEqual(READABLE_RATIO);
    const preview = previewScrim(["#f4f6fb", "#ff8a80"]);
    expect(contrastRatio([255, 138, 128], over(rgbOf(preview.colour)!, preview.opacity, 255))).toBeGreaterThanOrEqual(
      READABLE_RATIO,
    );
  });
});
