// Link preview images: the time to draw one (src/live/preview-route.ts, resvg) through the preview
// route, for countdowns of several kinds (short and 200-character titles, Arabic, repeating,
// postponed), in this process. The build draws none: an image is drawn on its first request and then
// kept (in memory, and by the CDN until the next deploy).
import { createLiveHandler } from "../src/live/handler.ts";
import { netlifyFunction } from "../netlify/adapter.ts";
import { openLiveFolder } from "../src/node/live-folder.ts";
import { memoryLiveStore, type LiveCountdown } from "../src/live/live-store.ts";
import { PREVIEW_ANSWERS } from "../src/live/preview-route.ts";
import { buildPaths } from "../src/config.ts";
import { previewImagePath } from "../src/paths.ts";
import { median } from "./load.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const PER_KIND = 10;
const KINDS: Record<string, (i: number) => Omit<LiveCountdown, "slug">> = {
  "short title": (i) => ({ title: `Launch ${i}`, targetDate: "2030-01-01T12:00:00Z" }),
  "200-character title": (i) => ({
    title:
      `A title of two hundred characters, number ${i}, written in words that wrap over three lines of the image `.padEnd(
        200,
        "x",
      ),
    targetDate: "2030-01-01T12:00:00Z",
  }),
  "Arabic title": (i) => ({
    title: `سوق العيد في الحديقة ${i}`,
    targetDate: "2030-01-01T12:00:00Z",
    lang: "ar",
    zone: "Asia/Dubai",
  }),
  "weekly, in German": (i) => ({
    title: `Freitags-Livestream ${i}`,
    targetDate: "2026-01-02T16:00:00Z",
    lang: "de",
    zone: "Europe/Berlin",
    repeat: { rule: "weekly", start: "2026-01-02T17:00:00" },
  }),
  postponed: (i) => ({ title: `Open-air concert ${i}`, targetDate: "2030-06-19T18:00:00Z", status: "postponed" }),
};

export async function previewImages(outDir: string): Promise<BenchSection> {
  const built = openLiveFolder(buildPaths(outDir).live);
  const countdowns = Object.entries(KINDS).flatMap(([kind, make]) =>
    Array.from({ length: PER_KIND }, (_, i) => ({
      kind,
      countdown: { slug: `${kind.replace(/\W+/g, "-")}-${i}`, ...make(i) },
    })),
  );
  const store = memoryLiveStore({
    version: "bench",
    tz: built.tz,
    site: built.site,
    siteName: built.siteName,
    countdowns: countdowns.map(({ countdown }) => countdown),
  });
  const handler = netlifyFunction(createLiveHandler({ store: () => store, answers: PREVIEW_ANSWERS, log: () => {} }));
  const draw = async (slug: string) => {
    const started = performance.now();
    const response = await handler(new Request(`https://countdowns.example${previewImagePath(slug)}`));
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200 || bytes === 0) throw new Error(`the preview of ${slug} answered ${response.status}`);
    return { ms: performance.now() - started, bytes };
  };
  // The first image also loads the fonts (once per process); then each kind, then one again (kept).
  const first = await draw(countdowns[0]!.countdown.slug);
  const byKind = new Map<string, { ms: number; bytes: number }[]>();
  for (const { kind, countdown } of countdowns.slice(1)) {
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push(await draw(countdown.slug));
  }
  const again = await draw(countdowns[1]!.countdown.slug);
  const all = [...byKind.values()].flat().map((one) => one.ms);
  const typical = median(all);
  return {
    id: "preview",
    title: "Link preview images",
    ok: true,
    summary: `one image drawn in ${fmt(typical)} ms (median of ${all.length}; ${fmt(Math.max(...all))} ms at most), the first of a process ${fmt(first.ms)} ms with the fonts; a drawn one answered again in ${fmt(again.ms, 2)} ms; none at build, so 10,000 countdowns add nothing to the build, and drawing all of them would take about ${fmt((typical * 10_000) / 60_000, 1)} min.`,
    figures: table(
      ["countdowns", "images", "ms each, median", "ms, max", "PNG bytes, median"],
      [...byKind].map(([kind, runs]) => [
        kind,
        runs.length,
        fmt(median(runs.map((r) => r.ms))),
        fmt(Math.max(...runs.map((r) => r.ms))),
        Math.round(median(runs.map((r) => r.bytes))),
      ]),
      [false, true, true, true, true],
    ),
  };
}
