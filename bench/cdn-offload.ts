// CDN offload under polling: nginx on loopback as a caching proxy in front of the Node server, keyed
// as Netlify's CDN is told to key the live JSON (path and `shape` only, one second), and 1,000
// clients polling every second. Counts the requests that reach the origin per (slug, shape).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { spawn } from "node:child_process";
import { PROJECT_ROOT, buildPaths } from "../src/config.ts";
import { PAGES_PATH } from "../src/paths.ts";
import { runChild, startServerChild, type ServerChild } from "./processes.ts";
import { table, type BenchSection } from "./report.ts";
import type { OriginCount } from "./servers/counting-origin.ts";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const MAX_ORIGIN_PER_SECOND = 1;
const CLIENTS = 1_000;
const SECONDS = 10;
/** Share of clients that add a random query string to every poll. */
const RANDOM_SHARE = 0.3;

interface ClientReport {
  clients: number;
  sent: number;
  answered: number;
  failures: number;
  elapsedMs: number;
  p50: number;
  p99: number;
  /** How old a default-shape answer was when it arrived (now minus its serverTime), in ms. */
  ageP50: number;
  ageMax: number;
  statuses: Record<string, number>;
  cacheStatuses: Record<string, number>;
}

/** A free port on 127.0.0.1 for nginx, which needs a number in its config. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The cache: what this service tells Netlify's CDN, said to nginx. */
export function nginxConfig(dir: string, port: number, originPort: number): string {
  return `# Written by bench/cdn-offload.ts: a caching proxy in front of the Node server.
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format cache '$upstream_cache_status $status $request_uri';
  access_log ${dir}/access.log cache;
  client_body_temp_path ${dir}/temp/client_body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=live:10m max_size=64m inactive=1m use_temp_path=off;
  upstream origin {
    server 127.0.0.1:${originPort};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    location /api/countdown/ {
      proxy_pass http://origin;
      proxy_cache live;
      # Netlify-Vary: query=shape. The path and the shape parameter make the key; any other query
      # parameter, random or not, hits the same entry.
      proxy_cache_key "$scheme://$host$uri?shape=$arg_shape";
      # How long: the origin's Cache-Control (public, max-age=1), which nginx honours as it is.
      # Concurrent misses of one key wait for the one request that fills it; once an entry has
      # expired, one request refreshes it while the others get the copy being replaced (a CDN's
      # request collapsing; without it, polls that arrive together all go to the origin).
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_cache_lock_age 5s;
      proxy_cache_use_stale updating;
      add_header X-Cache-Status $upstream_cache_status always;
    }
    location / {
      proxy_pass http://origin;
    }
  }
}
`;
}

function notRun(reason: string): BenchSection {
  return {
    id: "cdn",
    title: "CDN offload under polling",
    ok: false,
    notRun: reason,
    summary: `not run: ${reason}.`,
    figures: "",
  };
}

