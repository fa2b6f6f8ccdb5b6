// The part of bidi-js's API the images use (the package ships no type declarations).
declare module "bidi-js" {
  interface EmbeddingLevels {
    /** A level per UTF-16 code unit: even left to right, odd right to left. */
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  }
  interface Bidi {
    getEmbeddingLevels(text: string, direction?: "ltr" | "rtl"): EmbeddingLevels;
  }
  export default function bidiFactory(): Bidi;
}
