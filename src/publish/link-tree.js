// A copy of a folder made of hard links, for a build made from the one before it and for the copy of
// a build that Netlify's build cache takes (netlify/plugins/previous-build). Plain JavaScript: the
// build plugin runs without the TypeScript loader. Synchronous calls: about a third of the time of
// the promise API's over 50,000 files and 20,000 folders.
import { linkSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from "node:fs";
import path from "node:path";

/**
 * Makes `to` a copy of the folder `from` made of hard links: the same files, none copied. Symbolic
 * links are made again; `skip` leaves out an entry (a path relative to `from`) and what is in it.
 * @param {string} from
 * @param {string} to
 * @param {(relative: string) => boolean} [skip]
 */
export function linkTree(from, to, skip = () => false) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const relative = entry.name;
    if (skip(relative)) continue;
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target, (inner) => skip(path.join(relative, inner)));
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkSync(source, target);
  }
}
