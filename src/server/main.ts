// The server's entry: `npm run serve` runs it from source; `npm run build` bundles it into
// `<OUT_DIR>/server.mjs`, which plain `node` runs with no TypeScript loader. The bundle serves the
// build folder it is run from (`node dist/server.mjs` serves dist/; OUT_DIR still chooses another),
// with the packages of the project it was built in.
import path from "node:path";
import { serve } from "./serve.ts";

/** Defined by the bundler (src/publish/server-bundle.ts); not defined when run from source. */
declare const SERVER_BUNDLE: boolean;

// The path it was started by, not the file's own: OUT_DIR is a link to the build being served
// (src/publish/build-folders.ts), and the server follows the link as builds are switched in.
await serve(
  typeof SERVER_BUNDLE !== "undefined" ? { outDir: path.dirname(path.resolve(process.argv[1]!)) } : undefined,
);
