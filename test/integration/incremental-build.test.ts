// Publishing what changed: a build that starts from the previous one writes only the files of the
// countdowns that changed and the lists, and the result is, byte for byte, what a build that writes
// everything makes from the same countdowns at the same instant; the files it did not write stay in
// the earlier builds' folders, and pruning keeps of those exactly the files the kept builds name.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { gatherSiteInput } from "../../src/publish/gather.ts";
import { publish, renderSite } from "../../src/publish/publish.ts";
import { planBuild, readRecord } from "../../src/publish/record.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { buildTree, manifestOf } from "../support/builds.ts";
import { TEST_NOW } from "../support/paths.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small random number generator with a seed, so that a failing run can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A countdown file of each kind the build writes differently: one-off, repeating, postponed, in another language. */
function countdownText(n: number, variant: number): string {
  const kind = n % 5;
  const at = isoSeconds(Math.floor((TEST_NOW + (n - 10) * DAY) / 1000) * 1000);
  const title = `Countdown ${n} version ${variant}`;
  if (kind === 0)
    return `---\ntitle: "${title}"\ntarget: "${at.slice(0, 16).replace("T", " ")}"\ntimezone: "Europe/Berlin"\nrepeat: weekly\n---\n`;
  if (kind === 1)
    return `---\ntitle: "${title}"\ntarget: "${at}"\nrepeat: daily\nuntil: "${isoSeconds(Date.parse(at) + 15 * DAY)}"\n---\nEvery day.\n`;
  if (kind === 2) return `---\ntitle: "${title}"\ntarget: "${at}"\nstatus: postponed\nlang: de\n---\n`;
  return `---\ntitle: "${title}"\ntarget: "${at}"\n---\n*Description* ${variant}.\n`;
}

/** What a build made from another records beside it, which one written whole has not. */
const sharing = (relative: string) => relative === "shared.json";

/**
 * Of the folders of OUT_DIR's builds, the build served and `previous` are whole, every file either
 * names is there; every other folder holds only its `site/`, and in it only files one of those two
 * builds names there (and their twins).
 */
function expectPruned(outDir: string, previous: string, round: number): void {
  const releases = `${outDir}.builds`;
  const served = realpathSync(outDir);
  const named = new Set(
    [served, previous].flatMap((build) => [...manifestOf(build).files.values()].map(({ at }) => at)),
  );
  // The served manifest's folders: each one an entry names, no other (a folder no entry names leaves its slot free).
  const { homes = [] } = JSON.parse(readFileSync(path.join(served, "manifest", "meta.json"), "utf8")) as {
    homes?: (string | null)[];
  };
  const used = new Set(
    [...manifestOf(served).files.values()].map(({ at }) =>
      path.basename(at.slice(0, at.indexOf(`${path.sep}site${path.sep}`))),
    ),
  );
  expect(new Set(homes.filter((home) => home !== null)), `round ${round}`).toEqual(used);
  // A server that has not yet loaded the new build still finds every file of the one before.
  for (const file of named) expect(existsSync(file), `${path.relative(releases, file)}, round ${round}`).toBe(true);
  for (const name of readdirSync(releases)) {
    const dir = path.join(releases, name);
    if (name === ".lock" || dir === served || dir === previous) continue;
    expect(readdirSync(dir), `${name}, round ${round}`).toEqual(["site"]);
    for (const entry of readdirSync(path.join(dir, "site"), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name).replace(/\.(br|gz)$/, "");
      expect(named.has(file), `${path.relative(releases, file)} is named by no kept build, round ${round}`).toBe(true);
    }
  }
}

