// The embeddable widget (docs/widget.md: the embed, its options, countdowns that repeat or are
// postponed) in Chromium, Firefox and WebKit (test/support/engines.ts), served by the real Node server:
// the first frame, the ticks, the sizes, no JavaScript, the CSP, every option, the done state and the
// count-up, repeating and postponed countdowns, accessibility. Every check runs in every engine: where
// an engine's driver cannot do what a check needs (CANNOT), the check gets the same fact another way.
// Without a script before the page's own, the fake clock is set after load and made effective by the
// `pageshow` event a browser sends on coming back to a page, and the first frame is recorded by the
// same script put first in the document by a proxy (test/support/first-frame-proxy.ts); without a way
// to turn JavaScript off, the widget is read in a frame sandboxed without scripts.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DateTime } from "luxon";
import { buildSync } from "esbuild";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { secondsLeft, timeLeft } from "../../src/time/time-left.ts";
import { zoneOffset } from "../../src/time/zone.ts";
import { accentColours, rgbOf, WARN_COLOURS } from "../../src/colour/colour.ts";
import { WIDGET_IMAGE } from "../../src/colour/scrims.ts";
import { DATE_TIME } from "../../src/text/dates.ts";
import { SITE_DEFAULTS } from "../../src/site-identity.ts";
import {
  ENGINE_NAMES,
  launchEngine,
  type Engine,
  type EngineName,
  type EnginePage,
  type OpenOptions,
} from "../support/engines.ts";
import { startFirstScriptProxy, withScriptHash, type FirstScriptProxy } from "../support/first-frame-proxy.ts";
import {
  DAILY_UNTIL,
  EVERGREEN,
  HEADER_IMAGE,
  LONGEST_TITLE,
  WEEKDAY_CUTOFF,
  WEEKLY_BERLIN,
  WIDGET_DEFAULTS,
  WIDGET_LINK,
} from "../support/fixtures.ts";
import {
  CSP_WATCH_SOURCE,
  FIRST_FRAME_SOURCE,
  cspViolations,
  fakeClockSource,
  injectedScriptRuns,
  layoutProblems,
  readPage,
  readSandboxedFrame,
  recordTimerChanges,
  setClockAfterLoad,
  seriousAxeViolations,
  waitInPage,
  watchCspAfterLoad,
  type DocumentReader,
  type FirstFrame,
} from "../support/in-page.ts";
import { ROOT, TEST_NOW, TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";
import { WIDGET_SCRIPT_PATH } from "../../src/paths.ts";
import { unitsText } from "../support/units-text.ts";
import { pauseWord } from "../../src/text/pause-words.ts";
import { SEGMENTS } from "../../src/time/shape-rules.ts";

const PATTERN = /^\d+d \d{2}h \d{2}m \d{2}s$/;
const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The target instant the build published for a fixture (its next occurrence at build time). */
const target = (slug: string) =>
  Date.parse(JSON.parse(readFileSync(path.join(TEST_SITE_DIR, `api/data/${slug}.json`), "utf8")).targetDate);
/** Seconds shown by a `<d>d <hh>h <mm>m <ss>s` text. */
const shownSeconds = (text: string) => {
  const [d, h, m, s] = text.match(/\d+/g)!.map(Number);
  return d! * 86400 + h! * 3600 + m! * 60 + s!;
};
/** The date and time of the widget's date line for `ms` in `timeZone` (its zone's name follows), as the browser of `page` formats it (its ICU may differ from Node's). */
const inBrowserDate = (page: EnginePage, lang: string, ms: number, timeZone: string) =>
  page.evaluate(
    (language: string, options: Intl.DateTimeFormatOptions, at: number) =>
      new Intl.DateTimeFormat(language, options).format(at),
    lang,
    { ...DATE_TIME, timeZone },
    ms,
  );
/** An rgb() colour as a computed style gives it, from hex. */
const rgb = (hex: string) => {
  const full = hex.length === 3 ? hex.replace(/./g, "$&$&") : hex;
  return `rgb(${[0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).join(", ")})`;
};
/** The themes' colours: the accent is the site's (the fixtures' site file names none: the default's). */
const SITE_ACCENT = accentColours(SITE_DEFAULTS.accent);
const THEME = {
  light: { bg: rgb("fff"), text: rgb("1a2030"), accent: rgb(SITE_ACCENT.light.slice(1)) },
  dark: { bg: rgb("131722"), text: rgb("eef1f7"), accent: rgb(SITE_ACCENT.dark.slice(1)) },
};

async function listen(server: http.Server, host = "127.0.0.1"): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

let local: ProductionServer;
let base: string;
/** Host pages on another origin (localhost, not 127.0.0.1), as a site that embeds the widget. */
let hostBase: string;
/** The server under test with FIRST_FRAME_SOURCE first in every widget, for WebKit (test/support/first-frame-proxy.ts). */
let firstFrameProxy: FirstScriptProxy;
/** Each engine's lateness of the ticks after the second boundary, in ms. */
const lateness: Partial<Record<EngineName, number[]>> = {};

beforeAll(async () => {
  local = createProductionServer({ outDir: TEST_OUT_DIR, log: () => {} });
  base = `http://127.0.0.1:${await listen(local.server)}`;
  const host = http.createServer((request, response) => {
    const query = new URL(request.url!, "http://host").searchParams;
    const src = `${base}/api/embed/${query.get("slug")}${query.get("query") ?? ""}`;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    // Both published snippets, as a site owner pastes them, on a page of the owner's colour.
    response.end(`<!doctype html><html lang="en"><title>Host</title><body style="margin:0;padding:20px;background:${query.get("bg") ?? "#fff"}">
<iframe src="${src}" width="320" height="180" frameborder="0" style="border-radius:12px;display:block" title="Small"></iframe>
<div style="height:20px"></div>
<iframe src="${src}" width="100%" height="250" frameborder="0" style="border-radius:12px;display:block" title="Wide"></iframe>`);
  });
  hostBase = `http://localhost:${await listen(host)}`;
  local.server.once("close", () => host.close());
  firstFrameProxy = await startFirstScriptProxy(base, FIRST_FRAME_SOURCE, (pathname) =>
    pathname.startsWith("/api/embed/"),
  );
});
afterAll(async () => {
  console.info(
    `Tick lateness after the second boundary (ms):\n${Object.entries(lateness)
      .map(([name, ms]) => `  ${name}: ${ms!.join(", ")} (max ${Math.max(...ms!)})`)
      .join("\n")}`,
  );
  await firstFrameProxy?.close();
  await local?.close();
});

for (const name of ENGINE_NAMES) {
  describe(name, () => {
    let engine: Engine;
    /** One page per set of open options, reused by navigating it: a WebKit page is a browser of its own. */
    const pool = new Map<string, { page: EnginePage; size: string }>();

    beforeAll(async () => {
      engine = await launchEngine(name);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    /** `url` (a path of the widget server, or a full URL) in a page of this engine with these options. */
    async function load(url: string, options: OpenOptions = {}): Promise<EnginePage> {
      const { width = 600, height = 250, ...rest } = options;
      const address = url.startsWith("http") ? url : `${base}${url}`;
      // The engines' defaults need no page of their own.
      if (rest.colorScheme === "light") delete rest.colorScheme;
      if (rest.reducedMotion === "no-preference") delete rest.reducedMotion;
      const key = JSON.stringify(rest);
      const size = `${width}x${height}`;
      const pooled = pool.get(key);
      if (!pooled) {
        const page = await engine.open(address, { width, height, ...rest });
        pool.set(key, { page, size });
        return page;
      }
      if (pooled.size !== size) await pooled.page.setViewport(width, height);
      pooled.size = size;
      await pooled.page.goto(address);
      return pooled.page;
    }

    /** A page of this engine, as it is. */
    const page0 = () => load("/api/embed/future-launch");

    /** Resizes a page `load` gave, which it then knows. */
    async function resize(page: EnginePage, width: number, height: number): Promise<void> {
      await page.setViewport(width, height);
      // The widget fits itself again on "resize", dispatched before the next frame is drawn.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      for (const pooled of pool.values()) if (pooled.page === page) pooled.size = `${width}x${height}`;
    }

    /** The widget at `url` with the page's clock at `atMs` from the start, or from just after load. */
    async function loadAt(url: string, atMs: number, options: OpenOptions = {}): Promise<EnginePage> {
      if (engine.can.beforeLoadScript) return load(url, { ...options, beforeLoad: fakeClockSource(atMs) });
      const page = await load(url, options);
      await setClockAfterLoad(page, atMs);
      return page;
    }

    /** What the widget shows, and the page's clock at that moment. */
    const read = (page: EnginePage) =>
      page.evaluate(() => {
        const find = (selector: string) => document.querySelector<HTMLElement>(selector)!;
        const [left, done, when] = [find("[data-left]"), find("[data-done]"), find("time") as HTMLTimeElement];
        return {
          now: Date.now(),
          text: left.textContent!,
          cells: [...left.children].map((cell) => cell.textContent!),
          leftShown: getComputedStyle(left).display !== "none",
          done: done.textContent!,
          doneShown: getComputedStyle(done).display !== "none",
          datetime: when.dateTime,
          date: when.textContent!,
          dateShown: getComputedStyle(when).display !== "none",
          titleShown: getComputedStyle(find("h1")).display !== "none",
          dataset: { ...document.documentElement.dataset },
          lang: document.documentElement.lang,
          /** The language of the countdown's own words: its title and its done message or status. */
          ownLang: [find("h1").lang, done.lang],
          dir: document.documentElement.dir,
        };
      });
    /** The time left shown is the one of `now` (or of the second before, drawn just before the boundary). */
    const expectTimeLeft = (shown: { text: string; now: number }, targetMs: number, sign = "") => {
      expect(shown.text, "the published pattern").toMatch(
        new RegExp(`^${sign.replace("+", "\\+")}\\d+d \\d{2}h \\d{2}m \\d{2}s$`),
      );
      const seconds = sign ? secondsLeft(shown.now, targetMs) : secondsLeft(targetMs, shown.now);
      expect([seconds, seconds + (sign ? -1 : 1)]).toContain(shownSeconds(shown.text));
    };

    /**
     * The widget at `url` with FIRST_FRAME_SOURCE run before its own scripts: by the driver where it can;
     * where it cannot (WebKit: classic WebDriver has no script before the page's own, CANNOT), the same
     * script is put first in the served document by a proxy, its hash added to the widget's real CSP.
     */
    const loadWithFirstFrame = (url: string) =>
      engine.can.beforeLoadScript
        ? load(url, { beforeLoad: FIRST_FRAME_SOURCE })
        : load(`${firstFrameProxy.base}${url}`);

    /**
     * The widget at `url` as a visitor with JavaScript off (or on) gets it, to read. Where the driver
     * cannot turn JavaScript off (Firefox, CANNOT), it is loaded into a frame sandboxed without
     * "allow-scripts" (so none of its scripts runs) but with "allow-same-origin", on a page of the site
     * of the same origin (its CSP allows frames of its own origin; the widget's lets any page frame it).
     */
    async function readWidget(url: string, javaScript: boolean): Promise<DocumentReader> {
      if (engine.can.disableJavaScript) return readPage(await load(url, javaScript ? {} : { javaScript: false }));
      return readSandboxedFrame(
        await load("/"),
        `${base}${url}`,
        javaScript ? "allow-same-origin allow-scripts" : "allow-same-origin",
      );
    }

    describe("shows the published pattern from the first frame", () => {
      it("has the time left in place at the first frame, drawn without a timer, and nothing shifts", async () => {
        const page = await loadWithFirstFrame("/api/embed/future-launch");
        const first = await page.evaluate(() => (window as unknown as { firstFrame: Promise<FirstFrame> }).firstFrame);
        expect(first).toMatchObject({ hidden: false });
        expectTimeLeft({ text: first.text!, now: first.now }, target("future-launch"));
        // Two more ticks, then no layout shift (where the engine measures them).
        await waitInPage(page, () => (window as unknown as { timersFired: number }).timersFired >= 2, 5000);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number | null }).shifts);
        if (shifts !== null) expect(shifts).toBe(0);
        expect(
          await page.evaluate(() => getComputedStyle(document.querySelector("[data-left]")!).fontVariantNumeric),
        ).toBe("tabular-nums");
      });

      it("has the inline script's options in force at the first frame: theme, font, language and direction", async () => {
        const page = await loadWithFirstFrame("/api/embed/future-launch?theme=dark&lang=ar&font=mono");
        const first = await page.evaluate(() => (window as unknown as { firstFrame: Promise<FirstFrame> }).firstFrame);
        expect(first).toMatchObject({
          hidden: false,
          dir: "rtl",
          dataset: { theme: "dark", lang: "ar", font: "mono" },
        });
      });

      it("draws a layout of the widget script's with its labels, and shows no other count before it", async () => {
        const page = await loadWithFirstFrame("/api/embed/future-launch?theme=dark&layout=units&lang=ar");
        const first = await page.evaluate(() => (window as unknown as { firstFrame: Promise<FirstFrame> }).firstFrame);
        // Until the widget script draws, the count is hidden: never the text layout for a moment.
        if (!first.hidden) expect(first.cells).toHaveLength(8);
        await waitInPage(page, () => document.querySelectorAll("[data-left] small").length == 4, 5000);
        const drawn = await page.evaluate(() => ({
          dir: document.documentElement.dir,
          labels: [...document.querySelectorAll("[data-left] small")].map((label) => label.textContent!),
          numbers: [...document.querySelectorAll("[data-left] span")].map((number) => number.textContent!),
        }));
        expect(drawn.dir).toBe("rtl");
        expect(drawn.labels.every((label) => /\p{Script=Arabic}/u.test(label))).toBe(true);
        expect(drawn.numbers.every((number) => /^\d+$/.test(number))).toBe(true);
      });
    });

    describe("ticks from the absolute target, just after each second boundary", () => {
      it("shows each second's value, never one twice, each tick asked for just after the boundary", async ({
        annotate,
      }) => {
        const page = await load("/api/embed/future-launch");
        // The waits the ticker asks for (those of a second at most; the recorder's own is longer), as
        // the instant they end by the clock reading the ticker drew from (the last Date.now() before
        // it asks): 1 ms after a second boundary, whatever the machine's load makes of the wait.
        const asked = page.evaluate(
          () =>
            new Promise<number[]>((resolve) => {
              const [set, now] = [window.setTimeout, Date.now];
              let last = now.call(Date);
              Date.now = () => (last = now.call(Date));
              const due: number[] = [];
              (window as unknown as { setTimeout: unknown }).setTimeout = (fn: () => void, ms: number) => {
                if (ms <= 1001) due.push((last + ms) % 1000);
                return set(fn, ms);
              };
              set(() => {
                window.setTimeout = set;
                Date.now = now;
                resolve(due);
              }, 4000);
            }),
        );
        const changes = await recordTimerChanges(page, 4200);
        expect(changes.length).toBeGreaterThanOrEqual(3);
        const targetMs = target("future-launch");
        // Each change is timed by the observer, a moment after the tick read the clock and drew; Firefox's
        // clock is coarsened with jitter, so the two readings may straddle a boundary by a millisecond or two.
        const SLACK = 5;
        for (const [index, [text, at]] of changes.entries()) {
          expect(text).toMatch(PATTERN);
          expect([secondsLeft(targetMs, at), secondsLeft(targetMs, at - SLACK)], `shown at ${at}`).toContain(
            shownSeconds(text),
          );
          // (A tick a loaded machine delays past the next boundary shows that second's value: one is skipped.)
          if (index > 0)
            expect(
              shownSeconds(changes[index - 1]![0]) - shownSeconds(text),
              "never the same second twice, never back",
            ).toBeGreaterThanOrEqual(1);
        }
        // Every wait ends 1 ms after a boundary by the ticker's reading of the clock. A ticker on its own
        // phase (setInterval) would end anywhere.
        const due = await asked;
        expect(due.length, "it asked for its ticks").toBeGreaterThanOrEqual(3);
        for (const end of due) expect(end, `a wait ending ${end} ms after a boundary`).toBe(1);
        // How late the ticks actually landed, reported (a figure of the machine, not of the ticker).
        lateness[name] = changes.map(([, at]) => ((at + SLACK) % SECOND) - SLACK);
        await annotate(`lateness after the boundary (ms): ${lateness[name]!.join(", ")}`);
      });

      it("schedules nothing while hidden, and shows the right value at once when visible again", async () => {
        const page = await load("/api/embed/future-launch");
        const hiddenFor = await page.evaluate(
          () =>
            new Promise<{ timers: number; before: string; during: string; after: string; now: number }>((resolve) => {
              const w = window as unknown as { timers: number };
              w.timers = 0;
              const setTimeout = window.setTimeout;
              window.setTimeout = ((...args: Parameters<typeof setTimeout>) => (
                w.timers++,
                setTimeout(...args)
              )) as typeof setTimeout;
              const left = document.querySelector("[data-left]")!;
              const hide = (hidden: boolean) => {
                Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
                document.dispatchEvent(new Event("visibilitychange"));
              };
              hide(true);
              const before = left.textContent!;
              const timers = w.timers;
              setTimeout(() => {
                const during = left.textContent!;
                const scheduled = w.timers - timers;
                hide(false);
                resolve({ timers: scheduled, before, during, after: left.textContent!, now: Date.now() });
              }, 2200);
            }),
        );
        expect(hiddenFor.timers).toBe(0);
        expect(hiddenFor.during).toBe(hiddenFor.before);
        expectTimeLeft({ text: hiddenFor.after, now: hiddenFor.now }, target("future-launch"));
        expect(shownSeconds(hiddenFor.before) - shownSeconds(hiddenFor.after)).toBeGreaterThanOrEqual(2);
      });
    });

    describe("fits any frame from 280 to 1200 px wide, both published sizes among them", () => {
      const WIDTHS = [280, 320, 400, 600, 800, 1000, 1200];

      it(
        "shows everything without a scrollbar or clipping, no text under 12px, with a 200-character title, in every layout",
        { timeout: 120_000 },
        async () => {
          expect([...LONGEST_TITLE]).toHaveLength(200);
          for (const url of [
            "/api/embed/longest-title",
            "/api/embed/longest-title?layout=units&lang=de",
            "/api/embed/longest-title?layout=tiles",
          ]) {
            const page = await load(url, { width: 280, height: 180 });
            for (const width of WIDTHS) {
              for (const height of [180, 250]) {
                await resize(page, width, height);
                expect(await layoutProblems(page), `${url} at ${width}x${height}`).toEqual([]);
              }
            }
          }
        },
      );

      it(
        "fits the published sizes in every state: done, count-up, status, German units, Arabic units, tiles, a repeating rule, a link",
        { timeout: 60_000 },
        async () => {
          const urls = [
            "/api/embed/hostile-content?after=countup",
            "/api/embed/long-past",
            "/api/embed/long-past?after=countup&layout=units&lang=de",
            "/api/embed/cancelled-fr",
            `/api/embed/${WIDGET_DEFAULTS.slug}`,
            "/api/embed/longest-title?layout=units&lang=ar",
            "/api/embed/postponed-de?layout=tiles",
            `/api/embed/${WEEKLY_BERLIN.slug}?layout=tiles&lang=fr`,
          ];
          for (const url of urls) {
            for (const [width, height] of [
              [320, 180],
              [280, 180],
              [800, 250],
            ] as const) {
              const page = await load(url, { width, height });
              expect(await layoutProblems(page), `${url} at ${width}x${height}`).toEqual([]);
            }
          }
        },
      );

      it("scales the type with the frame", async () => {
        const page = await load("/api/embed/future-launch", { width: 320, height: 180 });
        const size = () =>
          page.evaluate(() => parseFloat(getComputedStyle(document.querySelector("[data-left]")!).fontSize));
        const small = await size();
        await resize(page, 1200, 250);
        expect(await size()).toBeGreaterThan(small * 1.5);
      });
    });

    describe("without JavaScript", () => {
      it("shows the title and the target in UTC in a <time>, and a status; no timer and no done message", async () => {
        const shownIn = (widget: DocumentReader, selector: string) =>
          widget((doc, win, s: string) => win.getComputedStyle(doc.querySelector(s)!).display !== "none", selector);
        const widget = await readWidget("/api/embed/future-launch", false);
        expect(await shownIn(widget, "h1")).toBe(true);
        expect(await shownIn(widget, "time")).toBe(true);
        expect(await shownIn(widget, "[data-left]")).toBe(false);
        expect(await shownIn(widget, "[data-done]")).toBe(false);
        expect(
          await widget((doc) => [
            doc.querySelector("time")!.getAttribute("datetime"),
            doc.querySelector("time")!.textContent,
            doc.querySelector("[data-left]")!.textContent,
          ]),
        ).toEqual([
          new Date(target("future-launch")).toISOString().replace(".000Z", "Z"),
          expect.stringMatching(/ UTC$/),
          "",
        ]);
        // The same widget read the same way with its scripts: the timer, so what is missing above is missing for want of JavaScript.
        const scripted = await readWidget("/api/embed/future-launch", true);
        expect(await shownIn(scripted, "[data-left]")).toBe(true);
        expect(await scripted((doc) => doc.querySelector("[data-left]")!.textContent)).toMatch(PATTERN);
        const postponed = await readWidget("/api/embed/postponed-de", false);
        expect(await shownIn(postponed, "[data-done]")).toBe(true);
        expect(await shownIn(postponed, "[data-left]")).toBe(false);
        expect(await postponed((doc) => doc.querySelector("[data-done]")!.textContent)).toBe("Verschoben");
      });
    });

    describe("its Content-Security-Policy", () => {
      it(
        "is broken by nothing the widget does, whatever its options, and stops an injected script",
        { timeout: 60_000 },
        async () => {
          // Each widget, and what it requests after its document: the site's widget script where its
          // options or its kind need it (a repeating countdown, the countdown with defaults' units),
          // with sync the live JSON too.
          const cases: [string, string[]][] = [
            ["/api/embed/future-launch", []],
            [
              "/api/embed/future-launch?sync=1&theme=transparent&accent=e11d48&bg=111&color=222",
              [WIDGET_SCRIPT_PATH, "/api/countdown/future-launch"],
            ],
            ["/api/embed/weekly-berlin?layout=units&lang=ar&font=rounded", [WIDGET_SCRIPT_PATH]],
            [`/api/embed/${WIDGET_DEFAULTS.slug}`, [WIDGET_SCRIPT_PATH]],
            ["/api/embed/cancelled-fr", []],
            ["/api/embed/nope", []],
          ];
          for (const [url, requested] of cases) {
            // Where no script can run before the page's own, violations are watched from just after load;
            // the ticks, the colours and the sync request all come later.
            const page = await load(url, engine.can.beforeLoadScript ? { beforeLoad: CSP_WATCH_SOURCE } : {});
            if (!engine.can.beforeLoadScript) await watchCspAfterLoad(page);
            // A tick, and with sync the request and its answer.
            if (requested.length > 1)
              await waitInPage(page, () => performance.getEntriesByType("resource").length > 1, 5000);
            else if (requested.length > 0)
              await waitInPage(page, () => performance.getEntriesByType("resource").length > 0, 5000);
            await recordTimerChanges(page, 1100);
            const requests = await page.evaluate(() =>
              performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
            );
            expect(requests, url).toEqual(requested);
            expect(await page.evaluate(() => document.cookie), url).toBe("");
            expect(await cspViolations(page), url).toEqual([]);
            expect(await injectedScriptRuns(page), url).toBe(false);
            expect(await cspViolations(page), url).toEqual([expect.stringMatching(/^script-src/)]);
          }
        },
      );
    });

    describe("the options", () => {
      const colours = (page: EnginePage) =>
        page.evaluate(() => {
          const colour = (selector: string, property: "color" | "backgroundColor" = "color") =>
            getComputedStyle(document.querySelector(selector)!)[property];
          return {
            bg: colour("html", "backgroundColor"),
            text: colour("h1"),
            secondary: colour("time"),
            accent: colour("[data-done]"),
            scheme: getComputedStyle(document.documentElement).colorScheme,
          };
        });

      it(
        "theme: light by default in either scheme, auto follows the visitor's scheme, light and dark are fixed, transparent has no background",
        { timeout: 60_000 },
        async () => {
          for (const scheme of ["light", "dark"] as const) {
            const other = scheme === "light" ? "dark" : "light";
            expect(
              await colours(await load("/api/embed/future-launch", { colorScheme: scheme })),
              `the default in ${scheme}`,
            ).toMatchObject(THEME.light);
            expect(
              await colours(await load("/api/embed/future-launch?theme=auto", { colorScheme: scheme })),
            ).toMatchObject(THEME[scheme]);
            expect(
              await colours(await load(`/api/embed/future-launch?theme=${other}`, { colorScheme: scheme })),
              `${other} in ${scheme}`,
            ).toMatchObject(THEME[other]);
            const transparent = await colours(
              await load("/api/embed/future-launch?theme=transparent", { colorScheme: scheme }),
            );
            expect(transparent, `transparent in ${scheme}`).toMatchObject({
              bg: "rgba(0, 0, 0, 0)",
              scheme: "normal",
              text: THEME[scheme].text,
              accent: THEME[scheme].accent,
            });
          }
        },
      );

      it("theme=transparent shows the host page through it, in both published snippets and both schemes; the others do not", async () => {
        const ORANGE = [255, 140, 0];
        const cases = [
          ["?theme=transparent", "light", ORANGE],
          // A frame whose colour scheme differs from its host page's is painted opaque by the browser.
          ["?theme=transparent", "dark", ORANGE],
          ["", "light", [255, 255, 255]],
          // The default is light, on a dark visitor's screen too; auto follows it.
          ["", "dark", [255, 255, 255]],
          ["?theme=auto", "dark", [19, 23, 34]],
        ] as const;
        for (const [query, colorScheme, expected] of cases) {
          // Loaded with its frames; a frame in a process of its own may reach the screen a little later.
          const page = await load(`${hostBase}/?slug=future-launch&query=${encodeURIComponent(query)}&bg=%23ff8c00`, {
            width: 800,
            height: 520,
            colorScheme,
          });
          // A point of each frame's background, inside its rounded corner and away from the text.
          const points = [
            [20 + 16, 20 + 16],
            [20 + 16, 20 + 180 + 20 + 16],
          ] as const;
          const pixels = async () => {
            const png = PNG.sync.read(await page.screenshot());
            const scale = png.width / 800;
            return points.map(([x, y]) => {
              const at = (Math.round(y * scale) * png.width + Math.round(x * scale)) * 4;
              return [...png.data.subarray(at, at + 3)];
            });
          };
          await expect
            .poll(pixels, {
              timeout: 5000,
              message: `${query || "auto"} in ${colorScheme} at ${JSON.stringify(points)}`,
            })
            .toEqual(points.map(() => expected));
        }
      });

      it("background=image: the countdown's image behind the content under its scrim, every text reading on it; ignored without an image", async () => {
        const opacity = Number(/\/ ([0-9.]+)\)$/.exec(WIDGET_IMAGE.scrim)![1]);
        /** The image's colour under the scrim, as the page composites it. */
        const under = (colour: readonly number[]) => colour.map((c) => Math.round(c * (1 - opacity)));
        const luminance = (channels: readonly number[]) =>
          channels.reduce((sum, c, i) => {
            const v = c / 255;
            return sum + [0.2126, 0.7152, 0.0722][i]! * (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          }, 0);
        const ratio = (a: readonly number[], b: readonly number[]) => {
          const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
          return (light! + 0.05) / (dark! + 0.05);
        };
        const channels = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number);
        for (const theme of ["", "&theme=dark", "&theme=transparent"]) {
          const page = await load(`/api/embed/${HEADER_IMAGE.slug}?background=image${theme}`, {
            width: 600,
            height: 250,
          });
          const shown = await page.evaluate(async () => {
            const style = getComputedStyle(document.documentElement);
            const url = /url\("?([^")]+)"?\)/.exec(style.backgroundImage)?.[1] ?? "";
            // The image itself, from the site: it decodes, at its size.
            const image = new Image();
            image.src = url;
            await image.decode();
            return {
              url,
              size: [image.naturalWidth, image.naturalHeight],
              background: document.documentElement.dataset.background,
            };
          });
          expect(shown.url, theme).toMatch(/\/assets\/image-[A-Za-z0-9_-]{16}\.png$/);
          expect(new URL(shown.url).origin).toBe(new URL(base).origin);
          expect(shown.size).toEqual([HEADER_IMAGE.width, HEADER_IMAGE.height]);
          // Every text reads on the brightest the picture can be under the scrim (its white), the
          // background the colours are judged against.
          const colour = await colours(page);
          expect(colour.bg, theme).toBe(rgb(WIDGET_IMAGE.under.slice(1)));
          for (const text of [colour.text, colour.secondary, colour.accent])
            expect(ratio(channels(text), channels(colour.bg)), `${text} in ${theme}`).toBeGreaterThanOrEqual(4.5);
          // On the screen: the white half under the scrim at the left, the blue half at the right (the
          // picture covers the frame at its own size, 600 px wide), away from the text.
          const points = [
            [12, 12],
            [588, 12],
          ] as const;
          const pixels = async () => {
            const png = PNG.sync.read(await page.screenshot());
            const scale = png.width / 600;
            return points.map(([x, y]) => {
              const at = (Math.round(y * scale) * png.width + Math.round(x * scale)) * 4;
              return [...png.data.subarray(at, at + 3)];
            });
          };
          const near = (a: number[][], b: number[][]) =>
            a.every((p, i) => p.every((c, j) => Math.abs(c - b[i]![j]!) <= 2));
          const expected = [under(HEADER_IMAGE.left), under(HEADER_IMAGE.right)];
          await expect
            .poll(async () => near(await pixels(), expected), {
              timeout: 5000,
              message: `${theme}: ${JSON.stringify(await pixels())}, not ${JSON.stringify(expected)}`,
            })
            .toBe(true);
          for (const pixel of await pixels()) expect(ratio(channels(colour.text), pixel)).toBeGreaterThanOrEqual(4.5);
        }
        // A countdown without an image: the option is taken, and changes nothing.
        const plain = await load("/api/embed/future-launch?background=image");
        expect((await read(plain)).dataset.background).toBe("image");
        expect(await colours(plain)).toMatchObject(THEME.light);
        expect(await plain.evaluate(() => getComputedStyle(document.documentElement).backgroundImage)).toBe("none");
      });

      it("accent, color and bg: hex colours of 3 or 6 digits; a pair that reads too little is replaced", async () => {
        expect(
          await colours(await load("/api/embed/future-launch?accent=e11d48&color=0f172a&bg=fefce8")),
        ).toMatchObject({
          accent: rgb("e11d48"),
          text: rgb("0f172a"),
          secondary: rgb("0f172a"),
          bg: rgb("fefce8"),
        });
        expect(await colours(await load("/api/embed/future-launch?accent=c00&theme=light"))).toMatchObject({
          accent: rgb("c00"),
          bg: THEME.light.bg,
        });
        // Grey on near-black, a pale yellow on white, a dark red on the dark theme: replaced by white, black, white.
        expect(await colours(await load("/api/embed/future-launch?bg=111&color=333"))).toMatchObject({
          bg: rgb("111"),
          text: rgb("fff"),
          secondary: rgb("fff"),
          accent: rgb("fff"),
        });
        expect(await colours(await load("/api/embed/future-launch?accent=ffe066&theme=light"))).toMatchObject({
          accent: rgb("000"),
          text: THEME.light.text,
        });
        expect(await colours(await load("/api/embed/future-launch?accent=c00&theme=dark"))).toMatchObject({
          accent: rgb("fff"),
          bg: THEME.dark.bg,
        });
        // On a transparent background nothing can be judged, so nothing is replaced.
        expect(await colours(await load("/api/embed/future-launch?theme=transparent&color=fff"))).toMatchObject({
          text: rgb("fff"),
        });
      });

      it("font: local stacks only", async () => {
        const family = async (query: string) =>
          (await load(`/api/embed/future-launch${query}`)).evaluate(
            () => getComputedStyle(document.querySelector("h1")!).fontFamily,
          );
        expect(await family("")).toMatch(/^system-ui/);
        expect(await family("?font=serif")).toMatch(/^ui-serif/);
        expect(await family("?font=mono")).toMatch(/^ui-monospace/);
        expect(await family("?font=rounded")).toMatch(/^ui-rounded/);
      });

      it("layout=units: four numbers with their labels in the language, plural-correct, right to left in Arabic", async () => {
        for (const lang of ["de", "pl", "ar"]) {
          const page = await load(`/api/embed/future-launch?layout=units&lang=${lang}`);
          const shown = await page.evaluate(() => {
            const left = document.querySelector("[data-left]")!;
            const spans = [...left.querySelectorAll("span")].map((span) => span.getBoundingClientRect().left);
            return {
              cells: [...left.children].map((cell) => cell.textContent!),
              now: Date.now(),
              spans,
              direction: getComputedStyle(left).direction,
            };
          });
          // The numbers in ASCII digits (as in the published pattern), under Intl's words for them: the
          // browser's own (its ICU may be older than Node's: WebKitGTK's says "3 doby" where Node says
          // "3 dni"), and for German, whose words are settled, Node's too.
          const cellsAt = (ms: number) => {
            const left = timeLeft(target("future-launch"), ms);
            return [left.days, left.hours, left.minutes, left.seconds];
          };
          const candidates = [cellsAt(shown.now), cellsAt(shown.now - SECOND)];
          const inBrowser = await page.evaluate(
            (language: string, lists: number[][]) =>
              lists.map((numbers) =>
                numbers.flatMap((n, i) => [
                  String(n).padStart(i ? 2 : 1, "0"),
                  new Intl.NumberFormat(language, {
                    style: "unit",
                    unit: ["day", "hour", "minute", "second"][i],
                    unitDisplay: "long",
                  })
                    .formatToParts(n)
                    .find((part) => part.type === "unit")!.value,
                ]),
              ),
            lang,
            candidates,
          );
          expect(inBrowser, lang).toContainEqual(shown.cells);
          if (lang === "de") {
            const units = ["day", "hour", "minute", "second"];
            expect(
              candidates.map((numbers) =>
                numbers.flatMap((n, i) => [String(n).padStart(i ? 2 : 1, "0"), unitWord("de", units[i]!, n)]),
              ),
            ).toContainEqual(shown.cells);
          }
          // Days first in the reading direction: leftmost in German and Polish, rightmost in Arabic.
          expect(shown.direction).toBe(lang === "ar" ? "rtl" : "ltr");
          expect(shown.spans[0]! < shown.spans[3]!, lang).toBe(lang !== "ar");
        }
        // The published pattern stays left to right, with ASCII digits, in Arabic.
        const text = await read(await load("/api/embed/future-launch?lang=ar"));
        expect(text.text).toMatch(PATTERN);
        expect(text.dir).toBe("rtl");
      });

      it("units: the units asked for, the largest holding those above it (77 hours three days and five hours ahead), the smallest rounded down", async () => {
        const targetMs = target("future-launch");
        // Three days, 5 hours, 20 minutes and 5.5 seconds before the target.
        const at = targetMs - ((3 * 24 + 5) * 3600 + 20 * 60 + 5) * SECOND - 500;
        for (const run of ["hms", "dh", "d", "ms"]) {
          const shown = await read(await loadAt(`/api/embed/future-launch?units=${run}`, at));
          const left = secondsLeft(targetMs, shown.now);
          expect([unitsText(left, run), unitsText(left + 1, run)], run).toContain(shown.text);
        }
        expect((await read(await loadAt("/api/embed/future-launch?units=hms", at))).text).toMatch(/^77h 20m 0[45]s$/);
        // The units layout: a number and its word per unit shown, none for the others.
        const page = await loadAt("/api/embed/future-launch?units=hm&layout=units&lang=de", at);
        const cells = (await read(page)).cells;
        expect(cells.filter((_, i) => i % 2 === 0)).toEqual(["77", "20"]);
        expect(cells.filter((_, i) => i % 2 === 1)).toEqual(
          await page.evaluate(() =>
            ["hour", "minute"].map(
              (unit, i) =>
                new Intl.NumberFormat("de", { style: "unit", unit, unitDisplay: "long" })
                  .formatToParts([77, 20][i]!)
                  .find((part) => part.type === "unit")!.value,
            ),
          ),
        );
        // A value no run is, or a run with a gap, is ignored: the published pattern.
        for (const run of ["dms", "hd", "x", ""])
          expect((await read(await load(`/api/embed/future-launch?units=${run}`))).text, run).toMatch(PATTERN);
      });

      it("labels and separator: numbers alone, the language's words or its shortest, a space or a colon, in the text and units layouts", async () => {
        const targetMs = target("future-launch");
        // Three days, 5 hours, 20 minutes and 5.5 seconds before the target: 05 or 04 seconds shown.
        const at = targetMs - ((3 * 24 + 5) * 3600 + 20 * 60 + 5) * SECOND - 500;
        const text = async (query: string) => (await read(await loadAt(`/api/embed/future-launch?${query}`, at))).text;
        expect(await text("labels=none")).toMatch(/^3 05 20 0[45]$/);
        expect(await text("labels=none&separator=colon")).toMatch(/^3:05:20:0[45]$/);
        expect(await text("labels=none&separator=colon&units=hm")).toBe("77:20");
        // Each unit whole (a no-break space in it and before its colon): a line that wraps breaks between units.
        expect(await text("labels=auto&separator=colon")).toMatch(/^3d\xa0: 05h\xa0: 20m\xa0: 0[45]s$/);
        // The words of the visitor's browser (Intl), with the count's digits.
        const page = await loadAt("/api/embed/future-launch?labels=long&lang=de", at);
        const words = await page.evaluate(() =>
          ["day", "hour", "minute", "second"].map(
            (unit, i) =>
              new Intl.NumberFormat("de", { style: "unit", unit, unitDisplay: "long" })
                .formatToParts([3, 5, 20, 5][i]!)
                .find((part) => part.type === "unit")!.value,
          ),
        );
        expect((await read(page)).text).toMatch(
          new RegExp(`^3\xa0${words[0]} 05\xa0${words[1]} 20\xa0${words[2]} 0[45]\xa0${words[3]}$`),
        );
        // The units layout: the language's shortest word under each number, or none and the numbers in one row.
        const short = await loadAt("/api/embed/future-launch?labels=short&layout=units&lang=de", at);
        const narrow = await short.evaluate(() =>
          ["day", "hour", "minute", "second"].map(
            (unit, i) =>
              new Intl.NumberFormat("de", { style: "unit", unit, unitDisplay: "narrow" })
                .formatToParts([3, 5, 20, 5][i]!)
                .find((part) => part.type === "unit")!.value,
          ),
        );
        expect((await read(short)).cells.filter((_, i) => i % 2 === 1)).toEqual(narrow);
        const bare = await loadAt("/api/embed/future-launch?labels=none&layout=units&separator=colon", at);
        const row = await bare.evaluate(() => {
          const numbers = [...document.querySelectorAll("[data-left] span")];
          const tops = numbers.map((number) => Math.round(number.getBoundingClientRect().top));
          return {
            tops,
            labels: [...document.querySelectorAll("[data-left] small")].filter((label) => label.getClientRects().length)
              .length,
            colons: numbers.map((number) => getComputedStyle(number, "::before").content),
          };
        });
        expect(new Set(row.tops).size).toBe(1);
        expect(row.labels).toBe(0);
        expect(row.colons).toEqual(["none", '":"', '":"', '":"']);
        // An invalid value is ignored: the published pattern.
        for (const query of ["labels=words", "separator=dash"])
          expect(await text(query), query).toMatch(/^3d 05h 20m 0[45]s$/);
      });

      it("controls=pause: a named button, in the countdown's language, that stops the updates and starts them again, right at once", async () => {
        // No button unless asked for.
        const plain = await load("/api/embed/future-launch");
        expect(await plain.evaluate(() => !!document.querySelector("button"))).toBe(false);
        const page = await load("/api/embed/future-launch?controls=pause");
        expect(await page.hasAccessible("button", "button", pauseWord("en")), "the accessibility tree").toBe(true);
        const button = () =>
          page.evaluate(() => {
            const pause = document.querySelector("button")!;
            return {
              pressed: pause.getAttribute("aria-pressed"),
              shown: pause.getClientRects().length > 0,
              tab: pause.tabIndex,
            };
          });
        expect(await button()).toEqual({ pressed: "false", shown: true, tab: 0 });
        await page.click("button");
        expect((await button()).pressed).toBe("true");
        // Paused: nothing changes for two seconds.
        expect(await recordTimerChanges(page, 2200)).toEqual([]);
        await page.click("button");
        // Again: right at once, and ticking.
        expect((await button()).pressed).toBe("false");
        expectTimeLeft(await read(page), target("future-launch"));
        expect((await recordTimerChanges(page, 2200)).length).toBeGreaterThanOrEqual(1);
        // The word is the countdown's language's (English here), whatever `lang` says (Spanish's is another).
        expect(pauseWord("es")).not.toBe(pauseWord("en"));
        const spanish = await load("/api/embed/future-launch?controls=pause&lang=es");
        expect(await spanish.hasAccessible("button", "button", pauseWord("en"))).toBe(true);
        // A postponed or cancelled countdown does not tick: nothing to pause.
        const cancelled = await load("/api/embed/cancelled-fr?controls=pause");
        expect(await cancelled.evaluate(() => !!document.querySelector("button"))).toBe(false);
      });

      it("announce=milestones: a polite live region, apart from the timer, says the time left in the accessibility tree at an hour, ten minutes, a minute and the end, and nothing between", async () => {
        const targetMs = target("tie-a");
        /**
         * The live region of a widget whose clock is set, once it has drawn, to a second and a half
         * before `left` seconds are left: what it said before the count passed `left`, and after.
         */
        const region = async (left: number, said = true) => {
          const page = await load("/api/embed/tie-a?announce=milestones&lang=de");
          await waitInPage(page, () => !document.querySelector<HTMLElement>("[data-left]")!.hidden, 10_000);
          await setClockAfterLoad(page, targetMs - left * SECOND - 1500);
          const before = await page.evaluate(() => document.querySelector("[data-said]")!.textContent);
          if (said) await waitInPage(page, () => document.querySelector("[data-said]")!.textContent, 10_000);
          else await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2600)));
          const read = await page.evaluate(() => ({
            text: document.querySelector("[data-said]")!.textContent!,
            role: document.querySelector("[data-said]")!.getAttribute("role"),
            inTimer: !!document.querySelector("[role=timer] [data-said]"),
            title: document.querySelector("h1")!.textContent!,
            done: document.querySelector("[data-done]")!.textContent!,
            words: [
              new Intl.RelativeTimeFormat("de").format(1, "hour"),
              new Intl.RelativeTimeFormat("de").format(10, "minute"),
              new Intl.RelativeTimeFormat("de").format(1, "minute"),
            ],
          }));
          return { page, before, ...read };
        };
        // Nothing said at load, nor as the clock is set; an hour left, said once.
        const hour = await region(3600);
        expect(hour.before).toBe("");
        expect(hour.role).toBe("status");
        expect(hour.inTimer).toBe(false);
        expect(hour.text).toBe(`${hour.title}: ${hour.words[0]}`);
        expect(await hour.page.hasAccessible("[data-said]", "status", hour.text), "the accessibility tree").toBe(true);
        const tenMinutes = await region(600);
        expect(tenMinutes.text).toBe(`${tenMinutes.title}: ${tenMinutes.words[1]}`);
        const minute = await region(60);
        expect(minute.text).toBe(`${minute.title}: ${minute.words[2]}`);
        expect(await minute.page.hasAccessible("[data-said]", "status", minute.text), "the accessibility tree").toBe(
          true,
        );
        const end = await region(0);
        expect(end.text).toBe(`${end.title}: ${end.done}`);
        // Between the milestones, however many seconds tick: nothing.
        expect((await region(1800, false)).text).toBe("");
        // Not asked for: no region.
        expect(await (await load("/api/embed/tie-a")).evaluate(() => !!document.querySelector("[data-said]"))).toBe(
          false,
        );
      });

      it("warn=1h: from the second that shows an hour left, the time left (in every layout) takes the warning colour of its theme, read on a custom background; an invalid span is ignored", async () => {
        const targetMs = target("tie-a");
        const rgb = (hex: string) => `rgb(${rgbOf(hex)!.join(", ")})`;
        /** The colour of the time left (and of a layout's numbers) a second and a half before `left` seconds are left, and two seconds later. */
        const colours = async (query: string, left = 3600) => {
          const page = await load(`/api/embed/tie-a?${query}`);
          await waitInPage(page, () => !document.querySelector<HTMLElement>("[data-left]")!.hidden, 10_000);
          await setClockAfterLoad(page, targetMs - left * SECOND - 1500);
          const read = () =>
            page.evaluate(() =>
              [...document.querySelectorAll("[data-left], [data-left] > span")].map((e) => getComputedStyle(e).color),
            );
          const before = await read();
          await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)));
          return {
            before,
            after: await read(),
            scripts: await page.evaluate(() => performance.getEntriesByType("resource").length),
          };
        };
        const accent = rgb(SITE_ACCENT.light);
        const light = await colours("warn=1h");
        expect(light.before).toEqual([accent]);
        expect(light.after).toEqual([rgb(WARN_COLOURS.light)]);
        expect((await colours("warn=1h&theme=dark")).after).toEqual([rgb(WARN_COLOURS.dark)]);
        // Each number of a layout's.
        const ring = await colours("warn=1h&layout=ring");
        expect(new Set(ring.after)).toEqual(new Set([rgb(WARN_COLOURS.light)]));
        expect(ring.after.length).toBe(5);
        // Two hours left: not yet.
        expect((await colours("warn=1h", 7200)).after).toEqual([accent]);
        // On a background the warning colour does not read on, the text colour that does.
        expect((await colours(`warn=1h&bg=${WARN_COLOURS.light.slice(1)}`)).after).toEqual([
          expect.stringMatching(/^rgb\((0, 0, 0|255, 255, 255)\)$/),
        ]);
        // Not a span: ignored, and the widget is one request.
        expect(await colours("warn=1x")).toEqual({ before: [accent], after: [accent], scripts: 0 });
      });

      it("updates=minute: no seconds, so the count changes once a minute at most; reduced: so under reduced motion alone", async () => {
        const minutes = /^\d+d \d{2}h \d{2}m$/;
        const page = await load("/api/embed/future-launch?updates=minute");
        expect((await read(page)).text).toMatch(minutes);
        // Two seconds: one change at most (a minute's boundary may fall within them), in minutes.
        const changes = await recordTimerChanges(page, 2200);
        expect(changes.length).toBeLessThanOrEqual(1);
        for (const [text] of changes) expect(text).toMatch(minutes);
        expect((await read(await load("/api/embed/future-launch?updates=minute&units=hms"))).text).toMatch(
          /^\d+h \d{2}m$/,
        );
        expect((await read(await load("/api/embed/future-launch?updates=reduced"))).text).toMatch(PATTERN);
        expect(
          (await read(await load("/api/embed/future-launch?updates=reduced", { reducedMotion: "reduce" }))).text,
        ).toMatch(minutes);
      });

      it("layout=tiles: the units' numbers and labels, each unit on a card of its own", async () => {
        const read = async (query: string) =>
          (await load(`/api/embed/future-launch?${query}`)).evaluate(() => {
            const left = document.querySelector("[data-left]")!;
            const cards = [...left.children].map((cell) => getComputedStyle(cell).backgroundColor);
            const spans = [...left.querySelectorAll("span")].map((span) => span.getBoundingClientRect());
            const numbers = [...left.querySelectorAll("span")].map((span) => Number(span.textContent));
            return {
              numbers,
              labels: [...left.querySelectorAll("small")].map((label) => label.textContent),
              cards,
              gaps: spans.slice(1).map((box, i) => box.left - spans[i]!.right),
            };
          });
        const tiles = await read("layout=tiles&lang=de");
        const units = await read("layout=units&lang=de");
        // The same German words in both, each in the number of its own unit (the two pages are read
        // at different instants: a second that reads 1 in one and 0 in the other changes its word).
        const german = [
          ["Tag", "Tage"],
          ["Stunde", "Stunden"],
          ["Minute", "Minuten"],
          ["Sekunde", "Sekunden"],
        ];
        for (const { numbers, labels } of [tiles, units]) {
          expect(numbers.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
          expect(labels).toEqual(numbers.map((n, i) => german[i]![n === 1 ? 0 : 1]));
        }
        // Units: on the background; tiles: each number and its label on a tinted card, apart from the next.
        expect(new Set(units.cards)).toEqual(new Set(["rgba(0, 0, 0, 0)"]));
        expect(tiles.cards.every((colour) => colour !== "rgba(0, 0, 0, 0)" && colour === tiles.cards[0])).toBe(true);
        expect(tiles.gaps.every((gap) => gap > 2)).toBe(true);
      });

      it("layout=ring, flip, digital: each number in its shape, its label under it; rings as full as their unit's left, a flip only of the digits that changed (none for reduced motion), seven segments a digit", async () => {
        // Three days, 5 hours, 20 minutes and 5.5 seconds before the target: 3 days of 365, 5 hours of 24.
        const at = target("future-launch") - ((3 * 24 + 5) * 3600 + 20 * 60 + 5) * SECOND - 500;
        const ring = await (
          await loadAt("/api/embed/future-launch?layout=ring&lang=de", at)
        ).evaluate(() =>
          [...document.querySelectorAll("[data-left] > span")].map((span) => ({
            n: Number(span.textContent),
            r: Number(getComputedStyle(span).getPropertyValue("--r")),
            drawn: getComputedStyle(span, "::after").backgroundImage,
            label: span.nextElementSibling!.textContent,
          })),
        );
        expect(ring.slice(0, 3).map(({ n }) => n)).toEqual([3, 5, 20]);
        expect(ring.map(({ label }) => label)).toEqual([
          "Tage",
          "Stunden",
          "Minuten",
          expect.stringMatching(/^Sekunden?$/),
        ]);
        ring.forEach(({ n, r }, i) => expect(r, `unit ${i}`).toBeCloseTo(n / [365, 24, 60, 60][i]!, 5));
        expect(ring.every(({ drawn }) => drawn.includes("conic-gradient"))).toBe(true);
        // An evergreen countdown's ring of days is out of its duration: two of three days left at the start.
        const evergreen = await (
          await load(`/api/embed/${EVERGREEN.slug}?layout=ring`)
        ).evaluate(() =>
          Number(getComputedStyle(document.querySelector("[data-left] > span")!).getPropertyValue("--r")),
        );
        expect(evergreen).toBeCloseTo(2 / 3, 5);

        // Flip: a digit an <i> on a card; at the next second only the changed digits are new elements,
        // marked to flip, and animated only where the visitor has not asked for reduced motion.
        for (const motion of ["no-preference", "reduce"] as const) {
          const page = await load("/api/embed/future-launch?layout=flip", { reducedMotion: motion });
          const seen = await page.evaluate(() => {
            const digits = [...document.querySelectorAll("[data-left] i")] as HTMLElement[];
            digits.forEach((digit, k) => (digit.dataset.k = "" + k));
            return {
              text: digits.map((digit) => digit.textContent).join(""),
              numbers: [...document.querySelectorAll("[data-left] > span")].map((span) => span.textContent),
              card: getComputedStyle(digits[0]!).backgroundImage,
            };
          });
          expect(seen.numbers.join("")).toBe(seen.text);
          expect(seen.card).toMatch(/gradient.*gradient/);
          const next = await waitInPage(page, () => {
            const digits = [...document.querySelectorAll("[data-left] i")] as HTMLElement[];
            return digits.some((digit) => !digit.dataset.k)
              ? digits.map((digit) => ({
                  digit: digit.textContent!,
                  kept: digit.dataset.k ?? null,
                  flips: digit.hasAttribute("data-f"),
                  animation: getComputedStyle(digit).animationName,
                }))
              : null;
          });
          expect(next).toHaveLength(seen.text.length);
          next!.forEach(({ digit, kept, flips, animation }, k) => {
            const changed = digit !== seen.text[k];
            // An unchanged digit is the very element it was (never animated again); a changed one is new.
            expect(kept, `digit ${k}`).toBe(changed ? null : String(k));
            if (changed) {
              expect(flips).toBe(true);
              expect(animation).toBe(motion === "reduce" ? "none" : "f");
            }
          });
        }

        // Digital: each digit's seven segments, lit as the digit is, drawn by the widget (no font).
        const digital = await (
          await load("/api/embed/future-launch?layout=digital&separator=colon")
        ).evaluate(() => ({
          digits: [...document.querySelectorAll("[data-left] i")].map((digit) => ({
            digit: digit.textContent!,
            lit: [0, 1, 2, 3, 4, 5, 6].map((s) => !!getComputedStyle(digit).getPropertyValue(`--s${s}`).trim()),
          })),
          colon: getComputedStyle(document.querySelectorAll("[data-left] > span")[1]!, "::before").content,
          fonts: document.fonts.size,
        }));
        expect(digital.digits.length).toBeGreaterThan(6);
        for (const { digit, lit } of digital.digits)
          expect(lit, digit).toEqual([0, 1, 2, 3, 4, 5, 6].map((s) => ((SEGMENTS[+digit]! >> s) & 1) === 1));
        expect(digital.colon).toBe('":"');
        expect(digital.fonts).toBe(0);
      });

      it("lang: the language of the page and the date; the countdown's own words keep theirs; an invalid tag is ignored", async () => {
        const french = await read(await load("/api/embed/future-launch?lang=fr&date=utc"));
        expect(french.lang).toBe("fr");
        expect(french.date).toBe(
          `${await inBrowserDate(await load("/api/embed/future-launch?lang=fr&date=utc"), "fr", target("future-launch"), "UTC")} UTC`,
        );
        for (const invalid of ["%21%21", "german", "de_DE"])
          expect((await read(await load(`/api/embed/future-launch?lang=${invalid}`))).lang, invalid).toBe("en");
        expect((await read(await load("/api/embed/postponed-de"))).done).toBe("Verschoben");
        expect((await read(await load("/api/embed/cancelled-fr"))).done).toBe("Annulé");
        // The title and the built-in messages are the countdown's (the widget carries no tables): they
        // say so, for screen readers, whatever language the visitor's labels and date are in.
        expect(await read(await load("/api/embed/postponed-de?lang=fr"))).toMatchObject({
          lang: "fr",
          done: "Verschoben",
          ownLang: ["de", "de"],
        });
        expect(french.ownLang).toEqual(["en", "en"]);
      });

      // A time zone of its own starts another browser in Firefox (3-5 s, more under load).
      it(
        "date: in the visitor's own zone, the author's or UTC, each naming its zone, or hidden",
        { timeout: 60_000 },
        async () => {
          const targetMs = target("future-launch");
          const iso = new Date(targetMs).toISOString();
          const tokyo = await load("/api/embed/future-launch?lang=en-GB", { timeZone: "Asia/Tokyo" });
          const inTokyo = await read(tokyo);
          const format = (timeZone: string, ms = targetMs) => inBrowserDate(tokyo, "en-GB", ms, timeZone);
          // Each names its zone: the visitor's by its abbreviation (Japan's, from Japanese: the English one is an offset), without a city.
          expect(inTokyo).toMatchObject({ datetime: iso, date: `${await format("Asia/Tokyo")} JST`, dateShown: true });
          expect(await format("Asia/Tokyo")).not.toBe(await format("UTC"));
          expect(
            await read(await load("/api/embed/future-launch?lang=en-GB&date=utc", { timeZone: "Asia/Tokyo" })),
          ).toMatchObject({ datetime: iso, date: `${await format("UTC")} UTC` });
          // The author's, as the pages say it: a weekly countdown in Berlin, seen from Tokyo, at 17:00 Berlin time, with its city.
          const weekly = await read(
            await load(`/api/embed/${WEEKLY_BERLIN.slug}?lang=en-GB&date=author`, { timeZone: "Asia/Tokyo" }),
          );
          expect(weekly.date).toMatch(
            new RegExp(`^${await format(WEEKLY_BERLIN.zone, Date.parse(weekly.datetime))} CES?T \\(Berlin\\)$`),
          );
          expect(weekly.date).toMatch(/ 17:00 /);
          expect((await read(await load("/api/embed/future-launch?date=none"))).dateShown).toBe(false);
        },
      );

      it("title=hide hides the title, which still names the timer", async () => {
        const page = await load("/api/embed/future-launch?title=hide");
        expect((await read(page)).titleShown).toBe(false);
        expect(await page.evaluate(() => document.querySelector("[role=timer]")!.getAttribute("aria-labelledby"))).toBe(
          "title when",
        );
        expect((await read(await load("/api/embed/future-launch?title=show"))).titleShown).toBe(true);
      });

      it(
        "sync=1 counts on the server's clock when this machine's is off, with one request",
        { timeout: 30_000 },
        async () => {
          const skew = 3_600_437;
          const skewed = createProductionServer({ outDir: TEST_OUT_DIR, log: () => {}, now: () => Date.now() + skew });
          const skewedBase = `http://127.0.0.1:${await listen(skewed.server)}`;
          try {
            const targetMs = target("longest-title");
            const page = await load(`${skewedBase}/api/embed/longest-title?sync=1`);
            // Its one request for the server's time (10 s, as the other polls: a loaded machine).
            await waitInPage(page, () => performance.getEntriesByType("resource").length > 0, 10_000);
            // The server's clock is this process's plus the skew; the page's may differ from this one's
            // even unskewed (test/support/engines.ts: Firefox's under faketime): read against this one's
            // three times, the reading with the shortest round trip kept.
            let clock = { trip: Infinity, offset: 0 };
            for (let reading = 0; reading < 3; reading++) {
              const sent = Date.now();
              const pageNow = await page.evaluate(() => Date.now());
              const received = Date.now();
              if (received - sent < clock.trip)
                clock = { trip: received - sent, offset: (sent + received) / 2 - pageNow };
            }
            const serverAt = (pageMs: number) => pageMs + clock.offset + skew;
            const changes = await recordTimerChanges(page, 3200);
            // Once the answer is in, the value shown is the server's, give or take the tolerance, ...
            const TOLERANCE = 300;
            const onServerTime = ([text, at]: [string, number]) =>
              shownSeconds(text) <= secondsLeft(targetMs, serverAt(at) - TOLERANCE) &&
              shownSeconds(text) >= secondsLeft(targetMs, serverAt(at) + TOLERANCE);
            const synced = changes.findIndex(onServerTime);
            expect(synced, JSON.stringify(changes)).toBeGreaterThanOrEqual(0);
            expect(changes.slice(synced).every(onServerTime), JSON.stringify(changes)).toBe(true);
            expect(changes.length - synced).toBeGreaterThanOrEqual(2);
            // ... and after the redraw with the answer, it changes near a second boundary of the server's clock.
            for (const [, at] of changes.slice(synced + 1)) {
              const fromBoundary = ((serverAt(at) % SECOND) + SECOND) % SECOND;
              expect(Math.min(fromBoundary, SECOND - fromBoundary)).toBeLessThan(TOLERANCE);
            }
            // Without sync, the visitor's clock.
            expectTimeLeft(await read(await load(`${skewedBase}/api/embed/longest-title?sync=0`)), targetMs);
          } finally {
            await skewed.close();
          }
        },
      );

      it("ignores unknown parameters and invalid values: each option keeps its default", async () => {
        const invalid =
          "?theme=neon&font=comic&layout=grid&units=dms&lang=%21%21&date=tomorrow&title=no&after=never&controls=yes&updates=hourly&sync=2&accent=red&color=12345&bg=ggg&size=big&Theme=dark";
        const plain = await read(await load(`/api/embed/future-launch${invalid}`));
        expect(plain).toMatchObject({ dataset: {}, lang: "en", dir: "ltr", titleShown: true, dateShown: true });
        expect(plain.text).toMatch(PATTERN);
        expect(await colours(await load(`/api/embed/future-launch${invalid}`))).toMatchObject(THEME.light);
        // Over a countdown's own defaults, invalid values leave the defaults in force.
        const defaults = await read(await load(`/api/embed/${WIDGET_DEFAULTS.slug}${invalid}`));
        expect(defaults).toMatchObject({ dataset: WIDGET_DEFAULTS.widget, lang: "de" });
        // Its own units, hours and minutes: a number and a word each.
        expect(defaults.cells).toHaveLength(4);
      });

      it("takes a countdown's defaults from its front matter, and the query over them", async () => {
        const slug = WIDGET_DEFAULTS.slug;
        const page = await load(`/api/embed/${slug}`);
        const defaults = await read(page);
        expect(defaults).toMatchObject({
          dataset: WIDGET_DEFAULTS.widget,
          lang: "de",
          dateShown: true,
          date: expect.stringMatching(/ UTC$/),
        });
        // Its units, hours and minutes (the hours hold the days), with its own words for them; Intl's
        // in another language.
        expect(defaults.cells.filter((_, i) => i % 2)).toEqual(["Std.", "Min."]);
        const english = await read(await load(`/api/embed/${slug}?lang=en`));
        const hours = Math.floor(secondsLeft(target(slug), english.now) / 3600);
        expect(english.cells[1]).toBe(unitWord("en", "hour", hours));
        expect(await colours(page)).toMatchObject({ bg: THEME.dark.bg, accent: rgb(WIDGET_DEFAULTS.widget.accent) });
        expect(await page.evaluate(() => getComputedStyle(document.querySelector("h1")!).fontFamily)).toMatch(
          /^ui-serif/,
        );
        // theme=auto over a dark default: the visitor's scheme (light here).
        expect(await colours(await load(`/api/embed/${slug}?theme=auto`))).toMatchObject({ bg: THEME.light.bg });
        const overridden = await load(
          `/api/embed/${slug}?theme=light&layout=text&units=dhms&date=local&font=system&lang=en&accent=${SITE_ACCENT.light.slice(1)}`,
        );
        const shown = await read(overridden);
        const visitorZone = await overridden.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        // In the visitor's zone (the machine's: UTC here), named by its abbreviation or offset.
        expect(shown).toMatchObject({ lang: "en", cells: [] });
        expect(
          shown.date.startsWith(`${await inBrowserDate(overridden, "en", Date.parse(shown.datetime), visitorZone)} `),
        ).toBe(true);
        expectTimeLeft(shown, target(slug));
        expect(await colours(overridden)).toMatchObject(THEME.light);
      });

      it("shows the countdown's link from its front matter, opened in the host's window; nothing in the query adds one", async () => {
        const links = (page: EnginePage) =>
          page.evaluate(() =>
            [...document.querySelectorAll("a")].map((a) => ({
              href: a.href,
              text: a.textContent,
              target: a.target,
              shown: a.getBoundingClientRect().height > 0,
            })),
          );
        expect(await links(await load(`/api/embed/${WIDGET_DEFAULTS.slug}`))).toEqual([
          { href: WIDGET_LINK.url, text: WIDGET_LINK.text, target: "_top", shown: true },
        ]);
        expect(
          await links(
            await load(
              `/api/embed/future-launch?link=https%3A%2F%2Fevil.example&link.url=https%3A%2F%2Fevil.example&text=Win`,
            ),
          ),
        ).toEqual([]);
      });
    });

    describe("at the target: the done message, or the count-up", () => {
      it("stops at 0d 00h 00m 00s with the done message as the headline, never negative", async () => {
        const targetMs = target("future-launch");
        const page = await loadAt("/api/embed/future-launch", targetMs - 3000);
        const before = await read(page);
        expect(before.now, "read before the target").toBeLessThan(targetMs);
        expect(before).toMatchObject({ text: expect.stringMatching(/^0d 00h 00m 0[1-3]s$/), doneShown: false });
        expectTimeLeft(before, targetMs);
        await waitInPage(page, () => getComputedStyle(document.querySelector("[data-done]")!).display !== "none", 6000);
        const after = await read(page);
        expect(after).toMatchObject({ text: "0d 00h 00m 00s", done: "We have lift-off", doneShown: true });
        expect(after.now).toBeGreaterThanOrEqual(targetMs);
        // The done message comes first, in the larger type.
        const sizes = await page.evaluate(() =>
          ["[data-done]", "[data-left]"].map((s) => parseFloat(getComputedStyle(document.querySelector(s)!).fontSize)),
        );
        expect(sizes[0]).toBeGreaterThan(sizes[1]!);
        // Nothing ticks on.
        const changes = await recordTimerChanges(page, 1200);
        expect(changes).toEqual([]);
      });

      it("shows the default done message in the countdown's language", async () => {
        expect(await read(await load("/api/embed/long-past"))).toMatchObject({
          text: "0d 00h 00m 00s",
          done: "The countdown has ended.",
          doneShown: true,
        });
      });

      it("after=countup counts the time since the target under the done message", async () => {
        const targetMs = target("future-launch");
        const page = await loadAt("/api/embed/future-launch?after=countup", targetMs - 1500);
        await waitInPage(page, () => document.querySelector("[data-left]")!.textContent === "+0d 00h 00m 01s", 6000);
        const shown = await read(page);
        expect(shown).toMatchObject({ done: "We have lift-off", doneShown: true });
        expectTimeLeft(shown, targetMs, "+");
        // It goes on counting up: each change shows the seconds since the target at that moment.
        const changes = await recordTimerChanges(page, 1200);
        expect(changes.length).toBeGreaterThan(0);
        for (const [text, at] of changes) {
          expect(text).toMatch(/^\+0d 00h 00m \d\ds$/);
          expect(shownSeconds(text), `shown at ${at}`).toBe(secondsLeft(at, targetMs));
        }
        // A day and a bit ago, in units.
        const units = await read(
          await loadAt("/api/embed/recently-ended?after=countup&layout=units", target("recently-ended") + DAY + HOUR),
        );
        expect(units.cells.slice(0, 4)).toEqual(["1", unitWord("en", "day", 1), "01", unitWord("en", "hour", 1)]);
      });
    });

    describe("a weekly countdown at 17:00 in Berlin, across daylight saving changes", () => {
      const zone = WEEKLY_BERLIN.zone;
      /** The next Friday 17:00 in Berlin at or after `ms`, by Luxon (the oracle). */
      const nextOccurrence = (ms: number) => {
        for (let day = DateTime.fromMillis(ms, { zone }).startOf("day"); ; day = day.plus({ days: 1 })) {
          const at = day.set({ hour: WEEKLY_BERLIN.hour });
          if (at.weekday === WEEKLY_BERLIN.weekday && at.toMillis() >= ms) return at.toMillis();
        }
      };
      /** The last Sunday of a month in the first year after the run's clock where it is weeks ahead (so after the build's next occurrence). */
      const clockChange = (month: number) => {
        for (let year = new Date(TEST_NOW).getUTCFullYear(); ; year++) {
          let day = DateTime.fromObject({ year, month }, { zone }).endOf("month").startOf("day");
          while (day.weekday !== 7) day = day.minus({ days: 1 });
          if (day.toMillis() > TEST_NOW + 14 * DAY) return day;
        }
      };

      for (const [season, month] of [
        ["spring", 3],
        ["autumn", 10],
      ] as const) {
        it(`shows the time left to 17:00 local before and after the ${season} change`, async () => {
          const sunday = clockChange(month);
          // Friday noon before the change: 5 hours to go. Sunday noon, the clocks changed: 5 days 5 hours.
          for (const [now, left] of [
            [sunday.minus({ days: 2 }).set({ hour: 12 }).toMillis(), 5 * HOUR],
            [sunday.set({ hour: 12 }).toMillis(), 5 * DAY + 5 * HOUR],
          ] as const) {
            const expected = nextOccurrence(now);
            expect(expected - now, "the oracle").toBe(left);
            expect(DateTime.fromMillis(expected, { zone }).toFormat("ccc HH:mm")).toBe("Fri 17:00");
            const shown = await read(await loadAt(`/api/embed/${WEEKLY_BERLIN.slug}`, now));
            expectTimeLeft(shown, expected);
            expect(shown.datetime).toBe(new Date(expected).toISOString());
          }
        });
      }

      it("moves on to the next occurrence at zero, without a reload", async () => {
        const occurrence = nextOccurrence(clockChange(3).toMillis());
        const page = await loadAt(`/api/embed/${WEEKLY_BERLIN.slug}?date=utc`, occurrence - 3000);
        const before = await read(page);
        expect(before.now, "read before the occurrence").toBeLessThan(occurrence);
        expectTimeLeft(before, occurrence);
        await waitInPage(page, () => /^[67]d/.test(document.querySelector("[data-left]")!.textContent!) || null, 6000);
        const next = await read(page);
        const following = nextOccurrence(occurrence + 1);
        expect(following - occurrence).toBe(7 * DAY);
        expectTimeLeft(next, following);
        expect(next).toMatchObject({ datetime: new Date(following).toISOString(), doneShown: false });
      });
    });

    describe("a rule: weekdays at 14:00 in Berlin, one day left out", () => {
      const { zone, hour, slug, except } = WEEKDAY_CUTOFF;
      /** The next weekday 14:00 in Berlin at or after `ms` but the one left out, by Luxon (the oracle). */
      const nextOccurrence = (ms: number) => {
        for (let day = DateTime.fromMillis(ms, { zone }).startOf("day"); ; day = day.plus({ days: 1 })) {
          const at = day.set({ hour });
          if (at.weekday <= 5 && at.toISODate() !== except && at.toMillis() >= ms) return at.toMillis();
        }
      };
      it("counts past the weekend and past the day left out to the occurrence the rule names", async () => {
        const holiday = DateTime.fromISO(except, { zone });
        // The afternoon before the day left out; and a Friday afternoon, a weekend ahead.
        let friday = holiday.minus({ days: 14 }).set({ hour: 15 });
        while (friday.weekday !== 5) friday = friday.plus({ days: 1 });
        // The day after the one left out (a Friday's: the Monday after), and the Monday after the Friday.
        for (const [now, left] of [
          [holiday.minus({ days: 1 }).set({ hour: 15 }).toMillis(), (holiday.weekday === 5 ? 95 : 47) * HOUR],
          [friday.toMillis(), 71 * HOUR],
        ] as const) {
          const expected = nextOccurrence(now);
          expect(expected - now, "the oracle").toBe(left);
          const shown = await read(await loadAt(`/api/embed/${slug}`, now));
          expectTimeLeft(shown, expected);
          expect(shown.datetime).toBe(new Date(expected).toISOString());
        }
      });
    });

    describe("a daily countdown at 09:30 in New York that ends, across the spring change", () => {
      // By Luxon (the oracle): the 09:30s from the start, the last one up to `until` (the clocks
      // changed on 10 March 2024, between the start and the end).
      const zone = DAILY_UNTIL.zone;
      const until = DateTime.fromSQL(DAILY_UNTIL.until, { zone }).toMillis();
      let last = DateTime.fromSQL(DAILY_UNTIL.start, { zone });
      while (last.plus({ days: 1 }).toMillis() <= until) last = last.plus({ days: 1 });
      const lastMs = last.toMillis();

      it("counts to its last occurrence and stops there, on the day and years later", async () => {
        expect(new Date(lastMs).toISOString(), "the oracle").toBe("2024-03-12T13:30:00.000Z");
        const page = await loadAt(`/api/embed/${DAILY_UNTIL.slug}?date=utc`, lastMs - 3000);
        const before = await read(page);
        expect(before.now, "read before the last occurrence").toBeLessThan(lastMs);
        expectTimeLeft(before, lastMs);
        expect(before).toMatchObject({ datetime: new Date(lastMs).toISOString(), doneShown: false });
        await waitInPage(
          page,
          () => getComputedStyle(document.querySelector("[data-done]")!).display !== "none" || null,
          6000,
        );
        expect(await read(page)).toMatchObject({
          text: "0d 00h 00m 00s",
          datetime: new Date(lastMs).toISOString(),
          doneShown: true,
        });
        const later = await read(await loadAt(`/api/embed/${DAILY_UNTIL.slug}`, lastMs + 3 * 365 * DAY));
        expect(later).toMatchObject({
          text: "0d 00h 00m 00s",
          datetime: new Date(lastMs).toISOString(),
          doneShown: true,
        });
      });
    });

    describe("the zone arithmetic of a repeating countdown's widget", () => {
      it("reads every zone's offset as the engine's own clock readings give it, and as Node does where the rules are settled", async () => {
        const found = await (
          await page0()
        ).evaluate(
          checkZones,
          SETTLED.map(([zone, iso]) => [zone, Date.parse(iso)]),
        );
        expect(found.checked, "zones × instants checked").toBeGreaterThan(1000);
        expect(found.disagreements).toEqual([]);
        expect(found.settled).toEqual(SETTLED.map(([zone, iso]) => zoneOffset(zone, Date.parse(iso))));
      });
    });

    describe("a postponed or cancelled countdown", () => {
      it("shows its status, in its language, instead of ticking; a postponed one strikes the announced date and says a new one is to come", async () => {
        for (const [slug, status] of [
          ["postponed-de", "Verschoben"],
          ["cancelled-fr", "Annulé"],
        ]) {
          const page = await load(`/api/embed/${slug}`);
          expect(await read(page), slug).toMatchObject({
            done: status,
            doneShown: true,
            leftShown: false,
            text: "",
            dateShown: true,
          });
          expect(await recordTimerChanges(page, 1200)).toEqual([]);
          const dateLine = await page.evaluate(() => {
            const when = document.querySelector("time")!;
            return {
              struck: getComputedStyle(when).textDecorationLine,
              after: when.nextElementSibling?.tagName === "P" ? when.nextElementSibling.textContent : null,
            };
          });
          expect(dateLine, slug).toEqual(
            slug === "postponed-de"
              ? { struck: "line-through", after: "Neuer Termin folgt" }
              : { struck: "none", after: null },
          );
        }
      });

      it("says a repeating countdown's rule in words, in its language", async () => {
        const rule = (page: EnginePage) => page.evaluate(() => document.querySelector("time + p")?.textContent ?? null);
        // Friday, 17:00 in Berlin, whatever the visitor's zone and labels: the build wrote it.
        expect(await rule(await load(`/api/embed/${WEEKLY_BERLIN.slug}?lang=ja`, { timeZone: "Asia/Tokyo" }))).toMatch(
          /^Weekly · Friday · 5:00\sPM \S/,
        );
        expect(await rule(await load(`/api/embed/${DAILY_UNTIL.slug}`))).toMatch(/^Daily · 9:30\sAM \S/);
        expect(await rule(await load("/api/embed/future-launch"))).toBeNull();
      });
    });

    describe("accessibility", () => {
      it("has a timer named by the title and the target date, a heading, the page's language and title", async () => {
        const page = await load("/api/embed/future-launch?lang=de");
        expect(
          await page.evaluate(() => {
            const timer = document.querySelector("[role=timer]")!;
            const names = timer
              .getAttribute("aria-labelledby")!
              .split(" ")
              .map((id) => document.getElementById(id)?.textContent);
            return {
              names,
              live: timer.getAttribute("aria-live"),
              headings: document.querySelectorAll("h1").length,
              lang: document.documentElement.lang,
              title: document.title,
            };
          }),
        ).toMatchObject({
          names: [expect.stringContaining("Launch"), expect.stringMatching(/\d{4}/)],
          live: null,
          headings: 1,
          lang: "de",
          title: expect.stringContaining("Launch"),
        });
      });

      it(
        "has no serious or critical axe-core violation in any theme, layout or state",
        { timeout: 120_000 },
        async () => {
          const cases: [string, "light" | "dark"][] = [];
          for (const scheme of ["light", "dark"] as const) {
            for (const theme of ["", "theme=light", "theme=dark", "theme=transparent"]) {
              for (const layout of ["", "layout=units"])
                cases.push([`/api/embed/future-launch?${[theme, layout].filter(Boolean).join("&")}`, scheme]);
            }
            cases.push(
              ["/api/embed/long-past?after=countup&layout=units", scheme],
              ["/api/embed/cancelled-fr", scheme],
              ["/api/embed/nope", scheme],
            );
          }
          cases.push(
            ["/api/embed/hostile-content?accent=ffe066&bg=fefce8&color=999", "light"],
            [`/api/embed/${WIDGET_DEFAULTS.slug}`, "light"],
          );
          for (const [url, colorScheme] of cases) {
            const page = await load(url, { colorScheme });
            // A transparent widget is read against its host page: at the top level the canvas behind it
            // is white in either scheme, so it is judged over a host page of the visitor's scheme.
            if (url.includes("transparent"))
              await page.evaluate(
                (dark: boolean) => void (document.documentElement.style.background = dark ? "#121212" : "#fff"),
                colorScheme === "dark",
              );
            expect(await seriousAxeViolations(page), `${url} in ${colorScheme}`).toEqual([]);
          }
        },
      );
    });
  });
}

