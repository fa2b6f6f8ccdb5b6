// The site's pages in Chromium: the Copy buttons, the snippets' theme choice, live countdowns,
// local times, accessibility in light and dark, and small screens.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browsers.ts";
import { createLocalServer, type LocalServer } from "../../src/server/local-server.ts";
import { HOSTILE_LONG_TITLE } from "../support/fixtures.ts";
import { injectedScriptRuns, seriousAxeViolations } from "../support/in-page.ts";
import { TEST_BASE_URL, TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";

const PATTERN = /^\d+d \d{2}h \d{2}m \d{2}s$/;
let browser: Browser;
let local: LocalServer;
let base: string;

beforeAll(async () => {
  local = createLocalServer({ outDir: TEST_OUT_DIR, log: () => {} });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await local?.close();
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function open(pathname: string, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[]; headers: Record<string, string> }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: "en-US", ...options });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("dialog", (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective}`));
  });
  const response = await page.goto(`${base}${pathname}`);
  return { page, errors, headers: response!.headers() };
}

describe("the embed section of a countdown's page", () => {
  const embedSrc = `${TEST_BASE_URL}/api/embed/future-launch`;

  it("copies each snippet with its Copy button and says so", async () => {
    const { page, errors } = await open("/future-launch/", { permissions: ["clipboard-read", "clipboard-write"] });
    for (const [id, snippet] of [
      ["snippet-wide", `<iframe src="${embedSrc}" width="100%" height="250" frameborder="0" style="border-radius:12px"></iframe>`],
      ["snippet-small", `<iframe src="${embedSrc}" width="320" height="180" frameborder="0" style="border-radius:12px"></iframe>`],
    ] as const) {
      await page.locator(`button[data-copy="${id}"]`).click();
      await expect.poll(() => page.locator(`#${id}-status`).textContent()).toBe("Copied.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    }
    await page.locator('button[data-copy="fetch-example"]').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`fetch("${TEST_BASE_URL}/api/countdown/future-launch")`);
    expect(errors).toEqual([]);
  });

  it("puts the chosen theme into both snippets and the preview", async () => {
    const { page } = await open("/future-launch/", { permissions: ["clipboard-read", "clipboard-write"] });
    await page.getByLabel("Dark").check();
    expect(await page.locator("#snippet-wide").textContent()).toBe(
      `<iframe src="${embedSrc}?theme=dark" width="100%" height="250" frameborder="0" style="border-radius:12px"></iframe>`,
    );
    expect(await page.locator("#snippet-small").textContent()).toContain(`src="${embedSrc}?theme=dark" width="320" height="180"`);
    await expect.poll(() => page.locator("iframe.preview").getAttribute("src")).toBe("/api/embed/future-launch?theme=dark");
    const preview = page.frameLocator("iframe.preview");
    await expect.poll(() => preview.locator("html").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(18, 18, 18)");
    await page.locator('button[data-copy="snippet-wide"]').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("?theme=dark");
    await page.getByLabel("Auto (follows the visitor)").check();
    expect(await page.locator("#snippet-wide").textContent()).toContain(`src="${embedSrc}" width="100%"`);
  });
});

describe("live countdowns on the pages", () => {
  it("ticks the big countdown on a countdown's page", async () => {
    const { page } = await open("/future-launch/");
    const first = await page.locator(".hero [data-left]").textContent();
    expect(first).toMatch(PATTERN);
    await expect.poll(() => page.locator(".hero [data-left]").textContent(), { timeout: 2500 }).not.toBe(first);
  });

  it("ticks every mini countdown of the index, and shows ended ones as ended", async () => {
    const { page } = await open("/");
    const timers = page.locator("li [data-left]");
    expect(await timers.count()).toBe(JSON.parse(readFileSync(path.join(TEST_SITE_DIR, "api/pages"), "utf8")).length);
    for (const text of await timers.allTextContents()) expect(text).toMatch(PATTERN);
    const ended = page.locator('li:has(a[href="/long-past/"])');
    expect(await ended.locator("[data-left]").textContent()).toBe("0d 00h 00m 00s");
    await expect(ended.locator("[data-done]").isVisible()).resolves.toBe(true);
  });

  it("shows the target in the visitor's own time zone", async () => {
    const { page } = await open("/future-launch/", { timezoneId: "Asia/Tokyo" });
    const iso = (await page.locator("time[data-local]").getAttribute("datetime"))!;
    const tokyo = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "long", timeZone: "Asia/Tokyo" }).format(new Date(iso));
    expect(await page.locator("time[data-local]").textContent()).toBe(tokyo);
  });
});

describe("accessible and responsive pages", () => {
  it("have no serious or critical axe-core violation, light or dark", { timeout: 60_000 }, async () => {
    for (const pathname of ["/", "/future-launch/", "/long-past/", "/no-such-page"]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const { page } = await open(pathname, { colorScheme, bypassCSP: true });
        expect(await seriousAxeViolations(page), `${pathname} ${colorScheme}`).toEqual([]);
      }
    }
  });

  it("fit a 320 px wide screen without scrolling sideways", async () => {
    for (const pathname of ["/", "/future-launch/", "/longest-title/"]) {
      const { page } = await open(pathname, { viewport: { width: 320, height: 640 } });
      const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      expect(scrollWidth, pathname).toBeLessThanOrEqual(width);
    }
  });
});

describe("the pages' Content-Security-Policy", () => {
  it("is set on every page and nothing on them breaks it", async () => {
    for (const pathname of ["/", "/future-launch/", "/long-past/", "/no-such-page"]) {
      const { page, errors, headers } = await open(pathname);
      const csp = headers["content-security-policy"];
      expect(csp, pathname).toMatch(/^default-src 'none'; script-src 'self' 'sha256-[^']+'; style-src 'sha256-[^']+' 'sha256-[^']+'; /);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(headers["x-frame-options"], pathname).toBe("DENY");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      await page.waitForTimeout(200);
      expect(errors.filter((error) => !error.includes("404")), pathname).toEqual([]);
    }
  });

  it("stops a script injected into a page", async () => {
    const { page, errors } = await open("/future-launch/");
    expect(await injectedScriptRuns(page)).toBe(false);
    expect(errors.some((error) => error.includes("CSP violation: script-src"))).toBe(true);
  });
});

describe("hostile content in a real browser", () => {
  it("runs no script and shows the title as written, in the widget, its page and the index", async () => {
    for (const pathname of ["/api/embed/hostile-content", "/hostile-content/", "/"]) {
      const { page, errors } = await open(pathname);
      await page.waitForTimeout(200);
      expect(errors, pathname).toEqual([]);
      if (pathname !== "/") {
        expect(await page.locator("h1").textContent(), pathname).toBe(HOSTILE_LONG_TITLE);
        expect(await page.title(), pathname).toBe(HOSTILE_LONG_TITLE);
      } else {
        expect(await page.locator('a[href="/hostile-content/"]').textContent()).toBe(HOSTILE_LONG_TITLE);
      }
    }
  });
});
