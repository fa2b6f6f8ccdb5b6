// `npm run dev`: the dev loop (src/dev/dev-loop.ts) on PORT (default 8080), until Ctrl-C. It builds into
// a folder of its own (dist.dev/ unless OUT_DIR says otherwise), so it never replaces the build that
// `npm start` serves.
import { withConfig } from "../config.ts";
import { DevBuildError, startDevLoop } from "./dev-loop.ts";

/** Where the dev loop listens when HOST is unset: this machine only. */
const LOCAL_ONLY = "127.0.0.1";

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
      console.error(
        error.code === "EADDRINUSE"
          ? `Port ${config.port} is in use; set PORT to another one.`
          : `Server error: ${error.message}`,
      );
      process.exit(1);
    });
    // This machine only, unless HOST says otherwise: drafts and problems are the author's own.
    const host = config.host ?? LOCAL_ONLY;
    server.listen(config.port, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : config.port;
      console.log(
        `Countdown service at http://${config.host ?? "localhost"}:${port}${config.site.basePath}/ (dev: watching ${config.countdownsDir} and src/; saved changes reload open pages)`,
      );
      console.log(
        host === LOCAL_ONLY
          ? `Listening on ${LOCAL_ONLY}:${port}, this machine only; set HOST=0.0.0.0 to open it to your network.`
          : `Listening on ${host}:${port}.`,
      );
    });
    process.once("SIGINT", () => void loop.close().then(() => process.exit(0)));
    process.once("SIGTERM", () => void loop.close().then(() => process.exit(0)));
  },
  process.env,
  { outDir: DEV_OUT_DIR },
);
