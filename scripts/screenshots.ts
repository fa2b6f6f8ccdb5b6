// `npm run screenshots`: the README's pictures of the widget, <countdown-timer> and the site's pages (docs/screenshots/),
// taken in Debian's Chromium with the page's clock pinned, and the email images, drawn by the server at that clock, of
// countdowns written here (not the samples, which change), so the same sources make the same
// pictures on any day. `npm run screenshots -- element` makes only the pictures whose names start so.
import { parseArgs } from "node:util";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT, readConfig } from "../src/config.ts";
import { publish } from "../src/publish/publish.ts";
import { createProductionServer, type ProductionServer } from "../src/server/production-server.ts";
import { launchBrowser } from "../tools/chromium.ts";
import { encodePng } from "../src/images/png.ts";

/** The instant every picture is taken at, unless it says otherwise. */
const NOW = Date.parse("2026-11-22T12:34:56Z");
const LAUNCH = Date.parse("2027-01-15T17:00:00Z");
const COUNTDOWNS: Record<string, string> = {
  "product-launch": `---\ntitle: "Product launch"\ntarget: "2027-01-15T17:00:00Z"\ndone: "We are live!"\n---\n`,
  // A count of three digits, in New York, and one of five.
  "city-marathon": `---\ntitle: "City Marathon"\ntarget: "2027-11-07 08:00"\ntimezone: "America/New_York"\ndone: "The runners are off!"\n---\nTwenty-six miles through all five boroughs. The start is on the bridge at 8:00 sharp.\n`,
  halley: `---\ntitle: "Halley's Comet returns"\ntarget: "2061-07-28 00:00"\n---\n`,
  // The longest title a countdown may have (200 characters), and a long done message.
  summit: `---\ntitle: "The International Summit on Climate, Oceans and the Future of Coastal Cities: Keynotes, Workshops, Field Trips to the Harbour and a Closing Dinner with Everyone Who Made the Programme Possible"\ntarget: "2027-05-03 09:00"\ntimezone: "Europe/Lisbon"\ndone: "The summit is open: welcome to Lisbon, and thank you all for coming from so far away!"\n---\n`,
  sommerfest: `---\ntitle: "Sommerfest im Park"\ntarget: "2027-01-15T17:00:00Z"\nlang: de\n---\n`,
  "eid-bazaar": `---\ntitle: "سوق العيد"\ntarget: "2027-03-20 18:00"\ntimezone: "Asia/Riyadh"\nlang: ar\n---\nسوق العيد في وسط المدينة.\n`,
  hanabi: `---\ntitle: "東京マラソン 2027"\ntarget: "2027-03-07 09:10"\ntimezone: "Asia/Tokyo"\nlang: ja\n---\n`,
  "summer-sale": `---\ntitle: "Summer sale ends"\ntarget: "2027-01-15T18:00:00"\ntimezone: "Europe/Berlin"\ndone: "The sale has ended. See you next year!"\nwidget:\n  link: { text: "Shop the sale", url: "https://shop.example/sale" }\n---\nOur biggest sale of the year: **everything 30% off** until the clock runs out.\n`,
  "friday-stream": `---\ntitle: "Friday live stream"\ntarget: "2026-11-27 17:00"\ntimezone: "Europe/Berlin"\nrepeat: weekly\n---\nEvery Friday at 17:00 Berlin time, summer and winter alike.\n`,
  "open-air-concert": `---\ntitle: "Open-air concert in the park"\ntarget: "2027-06-19 20:00"\ntimezone: "Europe/Vienna"\nstatus: postponed\n---\nPostponed by the organisers: a new date will be announced here.\n`,
  // Countdowns with an image (SKYLINE, drawn below): English, the longest title, Japanese, Arabic.
  "harbour-festival": `---\ntitle: "Harbour festival"\ntarget: "2027-01-15T17:00:00Z"\nimage: "images/skyline.png"\nimage_alt: "The harbour at dusk: hills against an orange sky, the sun going down"\n---\nMusic, boats and food on the quay, all evening.\n`,
  "harbour-summit": `---\ntitle: "The International Summit on Climate, Oceans and the Future of Coastal Cities: Keynotes, Workshops, Field Trips to the Harbour and a Closing Dinner with Everyone Who Made the Programme Possible"\ntarget: "2027-05-03 09:00"\ntimezone: "Europe/Lisbon"\nimage: "images/skyline.png"\n---\n`,
  "minato-matsuri": `---\ntitle: "みなと祭り 2027"\ntarget: "2027-03-07 09:10"\ntimezone: "Asia/Tokyo"\nlang: ja\nimage: "images/skyline.png"\n---\n`,
  "harbour-ar": `---\ntitle: "مهرجان الميناء"\ntarget: "2027-03-20 18:00"\ntimezone: "Asia/Riyadh"\nlang: ar\nimage: "images/skyline.png"\n---\n`,
};

