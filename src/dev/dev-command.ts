// `npm run dev`: the dev loop (src/dev/dev-loop.ts) on PORT (default 8080), until Ctrl-C. It builds into
// a folder of its own (dist.dev/ unless OUT_DIR says otherwise), so it never replaces the build that
// `npm start` serves. `npm run cms` (`--editor`) serves the editor at /admin/ on this machine's files
// too (src/dev/editor-backend.ts).
import { withConfig } from "../config.ts";
import { SITE_DEFAULTS } from "../site-identity.ts";
import { readSite } from "../publish/gather.ts";
import { DevBuildError, startDevLoop } from "./dev-loop.ts";

// (Its backend, decap-server, is a development package: loaded only for `npm run cms`.)
const editor = process.argv.slice(2).includes("--editor");

/** Where the dev loop listens when HOST is unset: this machine only. */
const LOCAL_ONLY = "127.0.0.1";

/** The dev loop's build folder when OUT_DIR is unset. */
const DEV_OUT_DIR = "dist.dev";

/** The editor's backend, or the command's end with what to install when its packages are not installed. */
async function editorBackendOf(...args: Parameters<typeof import("./editor-backend.ts").editorBackend>) {
  try {
    return await (await import("./editor-backend.ts")).editorBackend(...args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    console.error("npm run cms needs the development packages (its local backend, decap-server): run npm install.");
    process.exit(1);
  }
}

await withConfig(
  async (config) => {
    let loop;
    try {
      const identity = () => readSite(config).site ?? SITE_DEFAULTS;
      loop = await startDevLoop({
        config,
        ...(editor ? { editor: await editorBackendOf(config, identity) } : {}),
      });
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
      if (editor)
        console.log(
          `The editor at http://${config.host ?? "localhost"}:${port}${config.site.basePath}/admin/ saves to ${config.countdownsDir} and the site file; commit with git as usual.`,
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
