// The built files of a build, served as Netlify serves its publish folder, from the build's manifest
// (src/site/built-files.ts): a path resolves to a file (a folder's `index.html`, a path without
// extension's `.html`), or to a redirect to the folder, or to nothing, without a look at the disk;
// every answer gets the `_headers` rules of its path; a path with no file gets the first matching
// `_redirects` fallback's body with a 404. Answers carry the file's hash as ETag, its precompressed
// twin when the client takes one, and one byte range when asked, as RFC 9110 says.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { lookup } from "mrmime";
import { buildPaths } from "../config.ts";
import { staticHeaders } from "../http/netlify-rules.ts";
import { STATIC_DEFAULT_CACHE, type HeaderSet } from "../http/policy.ts";
import { FALLBACKS, PLATFORM_FILES, staticHeaderRules } from "../http/routes.ts";
import type { SiteAddress } from "../paths.ts";
import { shardOf } from "../shards.ts";
import { MANIFEST_META, countdownOfFile, isBuildName, manifestShardFile, type FileEntry, type ManifestMeta, type ManifestShard } from "../site/built-files.ts";

type Encoding = "br" | "gzip";
type Bodies = Partial<Record<"identity" | Encoding, Buffer>>;

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
  /** The `_headers` rules' headers of a path. */
  headersOf(sitePath: string): HeaderSet;
}

