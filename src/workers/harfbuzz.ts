// HarfBuzz's module for a Worker: harfbuzzjs's own Emscripten factory, given its WebAssembly as the
// compiled module the Worker imports, since workerd compiles none from bytes at run time; and the
// tiny modules Emscripten compiles to put a callback in its table, compiled ahead by the Workers
// build (src/workers/function-wrappers.ts), handed out in their place. The Workers bundle puts this
// module in the place of the factory harfbuzzjs imports (src/publish/workers-build.ts); everything
// else of harfbuzzjs is as on Node.
// @ts-expect-error: the factory has no types of its own; harfbuzzjs's index calls it as below.
import createHarfBuzz from "harfbuzzjs-factory";
import compiled from "harfbuzzjs/dist/harfbuzz.wasm";
// @ts-expect-error: written by the Workers build: [signature, compiled module] of each of SIGNATURES.
import wrappers from "harfbuzzjs-function-wrappers";
import { bytesKey, wrapperBytes } from "./function-wrappers.ts";

const compiledWrappers = new Map(
  (wrappers as [string, WebAssembly.Module][]).map(([signature, module]) => [
    bytesKey(wrapperBytes(signature)),
    module,
  ]),
);
const Module = WebAssembly.Module;
// A module compiled ahead for the bytes of a wrapper; any other bytes as before (which workerd refuses).
WebAssembly.Module = new Proxy(Module, {
  construct(target, args: [BufferSource]) {
    return compiledWrappers.get(bytesKey(args[0])) ?? Reflect.construct(target, args);
  },
});

type Receive = (instance: WebAssembly.Instance, module: WebAssembly.Module) => void;

export default function createHarfBuzzForWorker(options: Record<string, unknown> = {}): Promise<unknown> {
  return createHarfBuzz({
    ...options,
    // Emscripten's hook for a module instantiated by its host.
    instantiateWasm(imports: WebAssembly.Imports, receive: Receive) {
      void WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
  });
}
