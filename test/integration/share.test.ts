// Where countdowns are shared: oEmbed checked by a real consumer that does discovery
// (unfurl.js) against the Node server, link previews found by the same parser with an image that
// decodes at 1200 × 630, the live badge (its words over time, escaping, caching) and the chat
// snippets on the page.
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { DateTime } from "luxon";
import { unfurl } from "unfurl.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { createLiveHandler } from "../../src/live/handler.ts";
import { netlifyFunction } from "../../netlify/adapter.ts";
import type { LiveCountdown } from "../../src/live/live-store.ts";
import { testLiveStore } from "../support/live-store.ts";
import { HEIGHT, WIDTH } from "../../src/images/preview-image.ts";
import { LIVE_FOR_MS } from "../../src/live/badge.ts";
import { SHARE_ANSWERS } from "../../src/live/share-routes.ts";
import { publish } from "../../src/publish/publish.ts";
import { BADGE_CACHE } from "../../src/http/policy.ts";
import { LIVE_ROUTES } from "../../src/http/routes.ts";
import { HOSTILE_LONG_TITLE, WEEKLY_BERLIN, fromNow } from "../support/fixtures.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { TEST_COUNTDOWNS_DIR, TEST_NOW } from "../support/paths.ts";

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The fixtures built for the address they are served at, so that every absolute URL leads back to this server. */
let server: RunningServer;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), "share-")), "dist");
  const result = await publish(readConfig({ COUNTDOWNS_DIR: TEST_COUNTDOWNS_DIR, OUT_DIR: outDir, URL: base }), {
    now: TEST_NOW,
    version: "share",
  });
  expect(result.ok).toBe(true);
  server = await startServer(outDir, { PORT: String(port) });
  expect(server.url).toBe(base);
});
afterAll(async () => {
  await server?.stop();
});

const get = (target: string) => fetch(`${base}${target}`);
const oembed = (query: string) => get(`/api/oembed?${query}`);
const pageUrl = (slug: string) => `${base}/${slug}/`;

describe("oEmbed", () => {
  it("turns a countdown page's URL into its widget for a real consumer that does discovery (unfurl.js)", async () => {
    const result = await unfurl(pageUrl("long-past"), { oembed: true });
    const embed = result.oEmbed as {
      type: string;
      html: string;
      width: number;
      height: number;
      title: string;
      version: string;
      provider_name: string;
    };
    expect(embed).toMatchObject({ version: "1.0", type: "rich", provider_name: "Countdowns", width: 640, height: 250 });
    expect(embed.html).toBe(
      `<iframe src="${base}/api/embed/long-past" width="100%" height="250" frameborder="0" style="border-radius:12px" title="Long past"></iframe>`,
    );
  });

  it("answers the published size that fits the maxima, keeps a widget URL's valid options, and names the countdown", async () => {
    const small = await (
      await oembed(`maxwidth=600&maxheight=200&url=${encodeURIComponent(pageUrl("future-launch"))}`)
    ).json();
    expect([small.width, small.height]).toEqual([320, 180]);
    expect(small.html).toContain('width="320" height="180"');
    const narrow = await (
      await oembed(`maxwidth=300&maxheight=180&url=${encodeURIComponent(pageUrl("long-past"))}`)
    ).json();
    expect([narrow.width, narrow.height]).toEqual([300, 180]);
    const wide = await (await oembed(`maxwidth=900&url=${encodeURIComponent(`${base}/future-launch`)}`)).json();
    expect([wide.width, wide.height]).toEqual([900, 250]);
    const widget = await (
      await oembed(
        `url=${encodeURIComponent(`${base}/api/embed/future-launch?theme=dark&accent=zzz&bogus=1&layout=units`)}`,
      )
    ).json();
    expect(widget.html).toContain(`src="${base}/api/embed/future-launch?theme=dark&amp;layout=units"`);
    expect(widget.thumbnail_url).toBe(`${base}/api/og/future-launch.png`);
    expect(widget.cache_age).toBeGreaterThan(0);
  });

  it("escapes a hostile title in the snippet's attribute", async () => {
    const body = await (await oembed(`url=${encodeURIComponent(pageUrl("hostile-content"))}`)).json();
    expect(body.title).toBe(HOSTILE_LONG_TITLE);
    const title = /title="([^"]*)"><\/iframe>$/.exec(body.html)![1]!;
    expect(title).not.toMatch(/[<>"]/);
    expect(
      title
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    ).toBe(HOSTILE_LONG_TITLE);
  });

  it("answers errors in the API's shape: 404 for a URL that is not a countdown here, 501 for XML, 400 for bad values, all with CORS", async () => {
    const cases: [string, number, string][] = [
      [`url=${encodeURIComponent(pageUrl("no-such-countdown"))}`, 404, "not_found"],
      [`url=${encodeURIComponent("https://elsewhere.example/future-launch/")}`, 404, "not_found"],
      [`url=${encodeURIComponent(`${base}/api/pages`)}`, 404, "not_found"],
      [`format=xml&url=${encodeURIComponent(pageUrl("future-launch"))}`, 501, "format_not_implemented"],
      [`format=yaml&url=${encodeURIComponent(pageUrl("future-launch"))}`, 400, "invalid_format"],
      ["", 400, "missing_url"],
      ["url=future-launch", 400, "invalid_url"],
      [`maxwidth=wide&url=${encodeURIComponent(pageUrl("future-launch"))}`, 400, "invalid_size"],
      [`maxwidth=100&url=${encodeURIComponent(pageUrl("future-launch"))}`, 400, "invalid_size"],
    ];
    for (const [query, status, code] of cases) {
      const response = await oembed(query);
      expect(response.status, query).toBe(status);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect((await response.json()).error.code, query).toBe(code);
    }
  });
});

