// `<countdown-timer>`: its weight (gzip -9, as the budget is measured) and what 100 of them cost the
// host page's main thread per second of ticking in Chromium (CDP's TaskDuration: every task the
// renderer's main thread ran, scripts, style, layout and paint; and its script and layout parts),
// beside the floor: 100 timers of easytimer.js, a popular countdown library, each with its own
// interval writing its text. All 100 are in view (an element out of view is not redrawn), their text
// the same size. The pages are served by the Node server and a host of another origin, as a site
// owner's page would be; each is measured three times, alternating, and the median kept.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { buildPaths } from "../src/config.ts";
import { ELEMENT_SCRIPT_PATH } from "../src/paths.ts";
import { createProductionServer } from "../src/server/production-server.ts";
import { launchBrowser } from "../tools/chromium.ts";
import { table, type BenchSection } from "./report.ts";

export const ELEMENT_BUDGET_BYTES = 4096;
/**
 * The elements' own main-thread work (script) per second of ticking that 100 may cost. The rendering
 * their new text causes (style, layout, paint) is the host page's text's: it is reported beside the
 * floor's, which on its own costs several times this budget (BENCHMARKS.md).
 */
export const ELEMENT_BUDGET_MS = 2;
const COUNT = 100;
const SECONDS = 10;
const ROUNDS = 3;
const METRICS = ["TaskDuration", "ScriptDuration", "LayoutDuration"] as const;

const easytimer = readFileSync(createRequire(import.meta.url).resolve("easytimer.js/dist/easytimer.min.js"));

/** The two host pages: 100 elements, or 100 easytimer.js timers, each counting to a target a day or more ahead. */
function hostPage(kind: string, site: string): string {
  const style =
    "<style>body{margin:4px;font:8px system-ui}countdown-timer,div{display:inline-block;width:120px;margin:1px;--countdown-size:1em}</style>";
  if (kind === "element") {
    const elements = Array.from(
      { length: COUNT },
      (_, i) =>
        `<countdown-timer target="${new Date(Date.now() + (i + 1) * 86_400_000 + i * 61_000).toISOString()}" name="Timer ${i}"></countdown-timer>`,
    );
    return `<!doctype html><meta charset="utf-8">${style}<script type="module" src="${site}${ELEMENT_SCRIPT_PATH}"></script>${elements.join("")}`;
  }
  // easytimer.js as its README shows a countdown: a Timer per element, its text written on each secondsUpdated.
  return `<!doctype html><meta charset="utf-8">${style}<body><script src="/easytimer.min.js"></script><script>
for (let i = 0; i < ${COUNT}; i++) {
  const div = document.body.appendChild(document.createElement("div"));
  const timer = new easytimer.Timer();
  timer.start({ countdown: true, startValues: { seconds: (i + 1) * 86400 + i * 61 } });
  timer.addEventListener("secondsUpdated", () => (div.textContent = "Timer " + i + " " + timer.getTimeValues().toString(["days", "hours", "minutes", "seconds"])));
}
</script>`;
}

export async function elementCost(outDir: string): Promise<BenchSection> {
  const module = readFileSync(path.join(buildPaths(outDir).site, ELEMENT_SCRIPT_PATH));
  const local = createProductionServer({ outDir, log: () => {} });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  const site = `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`;
  const host = http.createServer((request, response) => {
    if (request.url === "/easytimer.min.js")
      return response.writeHead(200, { "Content-Type": "text/javascript" }).end(easytimer);
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(hostPage(request.url!.slice(1), site));
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const hostBase = `http://localhost:${(host.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  /** Per kind, per metric, the ms per second of each round. */
  const rounds: Record<string, Record<string, number[]>> = { element: {}, easytimer: {} };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ["element", "easytimer"]) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
        await page.goto(`${hostBase}/${kind}`);
        // Past the first draws, then the main thread's task time over SECONDS seconds of ticking.
        await page.waitForTimeout(2000);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Performance.enable");
        const metrics = async () =>
          Object.fromEntries(
            (await cdp.send("Performance.getMetrics")).metrics.map((metric) => [metric.name, metric.value]),
          );
        const before = await metrics();
        await page.waitForTimeout(SECONDS * 1000);
        const after = await metrics();
        for (const metric of METRICS)
          (rounds[kind]![metric] ??= []).push(((after[metric]! - before[metric]!) * 1000) / SECONDS);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await local.close();
    host.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const cost = (kind: string, metric: (typeof METRICS)[number]) => median(rounds[kind]![metric]!);
  const costs = { element: cost("element", "TaskDuration"), easytimer: cost("easytimer", "TaskDuration") };
  const script = { element: cost("element", "ScriptDuration"), easytimer: cost("easytimer", "ScriptDuration") };
  const gzip = gzipSync(module, { level: 9 }).length;
  const ok = gzip <= ELEMENT_BUDGET_BYTES && script.element <= ELEMENT_BUDGET_MS;
  return {
    id: "element",
    title: "Element weight and cost",
    ok,
    summary: `${ELEMENT_SCRIPT_PATH} ${gzip} B gzipped (budget ${ELEMENT_BUDGET_BYTES} B); 100 elements run ${script.element.toFixed(2)} ms of script a second (budget ${ELEMENT_BUDGET_MS} ms; 100 easytimer.js timers ${script.easytimer.toFixed(2)} ms), and cost ${costs.element.toFixed(2)} ms of main-thread time in all with the rendering, ${(costs.element / costs.easytimer).toFixed(2)}× the floor's ${costs.easytimer.toFixed(2)} ms.`,
    figures:
      table(
        ["", "gzip", "main thread per second, 100 in view", "of which script", "of which layout"],
        [
          [
            `\`<countdown-timer>\` (${ELEMENT_SCRIPT_PATH})`,
            gzip,
            `${costs.element.toFixed(2)} ms`,
            `${cost("element", "ScriptDuration").toFixed(2)} ms`,
            `${cost("element", "LayoutDuration").toFixed(2)} ms`,
          ],
          [
            "easytimer.js 4.6 (the floor)",
            gzipSync(easytimer, { level: 9 }).length,
            `${costs.easytimer.toFixed(2)} ms`,
            `${cost("easytimer", "ScriptDuration").toFixed(2)} ms`,
            `${cost("easytimer", "LayoutDuration").toFixed(2)} ms`,
          ],
        ],
        [false, true, true, true, true],
      ) +
      `\n\nMedians of ${ROUNDS} rounds of ${SECONDS} s each; the ratio to the floor is ${(costs.element / costs.easytimer).toFixed(2)}.`,
  };
}
