// The pictures of a build (src/authoring/done-image.ts: done images and countdowns' images): each file
// checked as the build reads it (its type, its size in bytes and pixels), published under its hash; a
// done image drawn once into the palette picture the email image scales into its frame at zero
// (src/images/done-frame.ts), a file of the live data (`done/<hash>.json`); an image the link preview
// draws kept in the live data as it is (`image/<name>.json`).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "../images/resvg.ts";
import { pngSize, webpSize } from "../authoring/logo.ts";
import type { Countdown, Problem } from "../authoring/countdown.ts";
import { doneBitmapFile, doneImagePath, headerImagePath, imageBackgroundFile } from "../paths.ts";
import {
  DONE_IMAGE_RULE,
  HEADER_IMAGE_RULE,
  distinctDoneImages,
  type DoneImage,
  type ImageRule,
  type ImageType,
} from "../authoring/done-image.ts";
import { DONE_BITMAP_SIDE, quantize, type DoneBitmap } from "../images/done-frame.ts";

/** A JPEG's size, from its first start-of-frame marker. */
function jpegSize(bytes: Uint8Array): [number, number] | string {
  const wrong = "is not a JPEG image (its bytes are something else); save it as JPEG, or name it for its type";
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return wrong;
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return wrong;
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    // SOF0 to SOF15, but DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return [(bytes[at + 7]! << 8) | bytes[at + 8]!, (bytes[at + 5]! << 8) | bytes[at + 6]!];
    at += 2 + length;
  }
  return "is a JPEG without a size (no frame header); save it again";
}

/** A GIF's logical screen size. */
function gifSize(bytes: Uint8Array): [number, number] | string {
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (bytes.length < 10 || (signature !== "GIF87a" && signature !== "GIF89a"))
    return "is not a GIF image (its bytes are something else); save it as GIF, or name it for its type";
  return [bytes[6]! | (bytes[7]! << 8), bytes[8]! | (bytes[9]! << 8)];
}

/** An image's type by its first bytes (its signature); undefined for none of ImageType. */
function typeOfBytes(bytes: Uint8Array): ImageType | undefined {
  const text = String.fromCharCode(...bytes.subarray(0, 12));
  if (text.startsWith("\x89PNG")) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "jpeg";
  if (text.startsWith("GIF8")) return "gif";
  if (text.startsWith("RIFF") && text.slice(8) === "WEBP") return "webp";
  return undefined;
}

const TYPE_NAMES: Record<ImageType, string> = { png: "PNG", jpeg: "JPEG", gif: "GIF", webp: "WebP" };
const SIZE_OF = { png: pngSize, jpeg: jpegSize, gif: gifSize, webp: webpSize };

/** A picture from its bytes by its rule, or a problem's message (`shown`: how messages name the file). */
function inspectImage(
  file: string,
  bytes: Uint8Array,
  shown: string,
  rule: ImageRule,
): DoneImage | { problem: string } {
  if (bytes.length > rule.maxBytes)
    return {
      problem: `${shown} is ${Math.ceil(bytes.length / 1024)} KB; ${rule.noun} ${rule.loads}, so it may be at most ${rule.maxBytes / 1024} KB: make it smaller`,
    };
  const type: ImageType | undefined = rule.byName
    ? /\.png$/i.test(file)
      ? "png"
      : /\.gif$/i.test(file)
        ? "gif"
        : "jpeg"
    : typeOfBytes(bytes);
  if (!type || !rule.types.includes(type)) {
    const names = rule.types.map((name) => TYPE_NAMES[name]);
    return {
      problem: `${shown} is not a ${names.slice(0, -1).join(", ")} or ${names.at(-1)} image (its bytes are ${type ? `a ${TYPE_NAMES[type]}'s` : "something else"}); save it as one of those`,
    };
  }
  const size = SIZE_OF[type](bytes);
  if (typeof size === "string") return { problem: `${shown} ${size}` };
  const [width, height] = size;
  if (width < rule.minWidth || height < rule.minHeight || Math.max(width, height) > rule.maxSide)
    return { problem: `${shown} is ${width} × ${height} pixels; ${rule.noun} is ${rule.sides}: resize it` };
  return { file, type, width, height, hash: createHash("sha256").update(bytes).digest("base64url").slice(0, 16) };
}