/** src/time/zone.ts as the widget's bundle has it, for a page to run: it defines `zone.zoneOffset`. */
const ZONE_CODE = buildSync({
  entryPoints: [path.join(ROOT, "src/time/zone.ts")],
  bundle: true,
  write: false,
  format: "iife",
  globalName: "zone",
  target: ["chrome95", "firefox91", "safari15.4"],
}).outputFiles[0]!.text;
/** Offsets whose rules have not changed for decades, so every engine's time zone data agrees on them. */
const SETTLED: [string, string][] = [
  ["Europe/Berlin", "2027-03-28T00:59:59Z"],
  ["Europe/Berlin", "2027-03-28T01:00:00Z"],
  ["Europe/Berlin", "2027-10-31T01:00:00Z"],
  ["America/New_York", "2027-11-07T06:00:00Z"],
  ["Australia/Lord_Howe", "2027-01-15T00:00:00Z"],
  ["Asia/Kolkata", "2030-01-01T00:00:00Z"],
  ["Africa/Monrovia", "1971-01-01T00:00:00Z"],
  ["Pacific/Chatham", "2027-06-01T00:00:00Z"],
  ["UTC", "2027-06-01T00:00:00Z"],
];

/**
 * Runs in a page: zone.ts's offset (read from Intl's "longOffset" name) against the offset the
 * engine's own clock reading gives (the year-to-second parts, the older way), for every zone the
 * engine knows at instants from 1971 to 2100, and the offsets of `settled`.
 */
