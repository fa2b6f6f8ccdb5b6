// resvg's WebAssembly for Node (the server, its worker threads, the Netlify Functions, the build): read
// from the package's file. The Worker's bundle puts src/workers/resvg-wasm.ts in this module's place.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export const resvgWasm = readFileSync(createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm"));
