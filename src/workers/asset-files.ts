// Files a Worker reads from its own assets (the live data, the packs of built files; the fonts:
// src/workers/font-files.ts). Fetching takes a turn of the event loop, so what an answer reads is
// fetched before it is made: what the path tells (a path's pack, a slug's shard) by the Worker, what
// only the route knows (the fonts of what it draws, health's shards) by the route, through
// `fetchFiles` (src/live/route.ts); a file read that was not fetched first is a fault. The assets of
// a deploy never change, so what is fetched is kept for the isolate's life, within a budget of bytes
// (the oldest read dropped first, but never a file fetched for an answer not yet made: `fetchAll`).

import { API_NOT_FOUND, OPENAPI_PATH, PAGES_PATH, SCHEMA_PATH, WIDGET_NOT_FOUND } from "../paths.ts";

/** The assets binding of a Worker (`env.ASSETS`): a fetch of the deploy's own static files. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** The folder of the assets that only the Worker reads (`run_worker_first` in wrangler.jsonc keeps it from the public). */
export const WORKER_FOLDER = "/_worker";

/**
 * The site's own files under /api/ the Worker answers: the API's files that programs ask for and may
 * preflight (the Worker answers a preflight as every /api/ path does; Cloudflare answers any method
 * but GET and HEAD on an asset with a 405), and its not-found files, which are answers, not
 * addresses. They are kept among what only the Worker reads, so that no asset is at their paths and
 * Cloudflare runs the Worker there. Every other own file (the pages, the element's scripts)
 * Cloudflare serves itself at its path, free.
 */
const API_FILES_THE_WORKER_ANSWERS: readonly string[] = [
  PAGES_PATH,
  OPENAPI_PATH,
  SCHEMA_PATH,
  API_NOT_FOUND,
  WIDGET_NOT_FOUND,
];

/** Where an own file of the site is among the assets: at its path, or the Worker's own (above). */
export const ownAssetPath = (file: string) =>
  API_FILES_THE_WORKER_ANSWERS.includes(file) ? `${WORKER_FOLDER}/site${file}` : file;

/** A Request for an asset: the binding reads only its path. */
export const assetRequest = (file: string) => new Request(`https://assets.invalid${file}`);

export class AssetFiles {
  private readonly held = new Map<string, Uint8Array | null>();
  private heldBytes = 0;
  /** Files fetched by `fetchAll` for answers not yet made, by how many of them: not dropped. */
  private readonly pinned = new Map<string, number>();
  /** `folder`: where the files are among the assets; `budget`: the bytes kept at most. */
  constructor(
    private readonly assets: AssetsBinding,
    private readonly folder: string,
    private readonly budget = 48 * 1024 * 1024,
  ) {}

  /** A file's bytes, fetched first (`fetch`); undefined when the deploy has no such file. */
  bytes(name: string): Uint8Array | undefined {
    const bytes = this.held.get(name);
    if (bytes === undefined)
      throw new Error(
        `${this.folder}/${name} was read before it was fetched: the answer must name it in its fetchFiles`,
      );
    // Read last: kept longest.
    this.held.delete(name);
    this.held.set(name, bytes);
    return bytes ?? undefined;
  }

  /** A file's bytes, fetched first if they are not held: undefined when the deploy has no such file. */
  async fetch(name: string): Promise<Uint8Array | undefined> {
    // (The bytes as loaded: another request's load may drop them from the held files before this resumes.)
    if (!this.held.has(name)) return (await this.load(`${this.folder}/${name}`)) ?? undefined;
    return this.bytes(name);
  }

  /**
   * Fetches files an answer reads (by name), and keeps them, over the budget if it must, until the
   * answer is made: until `release` is given the same names.
   */
  async fetchAll(names: readonly string[]): Promise<void> {
    this.pin(names, 1);
    await Promise.all([...new Set(names)].map((name) => this.fetch(name)));
  }

  /** Files `fetchAll` fetched for an answer that is made: dropped again as the budget says. */
  release(names: readonly string[]): void {
    this.pin(names, -1);
  }

  private pin(names: readonly string[], by: 1 | -1): void {
    for (const name of names) {
      const count = (this.pinned.get(name) ?? 0) + by;
      if (count > 0) this.pinned.set(name, count);
      else this.pinned.delete(name);
    }
  }

  /** A file as text, as `bytes` gives it. */
  text(name: string): string | undefined {
    const bytes = this.bytes(name);
    return bytes && new TextDecoder().decode(bytes);
  }

  /** Fetches a file of this folder by its path among the assets, keeps it, and gives its bytes (null: no such file). */
  async load(file: string): Promise<Uint8Array | null> {
    const name = file.slice(this.folder.length + 1);
    const response = await this.assets.fetch(assetRequest(file));
    if (response.status !== 200 && response.status !== 404)
      throw new Error(`the Worker's asset ${file} answered ${response.status}`);
    const bytes = response.status === 200 ? new Uint8Array(await response.arrayBuffer()) : null;
    this.held.set(name, bytes);
    this.heldBytes += bytes?.length ?? 0;
    for (const [oldest, old] of this.held) {
      if (this.heldBytes <= this.budget || oldest === name) break;
      if (this.pinned.has(oldest)) continue;
      this.held.delete(oldest);
      this.heldBytes -= old?.length ?? 0;
    }
    return bytes;
  }
}
