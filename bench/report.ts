// The shape of a benchmark's result and the BENCHMARKS.md it is written into.
import os from "node:os";

export interface BenchSection {
  title: string;
  /** Whether the section's target is met. */
  ok: boolean;
  /** One line for the summary table. */
  summary: string;
  /** Markdown: the figures, how they were taken. */
  body: string;
}

export function renderReport(sections: BenchSection[], command: string): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return [
    "# Benchmarks",
    "",
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `${os.type()} ${os.release()}, Node ${process.version}. Run it again to reproduce; the figures of one run are compared with each other, never with another machine's.`,
    "",
    "| benchmark | result | target met |",
    "|---|---|---|",
    ...sections.map((s) => `| ${s.title} | ${s.summary} | ${s.ok ? "yes" : "**no**"} |`),
    "",
    ...sections.flatMap((s) => [`## ${s.title}`, "", s.body, ""]),
  ].join("\n");
}
