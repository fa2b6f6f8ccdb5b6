// The server's entry: `npm run serve` runs it from source; `npm run build` bundles it into
// `<OUT_DIR>/server.mjs`, which plain `node` runs with no TypeScript loader. The bundle serves the
// build folder it sits in (OUT_DIR still chooses another), with the packages of the project it was
// built in.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./serve.ts";

/** Defined by the bundler (src/publish/server-bundle.ts); not defined when run from source. */
declare const SERVER_BUNDLE: boolean;

await serve(typeof SERVER_BUNDLE !== "undefined" ? { outDir: path.dirname(fileURLToPath(import.meta.url)) } : undefined);
