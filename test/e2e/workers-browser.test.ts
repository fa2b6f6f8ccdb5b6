// The Workers build served by workerd (tools/workerd.ts), in Chromium, Firefox and WebKit: a
// countdown's page and its widget load and count down as they do from the Node server, with the
// pages' CSP and the widget's pinned ticker as the Worker and Cloudflare's own asset serving send
// them (the integration tier holds every header equal to the Node server's; this is the browsers'
// view of the same).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildForWorkers } from "../../src/publish/workers-build.ts";
import { startWorkerd, type RunningWorker } from "../../tools/workerd.ts";
import { ENGINE_NAMES, launchEngine, type Engine, type EnginePage } from "../support/engines.ts";
import { waitInPage } from "../support/in-page.ts";
import { TEST_OUT_DIR } from "../support/paths.ts";

const PATTERN = /^\d+d \d{2}h \d{2}m \d{2}s$/;

let folder: string;
let worker: RunningWorker;

beforeAll(async () => {
  folder = path.join(mkdtempSync(path.join(os.tmpdir(), "workers-browser-")), "workers");
  await buildForWorkers(TEST_OUT_DIR, folder);
  worker = await startWorkerd(folder);
});
afterAll(async () => {
  await worker?.stop();
  if (folder) rmSync(path.dirname(folder), { recursive: true, force: true });
});

/** Whether the text of the page changes within three seconds: its script ticks. */
async function ticks(page: EnginePage): Promise<boolean> {
  await page.evaluate(() => ((window as unknown as { shownFirst: string }).shownFirst = document.body.innerText));
  return (
    (await waitInPage(
      page,
      () => document.body.innerText !== (window as unknown as { shownFirst: string }).shownFirst || null,
      3000,
    )) === true
  );
}

/** The count a page shows in its units, as `<d>d <hh>h <mm>m <ss>s`. */
const unitsText = async (page: EnginePage) => {
  const [d, h, m, s] = await page.evaluate(() =>
    [...document.querySelectorAll("[data-unit]")].map((unit) => unit.textContent!),
  );
  return `${d}d ${h}h ${m}m ${s}s`;
};

describe.each(ENGINE_NAMES)("the Worker's site in %s", (name) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await launchEngine(name);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it("shows a countdown's page counting down, its script and style allowed by the CSP", async () => {
    const page = await engine.open(`${worker.url}/future-launch/`);
    try {
      const first = await unitsText(page);
      expect(first).toMatch(PATTERN);
      expect(await ticks(page)).toBe(true);
      // The inline style applied (a CSP that refused it would leave the units unstyled, inline).
      expect(await page.evaluate(() => getComputedStyle(document.querySelector("[data-unit]")!).display)).not.toBe(
        "inline",
      );
      if (engine.can.consoleMessages) expect(page.consoleProblems()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows the widget ticking, its ticker pinned by the CSP's hashes", async () => {
    const page = await engine.open(`${worker.url}/api/embed/future-launch`);
    try {
      const text = await waitInPage(page, () => {
        const shown = document.body.innerText
          .split("\n")
          .map((line) => line.trim())
          .find((line) => /^\d+d \d{2}h \d{2}m \d{2}s$/.test(line));
        return shown ?? null;
      });
      expect(text).toMatch(PATTERN);
      expect(await ticks(page)).toBe(true);
      if (engine.can.consoleMessages) expect(page.consoleProblems()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
