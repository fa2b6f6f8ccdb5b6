// Publishing what changed on Netlify: the previous deploy's build comes back from Netlify's build cache
// (the local build plugin of netlify/plugins/previous-build, with Netlify's own cache utilities), and
// the build writes only what changed, byte for byte what a build of everything writes.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bindOpts } from "@netlify/cache-utils";
import { describe, expect, it } from "vitest";
import { onPostBuild, onPreBuild } from "../../netlify/plugins/previous-build/index.js";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { fromNow } from "../support/fixtures.ts";
import { TEST_NOW } from "../support/paths.ts";

/** Every file of a build folder, with its bytes. */
function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        path.relative(dir, path.join(entry.parentPath, entry.name)),
        readFileSync(path.join(entry.parentPath, entry.name)).toString("base64"),
      );
  }
  return files;
}

/** The one file of the cache folder whose path ends with `relative`. */
function cachedFile(cache: string, relative: string): string {
  const found = (readdirSync(cache, { recursive: true }) as string[]).filter((file) => file.endsWith(relative));
  expect(found).toHaveLength(1);
  return path.join(cache, found[0]!);
}

describe("a deploy on Netlify", () => {
  it("restores the previous build from the build cache and writes only the countdown that changed", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "netlify-cache-"));
    const countdowns = path.join(work, "countdowns");
    mkdirSync(countdowns);
    for (const n of [1, 2, 3])
      writeFileSync(
        path.join(countdowns, `launch-${n}.md`),
        `---\ntitle: "Launch ${n}"\ntarget: "${fromNow(n)}"\n---\n`,
      );
    const outDir = path.join(work, "dist");
    const env = {
      COUNTDOWNS_DIR: countdowns,
      OUT_DIR: outDir,
      URL: "https://countdowns.example.test",
      NETLIFY: "true",
    };
    const utils = { cache: bindOpts({ cacheDir: path.join(work, "cache") }) };
    const before = process.env.OUT_DIR;
    process.env.OUT_DIR = outDir;
    try {
      // The first deploy: nothing cached; everything written, then cached.
      await onPreBuild({ utils });
      const first = await publish(readConfig(env), { now: TEST_NOW, version: "v" });
      expect(first).toMatchObject({ ok: true, countdowns: 3 });
      expect(first.ok && first.rewritten).toBeUndefined();
      const built = tree(outDir);
      await onPostBuild({ utils });
      // The build folder stays as built, for Netlify to publish; the cache holds the same files, not
      // copied but linked (a copy each way cost more than building everything at 10,000 countdowns).
      expect(tree(outDir)).toEqual(built);
      const cachedPage = cachedFile(path.join(work, "cache"), "site/launch-1/index.html");
      const builtPage = statSync(path.join(outDir, "site/launch-1/index.html")).ino;
      expect(statSync(cachedPage).ino).toBe(builtPage);

      // The next deploy starts from a fresh checkout: no dist/ until the cache gives it back.
      rmSync(outDir, { recursive: true });
      writeFileSync(
        path.join(countdowns, "launch-2.md"),
        `---\ntitle: "Launch 2, moved"\ntarget: "${fromNow(2.5)}"\n---\n`,
      );
      await onPreBuild({ utils });
      // Given back whole, moved out of the cache rather than copied.
      expect(tree(outDir)).toEqual(built);
      expect(statSync(path.join(outDir, "site/launch-1/index.html")).ino).toBe(builtPage);
      expect(existsSync(cachedPage)).toBe(false);
      const second = await publish(readConfig(env), { now: TEST_NOW, version: "v" });
      expect(second).toMatchObject({ ok: true, countdowns: 3, rewritten: 1 });
      expect(readFileSync(path.join(outDir, "site/launch-2/index.html"), "utf8")).toContain("Launch 2, moved");

      // What a build of everything from the same files makes.
      const full = path.join(work, "full");
      const all = await publish(readConfig({ ...env, OUT_DIR: full }), { now: TEST_NOW, version: "v" });
      expect(all.ok).toBe(true);
      // The calendar stamps of the unchanged countdowns come from the first build in both: the full
      // build here had no previous build, so its stamps are all the build's own instant, the same.
      expect(tree(outDir)).toEqual(tree(full));
      // On Netlify the build folder is the build itself, with nothing beside it.
      expect(readdirSync(work).sort()).toEqual(["cache", "countdowns", "dist", "full"]);
    } finally {
      if (before === undefined) delete process.env.OUT_DIR;
      else process.env.OUT_DIR = before;
      rmSync(work, { recursive: true, force: true });
    }
  });
});
