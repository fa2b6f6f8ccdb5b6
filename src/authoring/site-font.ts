// The site's font (the site file's `font`): one or two font files beside the site file, a WOFF2 for
// the pages, the widget and the element, a TTF or OTF (the same family) for the images the service
// draws. Either alone does: a TTF or OTF is also a web font (larger); a WOFF2 alone leaves the images
// in the bundled fonts, and the build says so. Checked as the build reads them: the bytes are the
// type the name says, and small enough to load with the pages they are for.
import { fileHash } from "./logo.ts";
import { subsetWebFont } from "./font-subset.ts";
import { FONT_TYPES, type FontType, type SiteFont, type SiteFontFile } from "../site-identity.ts";

/** A web font loads with every page and widget: at most this many bytes. */
const MAX_WEB_FONT_BYTES = 300 * 1024;
/** A font for the images (loaded once by each drawing thread): at most this many bytes. */
const MAX_DRAWN_FONT_BYTES = 4 * 1024 * 1024;

/** The first bytes of each type: WOFF2's signature, TrueType's version (or Apple's `true`), CFF's `OTTO`. */
const SIGNATURES: Record<FontType, string[]> = {
  woff2: ["wOF2"],
  ttf: ["\0\x01\0\0", "true"],
  otf: ["OTTO", "\0\x01\0\0"],
};

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The file names the field gives, with their types, or a problem's message. */
export function fontNames(value: unknown): { name: string; type: FontType }[] | { problem: string } {
  const names = typeof value === "string" ? [value] : value;
  const example = `like "brand.woff2", or ["brand.woff2", "brand.ttf"] for the pages and the images`;
  if (!Array.isArray(names) || names.length < 1 || names.length > 2)
    return { problem: `${JSON.stringify(value)} is not a font file's name or a list of two; write it ${example}` };
  const files: { name: string; type: FontType }[] = [];
  for (const written of names) {
    const name = typeof written === "string" ? written.trim() : "";
    if (!name || /[/\\]/.test(name) || name.startsWith(".") || /[\u0000-\u001f]/.test(name))
      return {
        problem: `${JSON.stringify(written)} is not a plain file name; put the font beside the site file and write its name, ${example}`,
      };
    const type = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
    if (!type || !(FONT_TYPES as readonly string[]).includes(type))
      return {
        problem: `"${name}" is not a WOFF2, TTF or OTF file; give a font file whose name ends .woff2, .ttf or .otf`,
      };
    files.push({ name, type: type as FontType });
  }
  const web = files.filter((file) => file.type === "woff2").length;
  if (files.length === 2 && web !== 1)
    return {
      problem: `names two ${web ? "WOFF2" : "TTF or OTF"} files; give one WOFF2 (for the pages) and one TTF or OTF (for the images) of the same family`,
    };
  return files;
}

/** The font files a site file's text names, if it names any (its own check says what else is wrong). */
export function fontsNamedIn(siteFileText: string): string[] {
  try {
    const named = fontNames((JSON.parse(siteFileText) as { font?: unknown } | null)?.font);
    return Array.isArray(named) ? named.map((file) => file.name) : [];
  } catch {
    return [];
  }
}

/** A font file's type by its name (fontsNamedIn gives only names it accepts). */
export const fontType = (name: string) => name.slice(name.lastIndexOf(".") + 1).toLowerCase() as FontType;

/** What is wrong with a font file of `size` bytes and `type`, or undefined: the site file's check and the push hook say it alike. */
export function fontTooLarge(size: number, type: FontType): string | undefined {
  const max = type === "woff2" ? MAX_WEB_FONT_BYTES : MAX_DRAWN_FONT_BYTES;
  if (size <= max) return undefined;
  return type === "woff2"
    ? `is ${Math.ceil(size / 1024)} KB; a web font loads with every page and widget, so it may be at most ${max / 1024} KB: subset it to the scripts the site uses`
    : `is ${Math.ceil(size / 1024)} KB; a font for the images may be at most ${max / 1024 / 1024} MB: subset it to the scripts the site uses`;
}

/** One font file from its bytes, or a problem's message (`shown`: how messages name the file). */
export function inspectFont(
  name: string,
  type: FontType,
  bytes: Uint8Array,
  shown: string,
): SiteFontFile | { problem: string } {
  const tooLarge = fontTooLarge(bytes.length, type);
  if (tooLarge) return { problem: `${shown} ${tooLarge}` };
  const start = ascii(bytes, 0, 4);
  if (bytes.length < 12 || !SIGNATURES[type].includes(start))
    return {
      problem: `${shown} is not a ${type.toUpperCase()} font (its bytes are something else); convert it, or name it for its type`,
    };
  return { file: name, type, hash: fileHash(bytes) };
}

/**
 * The site's font from its files (`bytesOf` each): the TTF or OTF for the images; for the web the
 * smallest of the WOFF2, the TTF or OTF, and the subset the build makes of the latter for a site in
 * `language` (src/authoring/font-subset.ts).
 */
export function siteFontOf(
  files: readonly SiteFontFile[],
  bytesOf: (file: SiteFontFile) => Uint8Array,
  language: string,
): SiteFont {
  const given = files.find((file) => file.type === "woff2");
  const drawn = files.find((file) => file.type !== "woff2");
  let web = given ?? drawn!;
  const subset = drawn && subsetWebFont(bytesOf(drawn), language);
  if (subset && subset.bytes.length < bytesOf(web).length)
    web = { file: drawn.file, type: "woff", hash: fileHash(subset.bytes), range: subset.range };
  return { web, ...(drawn ? { drawn } : {}) };
}
