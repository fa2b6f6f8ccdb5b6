// The files a build of the site writes, by path inside the site: the site's own, each countdown's,
// and the pages of the index; and the manifest that records them for the Node server, which serves
// from it without looking at the disk.
import type { BuildFacts } from "../http/policy.ts";
import type { Countdown } from "../authoring/countdown.ts";
import type { SiteIdentity } from "../site-identity.ts";
import { publishedImages } from "../authoring/done-image.ts";
import {
  API_NOT_FOUND,
  CALENDAR_FEED_PATH,
  INDEX_PATH,
  CREATOR_SCRIPT_PATH,
  ELEMENT_PARTS,
  elementPartPath,
  ELEMENT_SCRIPT_PATH,
  NEW_PAGE_PATH,
  NOT_FOUND_PAGE,
  OPENAPI_PATH,
  PAGES_PATH,
  PAGE_SCRIPT_PATH,
  WIDGET_SCRIPT_PATH,
  SCHEMA_PATH,
  EDITOR_CONFIG_PATH,
  WIDGET_NOT_FOUND,
  calendarPath,
  dataPath,
  embedFile,
  fileOf,
  indexPagePath,
  indexPages,
  fontPath,
  logoPath,
  ownerPagePath,
  pagePath,
  type SiteAddress,
} from "../paths.ts";

/** The site's own files (a path ending in "/" is its `index.html`). */
const SITE_FILES = /* @__PURE__ */ (() =>
  [
    INDEX_PATH,
    NOT_FOUND_PAGE,
    NEW_PAGE_PATH,
    PAGES_PATH,
    OPENAPI_PATH,
    SCHEMA_PATH,
    EDITOR_CONFIG_PATH,
    CALENDAR_FEED_PATH,
    PAGE_SCRIPT_PATH,
    WIDGET_SCRIPT_PATH,
    CREATOR_SCRIPT_PATH,
    ELEMENT_SCRIPT_PATH,
    ...ELEMENT_PARTS.map(elementPartPath),
    API_NOT_FOUND,
    WIDGET_NOT_FOUND,
  ].map(fileOf))();

/** The site's own files, its logo's and font's among them when it has them, and the countdowns' pictures (done images, images; each once). */
export const siteFiles = (
  { logo, font }: Pick<SiteIdentity, "logo" | "font">,
  countdowns: readonly Pick<Countdown, "doneImage" | "image">[] = [],
) => [
  ...SITE_FILES,
  ...(logo ? [fileOf(logoPath(logo.type))] : []),
  ...(font ? [fileOf(fontPath(font.web))] : []),
  ...publishedImages(countdowns).map((image) => fileOf(image.path)),
];

/** The files of one countdown. */
export const countdownFiles = (slug: string) =>
  [pagePath(slug), ownerPagePath(slug), calendarPath(slug), embedFile(slug), dataPath(slug)].map(fileOf);

// The same files as patterns, made from the path builders: the slug where it stands, once or more.
const COUNTDOWN_FILE_PATTERNS = /* @__PURE__ */ (() =>
  countdownFiles("\0").map(
    (file) =>
      new RegExp(
        `^${file
          .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
          .replace("\0", "([^/]+)")
          .replaceAll("\0", "\\1")}$`,
      ),
  ))();

/** The files of the index's pages after the first (the first is among SITE_FILES). */
export const indexPageFiles = (count: number) =>
  Array.from({ length: indexPages(count) - 1 }, (_, i) => fileOf(indexPagePath(i + 2)));

// Page n of the index as a pattern, made from its path builder.
const INDEX_PAGE_FILE = /* @__PURE__ */ (() =>
  new RegExp(`^${fileOf(indexPagePath(2)).replace(/[.]/g, "\\.").replace("2", "([1-9][0-9]*)")}$`))();

/** The page number of a file of the index after the first; undefined for any other path. */
export function indexPageOfFile(file: string): number | undefined {
  const match = INDEX_PAGE_FILE.exec(file);
  return match ? Number(match[1]) : undefined;
}

/** The slug of a countdown's file (`/<slug>/index.html`, `/api/embed/<slug>.html`, ...); undefined for any other path. */
export function countdownOfFile(file: string): string | undefined {
  for (const pattern of COUNTDOWN_FILE_PATTERNS) {
    const match = pattern.exec(file);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * A built file as the manifest records it: its size, a hash of its bytes (its ETag), the sizes of its
 * brotli and gzip twins (0: none), and the index in the manifest's `homes` of the build folder that
 * holds it: its own, or an earlier build's it shares the file with (src/publish/build-folders.ts).
 */
export type FileEntry = [size: number, hash: string, brotli: number, gzip: number, home?: number];

/**
 * A file of a build as the build that writes it and the next one know it (the manifest's FileEntry,
 * with the folder that holds it named): its size, the hash of its bytes, the sizes of its twins
 * (0: none), and the build folder that holds it (undefined: the build's own).
 */
export interface BuiltFile {
  size: number;
  hash: string;
  brotli: number;
  gzip: number;
  home?: string;
}

/**
 * The manifest of a build (`<build>/manifest/`): `meta.json` with the site's own files and the index
 * pages, and each countdown's files in the shard of its slug (src/shards.ts), so a server reads one
 * shard to serve a countdown and starts as fast at 100,000 countdowns as at 5.
 */
export interface ManifestMeta {
  format: 1;
  /** The build's name: a hash of what it was made from (its record), the same for the same inputs. */
  id: string;
  /** Where the build is published: the Node server serves under its base path. */
  site: SiteAddress;
  /** What the headers of its files depend on (src/http/routes.ts). */
  facts: BuildFacts;
  /** How many countdowns, and in how many shards. */
  count: number;
  shards: number;
  /**
   * The build folders, beside this one, that hold its files, this one's among them (none: every file
   * is in its own folder, as on Netlify; null: a slot no entry names, free for a later build); and
   * per shard those its entries name, by index in `homes`.
   */
  homes?: (string | null)[];
  shardHomes?: number[][];
  /** The name of the build's own folder among `homes`: its files are found in the build, wherever it is copied. */
  self?: string;
  files: Record<string, FileEntry>;
}

/** A shard of the manifest: each countdown's files, by slug. */
export type ManifestShard = Record<string, Record<string, FileEntry>>;

/** Whether `name` can be a folder among the builds, as a manifest's `homes` names them (not a path, not `.` or `..`). */
export const isBuildName = (name: unknown): name is string =>
  typeof name === "string" && /^[\w.-]+$/.test(name) && !/^\.\.?$/.test(name);
