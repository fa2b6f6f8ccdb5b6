// An evergreen countdown (docs/authoring.md, "Evergreen countdowns") in Chromium, Firefox and WebKit:
// the widget, the countdown's page and `<countdown-timer>` count to the deadline the live JSON gives
// for the same start, written as a mailing tool writes it (a wall clock in the countdown's zone, with
// its space); without a start, from the visitor's first visit, kept across visits; a refused start
// (in the future) falls back to it. Every expectation is computed from the clock it is judged by:
// the server's for the JSON and the element, the browser's for the widget and the page.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { ENGINE_NAMES, launchEngine, type Engine, type EnginePage } from "../support/engines.ts";
import { waitInPage } from "../support/in-page.ts";
import { EVERGREEN, EVERGREEN_CAPPED } from "../support/fixtures.ts";
import { TEST_OUT_DIR } from "../support/paths.ts";

const HOUR = 3_600_000;

let site: ProductionServer;
let base: string;
let host: http.Server;
let hostBase: string;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The server's clock now, from its live JSON (the run may be under faketime; the pages need not be). */
async function serverNow(): Promise<number> {
  const response = await fetch(`${base}/api/countdown/tie-a`);
  return Date.parse(((await response.json()) as { serverTime: string }).serverTime);
}

/** An instant as a wall clock in the countdown's zone, as a mailing tool writes a date field: `2031-05-13 10:00:00`. */
const berlinWallClock = (ms: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: EVERGREEN.zone, dateStyle: "short", timeStyle: "medium" }).format(ms);

/** The live JSON's deadline for a start. */
async function jsonDeadline(start: string): Promise<number> {
  const response = await fetch(`${base}/api/countdown/${EVERGREEN.slug}?start=${encodeURIComponent(start)}`);
  expect(response.status).toBe(200);
  return Date.parse(((await response.json()) as { targetDate: string }).targetDate);
}

/** Until the page's first `<countdown-timer>` shows its numbers. */
const elementDrawn = (element: EnginePage) =>
  waitInPage(
    element,
    () =>
      /\d/.test(
        document.querySelector("countdown-timer")?.shadowRoot?.querySelector("[part=number]")?.textContent ?? "",
      ),
    15_000,
  );

/** What a page shows, as the deadline it counts to by the page's clock (its seconds left added to it), in seconds. */
function shownDeadline(page: EnginePage, selector: "widget" | "page" | "element", index = 0): Promise<number | null> {
  return page.evaluate(
    (kind: string, i: number) => {
      const seconds = (numbers: number[]) =>
        numbers.length == 4 && numbers.every((n) => n == n)
          ? numbers[0]! * 86400 + numbers[1]! * 3600 + numbers[2]! * 60 + numbers[3]!
          : null;
      let left: number | null = null;
      if (kind == "widget") {
        const text = document.querySelector("[data-left]")?.textContent ?? "";
        left = seconds((/^(\d+)d (\d\d)h (\d\d)m (\d\d)s$/.exec(text) ?? []).slice(1).map(Number));
      } else if (kind == "page") {
        left = seconds([...document.querySelectorAll("[data-unit]")].map((n) => Number(n.textContent)));
      } else {
        const root = document.querySelectorAll("countdown-timer")[i]?.shadowRoot;
        left = root ? seconds([...root.querySelectorAll("[part=number]")].map((n) => Number(n.textContent))) : null;
      }
      return left === null ? null : Math.floor(Date.now() / 1000) + left;
    },
    selector,
    index,
  );
}

