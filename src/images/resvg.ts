// resvg, the renderer of every image (the email images, the link previews, the done images' bitmaps),
// as WebAssembly on every engine: the Node server, its worker threads, the Netlify Functions, the
// build and the Worker draw the same pixels with the same module. (resvg's native Node module keeps
// every drawing's memory: a server drawing email images grew by megabytes an image until the system
// stopped it.) A drawing is read once, as pixels (raster.ts, the done images) or as a PNG
// (preview-image.ts): its memory inside the module is freed then, so a process does not grow.
import { Resvg as WasmResvg, initWasm } from "@resvg/resvg-wasm";
import { resvgWasm } from "./resvg-wasm.ts";

await initWasm(resvgWasm);

type Options = ConstructorParameters<typeof WasmResvg>[1];
type Image = ReturnType<InstanceType<typeof WasmResvg>["render"]>;

/** A drawing, read once. */
class Rendered {
  readonly width: number;
  readonly height: number;
  constructor(private image: Image | undefined) {
    [this.width, this.height] = [image!.width, image!.height];
  }
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
