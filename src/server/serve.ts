// The server of `npm run serve` and of `node dist/server.mjs` (both through src/server/main.ts):
// serves a build folder, site and live API. PORT (default 8080) and HOST (default: every interface)
// choose where; one access-log line per request on standard output unless ACCESS_LOG=off; SIGTERM and
// SIGINT drain the requests in flight and write out the last log lines, then exit; SIGHUP loads the
// build OUT_DIR names now.
import { withConfig, type ConfigDefaults } from "../config.ts";
import type { SiteAddress } from "../paths.ts";
import { accessLogTo } from "./access-log.ts";
import { createProductionServer, type ProductionServer } from "./production-server.ts";
import { messageOf } from "../error-message.ts";

const DRAIN_TIMEOUT_MS = 10_000;

export const serve = (defaults?: ConfigDefaults) =>
  withConfig(
    (config) => {
      const accessLog = config.accessLog
        ? accessLogTo(process.stdout.fd, (lines) =>
            console.error(`The access log's reader is too slow: ${lines} line(s) dropped so far.`),
          )
        : undefined;
      let local: ProductionServer;
      try {
        local = createProductionServer({
          outDir: config.outDir,
          watch: true,
          accessLog: accessLog?.write,
          // A build made for another address than the one before says so (npm run build beside a server on another port).
          loaded: (site) => site.origin + site.basePath !== served && sayIfElsewhere(site),
        });
      } catch (error) {
        console.error(`Cannot serve ${config.outDir}: ${messageOf(error)}`);
        console.error("Build the site first: npm run build");
        process.exit(1);
      }

      local.server.on("error", (error: NodeJS.ErrnoException) => {
        console.error(
          error.code === "EADDRINUSE"
            ? `Port ${config.port} is in use; set PORT to another one.`
            : `Server error: ${error.message}`,
        );
        process.exit(1);
      });
      let port = config.port;
      /** The address of the build served, as it was built for. */
      let served = "";
      /** A build made for another address than this server's says so: its snippets and links point there. */
      function sayIfElsewhere(site: SiteAddress): void {
        served = site.origin + site.basePath;
        if (isLocal(site.origin) && new URL(site.origin).port === String(port)) return;
        if (!isLocal(site.origin)) {
          console.log(
            `This build's links point at ${site.origin}${site.basePath}/, the address it was built for (URL); here it is served at port ${port}.`,
          );
          return;
        }
        console.log(
          `Warning: this build was made for ${site.origin}${site.basePath}/, not for this server's port ${port}: its snippets, links and oEmbed answers point there. Build with PORT=${port} (or URL) set, or serve on its port.`,
        );
      }
      local.server.listen(config.port, config.host, () => {
        const address = local.server.address();
        port = typeof address === "object" && address ? address.port : config.port;
        const site = local.site();
        console.log(
          `Countdown service at http://${config.host ?? "localhost"}:${port}${site.basePath}/ (serving ${config.outDir})`,
        );
        sayIfElsewhere(site);
      });

      process.on("SIGHUP", () => local.reload());
      const exit = async () => {
        await accessLog?.flush();
        process.exit(0);
      };
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        process.once(signal, () => {
          console.log(`${signal}: finishing requests in flight, then stopping.`);
          setTimeout(() => {
            console.error(`Requests still open after ${DRAIN_TIMEOUT_MS} ms; closing them.`);
            local.server.closeAllConnections();
            void exit();
          }, DRAIN_TIMEOUT_MS).unref();
          void local.close().then(exit);
        });
      }
    },
    process.env,
    defaults,
  );

/** Whether an origin is this machine (a build for the Node server rather than a public address). */
function isLocal(origin: string): boolean {
  const { hostname } = new URL(origin);
  return ["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "[::]"].includes(hostname);
}