beforeAll(async () => {
  site = createProductionServer({ outDir: TEST_OUT_DIR, log: () => {} });
  base = await listen(site.server);
  // The element's host page: another origin, whose CSP allows the site's scripts and requests only.
  host = http.createServer((request, response) => {
    const query = new URL(request.url!, "http://host").searchParams;
    const start = query.get("start") ?? "";
    const slug = query.get("slug") ?? EVERGREEN.slug;
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; script-src ${base}; connect-src ${base}; img-src data:`,
    });
    response.end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"><script type="module" src="${base}/api/element.js"></script>` +
        `<body><countdown-timer slug="${slug}" site="${base}/" start="${start.replace(/"/g, "&quot;")}"></countdown-timer><countdown-timer slug="${slug}" site="${base}/"></countdown-timer>`,
    );
  });
  hostBase = (await listen(host)).replace("127.0.0.1", "localhost");
});
afterAll(async () => {
  await Promise.all([site?.close(), new Promise((resolve) => host?.close(resolve))]);
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

    it("the widget, the page and the element count to the live JSON's deadline for the same start, written as a wall clock in the countdown's zone", async () => {
      const widget = await engine.open(`${base}/api/embed/${EVERGREEN.slug}.html`);
      const [server, browser] = [await serverNow(), await widget.evaluate(() => Date.now())];
      // Under faketime the server's clock may run 400 days ahead of a browser's: a start is judged by
      // each one's clock, so it is taken from the browser's, and the deadline, where the two clocks
      // differ, from Luxon's reading of the wall clock instead of the JSON's.
      const skew = server - browser;
      // 10 hours ago in Berlin, with the space an unescaped "+" would also read as.
      const start = berlinWallClock(browser - 10 * HOUR).slice(0, 16);
      const expected =
        (Math.abs(skew) < 60_000
          ? await jsonDeadline(start)
          : DateTime.fromFormat(start, "yyyy-MM-dd HH:mm", { zone: EVERGREEN.zone }).toMillis() +
            EVERGREEN.hours * HOUR) / 1000;
      const query = `start=${encodeURIComponent(start).replace("%20", "+")}`;
      await widget.goto(`${base}/api/embed/${EVERGREEN.slug}.html?${query}`);
      const page = await engine.open(`${base}/${EVERGREEN.slug}/?${query}`);
      const element = await engine.open(`${hostBase}/?start=${encodeURIComponent(start)}`);
      try {
        await elementDrawn(element);
        // The widget and the page count on the browser's clock, the element on the server's where the
        // two are within two hours (it corrects the browser's by no more): a second may turn between
        // the reads. Where the server's clock is 400 days ahead, the element keeps the browser's too.
        const shown = {
          widget: await shownDeadline(widget, "widget"),
          page: await shownDeadline(page, "page"),
          element: await shownDeadline(element, "element"),
        };
        for (const [label, deadline] of Object.entries(shown)) {
          expect(deadline, label).not.toBeNull();
          expect(
            Math.abs(deadline! - expected),
            `${label}: counts to ${deadline}, the JSON to ${expected}`,
          ).toBeLessThanOrEqual(1);
        }
        // The date line names the deadline, in the countdown's language on its page.
        expect(await page.evaluate(() => document.querySelector("[data-when]")!.textContent)).toMatch(
          /^\S+ \d{1,2}\. \S+ \d{4}, \d{1,2}:\d\d (MEZ|MESZ) \(Berlin\)$/,
        );
        if (engine.can.consoleMessages)
          for (const opened of [widget, page, element]) expect(opened.consoleProblems(), "console").toEqual([]);
      } finally {
        await Promise.all([widget.close(), page.close(), element.close()]);
      }
    });

    it("capped by `until`: the widget, the page and the element count to the earlier of the start plus the duration and the cap", async () => {
      const { slug, until, hours } = EVERGREEN_CAPPED;
      const widget = await engine.open(`${base}/api/embed/${slug}.html`);
      // An hour ago by the browser's clock: its 72 hours end after the cap, 10 hours after the build's
      // clock (under faketime the browser's clock may be 400 days behind it: then the duration ends first).
      const startMs = (await widget.evaluate(() => Date.now())) - HOUR;
      const startSeconds = Math.floor(startMs / 1000);
      const expected = Math.min(startSeconds + hours * 3600, Date.parse(until) / 1000);
      await widget.goto(`${base}/api/embed/${slug}.html?start=${startSeconds}`);
      const page = await engine.open(`${base}/${slug}/?start=${startSeconds}`);
      const element = await engine.open(`${hostBase}/?slug=${slug}&start=${startSeconds}`);
      try {
        await elementDrawn(element);
        for (const [label, opened] of [
          ["widget", widget],
          ["page", page],
          ["element", element],
        ] as const) {
          const deadline = await shownDeadline(opened, label);
          expect(deadline, label).not.toBeNull();
          expect(
            Math.abs(deadline! - expected),
            `${label}: counts to ${deadline}, not ${expected}`,
          ).toBeLessThanOrEqual(1);
        }
        // Its call to action is its go link with the start that gives this viewer's deadline (/go/ caps it too).
        const link = new URL(await widget.evaluate(() => document.querySelector<HTMLAnchorElement>("[data-go]")!.href));
        expect(link.pathname).toBe(`/go/${slug}`);
        expect(Math.min(Number(link.searchParams.get("start")) + hours * 3600, Date.parse(until) / 1000)).toBe(
          expected,
        );
      } finally {
        await Promise.all([widget.close(), page.close(), element.close()]);
      }
    });

    it("without a start counts from the first visit on this device, the same deadline on the next visit; a start in the future is refused for it", async () => {
      const widget = await engine.open(`${base}/api/embed/${EVERGREEN.slug}.html`);
      try {
        // The browser's clock: the first visit is on it.
        const now = await widget.evaluate(() => Date.now());
        const first = await shownDeadline(widget, "widget");
        expect(Math.abs(first! - Math.floor(now / 1000) - EVERGREEN.hours * 3600)).toBeLessThanOrEqual(10);
        await new Promise((resolve) => setTimeout(resolve, 2100));
        await widget.goto(`${base}/api/embed/${EVERGREEN.slug}.html`);
        expect(Math.abs((await shownDeadline(widget, "widget"))! - first!), "the next visit").toBeLessThanOrEqual(1);
        await widget.goto(`${base}/api/embed/${EVERGREEN.slug}.html?start=${new Date(now + 48 * HOUR).toISOString()}`);
        expect(
          Math.abs((await shownDeadline(widget, "widget"))! - first!),
          "a start in the future",
        ).toBeLessThanOrEqual(1);
        // The countdown's page of the same site keeps the same first visit; its owner's page gives the JSON for that start.
        await widget.goto(`${base}/${EVERGREEN.slug}/`);
        // (Read once its script has drawn the count: until then the page shows the whole duration.)
        await waitInPage(widget, () => !document.querySelector("[data-left]")!.classList.contains("pending"));
        expect(Math.abs((await shownDeadline(widget, "page"))! - first!), "its page").toBeLessThanOrEqual(1);
        await widget.goto(`${base}/${EVERGREEN.slug}/embed/`);
        const example = await widget.evaluate(() => document.getElementById("fetch-example")!.textContent!);
        const start = Number(/\?start=(\d+)"/.exec(example)?.[1]);
        expect(Math.abs(start + EVERGREEN.hours * 3600 - first!), example).toBeLessThanOrEqual(1);
      } finally {
        await widget.close();
      }
    });
  });
}
