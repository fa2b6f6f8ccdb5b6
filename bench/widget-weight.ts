// Widget weight: the gzipped bytes of every embed of a build (gzip -9, as the budget is measured), the
// requests each makes in Chromium, and what each option of the site's widget script adds to it.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { buildPaths } from "../src/config.ts";
import { embedPath, WIDGET_SCRIPT_PATH } from "../src/paths.ts";
import { widgetTicker } from "../src/eleventy/assets.ts";
import { STYLED_EXTRAS, WIDGET_EXTRAS } from "../src/widget/options.ts";
import { createProductionServer } from "../src/server/production-server.ts";
import { launchBrowser } from "../tools/chromium.ts";
import { table, type BenchSection } from "./report.ts";

export const WIDGET_BUDGET_BYTES = 3300;

export async function widgetWeight(outDir: string): Promise<BenchSection> {
  const embeds = path.join(buildPaths(outDir).site, path.dirname(embedPath("x")));
  // The build writes compressed twins (.html.br, .html.gz) beside the files; the widgets are the .html.
  const slugs = readdirSync(embeds)
    .filter((name) => name.endsWith(".html"))
    .map((name) => name.replace(/\.html$/, ""));
  const local = createProductionServer({ outDir, log: () => {} });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(local.server.address() as { port: number }).port}`;
  const browser = await launchBrowser();
  const rows: { slug: string; raw: number; gzip: number; brotli: number; requests: number }[] = [];
  try {
    for (const slug of slugs) {
      const bytes = readFileSync(path.join(embeds, `${slug}.html`));
      const page = await browser.newPage();
      let requests = 0;
      page.on("request", () => requests++);
      await page.goto(`${base}${embedPath(slug)}`, { waitUntil: "networkidle" });
      await page.close();
      rows.push({
        slug,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes).length,
        requests,
      });
    }
  } finally {
    await browser.close();
    await local.close();
  }
  const largest = rows.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  // One request, or two where the widget's kind or its own options need the site's widget script.
  const within = (row: (typeof rows)[number]) => row.gzip <= WIDGET_BUDGET_BYTES && row.requests <= 2;
  // Where the bytes of the largest widget are: the inline ticker, the inline stylesheet, the rest.
  const html = readFileSync(path.join(embeds, `${largest.slug}.html`), "utf8");
  const script = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  const parts = table(
    ["part of " + largest.slug, "bytes", "gzip alone"],
    [
      ["the ticker (inline script)", script.length, gz(script)],
      ["the stylesheet (inline style)", style.length, gz(style)],
      [
        "the markup and text",
        html.length - script.length - style.length,
        gz(html.replace(script, "").replace(style, "")),
      ],
    ],
    [false, true, true],
  );
  // The site's widget script, loaded only by a widget whose options or kind need it, and what each
  // option (or kind of countdown) adds to the inline ticker's code, measured alone.
  const more = readFileSync(path.join(buildPaths(outDir).site, WIDGET_SCRIPT_PATH));
  const inlineAlone = gz(await widgetTicker([]));
  const extras = table(
    ["the site's widget script", "bytes", "gzip"],
    [
      ["all of it", more.length, gzipSync(more, { level: 9 }).length],
      ...(await Promise.all(
        WIDGET_EXTRAS.map(async (extra) => [
          // (The script's styles, src/widget/widget-more.css, come with each of STYLED_EXTRAS.)
          `+ ${extra} alone${STYLED_EXTRAS.includes(extra) ? ", with the script's styles" : ""}`,
          "",
          gz(await widgetTicker([extra], true)) - inlineAlone,
        ]),
      )),
    ],
    [false, true, true],
  );
  return {
    id: "widget",
    title: "Widget weight",
    ok: rows.every(within),
    summary: `largest widget ${largest.gzip} B gzipped (${largest.slug}; budget ${WIDGET_BUDGET_BYTES} B); ${rows.filter((r) => r.requests === 1).length} of ${rows.length} in one request, the others two (the site's widget script, ${gzipSync(more, { level: 9 }).length} B gzipped).`,
    figures:
      table(
        ["widget", "bytes", "gzip", "brotli", "requests", "within budget"],
        rows.map((r) => [r.slug, r.raw, r.gzip, r.brotli, r.requests, within(r) ? "yes" : "**no**"]),
        [false, true, true, true, true, false],
      ) + `\n\n${parts}\n\n${extras}`,
  };
}
