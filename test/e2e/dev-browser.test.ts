// `npm run dev` in a browser: the problems of a bad file over the open page, and the page reloaded
// with the fix. In-process, on a free port, in Chromium.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { startDevLoop, type DevLoop } from "../../src/dev/dev-loop.ts";
import { launchBrowser } from "../../tools/chromium.ts";
import { fromNow } from "../support/fixtures.ts";

const countdown = (title: string, days: number) => `---\ntitle: "${title}"\ntarget: "${fromNow(days)}"\n---\n`;

let work: string;
let countdowns: string;
let loop: DevLoop;
let base: string;
const lines: string[] = [];
beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "dev-"));
  countdowns = path.join(work, "countdowns");
  mkdirSync(countdowns);
  writeFileSync(path.join(countdowns, "launch.md"), countdown("Launch day", 10));
  writeFileSync(path.join(countdowns, "party.md"), countdown("Party", 20));
  loop = await startDevLoop({ config: readConfig({ COUNTDOWNS_DIR: countdowns, OUT_DIR: path.join(work, "dist"), PORT: "0" }), log: (line) => lines.push(line) });
  await new Promise<void>((resolve) => loop.local.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(loop.local.server.address() as AddressInfo).port}`;
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
      await tab.waitForFunction(() => document.querySelector("h1")?.textContent === "Launch, in the browser", undefined, { timeout: 10_000 });
      expect(await overlay.count()).toBe(0);
      await tab.close();
    }, 30_000);
  });
});
