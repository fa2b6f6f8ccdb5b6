// A build as a client of it sees it, whatever its layout on the disk: every file its manifest names,
// read from the folder that holds it (its own, or an earlier build's it shares the file with), read
// here from the manifest's JSON without the server's code.
import { existsSync, readFileSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

type Entry = [size: number, hash: string, brotli: number, gzip: number, home?: number];
interface Meta {
  shards: number;
  homes?: string[];
  shardHomes?: number[][];
  self?: string;
  files: Record<string, Entry>;
  [key: string]: unknown;
}

/** The manifest of the build OUT_DIR names: its meta (without `files` and where they are) and every file's entry, with the real path of the file. */
export function manifestOf(outDir: string): {
  meta: Omit<Meta, "files" | "homes" | "shardHomes" | "self">;
  files: Map<string, { entry: Entry; at: string }>;
} {
  const root = realpathSync(outDir);
  const manifest = path.join(root, "manifest");
  const {
    files: own,
    homes = [],
    shardHomes: _,
    self,
    ...meta
  } = JSON.parse(readFileSync(path.join(manifest, "meta.json"), "utf8")) as Meta;
  const files = new Map<string, { entry: Entry; at: string }>();
  const add = (file: string, entry: Entry) => {
    const folder =
      entry[4] === undefined || homes[entry[4]] === self ? root : path.join(path.dirname(root), homes[entry[4]]!);
    files.set(file, { entry: entry.slice(0, 4) as Entry, at: path.join(folder, "site", file) });
  };
  for (const [file, entry] of Object.entries(own)) add(file, entry);
  for (let index = 0; index < meta.shards; index++) {
    const shard = JSON.parse(readFileSync(path.join(manifest, "shards", `${index}.json`), "utf8")) as Record<
      string,
      Record<string, Entry>
    >;
    for (const byFile of Object.values(shard)) for (const [file, entry] of Object.entries(byFile)) add(file, entry);
  }
  return { meta, files };
}

/** The bytes of a built file of the build OUT_DIR names, by its path in the site (`/api/pages`). */
export function readBuilt(outDir: string, file: string): Buffer {
  const found = manifestOf(outDir).files.get(file);
  if (!found) throw new Error(`${file} is not in the manifest of ${outDir}`);
  return readFileSync(found.at);
}

/**
 * Every file of the build OUT_DIR names, by path in it, with its bytes (a link: its target): the
 * files of its own folder but the manifest, and the site as its manifest names it, each file and its
 * compressed twins from the folder that holds them; the manifest itself as its entries, without the
 * folders that hold them. Two builds of the same files compare equal, however they share them.
 */
export function buildTree(outDir: string, ignore: (relative: string) => boolean = () => false): Map<string, string> {
  const root = realpathSync(outDir);
  const tree = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file);
    if (relative.startsWith("node_modules") || relative.startsWith("manifest") || ignore(relative)) continue;
    if (entry.isSymbolicLink()) tree.set(relative, `-> ${readlinkSync(file)}`);
    else if (entry.isFile()) tree.set(relative, readFileSync(file).toString("base64"));
  }
  const { meta, files } = manifestOf(outDir);
  tree.set("manifest", JSON.stringify(meta));
  for (const [file, { entry, at }] of files) {
    tree.set(`manifest ${file}`, JSON.stringify(entry));
    for (const [suffix, size] of [
      ["", entry[0]],
      [".br", entry[2]],
      [".gz", entry[3]],
    ] as const) {
      if (size === 0 && suffix !== "") continue;
      tree.set(
        path.join("site", file + suffix),
        existsSync(at + suffix) ? readFileSync(at + suffix).toString("base64") : "(missing)",
      );
    }
  }
  return tree;
}
