// `npm run bench`: builds the sample countdowns and measures; writes BENCHMARKS.md. Benchmarks, not
// tests: they report figures and whether each target is met, and exit non-zero when one is not.
// `npm run bench -- live cdn` runs only the named benchmarks and prints them, leaving BENCHMARKS.md
// alone (names: widget, function, live, cdn, build).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildScaling } from "../bench/build-scaling.ts";
import { cdnOffload } from "../bench/cdn-offload.ts";
import { functionBundle } from "../bench/function-bundle.ts";
import { renderReport, type BenchSection } from "../bench/report.ts";
import { serverLoad } from "../bench/server-load.ts";
import { widgetWeight } from "../bench/widget-weight.ts";
import { publish } from "../src/publish/publish.ts";
import { PROJECT_ROOT, readConfig } from "../src/config.ts";

const work = mkdtempSync(path.join(tmpdir(), "countdown-bench-"));
try {
  const outDir = path.join(work, "dist");
  const built = await publish(readConfig({ OUT_DIR: outDir }));
  if (!built.ok) throw new Error("the sample countdowns do not build; run npm run build to see why");

  // Each runs alone: the HTTP benchmarks need the machine's two cores to themselves.
  const benches: Record<string, () => Promise<BenchSection>> = {
    widget: () => widgetWeight(outDir),
    function: () => functionBundle(outDir, work),
    live: () => serverLoad(outDir),
    cdn: () => cdnOffload(outDir),
    build: () => buildScaling(work),
  };
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !(name in benches));
  if (unknown.length) throw new Error(`unknown benchmark(s) ${unknown.join(", ")}; the names are ${Object.keys(benches).join(", ")}`);

  const started = performance.now();
  const sections: BenchSection[] = [];
  for (const [name, bench] of Object.entries(benches)) {
    if (only.length && !only.includes(name)) continue;
    console.log(`...  ${name}`);
    // One benchmark that breaks is reported as such; the others still run and are written.
    const section = await bench().catch((error: unknown): BenchSection => {
      const message = error instanceof Error ? error.message : String(error);
      return { title: name, ok: false, notRun: `failed: ${message.split("\n")[0]}`, summary: `failed: ${message.split("\n")[0]}`, body: `Failed:\n\n\`\`\`text\n${message.slice(0, 4000)}\n\`\`\`` };
    });
    console.log(`${section.notRun ? "SKIP" : section.ok ? "ok  " : "MISS"} ${section.title}: ${section.summary}`);
    sections.push(section);
  }
  const minutes = (performance.now() - started) / 60_000;
  if (only.length) {
    console.log(`\n${sections.map((section) => `## ${section.title}\n\n${section.body}\n`).join("\n")}`);
  } else {
    writeFileSync(path.join(PROJECT_ROOT, "BENCHMARKS.md"), renderReport(sections, "npm run bench", minutes));
    console.log(`Wrote BENCHMARKS.md (${minutes.toFixed(1)} min)`);
  }
  if (sections.some((section) => !section.ok)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
