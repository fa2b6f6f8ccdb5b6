// `git push` publishes: the shipped hooks of deploy/git-hooks in a bare repository, pushed to with git,
// a deploy checkout built by them, and the production server serving what they publish. Git and sh only.
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatProblem } from "../../src/authoring/countdown.ts";
import { loadCountdowns } from "../../src/authoring/load-countdowns.ts";
import { fromNow } from "../support/fixtures.ts";
import { getJsonAsSent } from "../support/http.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { edit, shipped, temporaryFolders } from "../support/shipped.ts";
import { POLL_LIMIT, ROOT } from "../support/paths.ts";

const temporary = temporaryFolders();

describe("git push to your own server (deploy/git-hooks)", () => {
  let root: string;
  let app: string;
  let clone: string;
  let server: RunningServer;
  const git = (cwd: string, ...args: string[]) => {
    const result = spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.test", ...args], {
      cwd,
      encoding: "utf8",
    });
    if (result.status !== 0 && args[0] !== "push") throw new Error(`git ${args.join(" ")} failed:\n${result.stderr}`);
    return result;
  };
  const countdown = (title: string, days: number) => `---\ntitle: "${title}"\ntarget: "${fromNow(days)}"\n---\n`;

  beforeAll(async () => {
    root = temporary("git-push");
    // The project as a self-hoster's repository holds it, with one countdown of its own.
    const seed = path.join(root, "seed");
    mkdirSync(seed);
    for (const entry of [
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "eleventy.config.js",
      ".gitignore",
      "src",
      "scripts",
    ]) {
      cpSync(path.join(ROOT, entry), path.join(seed, entry), { recursive: true });
    }
    mkdirSync(path.join(seed, "countdowns"));
    writeFileSync(path.join(seed, "countdowns", "first-light.md"), countdown("First light", 10));
    git(seed, "init", "--quiet", "--initial-branch=main");
    git(seed, "add", "--all");
    git(seed, "commit", "--quiet", "--message=The site");

    // The server's side, as the README installs it: the bare repository, the deploy checkout (its
    // packages linked here instead of `npm ci`), the hooks and their settings, a first build.
    const bare = path.join(root, "site.git");
    git(root, "clone", "--quiet", "--bare", seed, bare);
    app = path.join(root, "app");
    git(root, "clone", "--quiet", bare, app);
    symlinkSync(path.join(ROOT, "node_modules"), path.join(app, "node_modules"), "dir");
    // Copied with their mode, as `cp` does: git runs only an executable hook.
    for (const hook of ["pre-receive", "post-receive"])
      copyFileSync(path.join(ROOT, "deploy/git-hooks", hook), path.join(bare, "hooks", hook));
    const envFile = path.join(root, "countdowns.env");
    writeFileSync(envFile, edit(shipped("countdowns.env"), /^URL=.*$/m, "URL=https://countdowns.example.test"));
    git(bare, "config", "countdowns.app", app);
    git(bare, "config", "countdowns.env", envFile);
    const build = spawnSync("sh", ["-c", `set -a && . "${envFile}" && npm run --silent build`], {
      cwd: app,
      encoding: "utf8",
    });
    expect(build.status, build.stderr).toBe(0);
    server = await startServer(path.join(app, "dist"), {}, { bundled: true });

    clone = path.join(root, "clone");
    git(root, "clone", "--quiet", bare, clone);
  });
  afterAll(() => server?.stop());

  const publishedSlugs = async () =>
    ((await getJsonAsSent(`${server.url}/api/pages`)) as { slug: string }[]).map((page) => page.slug);

  it("refuses a push whose countdowns fail the checks, shows the pusher every problem, and publishes nothing", async () => {
    writeFileSync(path.join(clone, "countdowns", "no-date.md"), `---\ntitle: "No date"\ntarget: "soon"\n---\n`);
    writeFileSync(
      path.join(clone, "countdowns", "Bad_Name.md"),
      `---\ntitle: ""\ntarget: "${fromNow(3)}"\ntimezone: "Mars/Olympus"\n---\n`,
    );
    git(clone, "add", "--all");
    git(clone, "commit", "--quiet", "--message=Two bad countdowns");
    const before = git(app, "rev-parse", "HEAD").stdout;

    const push = git(clone, "push", "origin", "main");
    expect(push.status).not.toBe(0);
    const remote = push.stderr
      .split("\n")
      .filter((line) => line.startsWith("remote:"))
      .map((line) => line.trimEnd());
    // Every problem, as the build itself words it, then the hook's verdict.
    const { problems } = await loadCountdowns(path.join(clone, "countdowns"));
    expect(problems.length).toBeGreaterThanOrEqual(4);
    const expected = problems.map((problem) => `remote:   ${formatProblem(problem)}`);
    expect(remote.filter((line) => line.startsWith("remote:   "))).toEqual(expected);
    expect(remote.at(-1)).toBe(
      "remote: Push refused, nothing was published: fix the problems above (npm run check shows them) and push again.",
    );
    expect(push.stderr).toContain("! [remote rejected] main -> main (pre-receive hook declined)");

    expect(git(app, "rev-parse", "HEAD").stdout).toBe(before);
    expect(await publishedSlugs()).toEqual(["first-light"]);
    git(clone, "reset", "--quiet", "--hard", "origin/main");
  });

  it("refuses a tree that is not plain countdown files, saying what each entry is, and publishes nothing", async () => {
    const before = git(app, "rev-parse", "HEAD").stdout;
    /** Pushes a commit made by `change` and gives the remote's lines; the clone is reset after. */
    const pushed = (change: () => void) => {
      change();
      git(clone, "add", "--all");
      git(clone, "commit", "--quiet", "--message=Hostile");
      const push = git(clone, "push", "origin", "main");
      git(clone, "reset", "--quiet", "--hard", "origin/main");
      git(clone, "clean", "--quiet", "-fdx");
      expect(push.status).not.toBe(0);
      expect(push.stderr).toContain("(pre-receive hook declined)");
      return push.stderr;
    };
    const countdowns = path.join(clone, "countdowns");

    const folderLink = pushed(() => {
      rmSync(countdowns, { recursive: true });
      symlinkSync("/etc/ssl", countdowns);
    });
    expect(folderLink).toContain(
      "countdowns/: file: is a symbolic link; it must be a folder of countdown files in the repository itself",
    );
    expect(folderLink).not.toMatch(/certs|openssl\.cnf/);

    expect(pushed(() => symlinkSync("/etc/passwd", path.join(countdowns, "evil.md")))).toContain(
      "countdowns/evil.md: file: is a symbolic link; countdowns are regular files",
    );
    expect(
      pushed(() =>
        writeFileSync(
          path.join(countdowns, "huge.md"),
          `---\ntitle: "Huge"\ntarget: "${fromNow(3)}"\n---\n${"x".repeat(70_000)}\n`,
        ),
      ),
    ).toMatch(/countdowns\/huge\.md: file: is 70\d{3} bytes; a countdown file may be at most 64 KB/);
    expect(
      pushed(() => {
        mkdirSync(path.join(countdowns, "drafts"));
        writeFileSync(path.join(countdowns, "drafts", "later.md"), countdown("Later", 3));
      }),
    ).toContain("countdowns/drafts/later.md: file: is not a file directly in countdowns/ with a plain name");
    expect(
      pushed(() => {
        mkdirSync(path.join(clone, "_data"), { recursive: true });
        writeFileSync(path.join(clone, "_data", "site.json"), '{ "name": "" }');
      }),
    ).toContain('_data/site.json: name: is empty; give the site a name, or leave the field out for "Countdowns"');
    const withLogo = (write: (file: string) => void) =>
      pushed(() => {
        mkdirSync(path.join(clone, "_data"), { recursive: true });
        writeFileSync(path.join(clone, "_data", "site.json"), '{ "logo": "logo.svg" }');
        write(path.join(clone, "_data", "logo.svg"));
      });
    // The folder of the site file a link to a folder elsewhere on the server: refused, read from nowhere.
    const dataLink = pushed(() => symlinkSync("/etc/ssl", path.join(clone, "_data")));
    expect(dataLink).toContain(
      "_data/: file: is a symbolic link; it must be a folder in the repository itself, holding the site file",
    );
    expect(dataLink).not.toMatch(/Published/);
    expect(withLogo(() => {})).toContain(
      "_data/site.json: logo: _data/logo.svg does not exist; put the image beside the site file",
    );
    expect(withLogo((file) => symlinkSync("/etc/passwd", file))).toContain(
      "_data/logo.svg: file: is a symbolic link; the logo must be a regular file",
    );
    expect(withLogo((file) => writeFileSync(file, `<svg viewBox="0 0 1 1">${" ".repeat(200_000)}</svg>`))).toMatch(
      /_data\/logo\.svg: file: is 196 KB; a logo loads with every page, so it may be at most 100 KB/,
    );

    // A countdown's done image: read from the commit and checked as the build checks it.
    const withDoneImage = (write: (file: string) => void) =>
      pushed(() => {
        writeFileSync(
          path.join(countdowns, "sale.md"),
          `---\ntitle: "Sale"\ntarget: "${fromNow(3)}"\ndone_image: "images/over.png"\n---\n`,
        );
        mkdirSync(path.join(clone, "images"), { recursive: true });
        write(path.join(clone, "images", "over.png"));
      });
    expect(withDoneImage(() => {})).toContain(
      'countdowns/sale.md: done_image: "images/over.png" is not a file in the repository',
    );
    expect(withDoneImage((file) => symlinkSync("/etc/passwd", file))).toContain(
      "images/over.png: file: is a symbolic link; a done image must be a regular file",
    );
    expect(withDoneImage((file) => writeFileSync(file, "not a picture"))).toContain(
      'countdowns/sale.md: done_image: "images/over.png" is not a PNG image',
    );

    // A tree git itself would never make: an entry named ".." among the countdowns.
    const blob = spawnSync("git", ["hash-object", "-w", "--stdin"], {
      cwd: clone,
      input: countdown("Escape", 3),
      encoding: "utf8",
    }).stdout.trim();
    const inner = spawnSync("git", ["mktree"], {
      cwd: clone,
      input: `100644 blob ${blob}\t..\n100644 blob ${blob}\tok.md\n`,
      encoding: "utf8",
    }).stdout.trim();
    const top = spawnSync("git", ["mktree"], {
      cwd: clone,
      input: `040000 tree ${inner}\tcountdowns\n`,
      encoding: "utf8",
    }).stdout.trim();
    const crafted = git(clone, "commit-tree", top, "-p", "HEAD", "-m", "Crafted").stdout.trim();
    const push = git(clone, "push", "origin", `${crafted}:refs/heads/main`);
    expect(push.status).not.toBe(0);
    expect(push.stderr).toContain("countdowns/..: file: is not a file directly in countdowns/ with a plain name");

    // A tiny push that would be 1.25 GB written out: 20,000 files of one 64 KB blob, each within its own limit.
    const big = spawnSync("git", ["hash-object", "-w", "--stdin"], {
      cwd: clone,
      input: `---\ntitle: "Big"\ntarget: "${fromNow(3)}"\n---\n${"x".repeat(65_000)}`,
      encoding: "utf8",
    }).stdout.trim();
    const many = spawnSync("git", ["mktree"], {
      cwd: clone,
      input: Array.from({ length: 20_000 }, (_, i) => `100644 blob ${big}\tc${i}.md\n`).join(""),
      encoding: "utf8",
    }).stdout.trim();
    const manyTop = spawnSync("git", ["mktree"], {
      cwd: clone,
      input: `040000 tree ${many}\tcountdowns\n`,
      encoding: "utf8",
    }).stdout.trim();
    const flood = git(
      clone,
      "push",
      "origin",
      `${git(clone, "commit-tree", manyTop, "-p", "HEAD", "-m", "Many").stdout.trim()}:refs/heads/main`,
    );
    expect(flood.status).not.toBe(0);
    expect(flood.stderr).toMatch(
      /countdowns\/: file: holds 12\d\d MB of files in all; a push may carry at most 256 MB of countdown files/,
    );
    expect(flood.stderr).not.toMatch(/ENOBUFS|\n\S*\s+at /);

    expect(git(app, "rev-parse", "HEAD").stdout).toBe(before);
  });

  it("builds and switches in a good push, and the running server serves it by itself", async () => {
    writeFileSync(path.join(clone, "countdowns", "second-wind.md"), countdown("Second wind", 5));
    // A site file with a logo beside it: the hook takes the logo from the commit too.
    const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 10"><rect width="30" height="10"/></svg>`;
    mkdirSync(path.join(clone, "_data"), { recursive: true });
    writeFileSync(path.join(clone, "_data", "site.json"), '{ "name": "Launch Central", "logo": "logo.svg" }');
    writeFileSync(path.join(clone, "_data", "logo.svg"), logo);
    git(clone, "add", "--all");
    git(clone, "commit", "--quiet", "--message=A second countdown");
    const commit = git(clone, "rev-parse", "HEAD").stdout.trim();

    const push = git(clone, "push", "origin", "main");
    expect(push.status, push.stderr).toBe(0);
    expect(push.stderr).toContain("remote: Published.");

    // The server has loaded the new build once its health names the pushed commit.
    await expect
      .poll(async () => (await getJsonAsSent(`${server.url}/api/health`)).version, { timeout: POLL_LIMIT })
      .toContain(commit.slice(0, 12));
    expect(await publishedSlugs()).toEqual(["second-wind", "first-light"]);
    const live = await getJsonAsSent(`${server.url}/api/countdown/second-wind`);
    expect(live).toMatchObject({ slug: "second-wind", title: "Second wind", expired: false });
    expect(server.output()).toContain("loaded the build: 2 countdown(s)");
    expect(await (await fetch(`${server.url}/assets/logo.svg`)).text()).toBe(logo);
    expect(await (await fetch(`${server.url}/second-wind/`)).text()).toContain(
      '<img src="/assets/logo.svg" alt="" width="30" height="10">Launch Central</a>',
    );
  });

  it("puts the deploy checkout back at the build being served when a build fails, so the next push is checked with the code that is live, and a fix publishes", async () => {
    const served = git(app, "rev-parse", "HEAD").stdout.trim();
    // Code whose build fails (its countdowns pass the checks, made with the code that is live), and
    // whose checks would refuse every later push if the checkout kept it.
    const config = path.join(clone, "scripts", "build.ts");
    const good = readFileSync(config, "utf8");
    writeFileSync(config, `console.error("a broken build");\nprocess.exit(3);\n${good}`);
    const check = path.join(clone, "scripts", "check.ts");
    const goodCheck = readFileSync(check, "utf8");
    writeFileSync(
      check,
      `process.exit(7);
${goodCheck}`,
    );
    git(clone, "add", "--all");
    git(clone, "commit", "--quiet", "--message=Broken code");
    const broken = git(clone, "push", "origin", "main");
    expect(broken.stderr).toContain("remote: The build failed; the site keeps serving the previous build.");
    expect(broken.stderr).toContain(`remote: The deploy checkout is back at ${served.slice(0, 7)}`);
    expect(git(app, "rev-parse", "HEAD").stdout.trim()).toBe(served);

    // The fix is checked with the code that is live, accepted and published.
    writeFileSync(config, good);
    writeFileSync(check, goodCheck);
    writeFileSync(path.join(clone, "countdowns", "third-time.md"), countdown("Third time", 4));
    git(clone, "add", "--all");
    git(clone, "commit", "--quiet", "--message=The fix");
    const fix = git(clone, "push", "origin", "main");
    expect(fix.status, fix.stderr).toBe(0);
    expect(fix.stderr).toContain("remote: Published.");
    await expect.poll(async () => await publishedSlugs(), { timeout: POLL_LIMIT }).toContain("third-time");
  });
});
