// The site's logo (the site file's `logo`): an SVG, PNG or WebP image beside the site file, checked
// as the build reads it: its bytes are the type its name says, it is small enough to load with every
// page, and its size is known, so each page reserves its room before it loads (no layout shift).
import { createHash } from "node:crypto";
import { LOGO_TYPES, type LogoType, type SiteLogo } from "../site-identity.ts";

/** A logo loads with every page: at most this many bytes. */
export const MAX_LOGO_BYTES = 100 * 1024;

/** What is wrong with a logo of `size` bytes, or undefined: the site file's check and the push hook say it alike. */
export const logoTooLarge = (size: number) =>
  size > MAX_LOGO_BYTES
    ? `is ${Math.ceil(size / 1024)} KB; a logo loads with every page, so it may be at most ${MAX_LOGO_BYTES / 1024} KB: make it smaller`
    : undefined;

/** The logo's file name as written, or a problem's message. */
export function logoName(value: unknown): { name: string; type: LogoType } | { problem: string } {
  if (typeof value !== "string" || value.trim() === "")
    return {
      problem: `${JSON.stringify(value)} is not a file name; put the image beside the site file and write its name, like "logo.svg"`,
    };
  const name = value.trim();
  if (/[/\\]/.test(name) || name.startsWith(".") || /[\u0000-\u001f]/.test(name)) {
    return {
      problem: `"${name}" is not a plain file name; the logo is a file beside the site file, named like "logo.svg"`,
    };
  }
  const type = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (!type || !(LOGO_TYPES as readonly string[]).includes(type))
    return {
      problem: `"${name}" is not an SVG, PNG or WebP file; save the logo as one of them (a name ending .svg, .png or .webp)`,
    };
  return { name, type: type as LogoType };
}

/** The plain file name of the logo a site file's text names, if it names one (its own check says what else is wrong). */
export function logoNamedIn(siteFileText: string): string | undefined {
  try {
    const named = logoName((JSON.parse(siteFileText) as { logo?: unknown } | null)?.logo);
    return "name" in named ? named.name : undefined;
  } catch {
    return undefined;
  }
}

/** The logo from its bytes, or a problem's message (`shown`: how messages name the file). */
export function inspectLogo(
  name: string,
  type: LogoType,
  bytes: Uint8Array,
  shown: string,
): SiteLogo | { problem: string } {
  const tooLarge = logoTooLarge(bytes.length);
  if (tooLarge) return { problem: `${shown} ${tooLarge}` };
  const size = type === "svg" ? svgSize(bytes) : type === "png" ? pngSize(bytes) : webpSize(bytes);
  if (typeof size === "string") return { problem: `${shown} ${size}` };
  const [width, height] = size;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height)))
    return { problem: `${shown} has no width or height; give it a size` };
  // Whole pixels, as HTML's width and height attributes take them (scaled up first when a side is under
  // one): the page draws the logo 2rem high, so only the ratio counts.
  const scale = Math.max(1, 1 / Math.min(width, height));
  return {
    file: name,
    type,
    width: Math.round(width * scale),
    height: Math.round(height * scale),
    hash: fileHash(bytes),
  };
}

export function pngSize(bytes: Uint8Array): [number, number] | string {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, i) => bytes[i] !== byte) || ascii(bytes, 12, 16) !== "IHDR")
    return "is not a PNG image (its bytes are something else); save it as PNG, or name it for its type";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

/** A WebP's canvas size, from its first chunk: VP8X (extended), VP8L (lossless) or VP8 (lossy). */
export function webpSize(bytes: Uint8Array): [number, number] | string {
  const wrong = "is not a WebP image (its bytes are something else); save it as WebP, or name it for its type";
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 12) !== "WEBP") return wrong;
  const chunk = ascii(bytes, 12, 16);
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  if (chunk === "VP8X") return [u24(24) + 1, u24(27) + 1];
  if (chunk === "VP8L" && bytes[20] === 0x2f) {
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return [(bytes[26]! | (bytes[27]! << 8)) & 0x3fff, (bytes[28]! | (bytes[29]! << 8)) & 0x3fff];
  }
  return wrong;
}

/** An SVG's size in CSS pixels: its width and height when both are plain lengths, else its viewBox's. */
function svgSize(bytes: Uint8Array): [number, number] | string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "is not an SVG image (it is not UTF-8 text); save it as SVG, or name it for its type";
  }
  const root = /<svg\b([^>]*)>/i.exec(text.replace(/<!--[\s\S]*?-->/g, ""));
  if (!root) return "is not an SVG image (it has no <svg> element); save it as SVG, or name it for its type";
  const attribute = (name: string) =>
    new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
      .exec(root[1]!)
      ?.slice(1)
      .find((v) => v !== undefined);
  const length = (value: string | undefined) =>
    value && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? parseFloat(value) : undefined;
  const [width, height] = [length(attribute("width")), length(attribute("height"))];
  if (width && height) return [width, height];
  const box = attribute("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) return [box[2]!, box[3]!];
  return `has no size the page can reserve: give its <svg> element a viewBox, like viewBox="0 0 120 40"`;
}

/** The hash of a file the site file names (a logo, a font): a new file makes a new build. */
export const fileHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("base64url").slice(0, 16);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
