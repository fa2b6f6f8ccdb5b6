// A burst of distinct email images: 100 GIFs of the default look asked for at once (each another
// width, so none is shared; of the first countdown of the build that is counting down), from the Node server in a process of its own, its drawings on one
// worker thread per core (as `npm run serve` runs) against the floor of the same server drawing in
// its event loop's own thread, one at a time. Per server: when the last answer is in, how many got
// their whole animation (60 frames) and how many their first frame alone (past the threshold of
// drawings waiting, src/live/email.ts), and the memory the server holds after the burst.
import os from "node:os";
import { GifReader } from "omggif";
import { BUSY_WORK_PER_THREAD } from "../src/live/email-drawings.ts";
import { startServerChild } from "./processes.ts";
import { fmt, table, type BenchSection } from "./report.ts";

const BURST = 100;
const TARGET_MS = 2000;

/** The first countdown of the build that is counting (not over, postponed or cancelled): its GIF is a whole animation. */
export async function countingSlug(site: string): Promise<string> {
  for (const { slug } of (await (await fetch(`${site}/api/pages`)).json()) as { slug: string }[]) {
    const live = (await (await fetch(`${site}/api/countdown/${slug}`)).json()) as {
      expired?: boolean;
      status?: string;
      timeLeft?: { days: number };
    };
    if (live.expired === false && live.status === "scheduled" && live.timeLeft!.days > 0) return slug;
  }
  throw new Error("no countdown of the build is counting down; add one to countdowns/");
}

async function burst(
  outDir: string,
  threads: number,
): Promise<{ lastMs: number; full: number; firstFrame: number; rssMb: number }> {
  const server = await startServerChild("bench/servers/email-server.ts", {
    env: { OUT_DIR: outDir, EMAIL_THREADS: String(threads) },
  });
  try {
    const slug = await countingSlug(server.url);
    // The threads started and their fonts loaded, as on a server that has drawn before.
    await Promise.all(
      Array.from({ length: Math.max(1, threads) * 2 }, (_, i) =>
        fetch(`${server.url}/api/email/${slug}.gif?width=${240 + i}&frames=1`).then((response) =>
          response.arrayBuffer(),
        ),
      ),
    );
    const started = performance.now();
    const frames = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const response = await fetch(`${server.url}/api/email/${slug}.gif?width=${500 + i}`);
        return new GifReader(Buffer.from(await response.arrayBuffer())).numFrames();
      }),
    );
    const lastMs = performance.now() - started;
    const rss =
      Number(
        /VmRSS:\s+(\d+)/.exec(
          await import("node:fs").then((fs) => fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8")),
        )?.[1] ?? NaN,
      ) / 1024;
    return {
      lastMs,
      full: frames.filter((count) => count === 60).length,
      firstFrame: frames.filter((count) => count === 1).length,
      rssMb: rss,
    };
  } finally {
    await server.stop();
  }
}

export async function emailBurst(outDir: string): Promise<BenchSection> {
  const threads = os.availableParallelism();
  const workers = await burst(outDir, threads);
  const inThread = await burst(outDir, 0);
  const ok = workers.full === BURST && workers.lastMs <= TARGET_MS;
  const row = (name: string, result: typeof workers, n: number) => [
    name,
    fmt(result.lastMs, 0),
    result.full,
    result.firstFrame,
    BUSY_WORK_PER_THREAD * Math.max(1, n),
    fmt(result.rssMb, 0),
  ];
  return {
    id: "email-burst",
    title: "Email images: a burst of distinct drawings",
    ok,
    summary: `${BURST} distinct GIFs at once on ${threads} worker threads: the last in ${fmt(workers.lastMs, 0)} ms (target ${TARGET_MS}), ${workers.full} of ${BURST} whole animations (target all); in one thread (the floor): ${fmt(inThread.lastMs, 0)} ms, ${inThread.full} whole.`,
    figures: table(
      [
        "Drawn",
        "Last answer (ms)",
        "Whole animations",
        "First frame alone",
        "Busy mark (work waiting, in default drawings)",
        "Server RSS after (MB)",
      ],
      [row(`on ${threads} worker threads`, workers, threads), row("in the event loop's thread (floor)", inThread, 1)],
      [false, true, true, true, true, true],
    ),
  };
}
