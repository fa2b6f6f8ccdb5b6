// Where the bytes of the font files come from: the `countdown-fonts` package of the project (fonts/),
// found as a package is, from the source, the server's bundle or a Netlify Function. The Workers
// build puts src/workers/font-files.ts in this module's place (src/publish/workers-build.ts): a
// Worker has no disk, and reads them from its assets.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The folder of the font files, found as this module loads: the server's bundle finds the package from
 * the build folder it started in, which a later build may prune while the server runs.
 */
const FOLDER = path.dirname(createRequire(import.meta.url).resolve("countdown-fonts/package.json"));
export const fontFolder = () => FOLDER;

/** The bytes of a font file of the set, by its name. */
export const fontBytes = (file: string): Uint8Array => readFileSync(path.join(fontFolder(), file));

/**
 * Whether a font file of the set has a code point, where this runtime has a table of what each
 * covers: not here (fonts.ts reads a face itself to know); a Worker's comes from its build
 * (src/workers/font-files.ts).
 */
export const fontCovers = (_file: string, _code: number): boolean | undefined => undefined;
