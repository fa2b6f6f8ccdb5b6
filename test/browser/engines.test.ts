// The three browser engines of the browser tests (test/support/engines.ts), each held to what it says
// it can do: the viewport exactly as asked, every ability it claims exercised, and nothing left running.
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PNG } from "pngjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CANNOT, ENGINE_NAMES, launchEngine, type Engine, type EnginePage } from "../support/engines.ts";

// What the page saw while loading, written by its own script (so "no script ran" when scripts are off).
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Engine check</title><link rel="icon" href="data:,">
<style>html { background: rgb(0, 128, 255); color: white }</style></head>
<body><p id="report">no script ran</p>
<script>
  document.getElementById("report").textContent = JSON.stringify({
    width: innerWidth,
    height: innerHeight,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
    beforeLoad: window.beforeLoad ?? null,
  });
  console.error("engine check: an error");
  console.warn("engine check: a warning");
  setTimeout(() => { throw new Error("engine check: uncaught"); });
</script>`;

interface Report {
  width: number;
  height: number;
  dark: boolean;
  reducedMotion: boolean;
  beforeLoad: string | null;
}

const reportOf = async (page: EnginePage): Promise<Report | "no script ran"> => {
  const text = await page.evaluate(() => document.getElementById("report")!.textContent!);
  return text === "no script ran" ? text : JSON.parse(text);
};

/** Every process under this one, with its group: what a launch started. */
function descendants(): { pid: number; pgid: number }[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,pgid=,stat="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, pgid, stat]) => ({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), zombie: stat!.startsWith("Z") }));
  const found = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of table) {
      if (found.has(row.ppid) && !found.has(row.pid)) found.add(row.pid), (grew = true);
    }
  }
  found.delete(process.pid);
  return table.filter((row) => found.has(row.pid) && !row.zombie).map(({ pid, pgid }) => ({ pid, pgid }));
}

/** Processes still alive (zombies aside) among `pids`, or in `groups`. */
function stillRunning(pids: Set<number>, groups: Set<number>): string[] {
  return execFileSync("ps", ["-eo", "pid=,pgid=,stat=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, pgid, stat]) => !stat!.startsWith("Z") && (pids.has(Number(pid)) || groups.has(Number(pgid))))
    .map((row) => row.slice(3).join(" "));
}

let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.writeHead(request.url === "/" ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(request.url === "/" ? PAGE : "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

for (const name of ENGINE_NAMES) {
  describe(name, () => {
    let engine: Engine | undefined;
    let launchMs = 0;
    let before = new Set<number>();
    const pages: EnginePage[] = [];
    const open = async (...args: Parameters<Engine["open"]>) => {
      const page = await engine!.open(...args);
      pages.push(page);
      return page;
    };

    beforeAll(async () => {
      before = new Set(descendants().map((row) => row.pid));
      const start = performance.now();
      engine = await launchEngine(name);
      launchMs = Math.round(performance.now() - start);
    });
    afterEach(async () => {
      await Promise.all(pages.splice(0).map((page) => page.close()));
    });
    afterAll(async () => {
      await engine?.close();
    });

    it("opens a page at exactly the viewport asked for, and resizes it exactly", async ({ annotate }) => {
      await annotate(`launched in ${launchMs} ms`);
      const page = await open(url, { width: 320, height: 180 });
      expect(await reportOf(page)).toEqual({ width: 320, height: 180, dark: false, reducedMotion: false, beforeLoad: null });
      for (const [width, height] of [[600, 250], [280, 180], [1200, 250]] as const) {
        await page.setViewport(width, height);
        expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([width, height]);
      }
      const other = await open(url, { width: 600, height: 250 });
      expect(await other.evaluate(() => [innerWidth, innerHeight])).toEqual([600, 250]);
    });

    it("evaluates a function with arguments, awaits a promise, and answers through JSON", async () => {
      const page = await open(url);
      expect(await page.evaluate((a: number, b: { c: string }) => `${a}${b.c}`, 1, { c: "x" })).toBe("1x");
      expect(await page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve(document.title), 10)))).toBe("Engine check");
      expect(await page.evaluate(() => undefined)).toBeNull();
    });

    it("gives each page its own storage", async () => {
      const first = await open(url);
      await first.evaluate(() => localStorage.setItem("seen", "yes"));
      const second = await open(url);
      expect(await second.evaluate(() => localStorage.getItem("seen"))).toBeNull();
    });

    // One page for both, as Firefox starts a browser for each set of media preferences (5 s, more under load).
    it("emulates a dark colour scheme and reduced motion", { timeout: 60_000 }, async ({ skip }) => {
      const { colorScheme, reducedMotion } = engine!.can;
      skip(!colorScheme && !reducedMotion, CANNOT[name].colorScheme ?? CANNOT[name].reducedMotion);
      const page = await open(url, { ...(colorScheme && { colorScheme: "dark" }), ...(reducedMotion && { reducedMotion: "reduce" }) });
      expect(await reportOf(page)).toMatchObject({ dark: colorScheme, reducedMotion });
      const light = await open(url, { ...(colorScheme && { colorScheme: "light" }), ...(reducedMotion && { reducedMotion: "no-preference" }) });
      expect(await reportOf(light)).toMatchObject({ dark: false, reducedMotion: false });
    });

    it("turns the page's JavaScript off, and still evaluates in it", async ({ skip }) => {
      if (!engine!.can.disableJavaScript) {
        await expect(engine!.open(url, { javaScript: false })).rejects.toThrow(CANNOT[name].disableJavaScript);
        skip(CANNOT[name].disableJavaScript);
      }
      const page = await open(url, { javaScript: false, width: 320, height: 180 });
      expect(await reportOf(page)).toBe("no script ran");
      expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([320, 180]);
    });

    it("runs a script before the page's own", async ({ skip }) => {
      if (!engine!.can.beforeLoadScript) {
        await expect(engine!.open(url, { beforeLoad: "" })).rejects.toThrow(CANNOT[name].beforeLoadScript);
        skip(CANNOT[name].beforeLoadScript);
      }
      expect(await reportOf(await open(url, { beforeLoad: "window.beforeLoad = 'set'" }))).toMatchObject({ beforeLoad: "set" });
    });

    it("reports console errors and warnings and uncaught errors", async ({ skip }) => {
      skip(!engine!.can.consoleMessages, CANNOT[name].consoleMessages);
      const page = await open(url);
      await expect
        .poll(() => page.consoleProblems())
        .toEqual(["error: engine check: an error", "warning: engine check: a warning", expect.stringMatching(/^pageerror: .*engine check: uncaught/)]);
    });

    it("takes a screenshot of the viewport as it is now", async ({ skip }) => {
      skip(!engine!.can.screenshots, CANNOT[name].screenshots);
      const page = await open(url, { width: 320, height: 180 });
      await page.setViewport(600, 250);
      const png = PNG.sync.read(await page.screenshot());
      expect([png.width, png.height]).toEqual([600, 250]);
      // The page's background in the far corner: the screenshot shows the page at its new size.
      const corner = (png.width * png.height - 1) * 4;
      expect([...png.data.subarray(corner, corner + 3)]).toEqual([0, 128, 255]);
    });

    it("closes, with its open pages, and leaves no process behind", async () => {
      await engine!.open(url);
      const started = descendants().filter((row) => !before.has(row.pid));
      expect(started.length, "the engine's processes").toBeGreaterThan(0);
      const ownGroup = execFileSync("ps", ["-o", "pgid=", "-p", String(process.pid)], { encoding: "utf8" }).trim();
      const groups = new Set(started.map((row) => row.pgid).filter((pgid) => String(pgid) !== ownGroup));
      await engine!.close();
      engine = undefined;
      await expect.poll(() => stillRunning(new Set(started.map((row) => row.pid)), groups), { timeout: 5000 }).toEqual([]);
    });
  });
}
