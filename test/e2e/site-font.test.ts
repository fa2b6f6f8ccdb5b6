// The site's font (the site file's `font`): a site whose file names a TTF publishes it for the web
// subset (as WOFF) under the hash of its bytes, and its pages, its widget and `<countdown-timer>` (on
// another origin, with a theme) load it and set their text in it, in each engine; `font=system` keeps the system's. The fixture font
// is one of the bundled image fonts (fonts/), copied beside the site file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { ENGINE_NAMES, launchEngine, type Engine } from "../support/engines.ts";
import { ROOT } from "../support/paths.ts";
import { buildPaths } from "../../src/config.ts";
import { openLiveFolder } from "../../src/node/live-folder.ts";
import { drawEmail } from "../../src/live/email-drawing.ts";
import { siteFontOf } from "../../src/live/site-font-bytes.ts";
import { resolveEmailOptions } from "../../src/images/email-options.ts";
import { linePaths, shape, useSiteFont } from "../../src/images/fonts.ts";
import { subsetRanges, subsetWebFont, unicodeRange } from "../../src/authoring/font-subset.ts";
import { buildForWorkers } from "../../src/publish/workers-build.ts";
import { startWorkerd } from "../../tools/workerd.ts";
import { deployFunctions } from "../../tools/netlify-bundle.ts";

// Digits alone (the emoji font's keycap shapes): its digits show in every face, letters fall back.
const FONT = path.join(ROOT, "fonts", "NotoEmoji-Regular.ttf");
const NOW = Math.floor(Date.now() / 1000) * 1000;
let work: string;
let local: ProductionServer;
let base: string;
let host: http.Server;
let hostBase: string;
let outDir: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "countdown-font-"));
  mkdirSync(path.join(work, "countdowns"));
  mkdirSync(path.join(work, "_data"));
  copyFileSync(FONT, path.join(work, "_data", "brand.ttf"));
  writeFileSync(path.join(work, "_data", "site.json"), JSON.stringify({ name: "Schrift", font: "brand.ttf" }));
  writeFileSync(
    path.join(work, "countdowns", "fest.md"),
    `---\ntitle: Stadtfest\ntarget: "${isoSeconds(NOW + 40 * 86_400_000)}"\n---\n`,
  );
  // A title the font has no glyph of: drawn by the bundled fonts' Japanese face.
  writeFileSync(
    path.join(work, "countdowns", "tokyo.md"),
    `---\ntitle: 東京マラソン\nlang: ja\ntarget: "${isoSeconds(NOW + 90 * 86_400_000)}"\n---\n`,
  );
  writeFileSync(
    path.join(work, "countdowns", "over.md"),
    `---\ntitle: Stadtfest 2020\ntarget: "2020-05-01T10:00:00Z"\n---\n`,
  );
  outDir = path.join(work, "dist");
  const built = await publish(
    readConfig({
      COUNTDOWNS_DIR: path.join(work, "countdowns"),
      OUT_DIR: outDir,
      SITE_FILE: path.join(work, "_data", "site.json"),
    }),
    { now: NOW },
  );
  if (!built.ok) throw new Error(`the font site does not build: ${JSON.stringify(built.problems)}`);
  local = createProductionServer({ outDir, log: () => {} });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`;
  // The element's host page, on another origin (localhost).
  host = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"><script type="module" src="${base}/api/element.js"></script><body style="font-family:serif">` +
        `<countdown-timer id="card" slug="fest" site="${base}/" theme="light"></countdown-timer>` +
        `<countdown-timer id="system" slug="fest" site="${base}/" theme="light" font="system"></countdown-timer>` +
        `<countdown-timer id="plain" slug="fest" site="${base}/"></countdown-timer>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostBase = `http://localhost:${(host.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await local?.close();
  await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The font's published path, from the page's preload. */
async function fontHref(): Promise<string> {
  const page = await (await fetch(`${base}/fest/`)).text();
  return /<link rel="preload" href="([^"]+)" as="font" type="font\/woff" crossorigin>/.exec(page)?.[1] ?? "";
}