function zoneCheck(zoneOffset: (zone: string, ms: number) => number, settled: [string, number][]) {
  const readings = (zone: string, ms: number) => {
    const parts: Record<string, number> = {};
    const format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    for (const { type, value } of format.formatToParts(ms)) parts[type] = +value;
    return (
      (Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour! % 24, parts.minute, parts.second) -
        Math.floor(ms / 1000) * 1000) /
      60000
    );
  };
  const instants = [
    Date.UTC(1971, 0, 1),
    Date.UTC(1985, 6, 1),
    Date.UTC(2000, 0, 1),
    Date.UTC(2027, 2, 28, 1),
    Date.UTC(2027, 6, 1),
    Date.UTC(2027, 9, 31, 1),
    Date.UTC(2100, 0, 1, 12),
  ];
  const disagreements: string[] = [];
  let checked = 0;
  for (const zone of ["UTC", ...Intl.supportedValuesOf("timeZone")]) {
    for (const ms of instants) {
      checked++;
      const [ours, theirs] = [zoneOffset(zone, ms), readings(zone, ms)];
      if (ours !== theirs) disagreements.push(`${zone} ${new Date(ms).toISOString()}: ${ours} != ${theirs}`);
    }
  }
  return { checked, disagreements, settled: settled.map(([zone, ms]) => zoneOffset(zone, ms)) };
}

