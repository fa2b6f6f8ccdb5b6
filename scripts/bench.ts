// `npm run bench`: builds the sample countdowns and measures; writes BENCHMARKS.md. Benchmarks, not
// tests: they report figures and whether each target is met, and exit non-zero when one is not.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderReport, type BenchSection } from "../bench/report.ts";
import { widgetWeight } from "../bench/widget-weight.ts";
import { PROJECT_ROOT, buildSite } from "../src/build/build-site.ts";

const work = mkdtempSync(path.join(tmpdir(), "countdown-bench-"));
try {
  const outDir = path.join(work, "dist");
  const built = await buildSite({ outDir, baseUrl: "http://localhost:8080" });
  if (!built.ok) throw new Error("the sample countdowns do not build; run npm run build to see why");

  const sections: BenchSection[] = [];
  for (const bench of [() => widgetWeight(outDir)]) {
    const section = await bench();
    console.log(`${section.ok ? "ok  " : "MISS"} ${section.title}: ${section.summary}`);
    sections.push(section);
  }
  writeFileSync(path.join(PROJECT_ROOT, "BENCHMARKS.md"), renderReport(sections, "npm run bench"));
  console.log("Wrote BENCHMARKS.md");
  if (sections.some((section) => !section.ok)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
