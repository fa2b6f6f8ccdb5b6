// `npm run dev` in a browser: the problems of a bad file over the open page, and the page reloaded
// with the fix. In-process, on a free port, in Chromium.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevLoop } from "../../src/dev/dev-loop.ts";
import { launchBrowser } from "../../tools/chromium.ts";
import { devCountdown, startTestDevLoop } from "../support/dev-loop.ts";

const countdown = devCountdown;

let countdowns: string;
let loop: DevLoop;
let base: string;
beforeAll(async () => {
  ({ countdowns, loop, base } = await startTestDevLoop());
}, 60_000);
afterAll(async () => {
  await loop?.close();
});

describe("npm run dev", () => {
  describe("in a browser", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("shows the problems over the page, and reloads the page when they are fixed", async () => {
      const tab = await browser.newPage();
      await tab.goto(`${base}/launch/`);
      await tab.waitForFunction(() => document.readyState === "complete");
      // Give the page's event stream a moment to connect.
      await tab.waitForTimeout(300);
      writeFileSync(path.join(countdowns, "launch.md"), '---\ntitle: "Launch"\ntarget: "2030-02-30T10:00"\n---\n');
      const overlay = tab.locator("#countdown-dev-problems");
      await overlay.waitFor({ timeout: 10_000 });
      expect(await overlay.textContent()).toMatch(/countdowns\/launch\.md: target/);
      writeFileSync(path.join(countdowns, "launch.md"), countdown("Launch, in the browser", 12));
      await tab.waitForFunction(
        () => document.querySelector("h1")?.textContent === "Launch, in the browser",
        undefined,
        { timeout: 10_000 },
      );
      expect(await overlay.count()).toBe(0);
      await tab.close();
    }, 30_000);
  });
});
