// The email countdown (src/images/email-image.ts): a 60-frame, 600 px GIF of the default look drawn
// from nothing (no drawing of it kept; the glyphs, rasterised once per size and colour, and the fonts
// are the process's), in this process, on one core; against a floor run beside it: the same 60
// frames each drawn whole by resvg from an SVG with the same fonts, and encoded by gifenc (a
// well-kept GIF encoder) with one palette quantised from the first frame. Also the other looks, the
// PNG, and the first drawing of a process (fonts loaded). And each GIF's size beside what gifsicle -O3
// (Debian's, the optimiser email GIFs are measured against) makes of the very same GIF.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Resvg } from "../src/images/resvg.ts";
import gifenc from "gifenc";
import { renderEmailGif, renderEmailPng } from "../src/images/email-image.ts";
import type { EmailCountdown } from "../src/images/email-look.ts";
import { resolveEmailOptions } from "../src/images/email-options.ts";
import { fontFolder } from "../src/images/font-files.ts";
import { fontFilesFor } from "../src/images/fonts.ts";
import { unitDigits, unitsLeft } from "../src/time/time-left.ts";
import { median } from "./load.ts";
import { fmt, table, type BenchSection } from "./report.ts";
import { SECOND } from "../src/time/units.ts";

const RUNS = 40;
const TARGET_MS = 20;
const TARGET_BYTES = 40 * 1024;
/** A fixed clock: the figures do not depend on the day they are measured. */
const START = Date.parse("2031-05-14T09:26:40Z");

/** A countdown about a week away, with a title of a typical length. */
function countdown(i: number, title = `Summer sale ends soon ${i}`, lang = "en"): EmailCountdown {
  const targetMs = START + 6 * 86_400_000 + 7 * 3_600_000 + 1234 * SECOND;
  return {
    title,
    lang,
    zone: "Europe/Berlin",
    status: "scheduled",
    targetAt: (nowMs) => ({ targetMs, over: nowMs >= targetMs }),
    done: "The sale has ended",
    statusWords: "",
  };
}

/** Each run a new countdown at another second: nothing of the drawing itself is kept between runs. */
function timeRuns(draw: (i: number) => Uint8Array): { ms: number[]; bytes: number } {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    bytes = draw(i).length;
    ms.push(performance.now() - started);
  }
  return { ms, bytes };
}

const { GIFEncoder, applyPalette, quantize } = gifenc; // a CommonJS package

