// The embeddable widget in a real browser (Debian's Chromium through playwright-core), served by the
// real local server: first paint, ticking on the second boundary, sizes, no-JS, themes, motion,
// visibility and wake, the done state, CSP, accessibility, ?sync=1 and a host page on another origin.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLocalServer, type LocalServer } from "../../src/server/local-server.ts";
import { formatTimeLeft, secondsLeft, timeLeft } from "../../src/time/time-left.ts";
import { launchBrowser } from "../support/browsers.ts";
import { injectedScriptRuns, recordTimerChanges, seriousAxeViolations } from "../support/in-page.ts";
import { TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";

const PATTERN = /^\d+d \d{2}h \d{2}m \d{2}s$/;
const target = (slug: string) => Date.parse(JSON.parse(readFileSync(path.join(TEST_SITE_DIR, `api/data/${slug}.json`), "utf8")).targetDate);
/** Seconds left shown by a `<d>d <hh>h <mm>m <ss>s` text. */
const shownSeconds = (text: string) => {
  const [d, h, m, s] = text.match(/\d+/g)!.map(Number);
  return d! * 86400 + h! * 3600 + m! * 60 + s!;
};

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let browser: Browser;
let local: LocalServer;
let base: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  local = createLocalServer({ outDir: TEST_OUT_DIR, log: () => {} });
  base = await listen(local.server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await local?.close();
});

interface Opened {
  page: Page;
  /** Console messages of type error or warning, and CSP violations, as they happen. */
  problems: string[];
  /** URLs the page requested. */
  requests: string[];
}

async function open(url: string, options: BrowserContextOptions = {}, beforeLoad?: (page: Page) => Promise<unknown>): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 600, height: 250 }, ...options });
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("request", (request) => requests.push(request.url()));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective}`));
  });
  await beforeLoad?.(page);
  await page.goto(url);
  return { page, problems, requests };
}

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const leftText = (page: Page) => page.locator("[data-left]").textContent();

describe("shows the exact pattern from the first frame", () => {
  it("has the value in place before the first frame, with no layout shift", async () => {
    const { page } = await open(`${base}/api/embed/future-launch`, {}, (p) =>
      p.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>;
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) (w.shifts as number) += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        w.firstFrame = new Promise((resolve) =>
          requestAnimationFrame(() => {
            const left = document.querySelector<HTMLElement>("[data-left]");
            resolve({ text: left?.textContent, hidden: left?.hidden, now: Date.now() });
          }),
        );
      }),
    );
    const first = (await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)) as { text: string; hidden: boolean; now: number };
    expect(first.hidden).toBe(false);
    expect(first.text).toMatch(PATTERN);
    expect(Math.abs(shownSeconds(first.text) - secondsLeft(target("future-launch"), first.now))).toBeLessThanOrEqual(1);
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  });

  it("uses fixed-width digits", async () => {
    const { page } = await open(`${base}/api/embed/future-launch`);
    expect(await page.locator("[data-left]").evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toBe("tabular-nums");
  });
});

describe("ticks from the absolute target, just after each second boundary", () => {
  it("shows every second once, each update landing just after the boundary", async () => {
    const { page } = await open(`${base}/api/embed/future-launch`);
    const changes = await recordTimerChanges(page, 5200);
    expect(changes.length).toBeGreaterThanOrEqual(4);
    const targetMs = target("future-launch");
    const lateness = changes.map(([, at]) => at % 1000);
    for (const [index, [text, at]] of changes.entries()) {
      expect(shownSeconds(text)).toBe(secondsLeft(targetMs, at));
      if (index > 0) expect(shownSeconds(changes[index - 1]![0]) - shownSeconds(text)).toBe(1);
    }
    console.info(`update lateness after the second boundary (ms): ${lateness.join(", ")}`);
    expect(Math.max(...lateness)).toBeLessThan(100);
  });
});

describe("fits any frame from 280 to 1200 px wide", () => {
  async function layoutProblems(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth || root.scrollHeight > root.clientHeight) problems.push("the page scrolls");
      if (getComputedStyle(document.body).overflow !== "hidden" && (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight)) problems.push("scrollbar");
      for (const element of document.querySelectorAll<HTMLElement>("main > *")) {
        if (element.hidden) continue;
        const box = element.getBoundingClientRect();
        if (box.left < 0 || box.top < 0 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) {
          problems.push(`${element.tagName} ${JSON.stringify(box)} is outside ${innerWidth}x${innerHeight}`);
        }
        if (element.scrollWidth > element.clientWidth + 1) problems.push(`${element.tagName} is clipped`);
      }
      return problems;
    });
  }

  it("shows everything without a scrollbar or clipping, for short and for the longest titles", { timeout: 60_000 }, async () => {
    const sizes = [280, 320, 400, 600, 800, 1000, 1200].flatMap((width) => [180, 250].map((height) => ({ width, height })));
    for (const slug of ["future-launch", "longest-title", "long-past"]) {
      const { page } = await open(`${base}/api/embed/${slug}`);
      for (const size of sizes) {
        await page.setViewportSize(size);
        await page.waitForTimeout(50);
        expect(await layoutProblems(page), `${slug} at ${size.width}x${size.height}`).toEqual([]);
      }
    }
  });

  it("scales the type with the frame", async () => {
    const { page } = await open(`${base}/api/embed/future-launch`, { viewport: { width: 320, height: 180 } });
    const small = await page.locator("[data-left]").evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    await page.setViewportSize({ width: 1200, height: 250 });
    await page.waitForTimeout(50);
    const large = await page.locator("[data-left]").evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(large).toBeGreaterThan(small * 1.5);
  });

  it("fits both published snippets in a host page", async () => {
    const host = http.createServer((_, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><body style="margin:0;width:800px">
<iframe id="wide" src="${base}/api/embed/longest-title" width="100%" height="250" frameborder="0" style="border-radius:12px"></iframe>
<iframe id="small" src="${base}/api/embed/longest-title" width="320" height="180" frameborder="0" style="border-radius:12px"></iframe>`);
    });
    const hostUrl = await listen(host);
    try {
      const { page } = await open(hostUrl, { viewport: { width: 800, height: 600 } });
      await page.waitForTimeout(300);
      for (const id of ["wide", "small"]) {
        const frame = (await (await page.$(`#${id}`))!.contentFrame())!;
        expect(await frame.locator("[data-left]").textContent()).toMatch(PATTERN);
        expect(await layoutProblems(frame as unknown as Page), id).toEqual([]);
      }
    } finally {
      host.close();
    }
  });
});