describe("link previews", () => {
  it("are found by a real link-preview parser (unfurl.js), with an image that is a 1200 × 630 PNG and decodes", async () => {
    const result = await unfurl(pageUrl("future-launch"));
    // The card's title is the countdown's; the page's names the site after it.
    expect(result.title).toBe(`${result.open_graph.title} · Countdowns`);
    expect(result.twitter_card.card).toBe("summary_large_image");
    const image = result.open_graph.images![0]!;
    expect(image.url).toBe(`${base}/api/og/future-launch.png`);
    expect([Number(image.width), Number(image.height)]).toEqual([1200, 630]);
    const response = await fetch(image.url);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height]).toEqual([WIDTH, HEIGHT]);
    // Drawn, not blank: light text on the dark background covers a fair share of the picture.
    let light = 0;
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! > 200 && png.data[i + 1]! > 200) light++;
    expect(light / (WIDTH * HEIGHT)).toBeGreaterThan(0.01);
    expect(result.description).toBeTruthy();
  });

  it("say when and the status before the description: the target in the author's zone and the countdown's language, or the rule in words", async () => {
    // Luxon is the oracle of the wall clock; the fixtures without a zone are in UTC.
    const utc = (days: number) => DateTime.fromISO(fromNow(days), { zone: "utc" }).toFormat("ccc, LLL d, yyyy, h:mm a");
    const descriptions = {
      "future-launch": new RegExp(`^${utc(3.2)} UTC\\. The launch <em>party</em>\\.$`),
      "postponed-de": /^Countdown to Konzert im Park: \w\w\., \d{1,2}\. \S+ \d{4}, \d{1,2}:\d\d UTC \(Verschoben\)\.$/,
      [WEEKLY_BERLIN.slug]: /^Countdown to Friday stream: Weekly · Friday · 5:00\sPM CES?T \(Berlin\)\.$/,
    };
    for (const [slug, description] of Object.entries(descriptions)) {
      const result = await unfurl(pageUrl(slug));
      expect(result.open_graph.description, slug).toMatch(description);
      expect(result.twitter_card.description, slug).toBe(result.open_graph.description);
    }
  });

  it("are on the index too, with the soonest countdown's image", async () => {
    const result = await unfurl(`${base}/`);
    expect(result.twitter_card.card).toBe("summary_large_image");
    expect(result.open_graph.images![0]!.url).toMatch(new RegExp(`^${base}/api/og/[a-z0-9-]+\\.png$`));
  });

  it("keeps the image until the next deploy on Netlify's CDN, and answers an unknown slug with a JSON 404", async () => {
    const headers = LIVE_ROUTES.find((route) => route.name === "preview")!.headers;
    expect(headers["Netlify-CDN-Cache-Control"]).toMatch(/durable/);
    const response = await get("/api/og/no-such-countdown.png");
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatchObject({
      code: "not_found",
      message: expect.stringContaining('the slug "no-such-countdown"'),
    });
    // A path without ".png" names the form of the image's path, not a slug.
    const bare = await get("/api/og/future-launch");
    expect(bare.status).toBe(404);
    expect((await bare.json()).error.message).toBe(
      'Nothing is published at "/api/og/future-launch": a countdown\'s preview image is at /api/og/<slug>.png.',
    );
  });
});

