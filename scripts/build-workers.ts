// `npm run build:workers`: the site built (as `npm run build`), then made into what Cloudflare
// Workers deploys (src/publish/workers-build.ts), into dist/workers/ beside it. wrangler.jsonc runs it
// before `wrangler deploy`; docs/deploying.md says the rest.
import { withConfig } from "../src/config.ts";
import { ASSET_LIMITS, WorkersBuildError, buildForWorkers } from "../src/publish/workers-build.ts";

await withConfig(async (config) => {
  const started = performance.now();
  const made = await buildForWorkers(config.outDir).catch((error: unknown) => {
    if (!(error instanceof WorkersBuildError)) throw error;
    console.error(`The Workers build was not made: ${error.message}.`);
    process.exit(2);
  });
  const plan = made.assets <= ASSET_LIMITS.free ? "within the free plan's" : made.assets <= ASSET_LIMITS.paid ? "within the paid plan's (over the free plan's 20,000)" : "OVER the paid plan's";
  console.log(
    `Made the Workers build of ${made.countdowns} countdown(s) into ${made.folder} in ${Math.round(performance.now() - started)} ms: ` +
      `${made.assets} asset files (${plan} limit), ${made.packs} pack(s), a Worker of ${(made.workerBytes / 1024 / 1024).toFixed(1)} MB before compression.`,
  );
  if (made.assets > ASSET_LIMITS.paid) process.exit(1);
});