/**
 * The countdowns' image: a harbour at dusk, 1200 × 630, drawn here (an orange sky darkening upwards, a
 * pale sun, dark hills and their reflection), so the pictures need no file of their own.
 */
function skyline(): Uint8Array {
  const [width, height] = [1200, 630];
  const palette: [number, number, number][] = [];
  // 0 to 199: the sky, from night blue at the top to orange at the horizon; 200: the sun; 201: hills; 202 to 255: the water.
  for (let i = 0; i < 200; i++) {
    const t = i / 199;
    palette.push([Math.round(30 + 225 * t), Math.round(40 + 120 * t ** 1.5), Math.round(90 - 20 * t)]);
  }
  palette.push([255, 236, 190], [38, 30, 52]);
  for (let i = 0; i < 54; i++) palette.push([Math.round(60 + i * 1.5), Math.round(50 + i), Math.round(80 - i * 0.3)]);
  const horizon = 430;
  const pixels = new Uint8Array(width * height).map((_, at) => {
    const [x, y] = [at % width, Math.floor(at / width)];
    const hill = horizon - 60 - 50 * Math.sin(x / 140) - 25 * Math.sin(x / 37 + 1);
    if (y >= horizon) return 202 + Math.min(53, Math.floor(((y - horizon) / (height - horizon)) * 54));
    if (y > hill) return 201;
    if ((x - 820) ** 2 + (y - 330) ** 2 < 55 ** 2) return 200;
    return Math.min(199, Math.floor((y / horizon) * 200));
  });
  return encodePng(width, height, palette, pixels);
}
/** The site files the pictures are taken on: the defaults, and a German town's site. */
const SITES: Record<string, object> = {
  en: {},
  de: {
    name: "Stadtfest Musterstadt",
    description: "Alle Termine des Stadtfests, live.",
    language: "de",
    links: [{ text: "Impressum", url: "https://example.org/impressum" }],
  },
};
const WIDE = { width: 600, height: 250 };
const SMALL = { width: 320, height: 180 };
/** A host page's colour, for the transparent theme. */
const HOST = "linear-gradient(135deg, #fde68a, #f9a8d4)";

interface Shot {
  file: string;
  slug: string;
  query?: string;
  size: { width: number; height: number };
  colorScheme?: "light" | "dark";
  at?: number;
  /** Shown in a host page of this background, as a site embeds it. */
  host?: string;
}