describe("a site file naming a font", () => {
  it("draws the email image with it where it has the character, through the live data as every runtime reads it", async () => {
    const store = openLiveFolder(buildPaths(outDir).live);
    const { font } = siteFontOf(store);
    expect(font?.bytes).toEqual(new Uint8Array(readFileSync(FONT)));
    const answer = await fetch(`${base}/api/email/over.png?accent=0b57d0`);
    expect(answer.status).toBe(200);
    const drawn = new Uint8Array(await answer.arrayBuffer());
    const entry = store.get("over")!;
    const options = { ...resolveEmailOptions("", "accent=0b57d0"), frames: 1 };
    const job = { entry, format: "png" as const, options, second: Math.floor(Date.now() / 1000) * 1000 };
    try {
      expect(drawn).toEqual(drawEmail({ ...job, font: font! }));
      expect(drawn).not.toEqual(drawEmail(job));
    } finally {
      useSiteFont(undefined);
    }
  });

  it("draws the link preview with it: the same site without a font draws another image", async () => {
    // The same countdown, built again by a site file that names no font (the only difference).
    const plain = path.join(work, "plain");
    mkdirSync(plain);
    writeFileSync(path.join(work, "_data", "plain.json"), JSON.stringify({ name: "Schrift" }));
    const built = await publish(
      readConfig({
        COUNTDOWNS_DIR: path.join(work, "countdowns"),
        OUT_DIR: plain,
        SITE_FILE: path.join(work, "_data", "plain.json"),
      }),
      { now: NOW },
    );
    expect(built.ok).toBe(true);
    const other = createProductionServer({ outDir: plain, log: () => {} });
    await new Promise<void>((resolve) => other.server.listen(0, "127.0.0.1", resolve));
    try {
      const [withFont, without] = await Promise.all(
        [base, `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`].map(async (site) => {
          const answer = await fetch(`${site}/api/og/fest.png`);
          expect(answer.status).toBe(200);
          return new Uint8Array(await answer.arrayBuffer());
        }),
      );
      expect(withFont!.length).toBeGreaterThan(0);
      expect(withFont).not.toEqual(without);
    } finally {
      await other.close();
    }
  });

  it("draws the badge's texts with it, shaped and outlined as the images draw them, each character it lacks from the bundled fonts", async () => {
    const store = openLiveFolder(buildPaths(outDir).live);
    for (const [slug, status, lang] of [
      ["fest", 200, "en"],
      ["tokyo", 200, "ja"],
      ["over", 200, "en"],
      ["nothing-here", 404, "en"],
    ] as const) {
      const answer = await fetch(`${base}/api/badge/${slug}.svg`);
      expect(answer.status, slug).toBe(status);
      const svg = await answer.text();
      expect(svg, slug).not.toContain("<text");
      const [label, message] = /aria-label="([^"]*)"/.exec(svg)![1]!.split(": ") as [string, string];
      const expected = (font: ReturnType<typeof siteFontOf>["font"]) => {
        useSiteFont(font);
        try {
          const [labelLine, messageLine] = [label, message].map((text) => shape(text, 11, 400, lang));
          const labelWidth = Math.round(labelLine!.width) + 10;
          const messageWidth = Math.round(messageLine!.width) + 10;
          return {
            width: labelWidth + messageWidth,
            label: linePaths(labelLine!, labelWidth / 2 - labelLine!.width / 2, 14),
            message: linePaths(messageLine!, labelWidth + messageWidth / 2 - messageLine!.width / 2, 14),
          };
        } finally {
          useSiteFont(undefined);
        }
      };
      const drawn = expected(siteFontOf(store).font);
      expect(svg, slug).toContain(`width="${drawn.width}" height="20"`);
      expect(svg, slug).toContain(`<g id="label">${drawn.label}</g>`);
      expect(svg, slug).toContain(`<g id="message">${drawn.message}</g>`);
      // The font's own glyphs where it has the character: the bundled fonts alone draw other outlines.
      const bundled = expected(undefined);
      if (/\d/.test(label + message))
        expect(`${drawn.label}${drawn.message}`).not.toBe(`${bundled.label}${bundled.message}`);
      writeFileSync(path.join(work, `${slug}.svg`), svg);
    }
    // Valid SVG, as the W3C Nu checker reads it (exit code non-zero and a JSON report on any message).
    const vnu = path.join(ROOT, "node_modules/vnu-jar/build/dist/vnu.jar");
    const files = ["fest", "tokyo", "over", "nothing-here"].map((slug) => path.join(work, `${slug}.svg`));
    const { stderr } = await promisify(execFile)("java", ["-jar", vnu, "--svg", "--format", "json", ...files]).catch(
      (error: { stderr: string }) => error,
    );
    expect(JSON.parse(stderr).messages).toEqual([]);
  }, 60_000);

  it("draws the badge alike in Netlify's sharing function as Netlify's bundler deploys it with netlify.toml's files", async () => {
    const deployed = await deployFunctions(buildPaths(outDir).live, path.join(work, "netlify"));
    const share = (await import(pathToFileURL(deployed.get("share")!.module).href)) as {
      default: (request: Request) => Promise<Response>;
    };
    for (const target of ["/api/badge/over.svg", "/api/badge/fest.svg"]) {
      const [fromNode, fromNetlify] = [
        await (await fetch(`${base}${target}`)).text(),
        await (await share.default(new Request(`${base}${target}`))).text(),
      ];
      expect(fromNetlify, target).not.toContain("<text");
      expect(fromNetlify, target).toBe(fromNode);
    }
  }, 120_000);

  it("draws them alike on a Cloudflare Worker of the same build, which fetches the font before it draws", async () => {
    const folder = path.join(work, "workers");
    await buildForWorkers(outDir, folder);
    const worker = await startWorkerd(folder);
    try {
      // The badges first, on a fresh isolate: no font fetched for another answer yet.
      for (const target of [
        "/api/badge/tokyo.svg",
        "/api/badge/over.svg",
        "/api/badge/nothing-here.svg",
        "/api/email/over.png?accent=0b57d0",
        "/api/email/over.gif?lang=ja",
        "/api/og/fest.png",
      ]) {
        const ask = async (origin: string) => {
          const answer = await fetch(`${origin}${target}`);
          return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()) };
        };
        const [fromNode, fromWorker] = [await ask(base), await ask(worker.url)];
        expect(fromWorker.status, target).toBe(target.includes("nothing-here") ? 404 : 200);
        expect(fromWorker, target).toEqual(fromNode);
      }
    } finally {
      await worker.stop();
    }
  }, 120_000);

  it("publishes it for the web subset to the site language's script, as WOFF, under the hash of its bytes, kept for good and readable from any origin", async () => {
    const href = await fontHref();
    expect(href).toMatch(/^\/assets\/font-[A-Za-z0-9_-]{16}\.woff$/);
    const answer = await fetch(`${base}${href}`, { headers: { Origin: "https://elsewhere.example" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("font/woff");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(bytes).toEqual(subsetWebFont(readFileSync(FONT), "en")!.bytes);
    expect(bytes.length).toBeLessThan(readFileSync(FONT).length);
  });

  it("is declared by the pages' and the widget's styles, and allowed by their CSPs", async () => {
    const href = await fontHref();
    const range = unicodeRange(subsetRanges("en")!);
    const face = `@font-face{font-family:countdown-site;src:url(${href})format("woff");font-display:swap;unicode-range:${range}}`;
    for (const target of ["/", "/fest/", "/api/embed/fest"]) {
      const answer = await fetch(`${base}${target}`);
      const text = await answer.text();
      // (What it declares instead, if not this: the message says.)
      expect(
        text,
        `${target} (${answer.status}): ${/@font-face\{[^}]*\}/.exec(text)?.[0] ?? "no @font-face"}`,
      ).toContain(face);
      expect(answer.headers.get("content-security-policy"), target).toContain("font-src 'self'");
    }
  });
});

for (const name of ENGINE_NAMES) {
  describe(name, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await launchEngine(name);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    it("sets the pages' and the widget's text in it; font=system keeps the widget in the system's", async () => {
      const read = async (url: string, selector: string) => {
        const page = await engine.open(url, { width: 600, height: 400 });
        try {
          return await page.evaluate(async (target: string) => {
            await document.fonts.ready;
            const face = [...document.fonts].find((font) => font.family.replace(/"/g, "") === "countdown-site");
            const element = document.querySelector(target)!;
            return { status: face?.status ?? "none", family: getComputedStyle(element).fontFamily };
          }, selector);
        } finally {
          await page.close();
        }
      };
      const page = await read(`${base}/fest/`, "h1");
      expect(page.status).toBe("loaded");
      expect(page.family).toMatch(/^"?countdown-site"?,/);
      const widget = await read(`${base}/api/embed/fest`, "h1");
      expect(widget.status).toBe("loaded");
      expect(widget.family).toMatch(/^"?countdown-site"?,/);
      const system = await read(`${base}/api/embed/fest?font=system`, "h1");
      expect(system.status).not.toBe("loaded");
      expect(system.family).toMatch(/^system-ui/);
    }, 120_000);

    it("gives <countdown-timer> with a theme the site's font on another origin; font=system and an element without a theme keep theirs", async () => {
      const page = await engine.open(`${hostBase}/`, { width: 600, height: 400 });
      try {
        const seen = await page.evaluate(async () => {
          const settled = () =>
            [...document.querySelectorAll("countdown-timer")].every((element) =>
              element.shadowRoot?.querySelector("[part=number], p"),
            );
          for (let i = 0; i < 200 && !settled(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
          const face = [...document.fonts].find((font) => font.family.replace(/"/g, "") === "countdown-site");
          if (face) await face.load().catch(() => undefined);
          const family = (id: string) => getComputedStyle(document.getElementById(id)!).fontFamily;
          return {
            status: face?.status ?? "none",
            card: family("card"),
            system: family("system"),
            plain: family("plain"),
          };
        });
        expect(seen.status).toBe("loaded");
        expect(seen.card).toMatch(/^"?countdown-site"?,/);
        expect(seen.system).toMatch(/^system-ui/);
        expect(seen.plain).toBe("serif");
      } finally {
        await page.close();
      }
    }, 120_000);
  });
}
