// `npm run dev`: it builds and serves, rebuilds a changed countdown alone, tells open pages to reload,
// reports a bad file in the terminal and to the pages while the last good build keeps being served,
// and picks up new and deleted files. In-process, on a free port (the overlay in a browser:
// test/e2e/dev-browser.test.ts).
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaths, readConfig } from "../../src/config.ts";
import { startDevLoop, type DevLoop } from "../../src/dev/dev-loop.ts";
import { devCountdown, startTestDevLoop } from "../support/dev-loop.ts";
import { fromNow } from "../support/fixtures.ts";
import { POLL_LIMIT, ROOT } from "../support/paths.ts";

const countdown = devCountdown;

let work: string;
let countdowns: string;
let loop: DevLoop;
let base: string;
let lines: string[];
beforeAll(async () => {
  ({ work, countdowns, loop, base, lines } = await startTestDevLoop({ siteFile: true }));
});
afterAll(async () => {
  await loop?.close();
});

/** The events the open pages receive, as they come. */
async function listen(): Promise<{ events: { event: string; data: string }[]; stop: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/__dev/events`, { signal: controller.signal });
  const events: { event: string; data: string }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)![1]! });
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, stop: () => controller.abort() };
}

const page = async (target: string) => fetch(`${base}${target}`);

describe("npm run dev", () => {
  it("serves a dev build whose pages and widgets load the reload script", async () => {
    for (const target of ["/", "/launch/", "/api/embed/launch"]) {
      const html = await (await page(target)).text();
      expect(html, target).toContain('<script type="module" src="/__dev/reload.js"></script>');
    }
    const script = await page("/__dev/reload.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain("new EventSource");
    // The widget's CSP lets it load that script in a dev build.
    expect((await page("/api/embed/launch")).headers.get("content-security-policy")).toMatch(/script-src [^;]*'self'/);
  });

  it("rebuilds a changed countdown and tells open pages to reload", async () => {
    const { events, stop } = await listen();
    writeFileSync(path.join(countdowns, "launch.md"), countdown("Launch day, moved", 11));
    await expect.poll(() => events.some((e) => e.event === "reload"), { timeout: POLL_LIMIT }).toBe(true);
    stop();
    expect(await (await page("/launch/")).text()).toContain("<h1>Launch day, moved</h1>");
    expect((await (await page("/api/countdown/launch")).json()).title).toBe("Launch day, moved");
    expect(lines.at(-1)).toMatch(/^Rebuilt launch\.md in \d+ ms\.$/);
  });

  it("reports a bad file in the terminal and to open pages, keeps serving the last good build, and reloads once it is fixed", async () => {
    const { events, stop } = await listen();
    writeFileSync(path.join(countdowns, "party.md"), "---\ntitle: Party: the sequel\ntarget: soon\n---\n");
    await expect
      .poll(() => events.find((e) => e.event === "problems" && e.data !== "[]"), { timeout: POLL_LIMIT })
      .toBeDefined();
    const problems = JSON.parse(events.find((e) => e.event === "problems" && e.data !== "[]")!.data) as string[];
    expect(problems[0]).toMatch(/^countdowns\/party\.md: line 2: .*quotes/);
    expect(
      lines.some((line) => line.includes("still serving the last good build") && line.includes("countdowns/party.md")),
    ).toBe(true);
    expect(await (await page("/party/")).text()).toContain("<h1>Party</h1>");
    writeFileSync(path.join(countdowns, "party.md"), countdown("Party, fixed", 20));
    await expect.poll(() => events.some((e) => e.event === "reload"), { timeout: POLL_LIMIT }).toBe(true);
    stop();
    expect(await (await page("/party/")).text()).toContain("<h1>Party, fixed</h1>");
  });

  it("writes what changed while another file was bad once that file is fixed", async () => {
    writeFileSync(path.join(countdowns, "party.md"), "---\ntitle: Party\ntarget: soon\n---\n");
    await expect.poll(() => lines.at(-1), { timeout: POLL_LIMIT }).toMatch(/still serving the last good build/);
    writeFileSync(path.join(countdowns, "launch.md"), countdown("Launch day, moved again", 12));
    await expect
      .poll(() => lines.filter((line) => line.includes("still serving")).length, { timeout: POLL_LIMIT })
      .toBeGreaterThan(1);
    await loop.settled();
    writeFileSync(path.join(countdowns, "party.md"), countdown("Party, fixed again", 20));
    await expect.poll(() => lines.at(-1), { timeout: POLL_LIMIT }).toMatch(/^Rebuilt /);
    expect(lines.at(-1)).toMatch(/^Rebuilt (launch\.md, party\.md|party\.md, launch\.md) in \d+ ms\.$/);
    // The countdown's own files, not only the lists and the live data.
    for (const target of ["/launch/", "/api/embed/launch"])
      expect(await (await page(target)).text(), target).toContain("Launch day, moved again");
    expect(await (await page("/api/data/launch.json")).text()).toContain(fromNow(12));
    expect(await (await page("/party/")).text()).toContain("<h1>Party, fixed again</h1>");
  });

  it("publishes a new file and takes a deleted one away", async () => {
    writeFileSync(path.join(countdowns, "new-one.md"), countdown("New one", 5));
    await expect.poll(async () => (await page("/new-one/")).status, { timeout: POLL_LIMIT }).toBe(200);
    expect((await (await page("/api/pages")).json()).map((p: { slug: string }) => p.slug)).toContain("new-one");
    rmSync(path.join(countdowns, "new-one.md"));
    await expect.poll(async () => (await page("/new-one/")).status, { timeout: POLL_LIMIT }).toBe(404);
    expect((await page("/api/countdown/new-one")).status).toBe(404);
  });

  it("rebuilds everything when the site file or its logo changes, and reports a logo that is missing", async () => {
    const data = path.join(work, "_data");
    const logo = (fill: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="${fill}"/></svg>`;
    writeFileSync(path.join(data, "site.json"), '{ "logo": "logo.svg" }\n');
    await expect.poll(() => lines.at(-1), { timeout: POLL_LIMIT }).toMatch(/still serving the last good build/);
    expect(lines.at(-1)).toContain("_data/logo.svg does not exist");
    writeFileSync(path.join(data, "logo.svg"), logo("red"));
    await expect.poll(async () => (await page("/assets/logo.svg")).status, { timeout: POLL_LIMIT }).toBe(200);
    expect(await (await page("/launch/")).text()).toContain(
      '<img src="/assets/logo.svg" alt="" width="40" height="20">',
    );
    writeFileSync(path.join(data, "logo.svg"), logo("blue"));
    await expect.poll(async () => (await page("/assets/logo.svg")).text(), { timeout: POLL_LIMIT }).toContain("blue");
    writeFileSync(path.join(data, "site.json"), "{}\n");
    await expect.poll(async () => (await page("/assets/logo.svg")).status, { timeout: POLL_LIMIT }).toBe(404);
    expect(await (await page("/launch/")).text()).not.toContain("<img");
  });

  it("reports a file the build would refuse, passes over editors' backups, and goes on once the file is gone", async () => {
    const { events, stop } = await listen();
    writeFileSync(path.join(countdowns, "party.md~"), "title: [unclosed");
    writeFileSync(path.join(countdowns, "NOTES.txt"), "notes");
    await expect
      .poll(() => events.find((e) => e.event === "problems" && e.data !== "[]"), { timeout: POLL_LIMIT })
      .toBeDefined();
    const problems = JSON.parse(events.find((e) => e.event === "problems" && e.data !== "[]")!.data) as string[];
    expect(problems).toEqual([
      expect.stringMatching(/^countdowns\/NOTES\.txt: file: is not a countdown: countdown files end in "\.md"/),
    ]);
    expect(lines.at(-1)).toMatch(/still serving the last good build/);
    rmSync(path.join(countdowns, "NOTES.txt"));
    await expect.poll(() => events.some((e) => e.event === "reload"), { timeout: POLL_LIMIT }).toBe(true);
    stop();
    rmSync(path.join(countdowns, "party.md~"));
    expect(lines.at(-1)).toMatch(/^Rebuilt /);
  });
});