const SHOTS: Shot[] = [
  { file: "widget-wide.png", slug: "city-marathon", size: WIDE },
  { file: "widget-small.png", slug: "city-marathon", size: SMALL },
  { file: "widget-wide-dark.png", slug: "product-launch", query: "?theme=dark", size: WIDE },
  { file: "widget-small-dark.png", slug: "product-launch", query: "?theme=dark", size: SMALL },
  { file: "widget-transparent.png", slug: "product-launch", query: "?theme=transparent", size: WIDE, host: HOST },
  { file: "widget-units-de.png", slug: "sommerfest", query: "?layout=units", size: WIDE },
  { file: "widget-units-ar.png", slug: "eid-bazaar", query: "?layout=units", size: SMALL },
  { file: "widget-ja.png", slug: "hanabi", query: "?layout=tiles&date=author", size: WIDE },
  { file: "widget-long-title.png", slug: "summit", query: "?date=author", size: SMALL },
  {
    file: "widget-long-done.png",
    slug: "summit",
    query: "?layout=units&after=countup",
    size: SMALL,
    at: Date.parse("2027-05-03T08:00:05Z"),
  },
  { file: "widget-five-digits.png", slug: "halley", query: "?layout=tiles", size: SMALL },
  { file: "widget-accent.png", slug: "product-launch", query: "?accent=e11d48&font=rounded", size: SMALL },
  { file: "widget-done.png", slug: "product-launch", size: WIDE, at: LAUNCH + 5_000 },
  {
    file: "widget-countup.png",
    slug: "product-launch",
    query: "?after=countup",
    size: SMALL,
    at: LAUNCH + 3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6_000,
  },
  { file: "widget-auto-dark.png", slug: "product-launch", query: "?theme=auto", size: SMALL, colorScheme: "dark" },
  { file: "widget-units-small.png", slug: "city-marathon", query: "?layout=units", size: SMALL },
  { file: "widget-tiles-wide.png", slug: "city-marathon", query: "?layout=tiles", size: WIDE },
  { file: "widget-tiles-small.png", slug: "city-marathon", query: "?layout=tiles", size: SMALL },
  {
    file: "widget-tiles-dark.png",
    slug: "product-launch",
    query: "?layout=tiles&theme=dark&accent=fbbf24",
    size: SMALL,
  },
  {
    file: "widget-transparent-colour.png",
    slug: "product-launch",
    query: "?theme=transparent&layout=tiles&color=ffffff&accent=ffffff",
    size: WIDE,
    host: "#6d28d9",
  },
  { file: "widget-link.png", slug: "summer-sale", query: "?layout=tiles&date=author", size: WIDE },
  { file: "widget-repeating.png", slug: "friday-stream", query: "?layout=tiles", size: SMALL },
  { file: "widget-postponed.png", slug: "open-air-concert", size: SMALL },
  { file: "widget-labels-long-de.png", slug: "sommerfest", query: "?labels=long", size: WIDE },
  {
    file: "widget-labels-none-colon.png",
    slug: "product-launch",
    query: "?layout=tiles&labels=none&separator=colon",
    size: SMALL,
  },
  { file: "widget-background-image.png", slug: "harbour-festival", query: "?background=image", size: WIDE },
  {
    file: "widget-background-image-tiles-ar.png",
    slug: "harbour-ar",
    query: "?background=image&layout=tiles",
    size: SMALL,
  },
];

/** The site's pages (docs/api.md): a visitor's page in each state, full screen, the owner's page and the creator; on a phone; on a German site. */
const PAGES: { file: string; path: string; site?: string; width?: number; fullPage?: boolean; fullscreen?: boolean }[] =
  [
    { file: "page-visitor.png", path: "/city-marathon/" },
    { file: "page-visitor-phone.png", path: "/summit/", width: 375, fullPage: true },
    { file: "page-visitor-de.png", path: "/hanabi/", site: "de" },
    { file: "page-index-de.png", path: "/", site: "de", width: 375, fullPage: true },
    { file: "page-repeating.png", path: "/friday-stream/" },
    { file: "page-postponed.png", path: "/open-air-concert/" },
    { file: "page-fullscreen.png", path: "/halley/", fullscreen: true },
    { file: "page-owner.png", path: "/summer-sale/embed/" },
    { file: "page-new.png", path: "/new/", fullPage: true },
    { file: "page-header-image.png", path: "/harbour-festival/" },
    { file: "page-header-image-phone.png", path: "/harbour-summit/", width: 320, fullPage: true },
    { file: "page-header-image-ja.png", path: "/minato-matsuri/", width: 375 },
    { file: "page-header-image-ar.png", path: "/harbour-ar/", width: 320 },
  ];

/** The email images (docs/email.md): the GIF as a mail client gets it (or the PNG, by the file's name), at a clock. */
const EMAILS: { file: string; slug: string; query?: string; at?: number }[] = [
  { file: "email-light.gif", slug: "summer-sale" },
  { file: "email-dark.gif", slug: "summer-sale", query: "theme=dark" },
  { file: "email-units-de.gif", slug: "sommerfest", query: "layout=units" },
  { file: "email-units-ar.gif", slug: "eid-bazaar", query: "layout=units" },
  { file: "email-ja.gif", slug: "hanabi" },
  { file: "email-marathon.gif", slug: "city-marathon", query: "layout=units" },
  { file: "email-done.gif", slug: "summer-sale", at: LAUNCH + 5_000 },
  // The faces, as still PNGs (the first frame).
  { file: "email-ring-de.png", slug: "sommerfest", query: "layout=ring" },
  { file: "email-flip-ar.png", slug: "eid-bazaar", query: "layout=flip" },
  { file: "email-digital-dark.png", slug: "summer-sale", query: "layout=digital&theme=dark&separator=colon" },
];

