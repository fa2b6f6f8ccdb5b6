// What a benchmark returns, and how it lands in BENCHMARKS.md: the prose there is written by hand;
// each benchmark replaces only the figures between its own markers, `<!-- bench:<id> -->` and
// `<!-- /bench:<id> -->`, so a run of some benchmarks leaves the others' figures as they were.
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";

export interface BenchSection {
  /** The marker's name in BENCHMARKS.md, and the name on the command line. */
  id: string;
  title: string;
  /** Whether every target of the section is met. */
  ok: boolean;
  /** Why the section could not run (then `ok` is false). */
  notRun?: string;
  /** One line: the headline figures against their targets. */
  summary: string;
  /** Markdown: the tables and figures (no prose; that is BENCHMARKS.md's). */
  figures: string;
}

const loadAtStart = os.loadavg();

/** The first lines of every section's figures: when, where, how loaded, and the result. */
function stamp(section: BenchSection, minutes: number): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  return [
    `*Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` (${minutes.toFixed(1)} min for the run): ${os.cpus().length} × ${cpu}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${load(loadAtStart)} at the start of the run, ${load(os.loadavg())} at this section's end.*`,
    "",
    `**Result:** ${section.notRun ? "not run" : section.ok ? "every target met" : "a target is **not met**"}. ${section.summary}`,
  ].join("\n");
}

/** Replaces each section's figures in `file`; a section without markers there is an error. */
export function writeSections(file: string, sections: BenchSection[], minutes: number): void {
  let text = readFileSync(file, "utf8");
  for (const section of sections) {
    const open = `<!-- bench:${section.id} -->`;
    const close = `<!-- /bench:${section.id} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start === -1 || end < start)
      throw new Error(`${file} has no ${open} ... ${close} for the ${section.title} figures`);
    text = `${text.slice(0, start + open.length)}\n${stamp(section, minutes)}\n\n${section.figures}\n${text.slice(end)}`;
  }
  writeFileSync(file, text);
}

/** `n` formatted with `digits` decimals, or "n/a". */
export function fmt(value: number | undefined, digits = 2): string {
  return value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(digits);
}

/** A Markdown table from a header row and data rows (right-aligned where `numeric`). */
export function table(
  header: string[],
  rows: (string | number)[][],
  numeric: boolean[] = header.map((_, i) => i > 0),
): string {
  return [
    `| ${header.join(" | ")} |`,
    `|${numeric.map((n) => (n ? "---:" : "---")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}