export async function cdnOffload(outDir: string): Promise<BenchSection> {
  if (!existsSync(NGINX)) return notRun(`nginx is not installed at ${NGINX} (apt-get install nginx)`);
  // A folder of its own, outside the benchmark's private one: when the benchmark runs as root,
  // nginx's workers drop to an unprivileged user, which must reach the folder and write the cache.
  const dir = mkdtempSync(path.join(tmpdir(), "countdown-bench-nginx-"));
  chmodSync(dir, 0o711);
  for (const sub of ["temp", "cache"]) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }

  const slugs = JSON.parse(readFileSync(path.join(buildPaths(outDir).site, PAGES_PATH), "utf8")).map(
    (page: { slug: string }) => page.slug,
  ) as string[];
  let origin: ServerChild | undefined;
  let nginx: ReturnType<typeof spawn> | undefined;
  let nginxOutput = "";
  try {
    origin = await startServerChild(path.join(PROJECT_ROOT, "bench/servers/counting-origin.ts"), {
      env: { OUT_DIR: outDir },
      ipc: true,
    });
    const port = await freePort();
    const configPath = path.join(dir, "nginx.conf");
    writeFileSync(configPath, nginxConfig(dir, port, Number(new URL(origin.url).port)));
    nginx = spawn(NGINX, ["-p", `${dir}/`, "-c", configPath], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stdout!.on("data", (chunk) => (nginxOutput += chunk));
    nginx.stderr!.on("data", (chunk) => (nginxOutput += chunk));
    const proxy = `http://127.0.0.1:${port}`;
    await waitForHttp(
      `${proxy}/api/health`,
      () => nginx!.exitCode !== null,
      () => nginxOutput,
    );

    const ask = (message: string) =>
      new Promise<unknown>((resolve) => {
        origin!.process.once("message", resolve);
        origin!.process.send!(message);
      });
    await ask("reset");
    const { result } = await runChild(
      path.join(PROJECT_ROOT, "bench/children/polling-clients.ts"),
      [proxy, slugs.join(","), String(CLIENTS), String(SECONDS), String(RANDOM_SHARE)],
      { timeoutMs: (SECONDS + 60) * 1000 },
    );
    const counts = (await ask("report")) as OriginCount[];
    return report(result as ClientReport, counts, slugs, readFileSync(path.join(dir, "access.log"), "utf8"));
  } finally {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    await origin?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function waitForHttp(url: string, gone: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (gone()) throw new Error(`nginx exited:\n${output()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 10 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function report(clients: ClientReport, counts: OriginCount[], slugs: string[], accessLog: string): BenchSection {
  const seconds = clients.elapsedMs / 1000;
  const keys = slugs.flatMap((slug) => ["", "a", "b"].map((shape) => `${slug} shape=${shape}`));
  const byKey = new Map(counts.map((count) => [count.key, count.arrivals]));
  const rows = keys.map((key) => {
    const arrivals = byKey.get(key) ?? [];
    const perSecond = new Map<number, number>();
    for (const ms of arrivals) perSecond.set(Math.floor(ms / 1000), (perSecond.get(Math.floor(ms / 1000)) ?? 0) + 1);
    const gaps = arrivals.slice(1).map((ms, index) => ms - arrivals[index]!);
    return {
      key,
      total: arrivals.length,
      rate: arrivals.length / seconds,
      busiestSecond: Math.max(0, ...perSecond.values()),
      shortestGap: gaps.length ? Math.min(...gaps) : NaN,
    };
  });
  const unexpected = counts.filter((count) => !keys.includes(count.key));
  const worst = rows.reduce((a, b) => (b.rate > a.rate ? b : a));
  const originTotal =
    rows.reduce((sum, row) => sum + row.total, 0) + unexpected.reduce((sum, count) => sum + count.arrivals.length, 0);
  const logStatuses = new Map<string, number>();
  for (const line of accessLog.split("\n")) {
    if (!line.includes("/api/countdown/")) continue;
    const status = line.split(" ")[0]!;
    logStatuses.set(status, (logStatuses.get(status) ?? 0) + 1);
  }
  const clientsOk =
    clients.failures === 0 && clients.answered === clients.sent && (clients.statuses["200"] ?? 0) === clients.sent;
  const ok = worst.rate <= MAX_ORIGIN_PER_SECOND && clientsOk && unexpected.length === 0;
  return {
    id: "cdn",
    title: "CDN offload under polling",
    ok,
    summary:
      `${clients.sent} polls in ${seconds.toFixed(1)} s from ${clients.clients} clients (${Math.round(RANDOM_SHARE * 100)}% with random query strings), ${originTotal} reached the origin: ` +
      `at most ${worst.rate.toFixed(2)} per second per (slug, shape) (target ≤ ${MAX_ORIGIN_PER_SECOND}).`,
    figures: [
      table(
        ["slug, shape", "origin requests", "per second", "in the busiest second", "shortest gap between two (ms)"],
        [
          ...rows.map((row) => [
            row.key,
            row.total,
            row.rate.toFixed(2),
            row.busiestSecond,
            Number.isNaN(row.shortestGap) ? "n/a" : Math.round(row.shortestGap),
          ]),
          ...unexpected.map((count) => [`${count.key} (unexpected)`, count.arrivals.length, "", "", ""]),
        ],
        [false, true, true, true, true],
      ),
      "",
      `Clients: ${clients.sent} polls, ${clients.answered} answered (${Object.entries(clients.statuses)
        .map(([status, n]) => `${n} × ${status}`)
        .join(", ")}), ${clients.failures} failed; ` +
        `latency p50 ${clients.p50.toFixed(2)} ms, p99 ${clients.p99.toFixed(2)} ms. nginx's cache status per poll: ` +
        `${[...logStatuses]
          .sort((a, b) => b[1] - a[1])
          .map(([status, n]) => `${n} × ${status}`)
          .join(", ")}. ` +
        `Age of the default-shape answers (client clock minus \`serverTime\`): median ${Math.round(clients.ageP50)} ms, oldest ${Math.round(clients.ageMax)} ms.`,
    ].join("\n"),
  };
}
