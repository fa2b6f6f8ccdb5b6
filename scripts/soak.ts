// `npm run soak`: load and soak of the Node server on loopback, bounded in time (SOAK_SECONDS,
// default 60, at SOAK_CONNECTIONS, default 100), over every kind of route. Reports errors (the
// target is none) and the server's resident memory at start, middle and end (the target is steady).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { publish } from "../src/publish/publish.ts";
import { PROJECT_ROOT, buildPaths, readConfig } from "../src/config.ts";
import { HEALTH_PATH, PAGES_PATH, emailImagePath, embedPath, livePath, pagePath } from "../src/paths.ts";
import { takeNoArgument } from "./arguments.ts";

takeNoArgument("soak", "SOAK_SECONDS and SOAK_CONNECTIONS set it");

const SECONDS = Number(process.env.SOAK_SECONDS || 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS || 100);
/** Every kind of route, for the first two countdowns of the build's list. */
function soakPaths(first: string, second: string): string[] {
  return [
    livePath(first),
    `${livePath(first)}?shape=a`,
    `${livePath(second)}?shape=b`,
    embedPath(first),
    PAGES_PATH,
    HEALTH_PATH,
    pagePath(first),
    emailImagePath(first, "gif"),
    `${emailImagePath(second, "png")}?theme=dark`,
    livePath("no-such-slug"),
  ];
}

/** Resident memory of a process in MiB, from Linux's /proc. */
function residentMiB(pid: number): number {
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return Math.round((kib / 1024) * 10) / 10;
}

const work = mkdtempSync(path.join(tmpdir(), "countdown-soak-"));
const outDir = path.join(work, "dist");
const built = await publish(readConfig({ OUT_DIR: outDir }));
if (!built.ok) throw new Error("the countdowns do not build; run npm run build to see why");
const listed = (
  JSON.parse(readFileSync(path.join(buildPaths(outDir).site, PAGES_PATH), "utf8")) as { slug: string }[]
).map((page) => page.slug);
const PATHS = soakPaths(listed[0]!, listed[1] ?? listed[0]!);

const server = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/main.ts")], {
  env: { ...process.env, PORT: "0", HOST: "127.0.0.1", OUT_DIR: outDir },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve, reject) => {
  let output = "";
  server.stdout!.on("data", (chunk) => {
    output += chunk;
    const match = /http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output);
    if (match) resolve(`http://127.0.0.1:${match[1]}`);
  });
  server.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
});

try {
  // Warm up, so that "start" is the memory of a server that has served every route once.
  await autocannon({ url, connections: 10, duration: 2 });
  const memory = { start: residentMiB(server.pid!), middle: 0, end: 0 };
  const middle = setTimeout(() => (memory.middle = residentMiB(server.pid!)), (SECONDS * 1000) / 2);
  const statuses: Record<string, number> = {};
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    // Each connection goes round every path in turn.
    requests: PATHS.map((p) => ({ path: p })),
  } as Parameters<typeof autocannon>[0]);
  run.on("response", (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await run;
  clearTimeout(middle);
  memory.end = residentMiB(server.pid!);
  const expected404 = statuses[404] ?? 0;
  const errors = result.errors + result.timeouts + (result.non2xx - expected404);
  const growth = memory.end / memory.start;
  const health = await fetch(`${url}/api/health`);

  console.log(`Soak: ${SECONDS} s at ${CONNECTIONS} connections on loopback, ${PATHS.length} routes in turn.`);
  console.log(
    `  requests: ${result.requests.total} (${Math.round(result.requests.average)}/s), statuses ${JSON.stringify(statuses)}`,
  );
  console.log(
    `  errors: ${errors} (socket errors ${result.errors}, timeouts ${result.timeouts}, unexpected non-2xx ${result.non2xx - expected404})`,
  );
  console.log(
    `  resident memory (MiB): start ${memory.start}, middle ${memory.middle}, end ${memory.end} (x${growth.toFixed(2)})`,
  );
  console.log(`  health after: ${health.status}`);
  if (errors > 0 || growth > 1.5 || health.status !== 200) {
    console.log("FAILED: errors, a growing memory, or an unhealthy server");
    process.exitCode = 1;
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(work, { recursive: true, force: true });
}
