// The three browser engines of the browser tests (test/support/engines.ts), each held to what it says
// it can do: the viewport exactly as asked, every ability it claims exercised, every one it lacks
// refused with its reason and refused again by the driver itself, and nothing left running.
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PNG } from "pngjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CANNOT, ENGINE_NAMES, launchEngine, type Ability, type Engine, type EngineName, type EnginePage } from "../support/engines.ts";

// What the page saw while loading, written by its own script (so "no script ran" when scripts are off).
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Engine check</title><link rel="icon" href="data:,">
<style>html { background: rgb(0, 128, 255); color: white }</style></head>
<body><p id="report">no script ran</p>
<button id="button" onclick="">Press</button>
<script>
  document.getElementById("button").addEventListener("click", (event) => { document.title = event.isTrusted ? "clicked by a user" : "clicked by a script"; });
  document.getElementById("report").textContent = JSON.stringify({
    width: innerWidth,
    height: innerHeight,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
    beforeLoad: window.beforeLoad ?? null,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    offset: new Date(Date.UTC(2027, 0, 15)).getTimezoneOffset(),
  });
  console.error("engine check: an error");
  console.warn("engine check: a warning");
  setTimeout(() => { throw new Error("engine check: uncaught"); });
</script>`;

/**
 * The driver's own words for each limit in CANNOT, as measured (confirmCannot): a driver that starts to
 * comply fails the check, and so does one that refuses for another reason.
 */
const REFUSALS: Record<EngineName, Partial<Record<Ability, RegExp>>> = {
  chromium: {},
  firefox: { disableJavaScript: /unknown command emulation\.setScriptingEnabled/ },
  webkit: {
    beforeLoadScript: /Failed to match capabilities/,
    consoleMessages: /^BiDi session: Failed to match capabilities; browser log: .*(unknown command|not (supported|implemented)|unsupported operation)/i,
  },
};

interface Report {
  width: number;
  height: number;
  dark: boolean;
  reducedMotion: boolean;
  beforeLoad: string | null;
  timeZone: string;
  offset: number;
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
    const found = new URL(request.url!, "http://host").pathname === "/";
    response.writeHead(found ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(found ? PAGE : "");
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
      expect(await reportOf(page)).toMatchObject({ width: 320, height: 180, dark: false, reducedMotion: false, beforeLoad: null });
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

    it("loads another address in the same page, keeping its viewport", async () => {
      const page = await open(url, { width: 320, height: 180 });
      await page.evaluate(() => localStorage.setItem("seen", "yes"));
      await page.goto(`${url}?again`);
      expect(await page.evaluate(() => [location.search, innerWidth, innerHeight, localStorage.getItem("seen")])).toEqual(["?again", 320, 180, "yes"]);
    });

    it("clicks as a user does", async () => {
      const page = await open(url);
      await page.click("#button");
      expect(await page.evaluate(() => document.title)).toBe("clicked by a user");
    });

    /** For an ability this engine lacks: `refused` rejects with its reason, and the driver itself refuses it, in its own words. */
    const expectLimit = async (ability: Ability, refused: Promise<unknown>) => {
      expect(engine!.can[ability]).toBe(false);
      const reason = CANNOT[name][ability]!;
      expect(reason.length, "a reason").toBeGreaterThan(20);
      await expect(refused).rejects.toThrow(`${name} cannot honour ${ability}: ${reason}`);
      const refusal = await engine!.confirmCannot(ability);
      expect(refusal, `${name}'s driver refusing ${ability}`).toMatch(REFUSALS[name][ability] ?? /no refusal measured for this engine/);
    };

    // A time zone of its own starts another browser in Firefox (3-5 s, more under load).
    it("gives a page the visitor's time zone", { timeout: 60_000 }, async () => {
      if (!engine!.can.timeZone) return expectLimit("timeZone", engine!.open(url, { timeZone: "Asia/Tokyo" }));
      // Tokyo is 9 hours ahead of UTC all year; the machine's zone is most likely UTC.
      expect(await reportOf(await open(url, { timeZone: "Asia/Tokyo" }))).toMatchObject({ timeZone: "Asia/Tokyo", offset: -540 });
    });

    it("gives each page its own storage", async () => {
      const first = await open(url);
      await first.evaluate(() => localStorage.setItem("seen", "yes"));
      const second = await open(url);
      expect(await second.evaluate(() => localStorage.getItem("seen"))).toBeNull();
    });

    // One page for both, as Firefox starts a browser for each set of media preferences (5 s, more under load).
    it("emulates a dark colour scheme and reduced motion", { timeout: 60_000 }, async () => {
      const { colorScheme, reducedMotion } = engine!.can;
      if (!colorScheme) await expectLimit("colorScheme", engine!.open(url, { colorScheme: "dark" }));
      if (!reducedMotion) await expectLimit("reducedMotion", engine!.open(url, { reducedMotion: "reduce" }));
      if (!colorScheme && !reducedMotion) return;
      const page = await open(url, { ...(colorScheme && { colorScheme: "dark" }), ...(reducedMotion && { reducedMotion: "reduce" }) });
      expect(await reportOf(page)).toMatchObject({ dark: colorScheme, reducedMotion });
      const light = await open(url, { ...(colorScheme && { colorScheme: "light" }), ...(reducedMotion && { reducedMotion: "no-preference" }) });
      expect(await reportOf(light)).toMatchObject({ dark: false, reducedMotion: false });
    });

    it("turns the page's JavaScript off, and still evaluates in it", { timeout: 60_000 }, async () => {
      if (!engine!.can.disableJavaScript) return expectLimit("disableJavaScript", engine!.open(url, { javaScript: false }));
      const page = await open(url, { javaScript: false, width: 320, height: 180 });
      expect(await reportOf(page)).toBe("no script ran");
      expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([320, 180]);
    });

    it("runs a script before the page's own", { timeout: 60_000 }, async () => {
      if (!engine!.can.beforeLoadScript) return expectLimit("beforeLoadScript", engine!.open(url, { beforeLoad: "window.beforeLoad = 'set'" }));
      expect(await reportOf(await open(url, { beforeLoad: "window.beforeLoad = 'set'" }))).toMatchObject({ beforeLoad: "set" });
    });

    it("reports console errors and warnings and uncaught errors", { timeout: 60_000 }, async () => {
      const page = await open(url);
      if (!engine!.can.consoleMessages) {
        // The page did write them (its script ran), yet the engine does not answer with an empty list: it refuses.
        await expect.poll(() => page.evaluate(() => document.getElementById("report")!.textContent)).not.toBe("no script ran");
        return expectLimit("consoleMessages", (async () => page.consoleProblems())());
      }
      await expect
        .poll(() => page.consoleProblems(), { timeout: 10_000 })
        .toEqual(["error: engine check: an error", "warning: engine check: a warning", expect.stringMatching(/^pageerror: .*engine check: uncaught/)]);
    });

    it("takes a screenshot of the viewport as it is now", async () => {
      const page = await open(url, { width: 320, height: 180 });
      if (!engine!.can.screenshots) return expectLimit("screenshots", page.screenshot());
      await page.setViewport(600, 250);
      const png = PNG.sync.read(await page.screenshot());
      expect([png.width, png.height]).toEqual([600, 250]);
      // The page's background in the far corner: the screenshot shows the page at its new size.
      const corner = (png.width * png.height - 1) * 4;
      expect([...png.data.subarray(corner, corner + 3)]).toEqual([0, 128, 255]);
    });

    it("closes, with its open pages, and leaves no process behind", { timeout: 60_000 }, async () => {
      await engine!.open(url);
      const started = descendants().filter((row) => !before.has(row.pid));
      expect(started.length, "the engine's processes").toBeGreaterThan(0);
      const ownGroup = execFileSync("ps", ["-o", "pgid=", "-p", String(process.pid)], { encoding: "utf8" }).trim();
      const groups = new Set(started.map((row) => row.pgid).filter((pgid) => String(pgid) !== ownGroup));
      await engine!.close();
      engine = undefined;
      await expect.poll(() => stillRunning(new Set(started.map((row) => row.pid)), groups), { timeout: 20_000 }).toEqual([]);
    });
  });
}
