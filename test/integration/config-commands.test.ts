// Configuration and data safety, as the commands meet it: every setting is read in one place and checked there; an
// empty or unusable value stops the command, naming the variable and the fix, before anything is
// written; the build replaces only a folder that is its own.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { BUILD_MARKER } from "../../src/config.ts";
import { writeFixtureCountdowns } from "../support/fixtures.ts";
import { ROOT } from "../support/paths.ts";

const exec = promisify(execFile);
const temporary = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`));

describe("the commands stop before writing anything (run in a disposable copy of the project)", () => {
  /** A copy of the project with its own git history, sharing node_modules; what a bad setting could hurt. */
  function projectCopy(): string {
    const copy = path.join(temporary("checkout"), "project");
    for (const entry of ["src", "scripts", "countdowns", "eleventy.config.js", "package.json", "tsconfig.json"])
      cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    writeFixtureCountdowns(path.join(copy, "countdowns"));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
    const git = (...args: string[]) => execFileSync("git", args, { cwd: copy, stdio: "ignore" });
    git("init", "-q");
    git("-c", "user.name=t", "-c", "user.email=t@example.test", "add", "-A");
    git("-c", "user.name=t", "-c", "user.email=t@example.test", "commit", "-qm", "copy");
    return copy;
  }
  const npm = (copy: string, script: string, env: Record<string, string>, ...args: string[]) =>
    exec("npm", ["run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], {
      cwd: copy,
      env: { ...process.env, ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const listing = (copy: string) =>
    readdirSync(copy, { recursive: true })
      .map(String)
      .filter((name) => !name.startsWith("node_modules"))
      .sort();

  it("says in one line what to install when npm run serve:workers runs after the run install (no development packages), and builds nothing", async () => {
    const copy = projectCopy();
    // node_modules as `npm ci --omit=dev` leaves it: every package but the development ones workerd needs.
    rmSync(path.join(copy, "node_modules"));
    mkdirSync(path.join(copy, "node_modules"));
    for (const name of readdirSync(path.join(ROOT, "node_modules"))) {
      if (!["miniflare", "wrangler"].includes(name))
        symlinkSync(path.join(ROOT, "node_modules", name), path.join(copy, "node_modules", name));
    }
    const before = listing(copy);
    const result = await npm(copy, "serve:workers", {});
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      'npm run serve:workers needs the development packages: miniflare, wrangler are not installed here. Run "npm install", then npm run serve:workers again.',
    ]);
    expect(listing(copy)).toEqual(before);
  });

  it("npm run build:workers stops on a CLOUDFLARE_ASSET_FILES that is no number of files, saying the plans', and builds nothing", async () => {
    const copy = projectCopy();
    const before = listing(copy);
    for (const value of ["", "20k", "0", "-5"]) {
      const result = await npm(copy, "build:workers", { CLOUDFLARE_ASSET_FILES: value });
      expect(result.code, value).toBe(2);
      expect(result.stderr, value).toMatch(
        /^CLOUDFLARE_ASSET_FILES (is set but empty|is "[^"]+"): give the number of asset files the Cloudflare account's plan allows \(20000 on the free plan, 100000 on the paid one\)/m,
      );
    }
    expect(listing(copy)).toEqual(before);
  });

  it("a command that takes no argument refuses one in a line that says where its settings come from, and does nothing", async () => {
    const copy = projectCopy();
    const before = listing(copy);
    const given = await npm(copy, "soak", {}, "--seconds", "5");
    expect([given.code, given.stderr.trim()]).toEqual([
      2,
      "npm run soak takes no argument (SOAK_SECONDS and SOAK_CONNECTIONS set it); it was given --seconds 5.",
    ]);
    expect((await npm(copy, "schema", {}, "extra")).code).toBe(2);
    expect(listing(copy)).toEqual(before);
  });

  it("npm run new makes the project's countdowns folder where git took it away with its last file", async () => {
    const copy = projectCopy();
    rmSync(path.join(copy, "countdowns"), { recursive: true });
    const result = await npm(copy, "new", {}, "--title", "First one", "--target", "2030-01-01 09:00");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Wrote countdowns/first-one.md");
    expect(readdirSync(path.join(copy, "countdowns"))).toEqual(["first-one.md"]);
  });

  it("keeps the checkout, .git included, when OUT_DIR is set but empty", async () => {
    const copy = projectCopy();
    const before = listing(copy);
    const result = await npm(copy, "build", { OUT_DIR: "" });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^OUT_DIR is set but empty\. Unset it to build into dist\//m);
    expect(listing(copy)).toEqual(before);
    expect(existsSync(path.join(copy, ".git", "HEAD"))).toBe(true);
  });

  it("publishes nothing for an empty or mistyped COUNTDOWNS_DIR, and check says so too", async () => {
    const copy = projectCopy();
    for (const value of ["", "countdownz"]) {
      for (const script of ["build", "check"]) {
        const result = await npm(copy, script, { COUNTDOWNS_DIR: value });
        expect(result.code, `${script} with COUNTDOWNS_DIR="${value}"`).toBe(2);
        expect(result.stderr).toMatch(
          value ? /COUNTDOWNS_DIR=".*countdownz" does not exist/ : /COUNTDOWNS_DIR is set but empty/,
        );
      }
    }
    expect(existsSync(path.join(copy, "dist"))).toBe(false);
  });

  it("leaves a folder of other files alone, and replaces its own earlier build", async () => {
    const copy = projectCopy();
    const photos = path.join(temporary("photos"), "photos");
    mkdirSync(photos);
    writeFileSync(path.join(photos, "holiday.jpg"), "precious");
    const refused = await npm(copy, "build", { OUT_DIR: photos });
    expect(refused.code).toBe(2);
    expect(readdirSync(photos)).toEqual(["holiday.jpg"]);
    expect(readdirSync(path.dirname(photos))).toEqual(["photos"]);

    const out = path.join(temporary("own"), "dist");
    expect((await npm(copy, "build", { OUT_DIR: out })).code).toBe(0);
    expect((await npm(copy, "build", { OUT_DIR: out })).code).toBe(0);
    // The build folder is outside the project: its server finds the project's packages through a link.
    // The second build was made from the first, and says what it shares with it.
    expect(readdirSync(out).sort()).toEqual([
      BUILD_MARKER,
      "checked.json",
      "email-worker.mjs",
      "live",
      "manifest",
      "node_modules",
      "record.json",
      "server.mjs",
      "shared.json",
      "site",
    ]);
    // An argument it does not take is refused, naming the one it does, and builds nothing.
    const mistyped = await npm(copy, "build", { OUT_DIR: out }, "--fulll");
    expect([mistyped.code, mistyped.stderr.trim()]).toEqual([
      2,
      "npm run build takes no argument but --full (which writes every file anew); it was given --fulll.",
    ]);
    // One written whole shares nothing.
    expect((await npm(copy, "build", { OUT_DIR: out }, "--full")).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      BUILD_MARKER,
      "checked.json",
      "email-worker.mjs",
      "live",
      "manifest",
      "node_modules",
      "record.json",
      "server.mjs",
      "site",
    ]);
    expect(readdirSync(path.dirname(out)).sort()).toEqual(["dist", "dist.builds"]);
  });
});
