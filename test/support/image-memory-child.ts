// A process that draws email images and link previews, each of other text, and prints how much its
// resident memory grew over the last `DRAWINGS` of them (after a first few that load the fonts and
// grow the renderer's memory to its working size): what test/integration/image-memory.test.ts bounds.
import { renderEmailPng } from "../../src/images/email-image.ts";
import { resolveEmailOptions } from "../../src/images/email-options.ts";
import { renderPreview } from "../../src/images/preview-image.ts";

const DRAWINGS = 120;
const START = Date.parse("2031-05-14T09:26:40Z");
const options = resolveEmailOptions("", new URLSearchParams("width=1200"));

function draw(i: number): void {
  const title = `A sale that ends soon, number ${i}`;
  renderEmailPng(
    {
      title,
      lang: "en",
      zone: "UTC",
      status: "scheduled",
      targetAt: () => ({ targetMs: START + 3 * 86_400_000, over: false }),
      done: "Ended",
      statusWords: "",
    },
    options,
    START + i * 1000,
  );
  if (i % 4 === 0)
    renderPreview({
      title,
      lang: "en",
      when: "Saturday, 17 May 2031, 09:26 UTC",
      whenFollowsTitle: false,
      accent: "#8caeff",
      siteName: "Countdowns",
      pageUrl: `https://example.test/sale-${i}/`,
    });
}

for (let i = 0; i < 20; i++) draw(i);
const before = process.memoryUsage().rss;
for (let i = 20; i < 20 + DRAWINGS; i++) draw(i);
console.log(JSON.stringify({ drawings: DRAWINGS, grewBytes: process.memoryUsage().rss - before }));