describe("publishing what changed", () => {
  it("writes, byte for byte, what a build of everything writes, over rounds of random edits", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "incremental-"));
    const countdowns = path.join(work, "countdowns");
    mkdirSync(countdowns);
    const next = random(20261124);
    const variants = new Map<number, number>();
    for (let n = 0; n < 24; n++) variants.set(n, 0);
    // Months later than the others, never edited: the index's second and third pages (INDEX_PAGE_SIZE,
    // 100), and two shards of the manifest and the live data (SHARD_SIZE, 256).
    const FILLERS = 200;
    for (let n = FILLERS; n < FILLERS + 250; n++) variants.set(n, 0);
    const write = () => {
      rmSync(countdowns, { recursive: true, force: true });
      mkdirSync(countdowns);
      for (const [n, variant] of variants)
        writeFileSync(path.join(countdowns, `countdown-${n}.md`), countdownText(n, variant));
    };
    const config = (name: string) =>
      readConfig({
        COUNTDOWNS_DIR: countdowns,
        OUT_DIR: path.join(work, name, "dist"),
        URL: "https://countdowns.example.test",
      });
    try {
      write();
      let now = TEST_NOW;
      for (const name of ["partial", "full"])
        expect((await publish(config(name), { now, version: "v" })).ok).toBe(true);
      expect(buildTree(config("partial").outDir)).toEqual(buildTree(config("full").outDir));
      let previous = realpathSync(config("partial").outDir);
      let previousTree = buildTree(previous, sharing);

      for (let round = 0; round < 4; round++) {
        // Some edited, some removed, some added, and a few hours on: a repeating countdown's next
        // occurrence moves. The first two rounds only edit one countdown, upcoming, on the first page:
        // the pages of the index and the shard that do not list it stay as they were (in the second
        // round, a shard linked from a build itself made from another; and the first round's folder,
        // whose files the second supersedes, leaves the manifest).
        const slugs = [...variants.keys()].filter((n) => n < FILLERS);
        const edited = round <= 1 ? [13] : slugs.filter(() => next() < 0.15);
        for (const n of edited) variants.set(n, variants.get(n)! + 1);
        if (round > 1) {
          for (const n of slugs.filter((n) => !edited.includes(n) && next() < 0.08)) variants.delete(n);
          for (let added = 0; added < 2; added++) variants.set(100 + round * 10 + added, 0);
          now += Math.floor(next() * 30) * HOUR;
        }
        write();
        if (round === 0) {
          // Only the pages listing an edited countdown are rendered again (page 2 lists none of them).
          const input = await gatherSiteInput(config("partial"), { now, version: "v" });
          const { changes } = planBuild(readRecord(realpathSync(config("partial").outDir)), input);
          expect([...changes!.indexPages]).toEqual([1]);
          // And the build renders those pages of the index only.
          const scratch = path.join(work, "pages-only");
          await renderSite({ ...input, only: new Set(), indexPages: new Set([2]) }, scratch);
          expect(
            ["index.html", "page/2/index.html", "page/3/index.html"].filter((file) =>
              existsSync(path.join(scratch, file)),
            ),
          ).toEqual(["page/2/index.html"]);
        }

        const partial = await publish(config("partial"), { now, version: "v" });
        const full = await publish(config("full"), { now, version: "v", full: true });
        expect(partial.ok && full.ok, `round ${round}: ${JSON.stringify([partial, full])}`).toBe(true);
        const [partialTree, fullTree] = [
          buildTree(config("partial").outDir, sharing),
          buildTree(config("full").outDir),
        ];
        expect([...partialTree.keys()].sort(), `round ${round}`).toEqual([...fullTree.keys()].sort());
        for (const [file, bytes] of fullTree) expect(partialTree.get(file), `${file}, round ${round}`).toBe(bytes);

        // The partial build wrote the files of what changed and shares the rest: a countdown neither
        // edited nor added nor moved keeps its page in an earlier build's folder; an edited one's is in
        // the new build's own.
        const served = realpathSync(config("partial").outDir);
        const { files } = manifestOf(served);
        const unchanged = [...variants.keys()].find((n) => !edited.includes(n) && n < 100 && n % 5 >= 2);
        if (unchanged !== undefined) {
          expect(
            path.dirname(path.dirname(path.dirname(files.get(`/countdown-${unchanged}/index.html`)!.at))),
            `countdown-${unchanged}, round ${round}`,
          ).not.toBe(served);
        }
        // The site's own pages, rendered again the same, stay where they were too, and so does a page
        // of the index that lists no edited countdown.
        expect(files.get("/new/index.html")!.at, `round ${round}`).not.toContain(served);
        if (round <= 1) {
          expect(files.get("/page/2/index.html")!.at, `round ${round}`).not.toContain(served);
          // The manifest's and the live data's shard without the edited countdown are the build before's, linked.
          for (const folder of ["manifest", "live"])
            expect(
              [0, 1].map((shard) => statSync(path.join(served, folder, "shards", `${shard}.json`)).nlink).sort(),
              folder,
            ).toEqual([1, 2]);
        }
        expect(files.has("/page/3/index.html"), `round ${round}`).toBe(true);
        for (const n of edited) {
          expect(files.get(`/countdown-${n}/index.html`)!.at, `countdown-${n}, round ${round}`).toBe(
            path.join(served, "site", `countdown-${n}`, "index.html"),
          );
        }
        expectPruned(config("partial").outDir, previous, round);
        // Nothing of the build before was written through a link: it reads as it did when it was served.
        expect(buildTree(previous, sharing), `round ${round}`).toEqual(previousTree);
        previous = served;
        previousTree = partialTree;
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("publishes what changed through a link in OUT_DIR's path, and from a whole build copied elsewhere", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "incremental-moved-"));
    const countdowns = path.join(work, "countdowns");
    mkdirSync(countdowns);
    mkdirSync(path.join(work, "real"));
    symlinkSync(path.join(work, "real"), path.join(work, "linked"), "dir");
    const write = (variant: number) => {
      for (let n = 0; n < 6; n++)
        writeFileSync(path.join(countdowns, `countdown-${n}.md`), countdownText(n, n === 3 ? variant : 0));
    };
    const config = (outDir: string) =>
      readConfig({ COUNTDOWNS_DIR: countdowns, OUT_DIR: outDir, URL: "https://countdowns.example.test" });
    const build = async (outDir: string, full = false, onStep?: (step: string) => void) => {
      const result = await publish(config(outDir), { now: TEST_NOW, version: "v", full, onStep });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      return result as Extract<typeof result, { ok: true }>;
    };
    try {
      write(0);
      const linked = path.join(work, "linked", "dist");
      await build(linked);
      const first = realpathSync(linked);
      const copy = path.join(work, "copy", "dist");
      cpSync(linked, copy, {
        recursive: true,
        dereference: true,
        filter: (source) => path.basename(source) !== "node_modules",
      });
      write(1);
      // Through the link: a build of what changed that keeps (and shares the files of) the build before.
      expect((await build(linked)).rewritten).toBe(1);
      expect(existsSync(first), "the build before is kept").toBe(true);
      // From the copy, a folder of its own: it is copied whole into the next build, made of links, and
      // the copy still reads as it did once the changes are written (none was written through a link).
      const before = buildTree(copy);
      let during: Map<string, string> | undefined;
      expect(
        (await build(copy, false, (step) => void (step === "rendered" && (during = buildTree(copy))))).rewritten,
      ).toBe(1);
      expect(during).toEqual(before);
      await build(path.join(work, "full", "dist"), true);
      const whole = buildTree(path.join(work, "full", "dist"));
      for (const outDir of [linked, copy]) {
        const tree = buildTree(outDir, sharing);
        expect(
          [...tree].filter(([, bytes]) => bytes === "(missing)"),
          outDir,
        ).toEqual([]);
        expect(tree, outDir).toEqual(whole);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("tells each step as it ends: a build of everything, then one from the served build, live from `switched` on", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "incremental-steps-"));
    const countdowns = path.join(work, "countdowns");
    mkdirSync(countdowns);
    for (let n = 0; n < 3; n++) writeFileSync(path.join(countdowns, `countdown-${n}.md`), countdownText(n, 0));
    const config = readConfig({
      COUNTDOWNS_DIR: countdowns,
      OUT_DIR: path.join(work, "dist"),
      URL: "https://countdowns.example.test",
    });
    const served = () => readFileSync(path.join(config.outDir, "site", "countdown-3", "index.html"), "utf8");
    try {
      const steps = async () => {
        const told: string[] = [];
        const live: Record<string, boolean> = {};
        const onStep = (step: string) => {
          told.push(step);
          if (existsSync(path.join(countdowns, "countdown-3.md")))
            live[step] =
              existsSync(path.join(config.outDir, "site", "countdown-3")) && served().includes("Countdown 3 version 0");
        };
        expect((await publish(config, { now: TEST_NOW, version: "v", onStep })).ok).toBe(true);
        return { told, live };
      };
      const first = await steps();
      expect(first.told).toEqual([
        "checked",
        "planned",
        "rendered",
        "twins",
        "manifest",
        "live data",
        "server",
        "switched",
        "pruned",
      ]);

      writeFileSync(path.join(countdowns, "countdown-3.md"), countdownText(3, 0));
      const second = await steps();
      expect(second.told).toEqual([
        "checked",
        "planned",
        "listed",
        "linked",
        "rendered",
        "twins",
        "manifest",
        "live data",
        "server",
        "switched",
        "pruned",
      ]);
      // The new countdown is served from `switched` on, and not before.
      expect(second.live).toEqual({
        checked: false,
        planned: false,
        listed: false,
        linked: false,
        rendered: false,
        twins: false,
        manifest: false,
        "live data": false,
        server: false,
        switched: true,
        pruned: true,
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