/** The floor: each frame a whole SVG drawn by resvg, the frames encoded by gifenc. */
function floorGif(i: number): Uint8Array {
  const c = countdown(i);
  const fontBuffers = [
    ...new Set([
      ...fontFilesFor(c.title, 700),
      ...fontFilesFor("0123456789dhms", 700),
      ...fontFilesFor("Thu, 21 May 2031, 01:47 CEST", 400),
    ]),
  ].map((file) => readFileSync(path.join(fontFolder(), file)));
  const encoder = GIFEncoder();
  let palette: number[][] | undefined;
  const { targetMs } = c.targetAt(START);
  for (let k = 0; k < 60; k++) {
    const units = unitsLeft(targetMs, START + i * SECOND + k * SECOND);
    const count = units.map((n, u) => unitDigits(n, u) + "dhms"[u]).join(" ");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="180"><rect width="600" height="180" fill="#fff"/><text x="300" y="49" font-size="24" font-weight="700" fill="#1a2030" text-anchor="middle" font-family="Noto Sans">${c.title}</text><text x="300" y="116" font-size="60" font-weight="700" fill="#2449d8" text-anchor="middle" font-family="Noto Sans">${count}</text><text x="300" y="155" font-size="15" fill="#596275" text-anchor="middle" font-family="Noto Sans">Thu, 21 May 2031, 01:47 CEST</text></svg>`;
    const rgba = new Resvg(svg, {
      font: { fontBuffers, defaultFontFamily: "Noto Sans" },
    }).render().pixels;
    palette ??= quantize(rgba, 64);
    encoder.writeFrame(applyPalette(rgba, palette), 600, 180, { palette, delay: 1000, repeat: -1 });
  }
  encoder.finish();
  return encoder.bytes();
}

export async function emailGif(): Promise<BenchSection> {
  readFileSync(path.join(fontFolder(), "NotoSans-Bold.ttf"));
  const defaults = resolveEmailOptions("", "");
  const firstStarted = performance.now();
  renderEmailGif(countdown(-1), defaults, START);
  const firstMs = performance.now() - firstStarted;

  const looks: [string, string, string | undefined][] = [
    ["GIF, default look (light, text, 600 px, 60 frames)", "", undefined],
    ["GIF, dark", "theme=dark", undefined],
    ["GIF, units, German", "layout=units", "de"],
    ["GIF, units, Arabic", "layout=units", "ar"],
    ["GIF, Japanese title", "", "ja"],
    ["GIF, 2x density (1200 px)", "density=2", undefined],
    ["GIF, ring", "layout=ring", undefined],
    ["GIF, ring, Arabic", "layout=ring", "ar"],
    ["GIF, flip", "layout=flip", undefined],
    ["GIF, flip, German", "layout=flip", "de"],
    ["GIF, digital", "layout=digital", undefined],
    ["GIF, digital, dark, colons", "layout=digital&theme=dark&separator=colon", undefined],
    ["PNG, default look", "png", undefined],
  ];
  const rows: (string | number)[][] = [];
  const sizes: (string | number)[][] = [];
  const gifsicle = existsSync("/usr/bin/gifsicle");
  const scratch = mkdtempSync(path.join(tmpdir(), "email-gifsicle-"));
  let service = { ms: [0], bytes: 0 };
  for (const [name, query, lang] of looks) {
    const options = resolveEmailOptions("", query === "png" ? "" : query);
    const title =
      lang === "ja"
        ? "夏のセール開始まで"
        : lang === "ar"
          ? "تخفيضات الصيف"
          : lang === "de"
            ? "Sommerschlussverkauf"
            : undefined;
    const draw = query === "png" ? renderEmailPng : renderEmailGif;
    const result = timeRuns(
      (i) => draw(countdown(i, title ?? `Summer sale ends soon ${i}`, lang ?? "en"), options, START + i * SECOND).bytes,
    );
    if (rows.length === 0) service = result;
    rows.push([name, fmt(median(result.ms)), fmt(Math.max(...result.ms)), result.bytes]);
    if (query !== "png" && gifsicle) {
      const ours = draw(countdown(0, title ?? "Summer sale ends soon 0", lang ?? "en"), options, START).bytes;
      writeFileSync(path.join(scratch, "in.gif"), ours);
      execFileSync("/usr/bin/gifsicle", ["-O3", path.join(scratch, "in.gif"), "-o", path.join(scratch, "out.gif")]);
      const theirs = readFileSync(path.join(scratch, "out.gif")).length;
      sizes.push([name, ours.length, theirs, fmt(ours.length / theirs, 3)]);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
  const floor = timeRuns(floorGif);
  const [serviceMs, floorMs] = [median(service.ms), median(floor.ms)];
  rows.push(["floor: resvg per frame + gifenc, default look", fmt(floorMs), fmt(Math.max(...floor.ms)), floor.bytes]);
  const withinGifsicle = gifsicle && sizes.every((row) => (row[1] as number) <= (row[2] as number));
  const ok = serviceMs <= TARGET_MS && service.bytes <= TARGET_BYTES && withinGifsicle;
  return {
    id: "email",
    title: "Email countdown images",
    ok,
    summary:
      `a 60-frame, 600 px GIF of the default look drawn in ${fmt(serviceMs)} ms (median of ${RUNS}; target ${TARGET_MS} ms) and ${service.bytes} bytes (target ${TARGET_BYTES}); ` +
      `the floor (resvg per frame + gifenc) ${fmt(floorMs)} ms and ${floor.bytes} bytes: ${fmt(floorMs / serviceMs, 1)}x faster and ${fmt(floor.bytes / service.bytes, 1)}x smaller; ` +
      `the first drawing of a process, with the fonts loaded, ${fmt(firstMs)} ms; ` +
      (gifsicle
        ? `beside gifsicle -O3, at most ${fmt(Math.max(...sizes.map((row) => (row[1] as number) / (row[2] as number))), 3)}x its size (target 1).`
        : "gifsicle not installed."),
    figures:
      table(["drawing", "ms, median", "ms, max", "bytes"], rows, [false, true, true, true]) +
      "\n\n" +
      (gifsicle
        ? table(["the same GIF", "bytes, ours", "bytes, gifsicle -O3", "ours / gifsicle's"], sizes, [
            false,
            true,
            true,
            true,
          ])
        : "gifsicle is not installed (`apt-get install gifsicle`): the sizes beside its -O3 were not measured."),
  };
}