describe("without JavaScript", () => {
  it("still shows the title and the target date-time in UTC", async () => {
    const { page } = await open(`${base}/api/embed/future-launch`, { javaScriptEnabled: false });
    await expect(page.locator("h1").isVisible()).resolves.toBe(true);
    const time = page.locator("time");
    await expect(time.isVisible()).resolves.toBe(true);
    expect(await time.getAttribute("datetime")).toBe(new Date(target("future-launch")).toISOString().replace(".000Z", "Z"));
    expect(await time.textContent()).toMatch(/ UTC$/);
    await expect(page.locator("[data-left]").isVisible()).resolves.toBe(false);
  });
});

describe("themes and motion", () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const isDark = (rgb: string) => rgb.match(/\d+/g)!.slice(0, 3).map(Number).reduce((a, b) => a + b) < 3 * 128;

  it("follows prefers-color-scheme by default (auto)", async () => {
    expect(isDark(await background((await open(`${base}/api/embed/future-launch`, { colorScheme: "light" })).page))).toBe(false);
    expect(isDark(await background((await open(`${base}/api/embed/future-launch`, { colorScheme: "dark" })).page))).toBe(true);
    expect(isDark(await background((await open(`${base}/api/embed/future-launch?theme=auto`, { colorScheme: "dark" })).page))).toBe(true);
  });

  it("applies ?theme=light and ?theme=dark whatever the system prefers", async () => {
    const light = (await open(`${base}/api/embed/future-launch?theme=light`, { colorScheme: "dark" })).page;
    expect(isDark(await background(light))).toBe(false);
    const dark = (await open(`${base}/api/embed/future-launch?theme=dark`, { colorScheme: "light" })).page;
    expect(isDark(await background(dark))).toBe(true);
    const textColor = await dark.locator("h1").evaluate((el) => getComputedStyle(el).color);
    expect(isDark(textColor)).toBe(false);
  });

  it("animates the done message only when motion is welcome", async () => {
    const animation = (page: Page) => page.locator("[data-done]").evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation((await open(`${base}/api/embed/long-past`, { reducedMotion: "no-preference" })).page)).not.toBe("none");
    expect(await animation((await open(`${base}/api/embed/long-past`, { reducedMotion: "reduce" })).page)).toBe("none");
  });
});

