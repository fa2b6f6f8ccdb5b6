// resvg for a Worker: the same renderer as @resvg/resvg-js (the Node server's native module), built
// as WebAssembly; the same version draws the same pixels (the Workers parity test compares email
// images byte for byte). The Workers bundle puts this module in the place of @resvg/resvg-js
// (src/publish/workers-build.ts). A drawing is read once, as pixels (raster.ts) or as a PNG
// (preview-image.ts): its memory inside the module is freed then, so an isolate does not grow.
import { Resvg as WasmResvg, initWasm } from "@resvg/resvg-wasm";
import compiled from "@resvg/resvg-wasm/index_bg.wasm";

await initWasm(compiled);

type Options = ConstructorParameters<typeof WasmResvg>[1];
type Image = ReturnType<InstanceType<typeof WasmResvg>["render"]>;

/** A drawing, read once. */
class Rendered {
  constructor(private image: Image | undefined) {}
  private take<T>(read: (image: Image) => T): T {
    const image = this.image;
    if (!image) throw new Error("a resvg drawing is read once");
    this.image = undefined;
    try {
      return read(image);
    } finally {
      image.free();
    }
  }
  get pixels(): Uint8Array {
    return this.take((image) => image.pixels);
  }
  asPng(): Uint8Array {
    return this.take((image) => image.asPng());
  }
}

export class Resvg {
  constructor(
    private readonly svg: string,
    private readonly options?: Options,
  ) {}
  render(): Rendered {
    const resvg = new WasmResvg(this.svg, this.options);
    try {
      return new Rendered(resvg.render());
    } finally {
      resvg.free();
    }
  }
}
