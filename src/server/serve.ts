// The server of `npm run serve` and of `node dist/server.mjs` (both through src/server/main.ts):
// serves a build folder, site and live API. PORT (default 8080) and HOST (default: every interface)
// choose where; one access-log line per request on standard output unless ACCESS_LOG=off; SIGTERM and
// SIGINT drain the requests in flight, then exit; SIGHUP reloads the build.
import { withConfig, type ConfigDefaults } from "../config.ts";
import { accessLogWriter } from "./access-log.ts";
import { createLocalServer, type LocalServer } from "./local-server.ts";

const DRAIN_TIMEOUT_MS = 10_000;

export const serve = (defaults?: ConfigDefaults) => withConfig((config) => {
  let local: LocalServer;
  try {
    local = createLocalServer({ outDir: config.outDir, watch: true, accessLog: config.accessLog ? accessLogWriter(process.stdout) : undefined });
  } catch (error) {
    console.error(`Cannot serve ${config.outDir}: ${error instanceof Error ? error.message : String(error)}`);
    console.error("Build the site first: npm run build");
    process.exit(1);
  }

  local.server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(error.code === "EADDRINUSE" ? `Port ${config.port} is in use; set PORT to another one.` : `Server error: ${error.message}`);
    process.exit(1);
  });
  local.server.listen(config.port, config.host, () => {
    const address = local.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const here = `http://${config.host ?? "localhost"}:${port}`;
    const site = local.site();
    console.log(`Countdown service at ${here}${site.basePath}/ (serving ${config.outDir})`);
    if (site.origin !== here) {
      console.log(`This build's links point at ${site.origin}${site.basePath}/, the address it was built for; rebuild with URL (or PORT) set to change that.`);
    }
  });

  process.on("SIGHUP", () => local.reload());
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      console.log(`${signal}: finishing requests in flight, then stopping.`);
      setTimeout(() => {
        console.error(`Requests still open after ${DRAIN_TIMEOUT_MS} ms; closing them.`);
        local.server.closeAllConnections();
        process.exit(0);
      }, DRAIN_TIMEOUT_MS).unref();
      void local.close().then(() => process.exit(0));
    });
  }
}, process.env, defaults);