/** Loads the manifest of the build in `buildDir` (its meta at once, its shards when first needed) and the fallbacks' bodies. */
export function loadBuiltFiles(buildDir: string): BuiltFiles {
  const paths = buildPaths(buildDir);
  const meta = readJson(path.join(paths.manifest, MANIFEST_META)) as Partial<ManifestMeta> | null;
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
    (meta.homes !== undefined && !(Array.isArray(meta.homes) && meta.homes.every((home) => home === null || isBuildName(home))))
  ) {
    throw new ManifestError(`the manifest ${MANIFEST_META} is not one of this service's builds; build the site again`);
  }
  const site = new Map(Object.entries(meta.files!));
  const shards = new Map<number, Map<string, Record<string, FileEntry>>>();
  const shardOfSlug = (slug: string) => {
    const index = shardOf(slug, meta.shards!);
    let shard = shards.get(index);
    if (!shard) {
      const data = readJson(path.join(paths.manifest, manifestShardFile(index))) as ManifestShard | null;
      if (typeof data !== "object" || data === null || Array.isArray(data)) throw new ManifestError(`the manifest's ${manifestShardFile(index)} is not an object of countdowns' files`);
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
  const homeSites = (meta.homes ?? []).map((home) => (home === null ? undefined : home === meta.self ? paths.site : buildPaths(path.join(path.dirname(buildDir), home)).site));
  const locate = (file: string, [, , , , at]: FileEntry) => {
    if (at === undefined) return path.join(paths.site, file);
    const home = homeSites[at];
    if (home === undefined) throw new ManifestError(`the manifest names the build folder ${at} for ${file}, and has no such folder`);
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
    headersOf: staticHeaders(staticHeaderRules(meta.facts)),
  };
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ManifestError(`the manifest's ${path.basename(file)} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ManifestError(`the manifest's ${path.basename(file)} is not valid JSON (cut short while it was written?)`);
  }
}

/** How Netlify answers a path of its publish folder: a file, a redirect to the folder, or nothing. */
export type Resolution = { file: string; entry: FileEntry } | { redirect: string } | undefined;

export function resolve(files: BuiltFiles, sitePath: string): Resolution {
  if ((PLATFORM_FILES as readonly string[]).includes(sitePath)) return undefined;
  const found = (file: string) => {
    const entry = files.entry(file);
    return entry && { file, entry };
  };
  if (sitePath.endsWith("/")) return found(`${sitePath}index.html`);
  // A path without an extension is served from its `.html` file, and a folder's path without its
  // slash is redirected to it.
  const answer = found(sitePath) ?? (!/\.[^/]*$/.test(sitePath) ? found(`${sitePath}.html`) : undefined);
  if (answer) return answer;
  return files.entry(`${sitePath}/index.html`) ? { redirect: `${sitePath}/` } : undefined;
}

/** The `_headers` rules of a path, and Netlify's own default for what they leave out. */
export function setStaticHeaders(res: http.ServerResponse, headers: HeaderSet): void {
  for (const name in headers) res.setHeader(name, headers[name]!);
  if (!("Cache-Control" in headers)) res.setHeader("Cache-Control", STATIC_DEFAULT_CACHE);
}

/** A 404 with the body of `file`, compressed as the client accepts; the requested path's headers are set. */
export function sendNotFound(files: BuiltFiles, req: http.IncomingMessage, res: http.ServerResponse, file: string): void {
  const bodies = files.fallbackBodies.get(file)!;
  const encoding = acceptedEncoding(req.headers["accept-encoding"], bodies.br !== undefined, bodies.gzip !== undefined);
  const body = bodies[encoding]!;
  res.statusCode = 404;
  if (!res.hasHeader("Content-Type")) res.setHeader("Content-Type", contentType(file));
  if (bodies.br || bodies.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

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
 * Without a header, or with none acceptable, the file as it is.
 */
function acceptedEncoding(accepted: string | undefined, br: boolean, gzip: boolean): "identity" | Encoding {
  if (!accepted) return "identity";
  // What browsers send ("gzip, deflate, br, zstd"): no weights, so each coding listed weighs 1.
  if (!/[;*]/.test(accepted)) return br && /\bbr\b/i.test(accepted) ? "br" : gzip && /\bgzip\b/i.test(accepted) ? "gzip" : "identity";
  const weights = new Map<string, number>();
  for (const part of accepted.split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ""));
    if (coding && Number.isFinite(weight) && weight >= 0 && weight <= 1) weights.set(coding, Math.max(weight, weights.get(coding) ?? 0));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  let chosen: "identity" | Encoding = "identity";
  let best = 0;
  for (const [coding, exists] of [["br", br], ["gzip", gzip]] as const) {
    if (exists && weightOf(coding) > best) [chosen, best] = [coding, weightOf(coding)];
  }
  return chosen;
}

const types = new Map<string, string>();
/** The type of a file, as a static host gives it by its extension; text in UTF-8, as the build writes it. */
export function contentType(file: string): string {
  const extension = path.extname(file);
  let type = types.get(extension);
  if (type === undefined) {
    const found = lookup(file) ?? "application/octet-stream";
    type = /^text\/|^application\/(json|javascript)$/.test(found) ? `${found}; charset=utf-8` : found;
    types.set(extension, type);
  }
  return type;
}

/** Percent-escapes decoded as a static host reads a path; a malformed one stays as written. */
export function decodePath(sitePath: string): string {
  if (!sitePath.includes("%")) return sitePath;
  try {
    return decodeURI(sitePath);
  } catch {
    return sitePath;
  }
}

// ---- Sending a file ----------------------------------------------------------------------------

/** What a byte range asks of a representation of `size` bytes (RFC 9110, 14.1.2). */
export type RangeAnswer = { start: number; end: number } | "whole" | "unsatisfiable";

/**
 * Reads a `Range` header: one `bytes=first-last`, `bytes=first-` or `bytes=-suffix` range is served;
 * a header that is not a valid `bytes` range, or asks for several, is ignored (the whole file, as
 * RFC 9110 allows); a valid range that starts past the end, or a suffix of 0 bytes, cannot be met;
 * positions of any length are read (an end or a suffix past the file's is cut to it).
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

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for it), or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Files up to this size are read in one call and sent in one write; larger ones are streamed. */
const READ_AT_ONCE = 256 * 1024;

/** What `sendFile` does when the file is not on the disk as its manifest says. */
export type Missing = (reason: string) => void;

/**
 * Sends a built file of `files` as `res`'s answer, whose headers (the rules', the type) are set: the
 * representation the client accepts, 304 for a matching `If-None-Match`, one byte range when asked
 * (of the identity), HEAD without a body. The file is opened once; the length sent is the manifest's.
 */
export function sendFile(files: BuiltFiles, req: http.IncomingMessage, res: http.ServerResponse, file: string, entry: FileEntry, missing: Missing): void {
  const [size, hash, brSize, gzSize] = entry;
  const rangeHeader = req.headers.range;
  // A range is of the identity: a client that asks for one gets the file as it is.
  const encoding = rangeHeader === undefined ? acceptedEncoding(req.headers["accept-encoding"], brSize > 0, gzSize > 0) : "identity";
  const etag = encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding}"`;
  res.setHeader("ETag", etag);
  if (brSize || gzSize) res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  if (matches(req.headers["if-none-match"], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const length = encoding === "br" ? brSize : encoding === "gzip" ? gzSize : size;
  // If-Range with another tag: the file changed, so the whole of it.
  const ifRange = req.headers["if-range"];
  const range = ifRange !== undefined && ifRange !== etag ? "whole" : rangeOf(rangeHeader, length);
  if (encoding === "identity") res.setHeader("Accept-Ranges", "bytes");
  if (range === "unsatisfiable") {
    res.statusCode = 416;
    res.setHeader("Content-Range", `bytes */${length}`);
    res.setHeader("Content-Length", 0);
    res.end();
    return;
  }
  const { start, end } = range === "whole" ? { start: 0, end: length - 1 } : range;
  if (range !== "whole") {
    res.statusCode = 206;
    res.setHeader("Content-Range", `bytes ${start}-${end}/${length}`);
  }
  const count = end - start + 1;
  res.setHeader("Content-Length", count);
  const where = files.locate(file, entry) + (encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "");
  // HEAD too opens the file, so that it answers as GET would.
  fs.open(where, "r", (openError, fd) => {
    if (openError) return missing(`${file}: ${openError.code}`);
    if (req.method === "HEAD") {
      fs.close(fd, () => {});
      res.end();
      return;
    }
    if (count <= READ_AT_ONCE) {
      const body = Buffer.allocUnsafe(count);
      fs.read(fd, body, 0, count, start, (readError, read) => {
        fs.close(fd, () => {});
        if (readError || read < count) return missing(`${file}: ${readError ? readError.code : `${read} of ${count} bytes`}`);
        res.end(body);
      });
      return;
    }
    const stream = fs.createReadStream(where, { fd, start, end });
    stream.once("error", () => res.destroy());
    stream.pipe(res);
  });
}
