// A countdown file's `done_image`: a picture shown at zero in place of the zeros (the email image, the
// widget and the page). Its file is in the repository, named from the folder that holds `countdowns/`;
// the field is checked where the file is parsed (also in the browser's creator), the file itself where
// the build reads it (src/publish/done-images.ts).

export const DONE_IMAGE_TYPES = ["png", "jpeg", "gif"] as const;
export type DoneImageType = (typeof DONE_IMAGE_TYPES)[number];
/** The largest file: it loads in a widget, an email and a page. */
export const DONE_IMAGE_MAX_BYTES = 1024 * 1024;
/** Its sides: at least this many pixels, at most `DONE_IMAGE_MAX_SIDE`. */
export const DONE_IMAGE_MIN_SIDE = 16;
export const DONE_IMAGE_MAX_SIDE = 4096;

/** A done image as the build publishes it. */
export interface DoneImage {
  /** The path as written, from the folder that holds `countdowns/`. */
  file: string;
  type: DoneImageType;
  width: number;
  height: number;
  /** Of its bytes: its published name (`doneImagePath`) changes with them. */
  hash: string;
}

/** The done images of `countdowns`, each once (countdowns may share one file). */
export const distinctDoneImages = (countdowns: readonly { doneImage?: DoneImage }[]): DoneImage[] => [
  ...new Map(countdowns.flatMap(({ doneImage }) => (doneImage ? [[doneImage.hash, doneImage] as const] : []))).values(),
];

const EXAMPLE = 'done_image: "images/sale-over.png"';

/** The field as written: a relative path of a PNG, JPEG or GIF file, or a problem's message. */
export function doneImageFile(value: unknown): string | { problem: string } {
  if (typeof value !== "string" || value.trim() === "")
    return { problem: `must be the path of an image file, like ${EXAMPLE}` };
  const file = value.trim();
  if (file.startsWith("/") || /\\|(^|\/)\.\.?(\/|$)|[\u0000-\u001f]/.test(file))
    return {
      problem: `"${file}" is not a plain path inside the repository; write it from the folder that holds countdowns/, like ${EXAMPLE}`,
    };
  if (!/\.(png|jpe?g|gif)$/i.test(file))
    return { problem: `"${file}" is not a PNG, JPEG or GIF file (a name ending .png, .jpg, .jpeg or .gif)` };
  return file;
}
