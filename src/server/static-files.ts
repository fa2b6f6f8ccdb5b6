// The built files of a build, served as Netlify serves its publish folder, from the build's manifest
// (src/eleventy/built-files.ts): a path resolves to a file (a folder's `index.html`, a path without
// extension's `.html`), or to a redirect to the folder, or to nothing, without a look at the disk;
// every answer gets the `_headers` rules of its path; a path with no file gets the first matching
// `_redirects` fallback's body with a 404. Answers carry the file's hash as ETag, its precompressed
// twin when the client takes one, and one byte range when asked, as RFC 9110 says.
import fs from "node:fs";
import path from "node:path";
import { buildPaths } from "../config.ts";
import { builtFilesAnswer, etagMatches, typedHeaders, withDefaultCache } from "../http/built-paths.ts";
import { staticHeaders } from "../http/netlify-rules.ts";
import type { Call, FileBody, ServerAnswer } from "../http/kernel.ts";
import type { HeaderSet } from "../http/policy.ts";
import { FALLBACKS, staticHeaderRules } from "../http/routes.ts";
import type { SiteAddress } from "../paths.ts";
import { META_FILE, shardFile, shardOf } from "../shards.ts";
import {
  countdownOfFile,
  isBuildName,
  type FileEntry,
  type ManifestMeta,
  type ManifestShard,
} from "../eleventy/built-files.ts";

type Encoding = "br" | "gzip";
type Bodies = Partial<Record<"identity" | Encoding, Uint8Array<ArrayBuffer>>>;

/** The manifest of a build is missing, corrupt or not of this service. */
export class ManifestError extends Error {
  override name = "ManifestError";
}

/** The built files of one build: what the manifest says of each, read a shard at a time. */
export interface BuiltFiles {
  /** The build's folder of published files (real path). */
  siteDir: string;
  id: string;
  count: number;
  /** Where the build is published: it is served under its base path. */
  site: SiteAddress;
  /** What the manifest says of a file of the site; undefined for a file the build did not write. Throws `ManifestError` for a shard that cannot be read. */
  entry(file: string): FileEntry | undefined;
  /** Where a file of the manifest is on the disk: in the build's own folder, or in the earlier build's that holds it. */
  locate(file: string, entry: FileEntry): string;
  /** The bodies of the fallbacks and their compressed twins, read once: they answer even if their files go missing. */
  fallbackBodies: Map<string, Bodies>;
  /** The `_headers` rules' headers of a path, with Netlify's default `Cache-Control` where they give none. */
  headersOf(sitePath: string): HeaderSet;
}

/** Loads the manifest of the build in `buildDir` (its meta at once, its shards when first needed) and the fallbacks' bodies. */
export function loadBuiltFiles(buildDir: string): BuiltFiles {
  const paths = buildPaths(buildDir);
  const meta = readJson(path.join(paths.manifest, META_FILE)) as Partial<ManifestMeta> | null;
  if (
    meta?.format !== 1 ||
    typeof meta.id !== "string" ||
    typeof meta.site?.origin !== "string" ||
    typeof meta.site.basePath !== "string" ||
    !Array.isArray(meta.facts?.tickerHashes) ||
    typeof meta.facts.pageStyleHash !== "string" ||
    typeof meta.facts.widgetStyleHash !== "string" ||
    !Number.isInteger(meta.count) ||
    !Number.isInteger(meta.shards) ||
    meta.shards! < 1 ||
    typeof meta.files !== "object" ||
    (meta.self !== undefined && typeof meta.self !== "string") ||
    (meta.homes !== undefined &&
      !(Array.isArray(meta.homes) && meta.homes.every((home) => home === null || isBuildName(home))))
  ) {
    throw new ManifestError(`the manifest ${META_FILE} is not one of this service's builds; build the site again`);
  }
  const site = new Map(Object.entries(meta.files!));
  const shards = new Map<number, Map<string, Record<string, FileEntry>>>();
  const shardOfSlug = (slug: string) => {
    const index = shardOf(slug, meta.shards!);
    let shard = shards.get(index);
    if (!shard) {
      const data = readJson(path.join(paths.manifest, shardFile(index))) as ManifestShard | null;
      if (typeof data !== "object" || data === null || Array.isArray(data))
        throw new ManifestError(`the manifest's ${shardFile(index)} is not an object of countdowns' files`);
      shards.set(index, (shard = new Map(Object.entries(data))));
    }
    return shard;
  };
  const entry = (file: string) => {
    const own = site.get(file);
    if (own) return own;
    const slug = countdownOfFile(file);
    return slug === undefined ? undefined : shardOfSlug(slug).get(slug)?.[file];
  };
  // A build made from an earlier one shares the files it did not change with the folders beside it that hold them.
  // The build's own name stands for the build itself, so that a build copied elsewhere whole serves.
  const homeSites = (meta.homes ?? []).map((home) =>
    home === null
      ? undefined
      : home === meta.self
        ? paths.site
        : buildPaths(path.join(path.dirname(buildDir), home)).site,
  );
  const locate = (file: string, [, , , , at]: FileEntry) => {
    if (at === undefined) return path.join(paths.site, file);
    const home = homeSites[at];
    if (home === undefined)
      throw new ManifestError(`the manifest names the build folder ${at} for ${file}, and has no such folder`);
    return path.join(home, file);
  };
  const fallbackBodies = new Map(
    FALLBACKS.map(({ file }) => {
      const found = entry(file);
      return [file, readWithTwins(found ? locate(file, found) : path.join(paths.site, file), found)];
    }),
  );
  return {
    siteDir: paths.site,
    id: meta.id!,
    count: meta.count!,
    site: meta.site,
    entry,
    locate,
    fallbackBodies,
    headersOf: withDefaultCache(staticHeaders(staticHeaderRules(meta.facts))),
  };
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ManifestError(
      `the manifest's ${path.basename(file)} cannot be read (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ManifestError(
      `the manifest's ${path.basename(file)} is not valid JSON (cut short while it was written?)`,
    );
  }
}