/**
 * `<countdown-timer>` in host pages of their own typography (docs/element.md): an events page set in
 * a serif, light and dark, and a phone 320 px wide. The elements take the page's font and colours.
 */
const ELEMENT_PAGE = (dark: boolean) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Events</title>
<style>body{margin:0;padding:24px;font:17px/1.45 Georgia,serif;background:${dark ? "#14161c" : "#faf7f0"};color:${dark ? "#e8e4da" : "#2b2418"}}
h1{font-size:26px;margin:0 0 16px}article{border-top:1px solid ${dark ? "#3a3d48" : "#d8cfbd"};padding:14px 0}article>p{margin:4px 0 0;font-size:14px;opacity:.8}
countdown-timer{--countdown-accent:${dark ? "#f0b35a" : "#9a3412"}}.cards{display:flex;gap:16px;flex-wrap:wrap}.cards countdown-timer{flex:1 1 220px}</style>
<script type="module" src="{site}/api/element.js"></script>
<h1>What's on</h1>
<article><countdown-timer slug="city-marathon" site="{site}/" date="author"></countdown-timer><p>Twenty-six miles through all five boroughs.</p></article>
<article><countdown-timer slug="summit" site="{site}/" layout="units" date="author"></countdown-timer></article>
<article class="cards"><countdown-timer slug="hanabi" site="{site}/" layout="tiles" lang="ja" theme="${dark ? "dark" : "light"}"></countdown-timer><countdown-timer slug="eid-bazaar" site="{site}/" layout="tiles" lang="ar" theme="${dark ? "dark" : "light"}"></countdown-timer></article>
<article><countdown-timer slug="halley" site="{site}/" layout="units"></countdown-timer></article>
<article><countdown-timer slug="open-air-concert" site="{site}/"></countdown-timer></article>`;
const ELEMENT_SHOTS = [
  { file: "element-light.png", dark: false, width: 900 },
  { file: "element-dark.png", dark: true, width: 900 },
  { file: "element-phone.png", dark: false, width: 320 },
];

/** The screenshots wanted, by the start of their file names (none: every one). */
const only = parseArgs({ allowPositionals: true }).positionals;
const wanted = (file: string) => only.length === 0 || only.some((prefix) => file.startsWith(prefix));
const outFolder = path.join(PROJECT_ROOT, "docs/screenshots");
const work = mkdtempSync(path.join(tmpdir(), "countdown-screenshots-"));
const countdownsDir = path.join(work, "countdowns");
mkdirSync(countdownsDir);
for (const [slug, text] of Object.entries(COUNTDOWNS)) writeFileSync(path.join(countdownsDir, `${slug}.md`), text);
mkdirSync(path.join(work, "images"));
writeFileSync(path.join(work, "images/skyline.png"), skyline());
const clock = { now: NOW };
/** Each site built and served: its address by name. */
const bases: Record<string, string> = {};
const servers: ProductionServer[] = [];
for (const [name, fields] of Object.entries(SITES)) {
  const siteFile = path.join(work, `${name}.json`);
  writeFileSync(siteFile, JSON.stringify(fields));
  const outDir = path.join(work, `dist-${name}`);
  const built = await publish(readConfig({ COUNTDOWNS_DIR: countdownsDir, OUT_DIR: outDir, SITE_FILE: siteFile }), {
    now: NOW,
  });
  if (!built.ok) throw new Error(`the screenshots' countdowns do not build: ${JSON.stringify(built.problems)}`);
  const local = createProductionServer({ outDir, log: () => {}, now: () => clock.now });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  servers.push(local);
  bases[name] = `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`;
}
const base = bases.en!;
// The host page: the widget in an iframe, as the snippet puts it, on the page's own background.
const host = http.createServer((request, response) => {
  const url = new URL(request.url!, "http://host");
  const query = url.searchParams;
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  if (url.pathname === "/element")
    return void response.end(ELEMENT_PAGE(query.get("dark") === "1").replaceAll("{site}", base));
  response.end(
    `<!doctype html><body style="margin:0;background:${query.get("bg")}"><iframe src="${query.get("src")}" width="100%" height="${query.get("height")}" frameborder="0" style="border-radius:12px;display:block"></iframe>`,
  );
});
await new Promise<void>((resolve) => host.listen(0, "localhost", resolve));
const hostBase = `http://localhost:${(host.address() as AddressInfo).port}`;

