// The font files of a Worker: its assets' copy of fonts/ (src/publish/workers-build.ts puts them
// there), and the table of what each covers, made by the same build. The Workers bundle puts this
// module in the place of src/images/font-files.ts (src/publish/workers-build.ts), so fonts.ts reads
// them unchanged: it asks the table which file draws a character, and reads a file's bytes once.
// A route fetches the files of what it draws before it draws (`fetchFonts`); fonts.ts keeps a font
// once read (in HarfBuzz's memory), so a fetched file is held here only until it is read.
import { covered, type Coverage } from "../images/font-coverage.ts";
import { assetRequest, type AssetsBinding } from "./asset-files.ts";

interface FontFolder {
  assets: AssetsBinding;
  /** Where the font files are among the assets. */
  folder: string;
  /** What each file covers, by its name. */
  coverage: Record<string, Coverage>;
}

let fonts: FontFolder | undefined;
/** Files fetched and not yet read by fonts.ts. */
const fetched = new Map<string, Uint8Array>();
/** Each file fetched or on its way, by name: fetched once for the isolate's life. */
const fetching = new Map<string, Promise<void>>();

/** Where the fonts are read from: set by the Worker before its first drawing. */
export function useFontFiles(folder: FontFolder): void {
  fonts = folder;
}

const folder = () => {
  if (!fonts) throw new Error("the Worker reads no fonts: useFontFiles was not called");
  return fonts;
};

/** Fetches the font files of the set named, those not fetched before. */
export async function fetchFonts(files: Iterable<string>): Promise<void> {
  const { assets, folder: at } = folder();
  await Promise.all(
    [...new Set(files)].map((file) => {
      let loading = fetching.get(file);
      if (!loading) {
        loading = (async () => {
          const response = await assets.fetch(assetRequest(`${at}/${file}`));
          if (!response.ok)
            throw new Error(`the font file ${file} answered ${response.status}: run the Workers build again`);
          fetched.set(file, new Uint8Array(await response.arrayBuffer()));
        })();
        // (A fetch that failed is tried again by the next answer that needs it.)
        loading.catch(() => fetching.delete(file));
        fetching.set(file, loading);
      }
      return loading;
    }),
  );
}

/**
 * The bytes of a font file of the set, by its name, fetched first (`fetchFonts`). Read once: fonts.ts
 * copies them into HarfBuzz and keeps that, so they are not held here after.
 * @public (imported by fonts.ts once the Workers build puts this module in place of src/images/font-files.ts)
 */
export function fontBytes(file: string): Uint8Array {
  const bytes = fetched.get(file);
  if (!bytes)
    throw new Error(`the font file ${file} was read before it was fetched: its texts must be named in fetchFiles`);
  fetched.delete(file);
  return bytes;
}

/**
 * Whether a font file of the set has a code point, from the Workers build's table: fonts.ts picks the
 * file that draws a character with no file fetched.
 * @public (imported by fonts.ts once the Workers build puts this module in place of src/images/font-files.ts)
 */
export function fontCovers(file: string, code: number): boolean {
  const ranges = folder().coverage[file];
  if (!ranges)
    throw new Error(`the font file ${file} is missing from the Worker's table of fonts: run the Workers build again`);
  return covered(ranges, code);
}