describe("the badge", () => {
  const HOUR = 3_600_000;
  const countdowns: LiveCountdown[] = [
    { slug: "launch", title: "Launch", targetDate: "2030-01-01T00:00:00Z" },
    {
      slug: "weekly",
      title: "Weekly",
      targetDate: "2030-01-04T16:00:00Z",
      zone: "Europe/Berlin",
      repeat: { rule: "weekly", start: "2030-01-04T17:00:00" },
    },
    { slug: "moved", title: "Moved", targetDate: "2030-01-01T00:00:00Z", status: "postponed" },
    { slug: "hostile", title: HOSTILE_LONG_TITLE, targetDate: "2030-01-01T00:00:00Z" },
  ];
  const store = testLiveStore(countdowns, { version: "v", origin: "https://x.test" });
  const badgeAt = async (slug: string, nowMs: number) => {
    const handler = netlifyFunction(
      createLiveHandler({ store: () => store, answers: SHARE_ANSWERS, now: () => nowMs }),
    );
    return (await handler(new Request(`https://x.test/api/badge/${slug}.svg`))).text();
  };
  const message = (svg: string) => /<title>[^<]*: ([^<]*)<\/title>/.exec(svg)![1];
  const target = Date.parse("2030-01-01T00:00:00Z");

  it("changes with time: days, hours, minutes, live now for an hour, ended", async () => {
    expect(message(await badgeAt("launch", target - 39 * 24 * HOUR - 5 * HOUR))).toBe("in 39 days");
    expect(message(await badgeAt("launch", target - 47 * HOUR))).toBe("in 47 h");
    expect(message(await badgeAt("launch", target - 5 * HOUR - 1000))).toBe("in 5 h");
    expect(message(await badgeAt("launch", target - 12 * 60_000))).toBe("in 12 min");
    expect(message(await badgeAt("launch", target - 20_000))).toBe("in 1 min");
    expect(message(await badgeAt("launch", target))).toBe("live now");
    expect(message(await badgeAt("launch", target + LIVE_FOR_MS - 1))).toBe("live now");
    expect(message(await badgeAt("launch", target + LIVE_FOR_MS))).toBe("ended");
    expect(message(await badgeAt("moved", target - 10 * HOUR))).toBe("postponed");
  });

  it("of a repeating countdown goes live at each occurrence and counts to the next one, 17:00 in Berlin in winter and summer", async () => {
    const friday = Date.parse("2030-01-04T16:00:00Z");
    expect(message(await badgeAt("weekly", friday + 30 * 60_000))).toBe("live now");
    expect(message(await badgeAt("weekly", friday + 2 * HOUR))).toBe("in 6 days");
    // Friday 5 April 2030, after the change to summer time: 17:00 CEST is 15:00 UTC.
    expect(message(await badgeAt("weekly", Date.parse("2030-04-05T14:00:00Z")))).toBe("in 1 h");
    expect(message(await badgeAt("weekly", Date.parse("2030-04-05T15:10:00Z")))).toBe("live now");
  });

  it("keeps a hostile title inside its text, with the title as its accessible name (the W3C checker reads it in the e2e tests)", async () => {
    const svg = await badgeAt("hostile", target - 100 * 24 * HOUR);
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    expect(svg).not.toMatch(/<script|onerror=/);
    const label = /aria-label="([^"]*)"/
      .exec(svg)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(HOSTILE_LONG_TITLE.replace(/\s+/g, " ").startsWith(label.slice(0, 30))).toBe(true);
  });

  it("is served live with a minute of caching at most, on the CDN too, and an unknown slug gets a 404 badge", async () => {
    const response = await get("/api/badge/future-launch.svg");
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe(BADGE_CACHE);
    expect(Number(/max-age=(\d+)/.exec(BADGE_CACHE)![1])).toBeLessThanOrEqual(60);
    const cdn = LIVE_ROUTES.find((route) => route.name === "badge")!.headers["Netlify-CDN-Cache-Control"];
    expect(Number(/max-age=(\d+)/.exec(cdn)![1])).toBeLessThanOrEqual(60);
    expect(await response.text()).toMatch(/^<svg [^>]*role="img"[^>]*><title>[^<]+: in \d+ (days|h|min)<\/title>/);
    const missing = await get("/api/badge/no-such-countdown.svg");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<title>Countdowns: Countdown not found</title>");
  });
});

describe("the owner's page's sharing section", () => {
  it("offers the badge as Markdown and Discord and Slack timestamps of the next occurrence", async () => {
    const page = await (await get("/future-launch/embed/")).text();
    const unix = /&lt;t:(\d+):F&gt;/.exec(page)![1]!;
    const data = await (await get("/api/data/future-launch.json")).json();
    expect(Number(unix) * 1000).toBe(Date.parse(data.targetDate));
    expect(page).toContain(`&lt;t:${unix}:F&gt; (&lt;t:${unix}:R&gt;)`);
    expect(page).toMatch(new RegExp(`&lt;!date\\^${unix}\\^\\{date_long_pretty\\} at \\{time\\}\\|[^&]+ UTC&gt;`));
    expect(page).toContain(`](${base}/api/badge/future-launch.svg)](${base}/future-launch/)`);
    const visitors = await (await get("/future-launch/")).text();
    expect(visitors).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${base}/api/oembed?url=${encodeURIComponent(`${base}/future-launch/`)}&amp;format=json"`,
    );
  });
});
