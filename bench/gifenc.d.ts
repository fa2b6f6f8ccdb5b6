// The part of gifenc's API the email benchmark's floor uses (the package ships no type declarations).
declare module "gifenc" {
  type Palette = number[][];
  interface Encoder {
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      options?: { palette?: Palette; delay?: number; repeat?: number; first?: boolean },
    ): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  const gifenc: {
    GIFEncoder(): Encoder;
    quantize(
      rgba: Uint8Array | Uint8ClampedArray,
      maxColors: number,
      options?: { format?: "rgb565" | "rgb444" | "rgba4444" },
    ): Palette;
    applyPalette(
      rgba: Uint8Array | Uint8ClampedArray,
      palette: Palette,
      format?: "rgb565" | "rgb444" | "rgba4444",
    ): Uint8Array;
  };
  export default gifenc;
}