/**
 * The built files' answer to a GET or HEAD of `sitePath` (`query` kept by a redirect): the file, a
 * redirect to its folder, or the first matching fallback's 404, each with the `_headers` rules of
 * the path. Throws `ManifestError` when the manifest's shard of the path cannot be read.
 */
export function staticAnswer(files: BuiltFiles, call: Call, sitePath: string): ServerAnswer {
  return builtFilesAnswer<FileEntry, ServerAnswer>(
    {
      basePath: files.site.basePath,
      entry: files.entry,
      notFound: (file, headers) => notFoundAnswer(files, call, file, headers),
      found: (file, entry, headers) => fileAnswer(files, call, file, entry, headers),
    },
    call,
    sitePath,
    files.headersOf(sitePath),
  );
}

/** A 404 with the body of `file` (read when the build was loaded), compressed as the client accepts, with `headers`. */
export function notFoundAnswer(files: BuiltFiles, call: Call, file: string, headers: HeaderSet): ServerAnswer {
  const bodies = files.fallbackBodies.get(file)!;
  const encoding = acceptedEncoding(call.header("accept-encoding"), bodies.br !== undefined, bodies.gzip !== undefined);
  return {
    status: 404,
    headers: {
      ...typedHeaders(headers, file),
      ...(bodies.br || bodies.gzip ? { Vary: "Accept-Encoding" } : {}),
      ...(encoding !== "identity" ? { "Content-Encoding": encoding } : {}),
    },
    body: bodies[encoding]!,
  };
}

/** The built file a file body reads, or whose compressed twin it reads (its path and ".br" or ".gz"). */
export const builtFileOf = (body: FileBody) =>
  body.path.endsWith(body.name) ? body.path : body.path.replace(/\.(br|gz)$/, "");

/** A file and the compressed twins the build wrote beside it, as its manifest entry names them. */
function readWithTwins(file: string, entry: FileEntry | undefined): Bodies {
  const bodies: Bodies = { identity: fs.readFileSync(file) };
  const [, , brotli, gzip] = entry ?? [];
  if (brotli) bodies.br = fs.readFileSync(`${file}.br`);
  if (gzip) bodies.gzip = fs.readFileSync(`${file}.gz`);
  return bodies;
}

/**
 * The encoding to answer in, by RFC 9110 12.5.3: of the twins there are, the one the client weighs
 * highest (its own `q`, else that of `*`), brotli before gzip at equal weight; one weighed 0 never.
 * Without a header, or with none acceptable, the file as it is. Not negotiator: it chooses the same,
 * at about 18 times the cost (BENCHMARKS.md, "The built files' header parsers beside the libraries").
 */
function acceptedEncoding(accepted: string | undefined, br: boolean, gzip: boolean): "identity" | Encoding {
  if (!accepted) return "identity";
  // What browsers send ("gzip, deflate, br, zstd"): no weights, so each coding listed weighs 1.
  if (!/[;*]/.test(accepted))
    return br && /\bbr\b/i.test(accepted) ? "br" : gzip && /\bgzip\b/i.test(accepted) ? "gzip" : "identity";
  const weights = new Map<string, number>();
  for (const part of accepted.split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ""));
    if (coding && Number.isFinite(weight) && weight >= 0 && weight <= 1)
      weights.set(coding, Math.max(weight, weights.get(coding) ?? 0));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  let chosen: "identity" | Encoding = "identity";
  let best = 0;
  for (const [coding, exists] of [
    ["br", br],
    ["gzip", gzip],
  ] as const) {
    if (exists && weightOf(coding) > best) [chosen, best] = [coding, weightOf(coding)];
  }
  return chosen;
}

// ---- Sending a file ----------------------------------------------------------------------------

/** What a byte range asks of a representation of `size` bytes (RFC 9110, 14.1.2). */
type RangeAnswer = { start: number; end: number } | "whole" | "unsatisfiable";

