// The Workers build: a build of the site (OUT_DIR) made into what Cloudflare deploys, in
// `<build>/workers/` (wrangler.jsonc names it through OUT_DIR's link, dist/workers):
//   assets/            the site's own files at their paths, the countdowns' widgets and records as far
//                      as the plan's files allow (COUNTDOWN_ASSETS), and `_headers` giving those
//                      Cloudflare serves itself the headers the route table gives them;
//   assets/_worker/    what only the Worker reads (wrangler.jsonc keeps it from the public): the
//                      live data, the fonts, the API's files programs preflight, and the packs of
//                      every countdown's files and the index's later pages (src/workers/packs.ts);
//   worker.js, *.wasm  the Worker (src/workers/worker.ts) bundled, with resvg and HarfBuzz as WebAssembly.
// Every file is read where the build's manifest says it is (its own folder or an earlier build's).
import { META_FILE, shardFile } from "../shards.ts";
import { createHash, randomUUID } from "node:crypto";
import { copyFile, link, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { realpathSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { PROJECT_ROOT, buildPaths } from "../config.ts";
import { typedHeaders, withDefaultCache } from "../http/built-paths.ts";
import { staticHeaders } from "../http/netlify-rules.ts";
import type { BuildFacts } from "../http/policy.ts";
import { staticHeaderRules } from "../http/routes.ts";
import { fontFolder } from "../images/font-files.ts";
import { coverageOf } from "../images/font-coverage.ts";
import { dataPath, editorFilePath, embedFile, embedPath, goPath } from "../paths.ts";
import { indexPageOfFile, type FileEntry, type ManifestMeta, type ManifestShard } from "../eleventy/built-files.ts";
import { loadBuiltFiles } from "../server/static-files.ts";
import { WORKER_FOLDER, ownAssetPath } from "../workers/asset-files.ts";
import { SIGNATURES, wrapperBytes } from "../workers/function-wrappers.ts";
import { packCount, packFile, packOf, writePack } from "../workers/packs.ts";
import type { WorkerSite } from "../workers/worker.ts";

/** The folder of the editor's files (src/eleventy/editor-files.ts). */
const EDITOR_FOLDER = editorFilePath("");

export const WORKERS_FOLDER = "workers";

/**
 * A countdown's files Cloudflare serves itself as assets at their own paths, hottest first (what one
 * view of another site asks for: the widget in its frame, the record `<countdown-timer>` fetches),
 * while the plan's file count allows: a view of either runs no Worker. Each is an own folder of the
 * API, so one `_headers` rule gives all of them their headers and no other file's rule reaches them.
 * Cloudflare answers only GET and HEAD there (405 to a preflight, which neither a frame nor the
 * element's fetch makes). The pages, their calendar files and the owners' pages stay in the packs:
 * `/<slug>/` is a path no asset can have with the folder handling the Worker's spellings need.
 */
const COUNTDOWN_ASSETS = [
  { kind: "widget", at: embedPath, file: embedFile },
  { kind: "record", at: dataPath, file: dataPath },
] as const;
/** Their folders (`/api/embed/`, `/api/data/`), in the assets as in the URL map. */
export const COUNTDOWN_ASSET_FOLDERS = COUNTDOWN_ASSETS.map(({ at }) => at("x").replace(/[^/]*$/, ""));
export type CountdownAssetKind = (typeof COUNTDOWN_ASSETS)[number]["kind"];
/** Cloudflare reads at most 100 rules from `_headers`; one per own file of the site. */
const MOST_HEADER_RULES = 100;
/** Cloudflare's limits on the assets of one deploy: files on the free and the paid plan, and bytes per file. */
export const ASSET_LIMITS = { free: 20_000, paid: 100_000, fileBytes: 25 * 1024 * 1024 };

/** The build cannot be made into a Worker: the message says why and what to do. */
export class WorkersBuildError extends Error {
  override name = "WorkersBuildError";
}

/**
 * The paths the Worker answers before Cloudflare looks for an asset there (wrangler.jsonc's
 * `run_worker_first`, which a test holds equal): what only it reads, and the go links, where no asset
 * is. No pattern covers an asset's path: where a path has one (the site's own files, the countdowns'
 * widgets and records as COUNTDOWN_ASSETS made them), Cloudflare serves it, free, without the Worker;
 * where it has none (a live route, an API file the Worker answers, a packed file, a miss), Cloudflare
 * runs the Worker. (A `!` pattern would not do: it has Cloudflare answer 404 where it finds no asset.)
 */
export const WORKER_FIRST = [
  `${WORKER_FOLDER}/*`,
  // The go links, live outside the API (src/live/go.ts).
  goPath("*"),
];

export interface WorkersBuild {
  folder: string;
  /** Asset files written (`_headers` among them). */
  assets: number;
  /** Of them, the countdowns' files served at their own paths (COUNTDOWN_ASSETS), by kind. */
  served: Record<CountdownAssetKind, number>;
  packs: number;
  /** Packs linked from an earlier Workers build rather than written. */
  reused: number;
  countdowns: number;
  /** The Worker's bundle, and its WebAssembly modules, in bytes. */
  workerBytes: number;
}

/**
 * Writes the Workers output of the build at `outDir` into `folder` (`<build>/workers/` unless given),
 * anew; packs unchanged since an earlier Workers build (the one in `folder` already, and `previous`:
 * their folders, else those of the build folders the build shares files with) are linked from it.
 * `fileLimit`: the asset files the account's plan allows (CLOUDFLARE_ASSET_FILES). Over 80 lines: the
 * assets in the order they are counted, every other file first and the countdowns' in what is left.
 */
export async function buildForWorkers(
  outDir: string,
  folder = path.join(realpathSync(outDir), WORKERS_FOLDER),
  previous?: readonly string[],
  fileLimit: number = ASSET_LIMITS.free,
): Promise<WorkersBuild> {
  const buildDir = realpathSync(outDir);
  const paths = buildPaths(buildDir);
  const built = loadBuiltFiles(buildDir);
  const meta = JSON.parse(await readFile(path.join(paths.manifest, META_FILE), "utf8")) as ManifestMeta;
  if (meta.site.basePath)
    throw new WorkersBuildError(
      `a Worker serves the site at the root of its host, and URL has a path (${meta.site.basePath}); build with URL set to the Worker's own address, such as https://countdowns.example.workers.dev`,
    );
  const assetsDir = path.join(folder, "assets");
  // A Workers build already in the folder (the build made again, or a build made from one that had
  // one: its files are linked into the new build) is moved aside, and its packs linked again.
  const aside = `${folder}.previous-${randomUUID().slice(0, 8)}`;
  await rename(folder, aside).catch(() => undefined);
  await mkdir(assetsDir, { recursive: true });
  const { writeAsset, linkAsset, copyAsset, count } = assetWriter(assetsDir);

  // The site's own files as assets; the index's pages after the first and every countdown's files in packs.
  const own: Record<string, FileEntry> = {};
  const packed: { file: string; entry: FileEntry }[] = [];
  const countdownFiles: [string, Record<string, FileEntry>][] = [];
  for (const [file, entry] of Object.entries(meta.files)) {
    if (indexPageOfFile(file) !== undefined) packed.push({ file, entry });
    else own[file] = [entry[0], entry[1], 0, 0];
  }
  for (let index = 0; index < meta.shards; index++) {
    const shard = JSON.parse(await readFile(path.join(paths.manifest, shardFile(index)), "utf8")) as ManifestShard;
    for (const [slug, files] of Object.entries(shard)) {
      countdownFiles.push([slug, files]);
      for (const [file, entry] of Object.entries(files)) packed.push({ file, entry });
    }
  }
  for (const [file, entry] of Object.entries(meta.files))
    if (own[file]) await copyAsset(ownAssetPath(file), built.locate(file, entry));
  // The editor's files, a hundred of the same headers, under one rule; Cloudflare types each by its name.
  const editor = Object.keys(own).filter((file) => file.startsWith(EDITOR_FOLDER));
  const direct = Object.keys(own).filter((file) => ownAssetPath(file) === file && !editor.includes(file));
  if (direct.length + COUNTDOWN_ASSETS.length + 1 > MOST_HEADER_RULES)
    throw new WorkersBuildError(
      `the site has ${direct.length} files Cloudflare serves itself, beside ${COUNTDOWN_ASSETS.length} folders of countdowns' files, and it reads at most ${MOST_HEADER_RULES} rules of _headers`,
    );
  await writeAsset(
    "_headers",
    headersFile(meta.facts, [
      ...direct.map((file) => ({ rule: file, at: file, file })),
      ...(editor.length ? [{ rule: `${EDITOR_FOLDER}*`, at: editor[0]! }] : []),
      ...COUNTDOWN_ASSETS.map(({ at, file }, i) => ({
        rule: `${COUNTDOWN_ASSET_FOLDERS[i]}*`,
        at: at("x"),
        file: file("x"),
      })),
    ]),
  );

  const homes = (meta.homes ?? [])
    .filter((home): home is string => home !== null && home !== meta.self)
    .map((home) => path.join(path.dirname(buildDir), home, WORKERS_FOLDER));
  const { packs, reused } = await writePacks(
    packed,
    built,
    folder,
    await earlierPacks([...(previous ?? homes), aside]),
    { writeAsset, linkAsset },
  );

  // The live data, and the fonts the images are drawn with.
  for (const name of await readdir(paths.live, { recursive: true })) {
    const from = path.join(paths.live, name);
    if (name.endsWith(".json")) await copyAsset(`${WORKER_FOLDER}/live/${name.split(path.sep).join("/")}`, from);
  }
  const fontCoverage: WorkerSite["fontCoverage"] = {};
  for (const name of await readdir(fontFolder())) {
    if (!/\.(ttf|ttc|otf)$/.test(name)) continue;
    await copyAsset(`${WORKER_FOLDER}/fonts/${name}`, path.join(fontFolder(), name));
    fontCoverage[name] = coverageOf(await readFile(path.join(fontFolder(), name)));
  }

  const served = await writeCountdownAssets(countdownFiles, fileLimit - count(), (at, file, entry) =>
    copyAsset(at, built.locate(file, entry)),
  );

  await rm(aside, { recursive: true, force: true });
  const workerSite: WorkerSite = { facts: meta.facts, files: own, packs, fontCoverage };
  const workerBytes = await bundleWorker(folder, workerSite);
  return { folder, assets: count(), served, packs, reused, countdowns: meta.count, workerBytes };
}

/**
 * The countdowns' hottest files as assets at their paths, kind by kind (COUNTDOWN_ASSETS), in as many
 * files as `room` (what the plan has left); each stays in its pack too, for what Cloudflare hands the
 * Worker there (another method). Returns how many of each kind.
 */
async function writeCountdownAssets(
  countdowns: readonly [string, Record<string, FileEntry>][],
  room: number,
  copy: (at: string, file: string, entry: FileEntry) => Promise<void>,
): Promise<Record<CountdownAssetKind, number>> {
  const served = { widget: 0, record: 0 };
  for (const { kind, at, file } of COUNTDOWN_ASSETS)
    for (const [slug, files] of countdowns) {
      const entry = files[file(slug)];
      if (!entry || room <= 0) continue;
      await copy(at(slug), file(slug), entry);
      served[kind]++;
      room--;
    }
  return served;
}

/** Writes the files of the assets folder, each checked against Cloudflare's size limit and counted. */
function assetWriter(assetsDir: string) {
  let assets = 0;
  const placed = async (assetPath: string, place: (file: string) => Promise<void>) => {
    const file = path.join(assetsDir, assetPath);
    await mkdir(path.dirname(file), { recursive: true });
    await place(file);
    const { size } = await stat(file);
    if (size > ASSET_LIMITS.fileBytes)
      throw new WorkersBuildError(
        `${assetPath} is ${size} bytes, and Cloudflare takes no asset over ${ASSET_LIMITS.fileBytes} (25 MiB)`,
      );
    assets++;
  };
  return {
    writeAsset: (assetPath: string, bytes: Uint8Array | string) => placed(assetPath, (file) => writeFile(file, bytes)),
    copyAsset: (assetPath: string, from: string) => placed(assetPath, (file) => copyFile(from, file)),
    /** The file `from` as an asset, linked (the same file, not a copy); false when it cannot be. */
    linkAsset: (assetPath: string, from: string) =>
      placed(assetPath, (file) => link(from, file)).then(
        () => true,
        () => false,
      ),
    count: () => assets,
  };
}

/**
 * Every packed file in its pack (src/workers/packs.ts): each pack anew, or linked from an earlier
 * Workers build that made it of the same files (`earlier`, known from the manifest's hashes, without
 * reading them): after one edit, two packs are written.
 */
async function writePacks(
  packed: readonly { file: string; entry: FileEntry }[],
  built: ReturnType<typeof loadBuiltFiles>,
  folder: string,
  earlier: ReadonlyMap<string, string>,
  { writeAsset, linkAsset }: Pick<ReturnType<typeof assetWriter>, "writeAsset" | "linkAsset">,
): Promise<{ packs: number; reused: number }> {
  const packs = packCount(packed.reduce((sum, { entry }) => sum + entry[0], 0));
  const byPack = Array.from({ length: packs }, (): { file: string; entry: FileEntry }[] => []);
  for (const file of packed) byPack[packOf(file.file, packs)]!.push(file);
  const keys: string[] = [];
  let reused = 0;
  for (const [index, files] of byPack.entries()) {
    const key = packKey(files);
    keys.push(key);
    const same = earlier.get(key);
    if (same && (await linkAsset(packFile(index), same))) {
      reused++;
      continue;
    }
    const contents = await Promise.all(
      files.map(async ({ file, entry }) => ({
        file,
        hash: entry[1],
        bytes: await readFile(built.locate(file, entry)),
      })),
    );
    await writeAsset(packFile(index), writePack(contents));
  }
  await writeFile(path.join(folder, PACK_KEYS), JSON.stringify(keys));
  return { packs, reused };
}

/** Beside the packs: each pack's key (`packKey`), by index, for the next Workers build. */
const PACK_KEYS = "pack-keys.json";

/** A pack's key: a hash of its files' paths and hashes, the same for the same files. */
const packKey = (files: readonly { file: string; entry: FileEntry }[]) =>
  createHash("sha256")
    .update(
      files
        .map(({ file, entry }) => `${file}\0${entry[1]}`)
        .sort()
        .join("\n"),
    )
    .digest("hex");

/** The packs of earlier Workers builds (their folders), by key: those that can be linked again. */
async function earlierPacks(folders: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const folder of folders) {
    let keys: unknown;
    try {
      keys = JSON.parse(await readFile(path.join(folder, PACK_KEYS), "utf8"));
    } catch {
      continue;
    }
    if (!Array.isArray(keys)) continue;
    for (const [index, key] of keys.entries())
      if (typeof key === "string") found.set(key, path.join(folder, "assets", packFile(index)));
  }
  return found;
}

/**
 * `_headers` for Cloudflare: for each rule (a file it serves itself, or a folder of countdowns' files:
 * `/api/embed/*`), every header the route table gives its paths (`at`, a path of it), the type of its
 * file among them.
 */
function headersFile(facts: BuildFacts, files: readonly { rule: string; at: string; file?: string }[]): string {
  const headersOf = withDefaultCache(staticHeaders(staticHeaderRules(facts)));
  const rules = files.map(({ rule, at, file }) => {
    const headers = file === undefined ? headersOf(at) : typedHeaders(headersOf(at), file);
    return [rule, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  });
  return `# Written by the Workers build from src/http/routes.ts: edit the table, not this file.\n${rules.join("\n")}\n`;
}

// ---- The Worker's bundle ------------------------------------------------------------------------

const source = (file: string) => path.join(PROJECT_ROOT, "src", file);

/** Puts the Worker's modules in the place of the Node ones: resvg's and HarfBuzz's WebAssembly compiled with the bundle, the fonts read from the assets. */
const workerModules: Plugin = {
  name: "worker-modules",
  setup(build) {
    build.onResolve({ filter: /\/resvg-wasm\.ts$/ }, (args) =>
      args.importer === source("images/resvg.ts") ? { path: source("workers/resvg-wasm.ts") } : undefined,
    );
    build.onResolve({ filter: /\/font-files\.ts$/ }, (args) =>
      args.importer === source("images/fonts.ts") ? { path: source("workers/font-files.ts") } : undefined,
    );
    build.onResolve({ filter: /^\.\/harfbuzz\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}harfbuzzjs${path.sep}`) ? { path: source("workers/harfbuzz.ts") } : undefined,
    );
    build.onResolve({ filter: /^harfbuzzjs-factory$/ }, () => ({
      path: path.join(PROJECT_ROOT, "node_modules/harfbuzzjs/dist/harfbuzz.js"),
    }));
    // The modules Emscripten would compile at run time, compiled ahead: each written as a file, imported as a module.
    build.onResolve({ filter: /^harfbuzzjs-function-wrappers$/ }, () => ({
      path: "harfbuzzjs-function-wrappers",
      namespace: "wrappers",
    }));
    build.onLoad({ filter: /.*/, namespace: "wrappers" }, async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "function-wrappers-"));
      const files = await Promise.all(
        SIGNATURES.map(async (signature) => {
          const file = path.join(dir, `wrap-${signature}.wasm`);
          await writeFile(file, wrapperBytes(signature));
          return file;
        }),
      );
      return {
        contents: `${files.map((file, i) => `import w${i} from ${JSON.stringify(file)};`).join("\n")}\nexport default [${SIGNATURES.map((signature, i) => `[${JSON.stringify(signature)}, w${i}]`).join(", ")}];`,
        resolveDir: dir,
        loader: "js",
      };
    });
  },
};

/** Writes `worker.js` and its WebAssembly modules into `folder`; returns their bytes. */
async function bundleWorker(folder: string, site: WorkerSite): Promise<number> {
  const result = await build({
    entryPoints: { worker: source("workers/worker.ts") },
    outdir: folder,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    // Node's modules come from the runtime (wrangler.jsonc: nodejs_compat); the WebAssembly beside the bundle.
    external: ["node:*", "module"],
    loader: { ".wasm": "copy" },
    assetNames: "[name]-[hash]",
    // workerd gives a module no URL; HarfBuzz's factory makes a `require` from its own (it reads no
    // file: its WebAssembly is given to it, src/workers/harfbuzz.ts).
    define: { WORKER_SITE: JSON.stringify(site), "import.meta.url": JSON.stringify("file:///worker/worker.js") },
    plugins: [workerModules],
    minifySyntax: true,
    legalComments: "none",
    metafile: true,
    logLevel: "silent",
  });
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}
