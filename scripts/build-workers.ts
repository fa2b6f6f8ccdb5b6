// `npm run build:workers`: the site built (`npm run build`), then made into what Cloudflare Workers
// deploys (src/publish/workers-build.ts), into dist/workers/ beside it. wrangler.jsonc runs it
// before `wrangler deploy`; docs/deploying.md says the rest. On Workers Builds the build starts from
// the previous deploy's, kept in Cloudflare's build cache (src/publish/workers-build-cache.ts).
import { spawnSync } from "node:child_process";
import { PROJECT_ROOT, withConfig } from "../src/config.ts";
import { ASSET_LIMITS, WorkersBuildError, buildForWorkers } from "../src/publish/workers-build.ts";
import {
  cachedBuildOf,
  onWorkersBuilds,
  restorePreviousBuild,
  savePreviousBuild,
} from "../src/publish/workers-build-cache.ts";
import { takeNoArgument } from "./arguments.ts";

takeNoArgument("build:workers", "OUT_DIR, CLOUDFLARE_ASSET_FILES and the build's settings are environment variables");

/** The account's asset files (`CLOUDFLARE_ASSET_FILES`): the free plan's unless set, the paid plan's 100000 when set so. */
function assetFileLimit(value = process.env.CLOUDFLARE_ASSET_FILES): number {
  if (value === undefined) return ASSET_LIMITS.free;
  if (/^[1-9]\d*$/.test(value.trim())) return Number(value);
  console.error(
    `CLOUDFLARE_ASSET_FILES ${value.trim() ? `is "${value}"` : "is set but empty"}: give the number of asset files the Cloudflare account's plan allows (${ASSET_LIMITS.free} on the free plan, ${ASSET_LIMITS.paid} on the paid one), or leave it unset for ${ASSET_LIMITS.free}.`,
  );
  process.exit(2);
}

await withConfig(async (config) => {
  const fileLimit = assetFileLimit();
  const cached = cachedBuildOf(PROJECT_ROOT);
  if (onWorkersBuilds()) {
    const restored = await restorePreviousBuild(config.outDir, cached);
    console.log(
      restored
        ? "Restored the previous build from the build cache: the build writes what changed."
        : "No previous build in the build cache (is build caching on?): the build writes everything.",
    );
  }
  const built = spawnSync("npm", ["run", "build"], { cwd: PROJECT_ROOT, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);

  const started = performance.now();
  const made = await buildForWorkers(config.outDir, undefined, undefined, fileLimit).catch((error: unknown) => {
    if (!(error instanceof WorkersBuildError)) throw error;
    console.error(`The Workers build was not made: ${error.message}.`);
    process.exit(2);
  });
  const plan =
    made.assets <= ASSET_LIMITS.free
      ? "within the free plan's"
      : made.assets <= ASSET_LIMITS.paid
        ? "within the paid plan's (over the free plan's 20,000)"
        : "OVER the paid plan's";
  console.log(
    `Made the Workers build of ${made.countdowns} countdown(s) into ${made.folder} in ${Math.round(performance.now() - started)} ms: ` +
      `${made.assets} asset files (${plan} limit; ${made.served.widget} widget(s) and ${made.served.record} record(s) of ${made.countdowns} served by Cloudflare without the Worker, within CLOUDFLARE_ASSET_FILES=${fileLimit}), ${made.packs} pack(s) (${made.reused} unchanged since the last Workers build, linked), a Worker of ${(made.workerBytes / 1024 / 1024).toFixed(1)} MB before compression.`,
  );
  if (made.assets > ASSET_LIMITS.paid) process.exit(1);
  // The build and its Workers build, for the next deploy to start from.
  if (onWorkersBuilds()) {
    await savePreviousBuild(config.outDir, cached);
    console.log("Cached this build for the next deploy.");
  }
});