describe("visibility, wake and the done state (on the browser's clock)", () => {
  async function paused(slug: string, at: number): Promise<Page> {
    const { page } = await open(`${base}/api/embed/${slug}`, {}, async (p) => {
      // Installed a little earlier, so that pausing at `at` never moves the clock backwards.
      await p.clock.install({ time: at - 10_000 });
      await p.clock.pauseAt(at);
      await p.addInitScript(() => {
        const w = window as unknown as { timeouts: number };
        const original = window.setTimeout;
        w.timeouts = 0;
        window.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
          w.timeouts++;
          return original(...args);
        }) as typeof setTimeout;
      });
    });
    return page;
  }
  const setHidden = (page: Page, hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (value ? "hidden" : "visible") });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);
  const expected = (slug: string, at: number) => formatTimeLeft(timeLeft(target(slug), at));

  it("schedules nothing while hidden and shows the right value at once when visible again", async () => {
    const start = target("future-launch") - 50_000_500;
    const page = await paused("future-launch", start);
    expect(await leftText(page)).toBe(expected("future-launch", start));
    await setHidden(page, true);
    const timeouts = await page.evaluate(() => (window as unknown as { timeouts: number }).timeouts);
    await page.clock.runFor(30_000);
    expect(await leftText(page)).toBe(expected("future-launch", start));
    expect(await page.evaluate(() => (window as unknown as { timeouts: number }).timeouts)).toBe(timeouts);
    await setHidden(page, false);
    expect(await leftText(page)).toBe(expected("future-launch", start + 30_000));
  });

  it("shows the right value as soon as the machine wakes", async () => {
    const start = target("future-launch") - 90_000_000;
    const page = await paused("future-launch", start);
    await page.clock.fastForward("03:00:00");
    expect(await leftText(page)).toBe(expected("future-launch", start + 3 * 3_600_000));
    // The next update is due 1 ms after the next second boundary.
    await page.clock.runFor(1001);
    expect(await leftText(page)).toBe(expected("future-launch", start + 3 * 3_600_000 + 1001));
  });

  it("stops at 0d 00h 00m 00s with the done message when the target passes, never negative", async () => {
    const targetMs = target("future-launch");
    const page = await paused("future-launch", targetMs - 1500);
    expect(await leftText(page)).toBe("0d 00h 00m 01s");
    await expect(page.locator("[data-done]").isVisible()).resolves.toBe(false);
    await page.clock.runFor(1000);
    expect(await leftText(page)).toBe("0d 00h 00m 00s");
    await expect(page.locator("[data-done]").isVisible()).resolves.toBe(false);
    await page.clock.runFor(600);
    await expect(page.locator("[data-done]").textContent()).resolves.toBe("We have lift-off");
    await expect(page.locator("[data-done]").isVisible()).resolves.toBe(true);
    await page.clock.runFor(60_000);
    expect(await leftText(page)).toBe("0d 00h 00m 00s");
  });

  it("shows the default done message for a countdown without one", async () => {
    const { page } = await open(`${base}/api/embed/long-past`);
    expect(await leftText(page)).toBe("0d 00h 00m 00s");
    await expect(page.locator("[data-done]").textContent()).resolves.toBe("The countdown has ended.");
  });
});

describe("security and weight", () => {
  it("makes one request, sets no cookie and breaks no CSP rule, whatever the options", { timeout: 60_000 }, async () => {
    for (const query of ["", "?theme=dark", "?theme=light", "?sync=1"]) {
      for (const slug of ["future-launch", "long-past", "tie-a", "nope"]) {
        const { page, problems, requests } = await open(`${base}/api/embed/${slug}${query}`);
        await page.waitForTimeout(query === "?sync=1" ? 300 : 50);
        expect(problems, `${slug}${query}`).toEqual(slug === "nope" ? [expect.stringMatching(/404/)] : []);
        expect(requests, `${slug}${query}`).toEqual(
          query === "?sync=1" && slug !== "nope" ? [`${base}/api/embed/${slug}${query}`, `${base}/api/countdown/${slug}`] : [`${base}/api/embed/${slug}${query}`],
        );
        expect(await page.context().cookies()).toEqual([]);
        await page.context().close();
      }
    }
  });

  it("is pinned by a CSP without 'unsafe-inline' for scripts, so an injected script does not run", async () => {
    const { page, problems } = await open(`${base}/api/embed/future-launch`);
    const response = await page.request.get(`${base}/api/embed/future-launch`);
    const csp = response.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'sha256-[^']+'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await injectedScriptRuns(page)).toBe(false);
    expect(problems.some((problem) => problem.includes("CSP violation: script-src"))).toBe(true);
  });
});

