// The shape of a benchmark's result and the BENCHMARKS.md it is written into.
import os from "node:os";

export interface BenchSection {
  title: string;
  /** Whether the section's target is met. */
  ok: boolean;
  /** Why the section could not run (then `ok` is false). */
  notRun?: string;
  /** One line for the summary table. */
  summary: string;
  /** Markdown: the figures, how they were taken. */
  body: string;
}

const loadAtStart = os.loadavg();

export function renderReport(sections: BenchSection[], command: string, minutes: number): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  return [
    "# Benchmarks",
    "",
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)} in ${minutes.toFixed(1)} minutes: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `${os.type()} ${os.release()}, Node ${process.version}. Load average (1, 5, 15 min) ${load(loadAtStart)} at the start and ${load(os.loadavg())} at the end: ` +
      "the machine is shared, so every target is a ratio against a floor measured in the same run, side by side, or an absolute figure taken many times.",
    "",
    "| benchmark | result | target met |",
    "|---|---|---|",
    ...sections.map((s) => `| ${s.title} | ${s.summary} | ${s.notRun ? "not run" : s.ok ? "yes" : "**no**"} |`),
    "",
    "## How to reproduce",
    "",
    "```sh",
    "npm ci",
    "apt-get install -y chromium nginx   # Debian: the browser of the widget benchmark, the cache of the CDN benchmark",
    "npm run bench                       # about 7 to 8 minutes on 2 cores; writes this file",
    "npm run bench -- live cdn           # only some (widget, function, live, cdn, build); prints, writes nothing",
    "```",
    "",
    "Everything runs on this machine over loopback (127.0.0.1), bounded in time, and stops itself. Every server under test runs in a child process of its own " +
      "(`node --import tsx`, as `npm run serve` runs), and every load generator in another process, so the two never share an event loop. " +
      "The sample countdowns (`countdowns/`) are built into a temporary folder first; the build benchmark generates its own.",
    "",
    ...sections.flatMap((s) => [`## ${s.title}`, "", s.body, ""]),
  ].join("\n");
}
