// `npm run screenshots`: PNGs of the widget at both published sizes, light and dark, for the README,
// taken in the same Chromium as the tests, with the browser's clock pinned so they do not change.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { publish } from "../src/publish/publish.ts";
import { PROJECT_ROOT, readConfig } from "../src/config.ts";
import { createLocalServer } from "../src/server/local-server.ts";
import { launchBrowser } from "../test/support/browsers.ts";

const SLUG = "new-year-2027";
const PINNED_TIME = Date.parse("2026-11-22T12:34:56Z");
const SIZES = [
  { name: "wide", width: 640, height: 250 },
  { name: "small", width: 320, height: 180 },
];
const outFolder = path.join(PROJECT_ROOT, "docs/screenshots");

const work = mkdtempSync(path.join(tmpdir(), "countdown-screenshots-"));
const outDir = path.join(work, "dist");
const built = await publish(readConfig({ OUT_DIR: outDir }));
if (!built.ok) throw new Error("the sample countdowns do not build; run npm run build to see why");
const local = createLocalServer({ outDir, log: () => {} });
await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(local.server.address() as { port: number }).port}`;
const browser = await launchBrowser();
mkdirSync(outFolder, { recursive: true });
try {
  for (const theme of ["light", "dark"] as const) {
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 2 });
      await page.clock.install({ time: PINNED_TIME - 10_000 });
      await page.clock.pauseAt(PINNED_TIME);
      await page.goto(`${base}/api/embed/${SLUG}?theme=${theme}`);
      const file = path.join(outFolder, `widget-${size.name}-${theme}.png`);
      await page.screenshot({ path: file });
      await page.close();
      console.log(`Wrote ${path.relative(PROJECT_ROOT, file)} (${size.width}x${size.height})`);
    }
  }
} finally {
  await browser.close();
  await local.close();
  rmSync(work, { recursive: true, force: true });
}