const MIME: Record<ImageType, string> = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

/** The done image drawn (by resvg: PNG, JPEG, a GIF's first frame) at most DONE_BITMAP_SIDE a side, as the live data keeps it. */
function doneBitmap(bytes: Uint8Array, image: DoneImage): DoneBitmap {
  const scale = Math.min(1, DONE_BITMAP_SIDE / Math.max(image.width, image.height));
  const [width, height] = [image.width, image.height].map((side) => Math.max(1, Math.round(side * scale)));
  const href = `data:${MIME[image.type]};base64,${Buffer.from(bytes).toString("base64")}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" preserveAspectRatio="none" href="${href}"/></svg>`;
  const rendered = new Resvg(svg).render();
  // resvg's pixels have their alpha multiplied in: taken out again.
  const rgba = new Uint8Array(rendered.pixels);
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3]!;
    if (alpha > 0 && alpha < 255)
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.min(255, Math.round((rgba[i + c]! * 255) / alpha));
  }
  return quantize(rgba, rendered.width, rendered.height);
}

/**
 * The countdowns with their pictures (`done_image`, `image`) read and checked, or the problems of those
 * that cannot be read: each file named from `root` (the folder that holds the countdowns folder), and
 * the problems of each countdown under its file's name, `<displayDir>/<slug>.md` or `fileOf` it. A
 * countdown with a problem keeps none of its pictures: the build fails whole.
 */
export function readCountdownImages(
  countdowns: Countdown[],
  root: string,
  displayDir: string,
  fileOf = (countdown: Countdown) => `${displayDir}/${countdown.slug}.md`,
): { countdowns: Countdown[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const read = countdowns.map((countdown) => {
    let checked = countdown;
    for (const [rule, file, key] of [
      [DONE_IMAGE_RULE, countdown.doneImageFile, "doneImage"],
      [HEADER_IMAGE_RULE, countdown.imageFile, "image"],
    ] as const) {
      if (!file) continue;
      const problem = (message: string) => problems.push({ file: fileOf(countdown), field: rule.field, message });
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(path.join(root, file));
      } catch {
        problem(
          `"${file}" is not a file in the repository; put the image there, named from the folder that holds ${displayDir}/`,
        );
        continue;
      }
      const image = inspectImage(file, bytes, `"${file}"`, rule);
      if ("problem" in image) problem(image.problem);
      else checked = { ...checked, [key]: image };
    }
    return checked;
  });
  return { countdowns: read, problems };
}

/**
 * The live data's pictures: the done bitmaps (`done/<hash>.json`), one for each done image the
 * countdowns show, and each image the link preview draws as its background (`image/<name>.json`, the
 * file as a data: URL; a PNG or JPEG, what resvg draws).
 */
export async function writeLiveImages(liveDir: string, countdowns: readonly Countdown[], root: string): Promise<void> {
  await writeDoneBitmaps(liveDir, countdowns, root);
  for (const image of new Map(
    countdowns.flatMap(({ image }) => (image ? [[image.hash, image] as const] : [])),
  ).values()) {
    if (!previewDraws(image)) continue;
    const file = path.join(liveDir, imageBackgroundFile(headerImagePath(image)));
    await mkdir(path.dirname(file), { recursive: true });
    const href = `data:${MIME[image.type]};base64,${readFileSync(path.join(root, image.file)).toString("base64")}`;
    await writeFile(file, JSON.stringify({ href }));
  }
}

/** Whether the link preview draws `image` (resvg reads PNG and JPEG, not WebP). */
export const previewDraws = (image: DoneImage) => image.type === "png" || image.type === "jpeg";

/** The live data's done bitmaps (`done/<hash>.json`), one for each image the countdowns show. */
async function writeDoneBitmaps(liveDir: string, countdowns: readonly Countdown[], root: string): Promise<void> {
  for (const image of distinctDoneImages(countdowns)) {
    const file = path.join(liveDir, doneBitmapFile(doneImagePath(image)));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(doneBitmap(readFileSync(path.join(root, image.file)), image)));
  }
}
