// The Workers build run in workerd, Cloudflare's own runtime, from npm (miniflare, which wrangler
// brings): offline, on this machine, as wrangler.jsonc deploys it. The options are wrangler's own
// reading of wrangler.jsonc (its assets, their routing, the compatibility date and flags); only
// where the Workers build is (another than dist/workers) and the port are ours. `npm run
// serve:workers`, the Workers tests and the benchmarks start it here. wrangler reads the config
// with its own reader, so a wrangler.jsonc it would refuse is refused here too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { PROJECT_ROOT } from "../src/config.ts";
import { fakedClock } from "./faked-clock.ts";

export interface RunningWorker {
  url: string;
  miniflare: Miniflare;
  stop(): Promise<void>;
}

/**
 * wrangler.jsonc as it is, but for where the Workers build is (`folder`) and without its build
 * command (the build is made already), written to a file of its own: the path of that file.
 */
export function wranglerConfigFor(folder: string): string {
  const config = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, "wrangler.jsonc"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
  ) as Record<string, unknown> & { assets: object };
  const { build: _, $schema: __, ...rest } = config;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "wrangler-config-")), "wrangler.json");
  writeFileSync(
    file,
    JSON.stringify({
      ...rest,
      main: path.join(folder, "worker.js"),
      assets: { ...config.assets, directory: path.join(folder, "assets") },
    }),
  );
  return file;
}

/**
 * Serves a Workers build (`folder`: a build's `workers/` folder, src/publish/workers-build.ts) on
 * `host`:`port` (0: a free one); `bindings` over wrangler.jsonc's variables (the Worker's Env).
 */
export async function startWorkerd(
  folder: string,
  {
    port = 0,
    host = "127.0.0.1",
    log = false,
    inspectorPort = undefined as number | undefined,
    bindings = {} as Record<string, string>,
  } = {},
): Promise<RunningWorker> {
  const config = wranglerConfigFor(folder);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  rmSync(path.dirname(config), { recursive: true, force: true });
  // workerd hangs under libfaketime: it runs on the machine's clock, and the Worker is told the
  // difference (its CLOCK_OFFSET_MS, src/workers/worker.ts). Started without the preload (miniflare
  // gives it this process's environment).
  const faked = fakedClock();
  if (faked) delete process.env.LD_PRELOAD;
  const miniflare = new Miniflare({
    ...workerOptions,
    bindings: { ...workerOptions.bindings, ...(faked ? { CLOCK_OFFSET_MS: String(faked.offset) } : {}), ...bindings },
    // wrangler.jsonc's `main` and rules, as `wrangler deploy` takes them without bundling (no_bundle).
    scriptPath: path.join(folder, "worker.js"),
    modules: true,
    modulesRoot: folder,
    modulesRules: [{ type: "CompiledWasm", include: ["**/*.wasm"] }],
    assets: { ...workerOptions.assets!, directory: path.join(folder, "assets") },
    port,
    host,
    // A DevTools protocol endpoint of the Worker's isolate, where asked for (the memory benchmark reads its heap there).
    ...(inspectorPort !== undefined ? { inspectorPort } : {}),
    // With `log`, what the Worker writes (its faults) reaches this process's standard error.
    handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
      stdout.resume();
      if (log) stderr.pipe(process.stderr);
      else stderr.resume();
    },
  } as ConstructorParameters<typeof Miniflare>[0]);
  const url = await miniflare.ready.finally(() => {
    if (faked) process.env.LD_PRELOAD = faked.preload;
  });
  return { url: url.origin, miniflare, stop: () => miniflare.dispose() };
}
