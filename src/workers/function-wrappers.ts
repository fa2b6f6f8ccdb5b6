// workerd compiles no WebAssembly from bytes at run time. Emscripten's code (HarfBuzz's) does, in one
// place: to put a JavaScript function in the module's table (a callback, such as the one that draws a
// glyph's outline), it compiles a tiny module that imports the function and exports it again, made
// of the function's signature alone. The Workers build compiles those modules ahead, one per
// signature harfbuzzjs uses (SIGNATURES), and the Worker hands them out for those exact bytes
// (src/workers/harfbuzz.ts). The bytes are Emscripten's `convertJsFunctionToWasm`'s; a test holds
// them equal to what harfbuzzjs compiles on Node.

/** Every signature harfbuzzjs gives `addFunction` (result first, `v` for none; `i` i32, `j` i64, `f` f32, `d` f64). */
export const SIGNATURES = [
  "vi",
  "viii",
  "viiii",
  "viiiii",
  "iiiii",
  "iiiiii",
  "iiiiiiifii",
  "viiffffi",
  "viiffffffi",
  "viiiffi",
  "viiiffffi",
  "viiiffffffi",
] as const;

const TYPE_CODES: Record<string, number> = { i: 0x7f, p: 0x7f, j: 0x7e, f: 0x7d, d: 0x7c, e: 0x6f };

/** A length as Emscripten writes it here: LEB128 in two bytes always (the high bit of the first set). */
const twoByteLength = (n: number) => [(n % 128) | 128, n >> 7];

/** The types of a signature's part as a wasm type pack: their count, then each one's code. */
const typePack = (types: string) => [...twoByteLength(types.length), ...[...types].map((type) => TYPE_CODES[type]!)];

/** The module that wraps a function of `signature`: a type section, the import `e.f`, the export `f`. */
export function wrapperBytes(signature: string): Uint8Array<ArrayBuffer> {
  const type = [1, 0x60, ...typePack(signature.slice(1)), ...typePack(signature[0] === "v" ? "" : signature[0]!)];
  return Uint8Array.of(
    0,
    97,
    115,
    109,
    1,
    0,
    0,
    0,
    1,
    ...twoByteLength(type.length),
    ...type,
    2,
    7,
    1,
    1,
    101,
    1,
    102,
    0,
    0,
    7,
    5,
    1,
    1,
    102,
    0,
    0,
  );
}

/** A module's bytes as a key. */
export const bytesKey = (bytes: ArrayBufferView | ArrayBuffer) => {
  const view =
    bytes instanceof ArrayBuffer
      ? new Uint8Array(bytes)
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from(view, (byte) => byte.toString(16).padStart(2, "0")).join("");
};
