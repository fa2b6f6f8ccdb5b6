// resvg's WebAssembly for the Worker: compiled with the bundle (src/publish/workers-build.ts), in the
// place of the Node module that reads it from a file (src/images/resvg-wasm.ts).
import compiled from "@resvg/resvg-wasm/index_bg.wasm";

export const resvgWasm = compiled;
