// The dev loop's latency: `npm run dev` on generated countdowns (100 and 10,000), then a countdown file
// edited and saved, timed until the page the author looks at has reloaded with the change: the reload
// event reached the page's event stream, and the page it then asks for shows the new title.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";
import { writeGeneratedCountdowns } from "./build-scaling.ts";
import { median } from "./load.ts";
import { startServerChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const TARGETS: Record<number, number> = { 100: 1000, 10_000: 3000 };
const EDITS = 7;

interface Result {
  count: number;
  startMs: number;
  editsMs: number[];
}

/**
 * Resolves once a `reload` event of the dev loop's event stream is followed by `page` showing `text`
 * (a reload may still be the one of an earlier save).
 */
async function reloadedWith(
  base: string,
  page: string,
  text: string,
): Promise<{ reloaded: Promise<void>; stop: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/__dev/events`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const reloaded = (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended");
      buffer += value;
      if (!/^event: reload$/m.test(buffer)) continue;
      buffer = "";
      if ((await (await fetch(`${base}${page}`)).text()).includes(text)) return;
    }
  })();
  return { reloaded, stop: () => controller.abort() };
}

async function measure(work: string, count: number): Promise<Result> {
  const countdowns = path.join(work, `dev-${count}`, "countdowns");
  mkdirSync(countdowns, { recursive: true });
  writeGeneratedCountdowns(countdowns, count);
  const started = performance.now();
  const server = await startServerChild(path.join(PROJECT_ROOT, "src/dev/dev-command.ts"), {
    env: { COUNTDOWNS_DIR: countdowns, OUT_DIR: path.join(work, `dev-${count}`, "dist") },
    // Its first build comes first: at 10,000 countdowns, tens of seconds.
    startTimeoutMs: 300_000,
  });
  const startMs = performance.now() - started;
  const editsMs: number[] = [];
  try {
    // A countdown from the middle of the set.
    const file = path.join(countdowns, readdirSync(countdowns).sort()[Math.floor(count / 2)]!);
    const slug = path.basename(file, ".md");
    const original = readFileSync(file, "utf8");
    for (let i = 0; i < EDITS; i++) {
      const title = `Edited title ${i}`;
      const { reloaded, stop } = await reloadedWith(server.url, `/${slug}/`, `<h1>${title}</h1>`);
      const edited = performance.now();
      writeFileSync(file, original.replace(/^title: .*$/m, `title: "${title}"`));
      await reloaded;
      editsMs.push(performance.now() - edited);
      stop();
    }
  } finally {
    await server.stop();
  }
  return { count, startMs, editsMs };
}

export async function devLoop(work: string): Promise<BenchSection> {
  const results: Result[] = [];
  for (const count of Object.keys(TARGETS).map(Number)) results.push(await measure(work, count));
  const ok = results.every((result) => median(result.editsMs) <= TARGETS[result.count]!);
  return {
    id: "dev",
    title: "Dev loop: edit to reloaded page",
    ok,
    summary:
      results
        .map(
          (result) =>
            `${fmt(median(result.editsMs), 0)} ms at ${result.count} countdowns (target ≤ ${TARGETS[result.count]} ms)`,
        )
        .join("; ") + ".",
    figures: [
      table(
        [
          "countdowns",
          "first build and start, ms",
          `edit to reloaded page, median of ${EDITS} (min–max), ms`,
          "target, ms",
        ],
        results.map((result) => [
          result.count,
          fmt(result.startMs, 0),
          `${fmt(median(result.editsMs), 0)} (${fmt(Math.min(...result.editsMs), 0)}–${fmt(Math.max(...result.editsMs), 0)})`,
          `≤ ${TARGETS[result.count]}${median(result.editsMs) <= TARGETS[result.count]! ? " (met)" : " (**not met**)"}`,
        ]),
        [true, true, false, false],
      ),
    ].join("\n"),
  };
}
