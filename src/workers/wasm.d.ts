// A WebAssembly file imported by the Worker's code: a compiled module, as Cloudflare's runtime gives
// it (wrangler.jsonc's CompiledWasm rule; workerd compiles no WebAssembly from bytes at run time).
declare module "*.wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}
