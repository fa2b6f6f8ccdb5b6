// The service as one Cloudflare Worker, beside its static assets (wrangler.jsonc): Cloudflare serves
// the site's own files as they are (their headers from the `_headers` file the Workers build writes),
// and hands this Worker every other request. It answers them as the Node server does, from the same
// route table and handlers: the live routes by the live handler (the Netlify Functions' code), every
// other path by the built files, resolved as Netlify resolves its publish folder (src/http/built-paths.ts)
// from the site's own files and the packs (src/workers/packs.ts). What it reads (the live data, the
// packs, the fonts) it fetches from its assets before an answer reads it (src/workers/asset-files.ts).
import {
  builtFilesAnswer,
  candidateFiles,
  decodePath,
  etagMatches,
  typedHeaders,
  withDefaultCache,
} from "../http/built-paths.ts";
import {
  requestUrlTarget,
  toResponse,
  webRequest,
  type Answer,
  type StreamBody,
  type WorkerBody,
} from "../http/kernel.ts";
import { createSiteHandler, type FileSource } from "../http/site-handler.ts";
import { staticHeaders } from "../http/netlify-rules.ts";
import type { BuildFacts } from "../http/policy.ts";
import { staticHeaderRules } from "../http/routes.ts";
import { everyLiveAnswer } from "../live/answers.ts";
import { emailDrawings } from "../live/email-drawings.ts";
import { createLiveHandler } from "../live/handler.ts";
import { LiveDataError, createLiveStore, type LiveStore } from "../live/live-store.ts";
import { META_FILE } from "../shards.ts";
import type { FileNeeds } from "../live/route.ts";
import type { Coverage } from "../images/font-coverage.ts";
import { fontFilesOf } from "../images/fonts.ts";
import type { FileEntry } from "../eleventy/built-files.ts";
import { AssetFiles, WORKER_FOLDER, assetRequest, ownAssetPath, type AssetsBinding } from "./asset-files.ts";
import { fetchFonts, useFontFiles } from "./font-files.ts";
import { MEMORY } from "./memory.ts";
import { PACKS_FOLDER, packName, packOf, readPack, type Pack } from "./packs.ts";

/** What the Worker knows of its build: written into its bundle by the Workers build (src/publish/workers-build.ts). */
export interface WorkerSite {
  facts: BuildFacts;
  /** The site's own files, served from the assets at their paths, by path. */
  files: Record<string, FileEntry>;
  /** How many packs hold the other built files. */
  packs: number;
  /** What each font file covers, by its name (src/images/font-coverage.ts). */
  fontCoverage: Record<string, Coverage>;
}

declare const WORKER_SITE: WorkerSite;

export interface Env {
  ASSETS: AssetsBinding;
  /**
   * Milliseconds the Worker's clock runs ahead of the machine's. Only for the tests run with a faked
   * clock (CI runs every tier 400 days ahead under libfaketime, which workerd does not run under:
   * tools/workerd.ts); never set on Cloudflare.
   */
  CLOCK_OFFSET_MS?: string;
}

/** The slug a live path ends with (`/api/email/launch.gif`: `launch`); undefined where it names none. */
function slugOfPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.slice(pathname.lastIndexOf("/") + 1).replace(/\.[a-z]+$/, "")) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Worker's answers over its assets: made once per isolate, on its first request. Over 80 lines:
 * the live handler, the built files and the answer share the files fetched so far, held here.
 */
