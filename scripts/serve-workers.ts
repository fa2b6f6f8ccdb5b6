// `npm run serve:workers`: the service as Cloudflare would answer it, to try before `wrangler deploy`:
// the Workers build (`npm run build:workers`) made into a folder of its own (dist.workers/ unless
// OUT_DIR says otherwise, so it never replaces the build `npm start` serves), for the port it serves
// on, and served by workerd, Cloudflare's runtime, on this machine and offline (tools/workerd.ts), at
// PORT (8787 unless given) on HOST (127.0.0.1 unless given). It serves a copy of that Workers build
// made of hard links, so a later build, which prunes the builds before it, changes nothing it serves.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";
import { linkTree } from "../src/publish/link-tree.js";
import { WORKERS_FOLDER } from "../src/publish/workers-build.ts";
import { WORKERD_PACKAGES, needDevelopmentPackages } from "./development-packages.ts";
import { takeNoArgument } from "./arguments.ts";

takeNoArgument("serve:workers", "PORT, HOST and OUT_DIR set it");

needDevelopmentPackages("npm run serve:workers", WORKERD_PACKAGES);

/** The Workers build's folder when OUT_DIR is unset, and the port when PORT is. */
const WORKERS_OUT_DIR = "dist.workers";
const WORKERS_PORT = "8787";

const port = process.env.PORT ?? WORKERS_PORT;
if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a port number from 0 to 65535; it is ${JSON.stringify(process.env.PORT)}.`);
  process.exit(2);
}
const outDir = path.resolve(PROJECT_ROOT, process.env.OUT_DIR ?? WORKERS_OUT_DIR);
// Built for the address it is served at (URL, else this port), as `npm start` builds for its own.
const built = spawnSync("npm", ["run", "build:workers"], {
  cwd: PROJECT_ROOT,
  stdio: "inherit",
  env: { ...process.env, PORT: port, OUT_DIR: outDir },
});
if (built.status !== 0) process.exit(built.status ?? 1);
const folder = path.join(outDir, WORKERS_FOLDER);
if (!existsSync(path.join(folder, "worker.js"))) {
  console.error(`There is no Workers build in ${outDir}: "npm run build:workers" did not make one.`);
  process.exit(1);
}
const served = path.join(mkdtempSync(path.join(tmpdir(), "countdowns-workers-")), WORKERS_FOLDER);
linkTree(realpathSync(folder), served);
const { startWorkerd } = await import("../tools/workerd.ts");
const worker = await startWorkerd(served, { port: Number(port), host: process.env.HOST ?? "127.0.0.1", log: true });
console.log(`Countdown service (Cloudflare Workers, in workerd) at ${worker.url}/ (serving ${outDir})`);
const stop = () =>
  void worker.stop().then(() => {
    rmSync(path.dirname(served), { recursive: true, force: true });
    process.exit(0);
  });
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
