// `npm run bench`: measures, and writes each benchmark's figures into its section of BENCHMARKS.md
// (the prose there is written by hand). Benchmarks, not tests: they report figures against targets
// and exit non-zero when one is missed. `npm run bench -- live cdn` runs only those (names: widget,
// element, function, live, server, cdn, build, dev, preview, email, email-burst, lighthouse, workers,
// workers-memory, query, email-flood);
// `--max 100000` adds the largest size to the build and Workers benchmarks (it takes minutes).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildScaling } from "../bench/build-scaling.ts";
import { cdnOffload } from "../bench/cdn-offload.ts";
import { devLoop } from "../bench/dev-loop.ts";
import { elementCost } from "../bench/element-cost.ts";
import { emailGif } from "../bench/email-gif.ts";
import { emailBurst } from "../bench/email-burst.ts";
import { emailFlood } from "../bench/email-flood.ts";
import { previewImages } from "../bench/preview-images.ts";
import { functionBundle } from "../bench/function-bundle.ts";
import { lighthouseScores } from "../bench/lighthouse.ts";
import { writeSections, type BenchSection } from "../bench/report.ts";
import { serverLoad } from "../bench/server-load.ts";
import { serverStart } from "../bench/server-start.ts";
import { widgetWeight } from "../bench/widget-weight.ts";
import { workersBench } from "../bench/workers.ts";
import { workersMemory } from "../bench/workers-memory.ts";
import { queryCost } from "../bench/query-cost.ts";
import { PROJECT_ROOT, buildPaths, readConfig } from "../src/config.ts";
import { publish } from "../src/publish/publish.ts";
import { messageOf } from "../src/error-message.ts";

const { values, positionals } = parseArgs({ options: { max: { type: "string" } }, allowPositionals: true });
const BUILD_SIZES = [100, 1_000, 10_000, 100_000].filter((size) => size <= Number(values.max ?? 10_000));

const work = mkdtempSync(path.join(tmpdir(), "countdown-bench-"));
try {
  const outDir = path.join(work, "dist");
  const built = await publish(readConfig({ OUT_DIR: outDir }));
  if (!built.ok) throw new Error("the countdowns do not build; run npm run build to see why");
  // The countdown the HTTP benchmarks ask for: the first of the list.
  const slug = (
    JSON.parse(readFileSync(path.join(buildPaths(outDir).site, "api/pages"), "utf8")) as { slug: string }[]
  )[0]!.slug;

  // Each runs alone: the HTTP benchmarks need the machine's two cores to themselves.
  const benches: Record<string, () => Promise<BenchSection>> = {
    widget: () => widgetWeight(outDir),
    element: () => elementCost(outDir),
    function: () => functionBundle(outDir, work, slug),
    live: () => serverLoad(outDir, slug),
    server: () => serverStart(outDir, work, slug),
    cdn: () => cdnOffload(outDir),
    build: () => buildScaling(work, BUILD_SIZES),
    dev: () => devLoop(work),
    preview: () => previewImages(outDir),
    email: () => emailGif(),
    "email-burst": () => emailBurst(outDir),
    "email-flood": () => emailFlood(outDir),
    lighthouse: () => lighthouseScores(outDir, slug, work),
    workers: () =>
      workersBench(
        work,
        outDir,
        slug,
        BUILD_SIZES.filter((size) => size >= 1_000),
      ),
    "workers-memory": () => workersMemory(work, outDir),
    query: () => queryCost(outDir, slug),
  };
  /** The BENCHMARKS.md section of each benchmark whose name differs from it. */
  const SECTION_IDS: Record<string, string> = { live: "server-load", server: "server-start" };
  const unknown = positionals.filter((name) => !(name in benches));
  if (unknown.length)
    throw new Error(`unknown benchmark(s) ${unknown.join(", ")}; the names are ${Object.keys(benches).join(", ")}`);

  const started = performance.now();
  const sections: BenchSection[] = [];
  for (const [name, bench] of Object.entries(benches)) {
    if (positionals.length && !positionals.includes(name)) continue;
    console.log(`...  ${name}`);
    // One benchmark that breaks is reported as such; the others still run and are written.
    const section = await bench().catch((error: unknown): BenchSection => {
      const message = messageOf(error);
      return {
        id: SECTION_IDS[name] ?? name,
        title: name,
        ok: false,
        notRun: `failed: ${message.split("\n")[0]}`,
        summary: `failed: ${message.split("\n")[0]}.`,
        figures: `\`\`\`text\n${message.slice(0, 4000)}\n\`\`\``,
      };
    });
    console.log(`${section.notRun ? "SKIP" : section.ok ? "ok  " : "MISS"} ${section.title}: ${section.summary}`);
    sections.push(section);
  }
  writeSections(path.join(PROJECT_ROOT, "BENCHMARKS.md"), sections, (performance.now() - started) / 60_000);
  console.log(`Wrote ${sections.length} section(s) of BENCHMARKS.md`);
  if (sections.some((section) => !section.ok)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
