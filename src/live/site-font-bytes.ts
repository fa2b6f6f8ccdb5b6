// The site's font (its site file's `font`) as the live data keeps it, for whatever draws text in it:
// the email image, the link preview and the badge. Free of the renderer, so an answer that draws no
// image (the badge) does not load one.
import { fromBase64 } from "../images/done-frame.ts";
import type { LiveStore } from "./live-store.ts";

export interface SiteFontBytes {
  /** Its live data file: a new font, a new name. */
  name: string;
  bytes: Uint8Array;
}

/** Each font's bytes, decoded once from the live data's file (the store keeps the file it read). */
const fontBytes = new WeakMap<object, Uint8Array>();

/** The live data's file of the site's font, where it has one: what `siteFontOf` reads. */
export const siteFontFiles = (store: LiveStore): string[] => (store.siteFont ? [store.siteFont] : []);

/** The site's font as the live data keeps it (its site file's `font`), or nothing: the bundled fonts alone. */
export function siteFontOf(store: LiveStore): { font?: SiteFontBytes } {
  if (!store.siteFont) return {};
  const file = store.file(store.siteFont) as { base64: string };
  let bytes = fontBytes.get(file);
  if (!bytes) fontBytes.set(file, (bytes = fromBase64(file.base64)));
  return { font: { name: store.siteFont, bytes } };
}
