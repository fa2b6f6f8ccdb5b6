// `npm run serve` (and the second half of `npm start`): serves the built site and the live API.
// PORT (default 8080) and HOST (default: every interface) choose where; SIGTERM drains and exits.
import { DEFAULT_OUT_DIR } from "../src/build/build-paths.ts";
import { createLocalServer, type LocalServer } from "../src/server/local-server.ts";

const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || undefined;
const outDir = process.env.OUT_DIR || DEFAULT_OUT_DIR;
const DRAIN_TIMEOUT_MS = 10_000;

let local: LocalServer;
try {
  local = createLocalServer({ outDir, watch: true });
} catch (error) {
  console.error(`Cannot serve ${outDir}: ${error instanceof Error ? error.message : String(error)}`);
  console.error("Build the site first: npm run build");
  process.exit(1);
}

local.server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${port} is in use; set PORT to another one.` : `Server error: ${error.message}`);
  process.exit(1);
});
local.server.listen(port, host, () => {
  const address = local.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  console.log(`Countdown service at http://localhost:${actualPort} (serving ${outDir})`);
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
    local.close().then(() => process.exit(0));
  });
}
