// The memory of a Cloudflare Worker's isolate (128 MB on every plan) after the heaviest sequence of
// requests it may be sent: an email image in every script (every font loaded), a link preview, and
// 300 distinct large images, in workerd from npm. Measured through workerd's DevTools endpoint after
// the garbage is collected (bench/children/workers-memory.ts): V8's heap, the ArrayBuffers, and the
// WebAssembly memories (HarfBuzz holds the fonts, resvg its largest drawing). Beside them, what the
// Worker may keep by its own budgets (src/workers/memory.ts; the email image's caches).
import path from "node:path";
import { ATLAS_BYTES, LABEL_BYTES } from "../src/images/email-glyphs.ts";
import { ENCODED_FRAMES_BUDGET } from "../src/images/encoded-frames.ts";
import { buildForWorkers } from "../src/publish/workers-build.ts";
import { MEMORY } from "../src/workers/memory.ts";
import { runChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const ISOLATE_MB = 128;
/** The target: a quarter of the isolate left over. */
const TARGET_MB = 96;
const MB = 1024 * 1024;

interface Step {
  step: string;
  heap: number;
  buffers: number;
  wasm: number;
  total: number;
}

export async function workersMemory(work: string, outDir: string): Promise<BenchSection> {
  const folder = path.join(work, "workers-memory");
  await buildForWorkers(outDir, folder);
  const { result } = await runChild("bench/children/workers-memory.ts", [folder], {
    env: { NODE_OPTIONS: "--experimental-websocket" },
    timeoutMs: 600_000,
  });
  const steps = result as Step[];
  const last = steps.at(-1)!;
  // Everything the Worker may keep beyond what the sequence made it keep: each budget full.
  const budgets =
    (MEMORY.liveBytes + MEMORY.packBytes + MEMORY.emailBytes + ATLAS_BYTES + LABEL_BYTES + ENCODED_FRAMES_BUDGET) / MB;
  const measuredKept = last.buffers;
  const worst = last.total - measuredKept + budgets;
  return {
    id: "workers-memory",
    title: "Cloudflare Workers: an isolate's memory",
    ok: worst <= TARGET_MB,
    summary: `after the heaviest sequence ${fmt(last.total, 1)} MB (heap ${fmt(last.heap, 1)}, buffers ${fmt(last.buffers, 1)}, WebAssembly ${fmt(last.wasm, 1)}); with every budget full, at most ${fmt(worst, 1)} MB (target ${TARGET_MB}; the isolate's limit ${ISOLATE_MB}).`,
    figures:
      table(
        ["After", "V8 heap (MB)", "ArrayBuffers (MB)", "WebAssembly (MB)", "In all (MB)"],
        steps.map((step) => [
          step.step,
          fmt(step.heap, 1),
          fmt(step.buffers, 1),
          fmt(step.wasm, 1),
          fmt(step.total, 1),
        ]),
        [false, true, true, true, true],
      ) +
      `\n\nThe budgets of what an isolate keeps (src/workers/memory.ts, src/images/email-layout.ts): live data ${MEMORY.liveBytes / MB} MB, packs ${MEMORY.packBytes / MB} MB, email images ${MEMORY.emailBytes / MB} MB, glyph atlases ${ATLAS_BYTES / MB} MB, unit labels ${LABEL_BYTES / MB} MB, the GIFs' encoded later frames ${ENCODED_FRAMES_BUDGET / MB} MB: ${fmt(budgets, 0)} MB in all. With every one full, in place of the ArrayBuffers measured: ${fmt(worst, 1)} MB.`,
  };
}
