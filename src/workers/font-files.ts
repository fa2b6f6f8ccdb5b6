// The font files of a Worker: its assets' copy of fonts/ (src/publish/workers-build.ts puts them
// there), read through src/workers/asset-files.ts. The Workers bundle puts this module in the place
// of src/images/font-files.ts (src/publish/workers-build.ts), so fonts.ts reads them unchanged.
import type { AssetFiles } from "./asset-files.ts";

let fonts: AssetFiles | undefined;

/** Where the fonts are read from: set by the Worker before its first drawing. */
export function useFontFiles(files: AssetFiles): void {
  fonts = files;
}

/**
 * The bytes of a font file of the set, by its name; throws FileNotLoaded until the Worker has fetched
 * it. Read once: fonts.ts copies them into HarfBuzz and keeps that, so they are not held here too.
 * @public (imported by fonts.ts once the Workers build puts this module in place of src/images/font-files.ts)
 */
export function fontBytes(file: string): Uint8Array {
  if (!fonts) throw new Error("the Worker reads no fonts: useFontFiles was not called");
  const bytes = fonts.take(file);
  if (!bytes) throw new Error(`the font file ${file} is missing from the Worker's assets; run the Workers build again`);
  return bytes;
}