describe("npm run dev with the site file beside its build folder", () => {
  it("rebuilds for the site file and its logo only, never for what the build itself writes there", async () => {
    const project = mkdtempSync(path.join(tmpdir(), "dev-site-"));
    mkdirSync(path.join(project, "countdowns"));
    writeFileSync(path.join(project, "countdowns", "launch.md"), countdown("Launch day", 10));
    writeFileSync(path.join(project, "site.json"), '{ "name": "Side by side" }\n');
    const seen: string[] = [];
    const side = await startDevLoop({
      config: readConfig({
        COUNTDOWNS_DIR: path.join(project, "countdowns"),
        OUT_DIR: path.join(project, "dist"),
        SITE_FILE: path.join(project, "site.json"),
        PORT: "0",
      }),
      log: (line) => seen.push(line),
    });
    await new Promise<void>((resolve) => side.local.server.listen(0, "127.0.0.1", resolve));
    try {
      await side.settled();
      const before = seen.length;
      // Anything else in the folder, the build's own swaps among it, starts nothing.
      writeFileSync(path.join(project, "notes.txt"), "not the site's");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await side.settled();
      expect(seen.slice(before).filter((line) => /^Rebuilt /.test(line))).toEqual([]);
      writeFileSync(path.join(project, "site.json"), '{ "name": "Side by side, renamed" }\n');
      await expect
        .poll(() => seen.slice(before).some((line) => /^Rebuilt /.test(line)), { timeout: POLL_LIMIT })
        .toBe(true);
    } finally {
      await side.close();
    }
  });
});

describe("npm run dev's build folder", () => {
  it("is dist.dev/ unless OUT_DIR says otherwise, so the loop never replaces the build npm start serves", async () => {
    // The project as a checkout holds it, with one countdown and no build yet.
    const project = path.join(mkdtempSync(path.join(tmpdir(), "dev-folder-")), "project");
    for (const entry of ["package.json", "tsconfig.json", "eleventy.config.js", "src"])
      cpSync(path.join(ROOT, entry), path.join(project, entry), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(project, "node_modules"), "dir");
    mkdirSync(path.join(project, "countdowns"));
    writeFileSync(path.join(project, "countdowns", "launch.md"), countdown("Launch day", 10));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0", HOST: "127.0.0.1" };
    for (const name of ["OUT_DIR", "COUNTDOWNS_DIR", "URL"]) delete env[name];
    const child = spawn(path.join(project, "node_modules", ".bin", "tsx"), ["src/dev/dev-command.ts"], {
      cwd: project,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr])
      stream.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await expect
        .poll(() => output, { timeout: POLL_LIMIT, interval: 200 })
        .toMatch(/Countdown service at http:\/\/127\.0\.0\.1:\d+\//);
      expect(existsSync(buildPaths(path.join(project, "dist.dev")).marker), output).toBe(true);
      expect(existsSync(path.join(project, "dist")), output).toBe(false);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