describe("accessibility", () => {
  it("has a timer that announces nothing each second, a heading, a name with the target date, lang and title", async () => {
    const { page } = await open(`${base}/api/embed/future-launch`);
    const timer = page.getByRole("timer");
    expect(await timer.getAttribute("aria-label")).toMatch(/^Time left until \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} UTC$/);
    expect(await timer.getAttribute("aria-live")).toBeNull();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.title()).toContain("Launch");
  });

  it("has no serious or critical axe-core violation, light or dark, ticking or done", { timeout: 60_000 }, async () => {
    for (const [slug, colorScheme] of [["future-launch", "light"], ["future-launch", "dark"], ["long-past", "light"], ["long-past", "dark"], ["nope", "light"]] as const) {
      const { page } = await open(`${base}/api/embed/${slug}`, { bypassCSP: true, colorScheme });
      expect(await seriousAxeViolations(page), `${slug} ${colorScheme}`).toEqual([]);
    }
  });
});

describe("?sync=1 counts on the server's clock", () => {
  it("shows the time left on the server's clock when this machine's clock is off", async () => {
    const skew = 3_600_437;
    const skewed = createLocalServer({ outDir: TEST_OUT_DIR, log: () => {}, now: () => Date.now() + skew });
    const skewedBase = await listen(skewed.server);
    try {
      const targetMs = target("longest-title");
      let answered: Promise<unknown> = Promise.resolve();
      const synced = (
        await open(`${skewedBase}/api/embed/longest-title?sync=1`, {}, async (page) => {
          answered = page.waitForResponse((response) => response.url().includes("/api/countdown/"));
        })
      ).page;
      await answered;
      const changes = await recordTimerChanges(synced, 3200);
      expect(changes.length).toBeGreaterThanOrEqual(2);
      const TOLERANCE = 250;
      for (const [text, at] of changes) {
        // The value shown is the server's, give or take 250 ms ...
        expect(shownSeconds(text)).toBeLessThanOrEqual(secondsLeft(targetMs, at + skew - TOLERANCE));
        expect(shownSeconds(text)).toBeGreaterThanOrEqual(secondsLeft(targetMs, at + skew + TOLERANCE));
        // ... and it changes within 250 ms of a second boundary of the server's clock.
        const fromBoundary = (at + skew) % 1000;
        expect(Math.min(fromBoundary, 1000 - fromBoundary)).toBeLessThan(TOLERANCE);
      }
      const unsynced = (await open(`${skewedBase}/api/embed/longest-title`)).page;
      const shown = shownSeconds((await leftText(unsynced))!);
      expect(Math.abs(shown - secondsLeft(targetMs, Date.now()))).toBeLessThanOrEqual(1);
    } finally {
      await skewed.close();
    }
  });
});

describe("a host page on another origin", () => {
  it("embeds both published snippets and reads the live JSON with fetch", async () => {
    // The host is served from localhost, the service from 127.0.0.1: two origins.
    const serviceBase = base;
    const host = http.createServer((_, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><title>Host</title><body>
<iframe src="${serviceBase}/api/embed/tie-a" width="100%" height="250" frameborder="0" style="border-radius:12px" title="Tie A"></iframe>
<iframe src="${serviceBase}/api/embed/tie-a" width="320" height="180" frameborder="0" style="border-radius:12px" title="Tie A, small"></iframe>
<output id="json"></output>
<script>
fetch("${serviceBase}/api/countdown/tie-a?shape=a").then((r) => r.json()).then((body) => {
  document.getElementById("json").textContent = body.title + " " + body.timeLeft.days;
}, (error) => { document.getElementById("json").textContent = "failed: " + error; });
</script>`);
    });
    const hostPort = (await listen(host)).split(":").pop();
    try {
      const { page, problems } = await open(`http://localhost:${hostPort}/`, { viewport: { width: 900, height: 700 } });
      await page.waitForFunction(() => document.getElementById("json")!.textContent !== "");
      expect(await page.locator("#json").textContent()).toMatch(/^Tie A \d+$/);
      expect(page.frames()).toHaveLength(3);
      for (const frame of page.frames().slice(1)) {
        expect(new URL(frame.url()).origin).toBe(serviceBase);
        expect(await frame.locator("[data-left]").textContent()).toMatch(PATTERN);
      }
      expect(problems).toEqual([]);
    } finally {
      host.close();
    }
  });
});