const browser = await launchBrowser();
mkdirSync(outFolder, { recursive: true });
try {
  for (const shot of ELEMENT_SHOTS.filter((shot) => wanted(shot.file))) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: 720 },
      deviceScaleFactor: 2,
      colorScheme: shot.dark ? "dark" : "light",
      timezoneId: "Europe/London",
    });
    await page.clock.setFixedTime(NOW);
    // The element corrects the page's clock from the records' Date: without it, it counts from NOW.
    await page.route("**/api/data/**", async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== "date"));
      await route.fulfill({ response, headers });
    });
    await page.goto(`${hostBase}/element?dark=${shot.dark ? 1 : 0}`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll("countdown-timer")].every(
        (element) => element.shadowRoot?.querySelector("[part=date]")?.textContent,
      ),
    );
    const file = path.join(outFolder, shot.file);
    await page.screenshot({ path: file, fullPage: true });
    await page.close();
    console.log(`Wrote ${path.relative(PROJECT_ROOT, file)}`);
  }
  for (const shot of SHOTS.filter((shot) => wanted(shot.file))) {
    // Reduced motion: the done message is shown as it ends up, not mid fade-in.
    const page = await browser.newPage({
      viewport: shot.size,
      deviceScaleFactor: 2,
      colorScheme: shot.colorScheme ?? "light",
      reducedMotion: "reduce",
      timezoneId: "America/New_York",
    });
    await page.clock.install({ time: (shot.at ?? NOW) - 10_000 });
    await page.clock.pauseAt(shot.at ?? NOW);
    const src = `${base}/api/embed/${shot.slug}${shot.query ?? ""}`;
    await page.goto(
      shot.host ? `${hostBase}/?${new URLSearchParams({ src, bg: shot.host, height: String(shot.size.height) })}` : src,
    );
    const file = path.join(outFolder, shot.file);
    await page.screenshot({ path: file });
    await page.close();
    console.log(`Wrote ${path.relative(PROJECT_ROOT, file)} (${shot.size.width}x${shot.size.height})`);
  }
  for (const shot of PAGES.filter((shot) => wanted(shot.file))) {
    const page = await browser.newPage({
      viewport: { width: shot.width ?? 1000, height: 720 },
      colorScheme: "light",
      reducedMotion: "reduce",
      timezoneId: "Europe/London",
    });
    await page.clock.install({ time: NOW - 10_000 });
    await page.clock.pauseAt(NOW);
    await page.goto(`${bases[shot.site ?? "en"]}${shot.path}`);
    if (shot.fullscreen) {
      await page.click("button[data-fullscreen]");
      await page.waitForFunction(() => document.fullscreenElement !== null);
    }
    const file = path.join(outFolder, shot.file);
    await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
    await page.close();
    console.log(`Wrote ${path.relative(PROJECT_ROOT, file)}`);
  }
  // The link preview image, as a chat or social network shows it under a link to the page; and over an image.
  for (const [name, slug] of [
    ["preview.png", "city-marathon"],
    ["preview-image.png", "harbour-festival"],
  ] as const) {
    if (!wanted(name)) continue;
    const preview = await fetch(`${base}/api/og/${slug}.png`);
    if (!preview.ok) throw new Error(`the preview image answered ${preview.status}`);
    const file = path.join(outFolder, name);
    writeFileSync(file, Buffer.from(await preview.arrayBuffer()));
    console.log(`Wrote ${path.relative(PROJECT_ROOT, file)} (1200x630)`);
  }
  for (const email of EMAILS.filter((email) => wanted(email.file))) {
    clock.now = email.at ?? NOW;
    const format = email.file.endsWith(".png") ? "png" : "gif";
    const image = await fetch(`${base}/api/email/${email.slug}.${format}${email.query ? `?${email.query}` : ""}`);
    if (!image.ok) throw new Error(`the email image of ${email.slug} answered ${image.status}`);
    const emailFile = path.join(outFolder, email.file);
    writeFileSync(emailFile, Buffer.from(await image.arrayBuffer()));
    console.log(`Wrote ${path.relative(PROJECT_ROOT, emailFile)}`);
  }
} finally {
  await browser.close();
  for (const local of servers) await local.close();
  host.close();
  rmSync(work, { recursive: true, force: true });
}
