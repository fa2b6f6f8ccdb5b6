// Widget weight: gzipped bytes of every embed of a build, and the requests each makes in Chromium.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync, brotliCompressSync } from "node:zlib";
import { createLocalServer } from "../src/server/local-server.ts";
import { launchBrowser } from "../test/support/browsers.ts";
import { buildPaths } from "../src/config.ts";
import type { BenchSection } from "./report.ts";

export const WIDGET_BUDGET_BYTES = 1536;

export async function widgetWeight(outDir: string): Promise<BenchSection> {
  const embeds = path.join(buildPaths(outDir).site, "api/embed");
  const slugs = readdirSync(embeds).filter((name) => !name.includes("."));
  const local = createLocalServer({ outDir, log: () => {} });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(local.server.address() as { port: number }).port}`;
  const browser = await launchBrowser();
  const rows: { slug: string; raw: number; gzip: number; brotli: number; requests: number }[] = [];
  try {
    for (const slug of slugs) {
      const bytes = readFileSync(path.join(embeds, slug));
      const page = await browser.newPage();
      let requests = 0;
      page.on("request", () => requests++);
      await page.goto(`${base}/api/embed/${slug}`, { waitUntil: "networkidle" });
      await page.close();
      rows.push({ slug, raw: bytes.length, gzip: gzipSync(bytes).length, brotli: brotliCompressSync(bytes).length, requests });
    }
  } finally {
    await browser.close();
    await local.close();
  }
  const largest = rows.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  const ok = rows.every((row) => row.gzip <= WIDGET_BUDGET_BYTES && row.requests === 1);
  return {
    title: "Widget weight",
    ok,
    summary: `largest widget ${largest.gzip} B gzipped (${largest.slug}), budget ${WIDGET_BUDGET_BYTES} B; ${rows.every((r) => r.requests === 1) ? "one request each" : "MORE THAN ONE REQUEST"}`,
    body: [
      "Every embed of the build: the whole document (HTML, CSS and the inline ticker), gzip at zlib's default level, and the requests Chromium makes to show it.",
      "",
      "| widget | bytes | gzip | brotli | requests | within budget |",
      "|---|---:|---:|---:|---:|---|",
      ...rows.map((r) => `| ${r.slug} | ${r.raw} | ${r.gzip} | ${r.brotli} | ${r.requests} | ${r.gzip <= WIDGET_BUDGET_BYTES && r.requests === 1 ? "yes" : "**no**"} |`),
    ].join("\n"),
  };
}