/**
 * Reads a `Range` header: one `bytes=first-last`, `bytes=first-` or `bytes=-suffix` range is served;
 * a header that is not a valid `bytes` range, or asks for several, is ignored (the whole file, as
 * RFC 9110 allows); a valid range that starts past the end, or a suffix of 0 bytes, cannot be met;
 * positions of any length are read (an end or a suffix past the file's is cut to it).
 * Not range-parser (the one `send` uses, here through Eleventy's dev server): it answers 416 to
 * `bytes=5-2`, a range RFC 9110 14.1.1 makes invalid, so that the header is ignored (as nginx does);
 * it reads everything else the same (BENCHMARKS.md), and one range is all this serves.
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return "whole";
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/.exec(header);
  if (!match || (match[1] === "" && match[2] === "")) return "whole";
  const [first, last] = [match[1]!, match[2]!];
  if (first === "") {
    const suffix = position(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = position(first);
  const end = last === "" ? Infinity : position(last);
  if (end < start) return "whole";
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}

/**
 * A byte position as written (digits, of any length): a number past any file's size (more than 15
 * digits, beyond what a double holds exactly) is Infinity, which the RFC's rules then clamp or refuse.
 */
const position = (digits: string) => {
  const significant = digits.replace(/^0+(?=\d)/, "");
  return significant.length > 15 ? Infinity : Number(significant);
};

/**
 * The answer of a built file of `files` with `headers` (the rules' of its path): the representation
 * the client accepts, 304 for a matching `If-None-Match`, one byte range when asked (of the identity),
 * the type by its extension where the rules give none. The body is the file's bytes on the disk,
 * which the adapter opens; the length is the manifest's. The answer of a whole file is made once per
 * file, encoding and rules and then reused: most requests are for whole files, and making it anew
 * (a copy of a dozen headers) was most of what the kernel's answers cost over writing the headers
 * one by one (`npm run bench`, built files under load).
 */
function fileAnswer(files: BuiltFiles, call: Call, file: string, entry: FileEntry, headers: HeaderSet): ServerAnswer {
  const [size, hash, brSize, gzSize] = entry;
  const rangeHeader = call.header("range");
  // A range is of the identity: a client that asks for one gets the file as it is.
  const encoding =
    rangeHeader === undefined ? acceptedEncoding(call.header("accept-encoding"), brSize > 0, gzSize > 0) : "identity";
  const etag = encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding}"`;
  if (etagMatches(call.header("if-none-match"), etag))
    return { status: 304, headers: representation(file, entry, headers, encoding, etag, false) };
  const length = encoding === "br" ? brSize : encoding === "gzip" ? gzSize : size;
  // If-Range with another tag: the file changed, so the whole of it.
  const ifRange = call.header("if-range");
  const range = ifRange !== undefined && ifRange !== etag ? "whole" : rangeOf(rangeHeader, length);
  if (range === "whole") return wholeAnswer(files, file, entry, headers, encoding, etag, length);
  if (range === "unsatisfiable")
    return {
      status: 416,
      headers: { ...representation(file, entry, headers, encoding, etag), "Content-Range": `bytes */${length}` },
      body: "",
    };
  const { start, end } = range;
  return {
    status: 206,
    headers: {
      ...representation(file, entry, headers, encoding, etag),
      "Content-Range": `bytes ${start}-${end}/${length}`,
    },
    body: { kind: "file", path: where(files, file, entry, encoding), name: file, start, count: end - start + 1 },
  };
}

/** The headers of a file's representation: the rules', its ETag, its type, its encoding, and (`ranges`, not on a 304) that it is served in ranges. */
function representation(
  file: string,
  entry: FileEntry,
  headers: HeaderSet,
  encoding: "identity" | Encoding,
  etag: string,
  ranges = true,
): HeaderSet {
  const made: Record<string, string> = { ...typedHeaders(headers, file), ETag: etag };
  if (entry[2] || entry[3]) made.Vary = "Accept-Encoding";
  if (encoding !== "identity") made["Content-Encoding"] = encoding;
  else if (ranges) made["Accept-Ranges"] = "bytes";
  return made;
}

/** Where the bytes of a file in an encoding are on the disk: the file, or its twin. */
const where = (files: BuiltFiles, file: string, entry: FileEntry, encoding: "identity" | Encoding) =>
  files.locate(file, entry) + (encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "");

/** Whole-file answers made, by build; each build's at most WHOLE_ANSWERS (then they are made anew). */
const wholeAnswers = new WeakMap<BuiltFiles, Map<string, { headers: HeaderSet; answer: ServerAnswer }>>();
const WHOLE_ANSWERS = 10_000;

function wholeAnswer(
  files: BuiltFiles,
  file: string,
  entry: FileEntry,
  headers: HeaderSet,
  encoding: "identity" | Encoding,
  etag: string,
  length: number,
): ServerAnswer {
  let made = wholeAnswers.get(files);
  if (!made) wholeAnswers.set(files, (made = new Map()));
  const key = `${encoding} ${file}`;
  const kept = made.get(key);
  if (kept && kept.headers === headers) return kept.answer;
  const answer: ServerAnswer = {
    status: 200,
    headers: { ...representation(file, entry, headers, encoding, etag), "Content-Length": String(length) },
    body: { kind: "file", path: where(files, file, entry, encoding), name: file, start: 0, count: length },
  };
  if (made.size >= WHOLE_ANSWERS) made.clear();
  made.set(key, { headers, answer });
  return answer;
}
