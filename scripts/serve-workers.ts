// `npm run serve:workers`: the Workers build (`npm run build:workers`) served by workerd, Cloudflare's
// runtime, on this machine and offline (tools/workerd.ts), at PORT (8787 unless given) on HOST
// (127.0.0.1 unless given): the service as Cloudflare would answer it, to try before `wrangler deploy`.
import { existsSync } from "node:fs";
import path from "node:path";
import { withConfig } from "../src/config.ts";
import { WORKERS_FOLDER } from "../src/publish/workers-build.ts";
import { startWorkerd } from "../tools/workerd.ts";

await withConfig(async (config) => {
  const folder = path.join(config.outDir, WORKERS_FOLDER);
  if (!existsSync(path.join(folder, "worker.js"))) {
    console.error(`There is no Workers build in ${config.outDir}: run "npm run build:workers" first.`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number from 0 to 65535; it is ${JSON.stringify(process.env.PORT)}.`);
    process.exit(2);
  }
  const worker = await startWorkerd(folder, { port, host: process.env.HOST ?? "127.0.0.1", log: true });
  console.log(`Countdown service (Cloudflare Workers, in workerd) at ${worker.url}/`);
  const stop = () => void worker.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
});
