// The email images' burst benchmark's server: the Node server over OUT_DIR with its email drawings
// on EMAIL_THREADS worker threads (0: in the event loop's own thread, one at a time).
import { createProductionServer } from "../../src/server/production-server.ts";

const local = createProductionServer({
  outDir: process.env.OUT_DIR!,
  emailThreads: Number(process.env.EMAIL_THREADS),
  log: () => {},
});
local.server.listen(0, "127.0.0.1", () =>
  console.log(`http://localhost:${(local.server.address() as { port: number }).port}`),
);
process.once("SIGTERM", () => void local.close().then(() => process.exit(0)));