/** zoneCheck with zone.ts in its source: the page's CSP allows no eval, and the driver's own code is not the page's. */
const checkZones = new Function(
  "settled",
  `${ZONE_CODE}; return (${zoneCheck.toString()})(zone.zoneOffset, settled);`,
) as (settled: [string, number][]) => ReturnType<typeof zoneCheck>;

/** Intl's word for `n` of `unit` in `lang`, as the widget's label shows it (Node's Intl as the oracle). */
function unitWord(lang: string, unit: string, n: number): string {
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" })
    .formatToParts(n)
    .find((part) => part.type === "unit")!.value;
}

describe("the embed's headers", () => {
  it("pin the ticker by a CSP hash, allow the site's own script files and nothing inline besides, and let any site frame it", async () => {
    const response = await fetch(`${base}/api/embed/future-launch`);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'sha256-[^']+' 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/frame-ancestors \*/);
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  it("reach WebKit's first-frame checks through the proxy unchanged but for the one script and its hash", async () => {
    for (const url of [
      "/api/embed/future-launch",
      "/api/embed/future-launch?theme=dark&layout=units&lang=ar&font=mono",
    ]) {
      const [direct, proxied] = await Promise.all([fetch(`${base}${url}`), fetch(`${firstFrameProxy.base}${url}`)]);
      const script = `<script>${FIRST_FRAME_SOURCE}</script>`;
      const html = await proxied.text();
      expect(html.replace(script, ""), url).toBe(await direct.text());
      expect(html.indexOf(script), "the first element of the (implied) head").toBe(
        html.indexOf(">", html.indexOf("<html")) + 1,
      );
      expect(proxied.headers.get("content-security-policy")).toBe(
        withScriptHash(direct.headers.get("content-security-policy")!, firstFrameProxy.hash),
      );
      for (const header of ["content-type", "cache-control", "x-content-type-options", "referrer-policy"])
        expect(proxied.headers.get(header), header).toBe(direct.headers.get(header));
    }
  });
});