export function siteWorker(
  assets: AssetsBinding,
  { facts, files, packs, fontCoverage }: WorkerSite,
  now: () => number = Date.now,
  log = (line: string) => console.error(line),
) {
  // Within an isolate's 128 MB (docs/deploying.md, "Memory"): the files read, the drawings kept.
  const liveFiles = new AssetFiles(assets, `${WORKER_FOLDER}/live`, MEMORY.liveBytes);
  const packFiles = new AssetFiles(assets, PACKS_FOLDER, MEMORY.packBytes);
  // A font is kept by fonts.ts once read (in HarfBuzz's memory): src/workers/font-files.ts holds it only until then.
  useFontFiles({ assets, folder: `${WORKER_FOLDER}/fonts`, coverage: fontCoverage });
  /**
   * How one request's answer fetches what it reads beyond its slug's shard, before it reads it: its
   * live files (kept until `done`: the answer is made), and the fonts of its texts at both weights.
   */
  function filesOfOneAnswer() {
    const fetched: string[] = [];
    return {
      async fetchFiles({ live: names = [], texts }: FileNeeds): Promise<void> {
        fetched.push(...names);
        await Promise.all([liveFiles.fetchAll(names), fetchFonts(fontFilesOf(texts?.() ?? []))]);
      },
      done: () => liveFiles.release(fetched),
    };
  }

  let store: LiveStore | Error | undefined;
  const live = createLiveHandler({
    store: () => {
      if (store instanceof Error || store === undefined) throw store ?? new LiveDataError("live data not read yet");
      return store;
    },
    answers: everyLiveAnswer(emailDrawings({ entries: 64, bytes: MEMORY.emailBytes })),
    log,
    now,
  });
  async function openStore(): Promise<void> {
    try {
      const files = filesOfOneAnswer();
      try {
        await files.fetchFiles({ live: [META_FILE] });
        store = createLiveStore((name) => liveFiles.text(name));
      } finally {
        files.done();
      }
    } catch (error) {
      if (!(error instanceof LiveDataError)) throw error;
      log(`live data unavailable, the live routes answer 503: ${error.message}`);
      store = error;
    }
  }

  // The built files: the site's own from `files`, the others from their pack, fetched before the
  // answer is made (the packs of the files a path may be, most often one).
  const packsRead = new WeakMap<Uint8Array, Pack>();
  async function packAt(index: number): Promise<Pack | undefined> {
    const bytes = await packFiles.fetch(packName(index));
    if (!bytes) return undefined;
    let pack = packsRead.get(bytes);
    if (!pack) packsRead.set(bytes, (pack = readPack(bytes)));
    return pack;
  }
  const ownEntry = (file: string) => (Object.hasOwn(files, file) ? files[file] : undefined);
  /** The built files `sitePath` may be: their entries and their bodies, from the site's own files and the packs fetched for them. */
  async function filesFor(sitePath: string) {
    // In the order resolve asks for them, up to the first there is: only the packs it reads.
    const held = new Map<number, Pack | undefined>();
    for (const file of candidateFiles(sitePath)) {
      if (ownEntry(file)) break;
      const index = packOf(file, packs);
      if (!held.has(index)) held.set(index, await packAt(index));
      if (held.get(index)?.entry(file)) break;
    }
    const packed = (file: string) => held.get(packOf(file, packs));
    return {
      entry(file: string): FileEntry | undefined {
        const own = ownEntry(file);
        if (own) return own;
        const found = packed(file)?.entry(file);
        return found && [found[0], found[1], 0, 0];
      },
      /** A file's body: an own file streamed from the assets as it comes (the index, the fallbacks), a packed one from its pack. */
      async body(file: string): Promise<Uint8Array<ArrayBuffer> | StreamBody> {
        const own = ownEntry(file);
        if (!own) return packed(file)!.bytes(file) as Uint8Array<ArrayBuffer>;
        const response = await assets.fetch(assetRequest(ownAssetPath(file)));
        if (!response.ok || !response.body) throw new Error(`the Worker's asset ${file} answered ${response.status}`);
        return { kind: "stream", stream: response.body, length: own[0] };
      },
    };
  }
  const headersOf = withDefaultCache(staticHeaders(staticHeaderRules(facts)));

  /** The built files, as the Node server's (src/server/static-files.ts), whole files only. */
  const packedFiles: FileSource<WorkerBody> = {
    // The Workers build serves a site at the root of its host (src/publish/workers-build.ts): every path is the site's.
    basePath: "",
    async answer(call, sitePath) {
      const built = await filesFor(decodePath(sitePath));
      return builtFilesAnswer<FileEntry, Promise<Answer<WorkerBody>>>(
        {
          basePath: "",
          entry: built.entry,
          // (A fallback is one of the site's own files.)
          notFound: async (file, headers) => ({
            status: 404,
            headers: typedHeaders(headers, file),
            body: await built.body(file),
          }),
          async found(file, entry, headers) {
            const etag = `"${entry[1]}"`;
            const made = { ...typedHeaders(headers, file), ETag: etag };
            if (etagMatches(call.header("if-none-match"), etag)) return { status: 304, headers: made };
            return { status: 200, headers: made, body: await built.body(file) };
          },
        },
        call,
        sitePath,
        headersOf(sitePath),
      );
    },
  };

  const site = createSiteHandler({
    targetOf: requestUrlTarget,
    files: () => packedFiles,
    async live(call, route) {
      if (store === undefined) await openStore();
      // The shard of the slug a path names, fetched before the answer is made; what a route reads
      // beyond it (the fonts of an image, health's shards) the route fetches itself (`fetchFiles`).
      const slug = route.path.endsWith("*") ? slugOfPath(call.pathname) : undefined;
      const files = filesOfOneAnswer();
      try {
        if (slug !== undefined && store && !(store instanceof Error))
          await files.fetchFiles({ live: [store.fileOf(slug)] });
        const { method, pathname, query } = call;
        return await live({ method, pathname, query, fetchFiles: files.fetchFiles }, route);
      } finally {
        files.done();
      }
    },
    log,
  });

  return {
    async fetch(request: Request): Promise<Response> {
      const answered = await site(webRequest(request));
      // Cloudflare's edge dates every answer; workerd run locally does not. `<countdown-timer>` reads
      // the Date of an API answer to correct a wrong clock, so the Worker dates its own.
      return toResponse(
        { ...answered, headers: { ...answered.headers, Date: new Date(now()).toUTCString() } },
        request.method,
      );
    },
  };
}

let worker: ReturnType<typeof siteWorker> | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const offset = Number(env.CLOCK_OFFSET_MS ?? 0);
    worker ??= siteWorker(env.ASSETS, WORKER_SITE, offset ? () => Date.now() + offset : Date.now);
    return worker.fetch(request);
  },
};
