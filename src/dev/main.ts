// `npm run dev`: the dev loop (src/dev/dev-loop.ts) on PORT (default 8080), until Ctrl-C. It builds into
// a folder of its own (dist.dev/ unless OUT_DIR says otherwise), so it never replaces the build that
// `npm start` serves.
import { withConfig } from "../config.ts";
import { DevBuildError, startDevLoop } from "./dev-loop.ts";

/** The dev loop's build folder when OUT_DIR is unset. */
const DEV_OUT_DIR = "dist.dev";

await withConfig(
  async (config) => {
    let loop;
    try {
      loop = await startDevLoop({ config });
    } catch (error) {
      if (!(error instanceof DevBuildError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
    const { server } = loop.local;
    server.on("error", (error: NodeJS.ErrnoException) => {
      console.error(error.code === "EADDRINUSE" ? `Port ${config.port} is in use; set PORT to another one.` : `Server error: ${error.message}`);
      process.exit(1);
    });
    server.listen(config.port, config.host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : config.port;
      console.log(`Countdown service at http://${config.host ?? "localhost"}:${port}${config.site.basePath}/ (dev: watching ${config.countdownsDir} and src/; saved changes reload open pages)`);
    });
    process.once("SIGINT", () => void loop.close().then(() => process.exit(0)));
    process.once("SIGTERM", () => void loop.close().then(() => process.exit(0)));
  },
  process.env,
  { outDir: DEV_OUT_DIR },
);
