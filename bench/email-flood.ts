// The Node server under a flood of abandoned email requests (SECURITY.md): 300 a second for 8 s, each
// for a heavy drawing of its own, its connection closed 5 ms after it was sent (a child process sends
// them). The server runs as `npm start` runs it (its access log on, a drawing thread per core). Beside
// the flood, the live JSON and a countdown's page under load, against the same loads with no flood in
// the same run; after it, a new recipient's heavy image, and the server's memory.
import { readFileSync } from "node:fs";
import { countingSlug } from "./email-burst.ts";
import { loadRun, type LoadRun } from "./load.ts";
import { runChild, startServerChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const RATE = 300;
const FLOOD_SECONDS = 8;
const LOAD_SECONDS = 3;
const CONNECTIONS = 10;
/** A steady load (requests a second), well below what the server answers at most: its latency says whether anything stalls the event loop. */
const LOAD_RATE = 1000;
/** Targets: the live JSON's and the page's p99 within twice their idle p99; a new recipient's image within 5 s of the flood's end. */
const P99_RATIO = 2;
const NEW_IMAGE_MS = 5000;

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;

export async function emailFlood(outDir: string): Promise<BenchSection> {
  const server = await startServerChild("src/server/main.ts", { env: { OUT_DIR: outDir, ACCESS_LOG: "on" } });
  try {
    const slug = await countingSlug(server.url);
    const heavy = (accent: string) =>
      `${server.url}/api/email/${slug}.gif?width=1200&density=2&layout=units&lang=ko&accent=${accent}`;
    // The threads started and their fonts loaded, as on a server that has drawn before.
    await Promise.all(["fffffe", "fffffd"].map(async (accent) => (await fetch(heavy(accent))).arrayBuffer()));
    const targets = { "live JSON": `${server.url}/api/countdown/${slug}`, "countdown page": `${server.url}/${slug}/` };
    const idle: Record<string, LoadRun> = {};
    for (const [name, url] of Object.entries(targets))
      idle[name] = await loadRun(url, { connections: CONNECTIONS, seconds: LOAD_SECONDS, rate: LOAD_RATE });
    const rssBefore = rssMb(server.process.pid!);
    const flood = runChild(
      "bench/children/email-flood-sender.ts",
      [server.url, slug, String(RATE), String(FLOOD_SECONDS)],
      { timeoutMs: 60_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const during: Record<string, LoadRun> = {};
    for (const [name, url] of Object.entries(targets))
      during[name] = await loadRun(url, { connections: CONNECTIONS, seconds: LOAD_SECONDS, rate: LOAD_RATE });
    const { sent } = (await flood).result as { sent: number };
    const started = performance.now();
    const response = await fetch(heavy("123456"));
    await response.arrayBuffer();
    const newImageMs = performance.now() - started;
    const rssAfter = rssMb(server.process.pid!);
    const ratios = Object.keys(targets).map((name) => during[name]!.p99 / idle[name]!.p99);
    const ok = ratios.every((ratio) => ratio <= P99_RATIO) && newImageMs <= NEW_IMAGE_MS && response.status === 200;
    return {
      id: "email-flood",
      title: "Email images: a flood of abandoned requests",
      ok,
      summary: `${sent} abandoned heavy requests in ${FLOOD_SECONDS} s: the live JSON's p99 ${fmt(ratios[0]!, 2)}× and the page's ${fmt(ratios[1]!, 2)}× their idle p99 (target ≤ ${P99_RATIO}×); a new recipient's image ${fmt(newImageMs, 0)} ms after the flood (target ≤ ${NEW_IMAGE_MS}); the server ${fmt(rssBefore, 0)} MB before, ${fmt(rssAfter, 0)} MB after.`,
      figures:
        table(
          [
            "Route",
            "idle p50 (ms)",
            "idle p99 (ms)",
            "idle req/s",
            "flood p50 (ms)",
            "flood p99 (ms)",
            "flood req/s",
            "p99 ratio",
          ],
          Object.keys(targets).map((name, i) => [
            name,
            fmt(idle[name]!.p50, 2),
            fmt(idle[name]!.p99, 2),
            fmt(idle[name]!.rps, 0),
            fmt(during[name]!.p50, 2),
            fmt(during[name]!.p99, 2),
            fmt(during[name]!.rps, 0),
            fmt(ratios[i]!, 2),
          ]),
        ) +
        `\n\nA new recipient's image (1200 px at density 2, 60 frames) after the flood: ${response.status}, ${fmt(newImageMs, 0)} ms. Server RSS: ${fmt(rssBefore, 0)} MB before the flood, ${fmt(rssAfter, 0)} MB after.`,
    };
  } finally {
    await server.stop();
  }
}
