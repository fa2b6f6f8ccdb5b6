// A countdown file's pictures from the repository: `done_image`, shown at zero in place of the zeros
// (the email image, the widget and the page), and `image`, the countdown's own picture (its page's
// header, its link preview's background, its widget's background with `background=image`). Each file
// is in the repository, named from the folder that holds `countdowns/`; the field is checked where the
// file is parsed (also in the browser's creator), the file itself where the build reads it
// (src/publish/done-images.ts), each by its rule below.
import { doneImagePath, headerImagePath } from "../paths.ts";

export type ImageType = "png" | "jpeg" | "gif" | "webp";
const DONE_IMAGE_TYPES = ["png", "jpeg", "gif"] as const;
/** The largest file: it loads in a widget, an email and a page. */
export const DONE_IMAGE_MAX_BYTES = 1024 * 1024;
/** Its sides: at least this many pixels, at most `DONE_IMAGE_MAX_SIDE`. */
export const DONE_IMAGE_MIN_SIDE = 16;
export const DONE_IMAGE_MAX_SIDE = 4096;

/** A countdown's `image`: its largest file (it loads with its page, first), its least width and height, its largest side. */
export const HEADER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const HEADER_IMAGE_MIN_WIDTH = 600;
export const HEADER_IMAGE_MIN_HEIGHT = 315;
export const HEADER_IMAGE_MAX_SIDE = 4096;
/** The longest `image_alt`. */
export const IMAGE_ALT_MAX = 300;

/** A picture of the repository as the build publishes it. */
export interface DoneImage {
  /** The path as written, from the folder that holds `countdowns/`. */
  file: string;
  type: ImageType;
  width: number;
  height: number;
  /** Of its bytes: its published name (`doneImagePath`, `headerImagePath`) changes with them. */
  hash: string;
}

/** What a picture field takes, and how its messages say it. */
export interface ImageRule {
  field: "done_image" | "image";
  /** What the messages call it. */
  noun: string;
  /** Its types; a done image's is its name's (checked against its bytes), an image's its bytes' alone. */
  types: readonly ImageType[];
  byName: boolean;
  maxBytes: number;
  /** Why it must be small, in the message of one too large. */
  loads: string;
  minWidth: number;
  minHeight: number;
  maxSide: number;
  /** Its sizes in words, in the message of one too small or too large. */
  sides: string;
  example: string;
}

export const DONE_IMAGE_RULE: ImageRule = {
  field: "done_image",
  noun: "a done image",
  types: DONE_IMAGE_TYPES,
  byName: true,
  maxBytes: DONE_IMAGE_MAX_BYTES,
  loads: "loads in widgets and emails",
  minWidth: DONE_IMAGE_MIN_SIDE,
  minHeight: DONE_IMAGE_MIN_SIDE,
  maxSide: DONE_IMAGE_MAX_SIDE,
  sides: `${DONE_IMAGE_MIN_SIDE} to ${DONE_IMAGE_MAX_SIDE} pixels a side`,
  example: 'done_image: "images/sale-over.png"',
};

export const HEADER_IMAGE_RULE: ImageRule = {
  field: "image",
  noun: "a countdown's image",
  types: ["png", "jpeg", "webp"],
  byName: false,
  maxBytes: HEADER_IMAGE_MAX_BYTES,
  loads: "loads first with its page and in its widget",
  minWidth: HEADER_IMAGE_MIN_WIDTH,
  minHeight: HEADER_IMAGE_MIN_HEIGHT,
  maxSide: HEADER_IMAGE_MAX_SIDE,
  sides: `at least ${HEADER_IMAGE_MIN_WIDTH} × ${HEADER_IMAGE_MIN_HEIGHT} pixels and at most ${HEADER_IMAGE_MAX_SIDE} pixels a side`,
  example: 'image: "images/launch.jpg"',
};

/** The done images of `countdowns`, each once (countdowns may share one file). */
export const distinctDoneImages = (countdowns: readonly { doneImage?: DoneImage }[]): DoneImage[] => [
  ...new Map(countdowns.flatMap(({ doneImage }) => (doneImage ? [[doneImage.hash, doneImage] as const] : []))).values(),
];

/** Every picture `countdowns` publish (done images and images), each once: its file, and its path on the site. */
export const publishedImages = (
  countdowns: readonly { doneImage?: DoneImage; image?: DoneImage }[],
): { file: string; path: string }[] =>
  [
    ...new Map(
      countdowns.flatMap(({ doneImage, image }) => [
        ...(doneImage ? [[doneImagePath(doneImage), doneImage.file] as const] : []),
        ...(image ? [[headerImagePath(image), image.file] as const] : []),
      ]),
    ),
  ].map(([path, file]) => ({ file, path }));

/** The field as written, by its rule: a relative path (of a PNG, JPEG or GIF file, for a done image), or a problem's message. */
export function imageFile(value: unknown, rule: ImageRule): string | { problem: string } {
  if (typeof value !== "string" || value.trim() === "")
    return { problem: `must be the path of an image file, like ${rule.example}` };
  const file = value.trim();
  if (file.startsWith("/") || /\\|(^|\/)\.\.?(\/|$)|[\u0000-\u001f]/.test(file))
    return {
      problem: `"${file}" is not a plain path inside the repository; write it from the folder that holds countdowns/, like ${rule.example}`,
    };
  if (rule.byName && !/\.(png|jpe?g|gif)$/i.test(file))
    return { problem: `"${file}" is not a PNG, JPEG or GIF file (a name ending .png, .jpg, .jpeg or .gif)` };
  return file;
}

/** A done image's field as written (DONE_IMAGE_RULE). */
export const doneImageFile = (value: unknown) => imageFile(value, DONE_IMAGE_RULE);
