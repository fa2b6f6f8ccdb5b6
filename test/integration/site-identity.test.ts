// One site, every face: a German site with an orange accent (as a new user writes its site file),
// built and served, and every face that shows a countdown or speaks around one asked what language
// it speaks and what accent it draws in. A countdown that names no language is in the site's; one
// that names its own keeps it; an unlisted one is off every list but answers everywhere.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { noticeImage } from "../../src/images/notice-image.ts";
import { publish } from "../../src/publish/publish.ts";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { accentColours } from "../../src/colour/colour.ts";
import { messagesFor } from "../../src/text/messages.ts";
import { fromNow } from "../support/fixtures.ts";
import { decodeGif, decodePng, type Rgba } from "../support/image-reader.ts";
import { TEST_NOW } from "../support/paths.ts";

const ORANGE = "#bb4809";
const BLUE = "#2449d8";
let local: ProductionServer;
let origin: string;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), "german-site-"));
  const countdowns = path.join(root, "countdowns");
  mkdirSync(countdowns);
  mkdirSync(path.join(root, "_data"));
  writeFileSync(
    path.join(root, "_data", "site.json"),
    JSON.stringify({ name: "Adventskalender", language: "de", accent: ORANGE }),
  );
  const file = (slug: string, lines: string[]) =>
    writeFileSync(path.join(countdowns, `${slug}.md`), `---\n${lines.join("\n")}\n---\n`);
  file("weihnachtsmarkt", ['title: "Weihnachtsmarkt"', `target: "${fromNow(40)}"`, 'timezone: "Europe/Berlin"']);
  file("sommerfest", ['title: "Sommerfest"', `target: "${fromNow(-3)}"`]);
  file("hanabi", ['title: "花火大会"', `target: "${fromNow(30)}"`, "lang: ja"]);
  file("verschoben", ['title: "Konzert"', `target: "${fromNow(20)}"`, "status: postponed"]);
  file("angebot", ['title: "Willkommensangebot"', 'evergreen: "72h"', "unlisted: true"]);
  const outDir = path.join(root, "dist");
  const built = await publish(
    readConfig({
      COUNTDOWNS_DIR: countdowns,
      SITE_FILE: path.join(root, "_data", "site.json"),
      OUT_DIR: outDir,
      URL: "https://advent.example.test",
    }),
    { now: TEST_NOW },
  );
  expect(built.ok).toBe(true);
  local = createProductionServer({ outDir, log: () => {}, now: () => TEST_NOW + 1000 });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`;
});
afterAll(() => local?.close());

const get = async (target: string) => {
  const response = await fetch(`${origin}${target}`);
  return { status: response.status, text: Buffer.from(await response.arrayBuffer()) };
};
const text = async (target: string) => (await get(target)).text.toString("utf8");

/** How many pixels of a picture are (nearly) the colour `hex`. */
function pixelsOf(picture: Rgba, hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let count = 0;
  for (let i = 0; i < picture.data.length; i += 4)
    if (Math.abs(picture.data[i]! - r) + Math.abs(picture.data[i + 1]! - g) + Math.abs(picture.data[i + 2]! - b) < 12)
      count++;
  return count;
}

describe("the site's language", () => {
  it("is the language of every countdown that names none, on every face; one that names its own keeps it", async () => {
    const record = JSON.parse(await text("/api/data/weihnachtsmarkt.json"));
    expect(record.lang).toBe("de");
    expect(JSON.parse(await text("/api/data/hanabi.json")).lang).toBe("ja");
    expect(await text("/api/embed/weihnachtsmarkt")).toMatch(/^<!doctype html>\s*<html lang="de"/i);
    expect(await text("/api/embed/hanabi")).toMatch(/^<!doctype html>\s*<html lang="ja"/i);
    // The default done message, in the countdown's language: on its page, its widget and its index card.
    const done = messagesFor("de").done;
    expect(await text("/sommerfest/")).toContain(done);
    expect(await text("/api/embed/sommerfest")).toContain(done);
    expect(await text("/")).toContain(done);
  });

  it("speaks around every countdown: the widget's not-found page, the badge, the email image's notices, the Slack snippet, the preview's status", async () => {
    const notFound = await get("/api/embed/gibt-es-nicht");
    expect(notFound.status).toBe(404);
    expect(notFound.text.toString()).toContain("<h1>Countdown nicht gefunden</h1>");
    expect(notFound.text.toString()).toMatch(/<html lang="de"/);
    // The badge of a countdown in German, of one in Japanese in Japanese, of an unknown slug in the site's.
    expect(await text("/api/badge/weihnachtsmarkt.svg")).toMatch(/<title>Weihnachtsmarkt: in \d+ Tagen<\/title>/);
    expect(await text("/api/badge/sommerfest.svg")).toContain("<title>Sommerfest: abgelaufen</title>");
    expect(await text("/api/badge/verschoben.svg")).toContain("<title>Konzert: verschoben</title>");
    expect(await text("/api/badge/hanabi.svg")).toMatch(/<title>花火大会: \d+ 日後<\/title>/);
    expect(await text("/api/badge/gibt-es-nicht.svg")).toContain(
      "<title>Adventskalender: Countdown nicht gefunden</title>",
    );
    // The email image of an unknown slug says so in the site's language; a refused start in the countdown's.
    const unknown = await get("/api/email/gibt-es-nicht.gif");
    expect(Buffer.compare(unknown.text, Buffer.from(noticeImage("notFound", "gif", { lang: "de" })))).toBe(0);
    expect(Buffer.compare(unknown.text, Buffer.from(noticeImage("notFound", "gif", { lang: "en" })))).not.toBe(0);
    const noStart = await get("/api/email/angebot.png");
    expect([
      noStart.status,
      Buffer.compare(noStart.text, Buffer.from(noticeImage("start_required", "png", { lang: "de" }))),
    ]).toEqual([400, 0]);
    expect(await text("/weihnachtsmarkt/embed/")).toMatch(/\{date_long_pretty\} um \{time\}/);
  });
});

describe("the site's accent", () => {
  const { light, dark } = accentColours(ORANGE);

  it("is the accent of the pages, the widget (light and dark) and the element, where the countdown and the embed give none", async () => {
    expect(await text("/")).toContain(`--site-accent:${light};--site-accent-dark:${dark}`);
    const widget = await text("/api/embed/weihnachtsmarkt");
    expect(widget).toContain(`--a:light-dark(${light},${dark})`);
    expect(widget).not.toContain(BLUE);
    // The element's themes are in the module it loads for them.
    const looks = await text("/api/element-looks.js");
    expect(looks).toContain(`--a:${light}`);
    expect(looks).toContain(`--a:${dark}`);
    expect(looks).not.toMatch(/__SITE_ACCENT/);
    expect(await text("/api/element.js")).not.toMatch(/__SITE_ACCENT/);
    // The owner page's configurator starts from it too.
    expect(await text("/weihnachtsmarkt/embed/")).toContain(`value="${light}" data-dark="${dark}"`);
  });

  it("is the count's colour in the email image, light and dark, and the preview's", async () => {
    const frame = (bytes: Buffer) => decodeGif(new Uint8Array(bytes)).frames[0]!.shown;
    expect(pixelsOf(frame((await get("/api/email/weihnachtsmarkt.gif?frames=1")).text), light)).toBeGreaterThan(200);
    expect(
      pixelsOf(frame((await get("/api/email/weihnachtsmarkt.gif?frames=1&theme=dark")).text), dark),
    ).toBeGreaterThan(200);
    expect(pixelsOf(frame((await get("/api/email/weihnachtsmarkt.gif?frames=1")).text), BLUE)).toBe(0);
    // A link's own accent wins.
    expect(
      pixelsOf(frame((await get("/api/email/weihnachtsmarkt.gif?frames=1&accent=0b6e31")).text), "#0b6e31"),
    ).toBeGreaterThan(200);
    expect(pixelsOf(decodePng(new Uint8Array((await get("/api/og/weihnachtsmarkt.png")).text)), dark)).toBeGreaterThan(
      200,
    );
  });
});

describe("an unlisted countdown", () => {
  it("is off the index and /api/pages, and its page, widget, data, live JSON and images answer", async () => {
    const pages = JSON.parse(await text("/api/pages")) as { slug: string }[];
    expect(pages.map((page) => page.slug).sort()).toEqual(["hanabi", "sommerfest", "verschoben", "weihnachtsmarkt"]);
    expect(await text("/")).not.toContain("angebot");
    const start = Math.floor(TEST_NOW / 1000) - 3600;
    for (const target of [
      "/angebot/",
      "/api/embed/angebot",
      "/api/data/angebot.json",
      `/api/countdown/angebot?start=${start}`,
      `/api/email/angebot.gif?start=${start}`,
      "/api/og/angebot.png",
      "/api/badge/angebot.svg",
    ]) {
      expect((await get(target)).status, target).toBe(200);
    }
    // Kept out of search engines too: its page is not to be found but by its address.
    expect(await text("/angebot/")).toMatch(/<meta name="robots" content="noindex">/);
  });
});
