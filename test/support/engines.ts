// Chromium, Firefox and WebKit behind one small API, so a browser test runs in all three. What an
// engine's driver cannot do it refuses, loudly, with the reason: a test then checks the same fact
// another way, never skips. Every limit below was measured on Debian's browsers (each says how).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import puppeteer, { type Browser as PuppeteerBrowser } from "puppeteer-core";
import { Builder, By, type WebDriver } from "selenium-webdriver";
import { CHROMIUM, launchBrowser } from "../../tools/chromium.ts";
import { fakedClock } from "../../tools/faked-clock.ts";

export type EngineName = "chromium" | "firefox" | "webkit";
export const ENGINE_NAMES: EngineName[] = ["chromium", "firefox", "webkit"];

const ABILITIES = [
  "colorScheme",
  "reducedMotion",
  "timeZone",
  "disableJavaScript",
  "beforeLoadScript",
  "consoleMessages",
  "screenshots",
] as const;
export type Ability = (typeof ABILITIES)[number];

/** What each engine's driver cannot do, and why; `can` is everything else. */
const CANNOT: Record<EngineName, Partial<Record<Ability, string>>> = {
  chromium: {},
  firefox: {
    disableJavaScript:
      "Firefox over WebDriver BiDi cannot: puppeteer's setJavaScriptEnabled sends emulation.setScriptingEnabled, unknown to Firefox ESR, and with the javascript.enabled preference off the page can no longer be evaluated",
  },
  webkit: {
    beforeLoadScript: "WebKitWebDriver speaks classic WebDriver only, which has no script to run before the page's own",
    consoleMessages: "WebKitWebDriver speaks classic WebDriver only, which reports no console messages",
  },
};

export interface OpenOptions {
  /** The viewport, innerWidth × innerHeight (800 × 600 unless given). */
  width?: number;
  height?: number;
  colorScheme?: "light" | "dark";
  reducedMotion?: "reduce" | "no-preference";
  /** The visitor's time zone (an IANA name), as Intl and Date see it; the machine's unless given. */
  timeZone?: string;
  /** false: the page's own scripts do not run (evaluate still does). */
  javaScript?: boolean;
  /** A script's source, run in every document before the page's own scripts. */
  beforeLoad?: string;
}

export interface Engine {
  name: EngineName;
  /** What this engine's driver can do; the rest it refuses, giving CANNOT[name][ability] as why. */
  can: Record<Ability, boolean>;
  /** Opens `url` in a page of its own (no cookies, storage or cache shared with other pages). */
  open(url: string, options?: OpenOptions): Promise<EnginePage>;
  /** Closes every page and ends every process the engine started. */
  close(): Promise<void>;
}

export interface EnginePage {
  /** Loads `url` in this page, as following a link does (the page keeps its viewport, options and before-load script). */
  goto(url: string): Promise<void>;
  /** Clicks the first element `selector` matches as a user would: a trusted click at its centre. */
  click(selector: string): Promise<void>;
  /**
   * Calls `fn` in the page with `args` (sent as JSON) and gives back its result through JSON, so
   * `undefined` comes back as null in every engine; an async function is awaited (except in WebKit
   * with javaScript: false, which refuses one: it would never settle). `fn` travels as source: it must
   * not use anything from the test's scope.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a function of any parameters (unknown[] would take none)
  evaluate<T>(fn: (...args: any[]) => T | Promise<T>, ...args: unknown[]): Promise<T>;
  /** Makes the viewport exactly `width` × `height` (innerWidth × innerHeight). */
  setViewport(width: number, height: number): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  /** Console errors and warnings and uncaught errors so far; throws, with the reason, where the engine cannot report them. */
  consoleProblems(): string[];
  /**
   * Whether the browser's own accessibility tree (what screen readers read) has the first element
   * `selector` matches with this role and accessible name: Chromium's through CDP, Firefox's through
   * WebDriver BiDi's accessibility locator, WebKit's through WebDriver's computed role and label.
   */
  hasAccessible(selector: string, role: string, name: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The Debian packages each engine needs; CI installs the missing ones. */
const DEBIAN_PACKAGES: Record<EngineName, string[]> = {
  chromium: ["chromium"],
  firefox: ["firefox-esr"],
  webkit: ["webkit2gtk-driver", "xvfb"],
};

const FIREFOX = "/usr/bin/firefox-esr";
const XVFB = "/usr/bin/Xvfb";
const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
const MULTIARCH = process.arch === "arm64" ? "aarch64-linux-gnu" : "x86_64-linux-gnu";
const MINIBROWSER = `/usr/lib/${MULTIARCH}/webkit2gtk-4.1/MiniBrowser`;
const PROGRAMS: Record<EngineName, string[]> = {
  chromium: [CHROMIUM],
  firefox: [FIREFOX],
  webkit: [XVFB, WEBKIT_DRIVER, MINIBROWSER],
};

function viewportOf(options: OpenOptions | undefined) {
  return { width: options?.width ?? 800, height: options?.height ?? 600 };
}

/** Why this machine cannot run `name` (what is missing, and the command that installs it), or undefined. */
function engineMissing(name: EngineName): string | undefined {
  const missing = PROGRAMS[name].filter((program) => !existsSync(program));
  if (missing.length === 0) return undefined;
  return `${name} cannot run here: no ${missing.join(", ")}. Install it with "apt-get install -y ${DEBIAN_PACKAGES[name].join(" ")}".`;
}

export async function launchEngine(name: EngineName): Promise<Engine> {
  const missing = engineMissing(name);
  if (missing) throw new Error(missing);
  const can = Object.fromEntries(ABILITIES.map((ability) => [ability, CANNOT[name][ability] === undefined])) as Record<
    Ability,
    boolean
  >;
  const launched = await { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit }[name]();
  return {
    name,
    can,
    async open(url, options = {}) {
      // An option the engine would ignore must fail loudly, or a test would pass without checking anything.
      const needs: [Ability, boolean][] = [
        ["colorScheme", options.colorScheme !== undefined],
        ["reducedMotion", options.reducedMotion !== undefined],
        ["timeZone", options.timeZone !== undefined],
        ["disableJavaScript", options.javaScript === false],
        ["beforeLoadScript", options.beforeLoad !== undefined],
      ];
      for (const [ability, needed] of needs) {
        if (needed && !can[ability]) throw cannotError(name, ability);
      }
      // (A driver on a loaded machine may let a first load run past its timeout: the page is opened
      // once more; a page that never loads times out again.)
      const page = await launched
        .open(url, options)
        .catch((error: Error) => (error.name === "TimeoutError" ? launched.open(url, options) : Promise.reject(error)));
      if (!can.screenshots) page.screenshot = () => Promise.reject(cannotError(name, "screenshots"));
      return page;
    },
    close: () => launched.close(),
  };
}

/** The error of an engine asked for what it cannot do: the ability and the reason, for the test to check. */
function cannotError(name: EngineName, ability: Ability): Error {
  return new Error(
    `${name} cannot honour ${ability}: ${CANNOT[name][ability]}. Check the same fact another way when !engine.can.${ability}.`,
  );
}

type Launched = Pick<Engine, "open" | "close">;

/**
 * The source of an expression that calls `fn` with `args` and gives its result as JSON text, awaited
 * if it is a promise; with `mayAwait` false, a promise is refused instead (see the WebKit page).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a function of any parameters (unknown[] would take none)
function callSource(fn: (...args: any[]) => unknown, args: unknown[], mayAwait = true): string {
  const call = `(${fn.toString()})(...${JSON.stringify(args)})`;
  const json = `(result) => JSON.stringify(result) ?? "null"`;
  if (mayAwait) return `Promise.resolve(${call}).then(${json})`;
  return `((result) => {
    if (result instanceof Promise) throw new Error("WebKit with JavaScript off never settles a promise: evaluate a synchronous function");
    return (${json})(result);
  })(${call})`;
}

// --- Chromium: playwright-core, one browser context per page ---

async function launchChromium(): Promise<Launched> {
  const browser = await launchBrowser();
  return {
    async open(url, options) {
      const { width, height } = viewportOf(options);
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme: options?.colorScheme ?? "light",
        reducedMotion: options?.reducedMotion ?? "no-preference",
        timezoneId: options?.timeZone,
        javaScriptEnabled: options?.javaScript ?? true,
      });
      if (options?.beforeLoad) await context.addInitScript(options.beforeLoad);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning")
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await page.goto(url);
      return {
        goto: async (url) => void (await page.goto(url)),
        click: (selector) => page.click(selector),
        evaluate: async (fn, ...args) => JSON.parse((await page.evaluate(callSource(fn, args))) as string),
        setViewport: (width, height) => page.setViewportSize({ width, height }),
        screenshot: () => page.screenshot(),
        consoleProblems: () => [...problems],
        async hasAccessible(selector, role, name) {
          const cdp = await context.newCDPSession(page);
          const { root } = await cdp.send("DOM.getDocument");
          const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
          const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
          await cdp.detach();
          return nodes[0]?.role?.value === role && nodes[0]?.name?.value === name;
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

// --- Firefox: puppeteer-core over WebDriver BiDi, one user context per page ---

/**
 * Firefox's BiDi has no media emulation (puppeteer's emulateMediaFeatures needs CDP), but its
 * preferences set both media features, browser-wide, and the TZ variable its time zone: so one
 * browser per preference set and zone, started when a page first asks for it (about 5 s each).
 */
/**
 * Firefox's BiDi may refuse a navigation begun while the last one is still settling on a busy machine
 * ("A new navigation interrupted an unfinished navigation"): the page is asked for once more.
 */
async function firefoxGoto(page: { goto(url: string): Promise<unknown> }, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch (error) {
    if (!/interrupted an unfinished navigation/.test(String(error))) throw error;
    await page.goto(url);
  }
}

/**
 * Puppeteer's setViewport sends WebDriver BiDi's browsingContext.setViewport and, with it,
 * emulation.setScreenOrientationOverride, which Firefox ESR 140 does not know: the viewport is set, and
 * the call fails on the orientation. That one failure is let through once the viewport is seen in
 * force; any other is thrown.
 */
async function firefoxViewport(page: import("puppeteer-core").Page, width: number, height: number): Promise<void> {
  try {
    await page.setViewport({ width, height });
  } catch (error) {
    if (!String((error as Error).message).includes("unknown command emulation.setScreenOrientationOverride"))
      throw error;
    // Polled with plain evaluations: waitForFunction builds a Function, which a page's CSP refuses.
    for (let tries = 0; ; tries++) {
      const [w, h] = (await page.evaluate("[window.innerWidth, window.innerHeight]")) as [number, number];
      if (w === width && h === height) return;
      if (tries >= 50)
        throw new Error(`Firefox's viewport is ${w} × ${h}, not ${width} × ${height}, after setViewport`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function firefoxPreferences(options: OpenOptions | undefined): Record<string, number> {
  return {
    // 0 dark, 1 light.
    "layout.css.prefers-color-scheme.content-override": options?.colorScheme === "dark" ? 0 : 1,
    "ui.prefersReducedMotion": options?.reducedMotion === "reduce" ? 1 : 0,
  };
}

/**
 * Firefox's environment: this process's, with the visitor's zone, and without libfaketime (CI runs the
 * suite a year ahead under `faketime`), which Firefox does not start under: its pages keep the
 * machine's real clock, so a test compares a page's clock with nothing but the page's own, or sets it.
 */
/**
 * How far the clock of this engine's pages is behind this process's, in ms: Firefox's, where CI runs
 * the suite ahead under libfaketime (firefoxEnvironment); 0 for the others, which start under it.
 */
export const clockBehind = (name: EngineName): number => (name === "firefox" ? (fakedClock()?.offset ?? 0) : 0);

function firefoxEnvironment(timeZone: string | undefined): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(LD_PRELOAD|FAKETIME|DONT_FAKE_MONOTONIC)/.test(name)),
  );
  return timeZone ? { ...env, TZ: timeZone } : env;
}

async function launchFirefox(): Promise<Launched> {
  const browsers = new Map<string, Promise<PuppeteerBrowser>>();
  const browserFor = (options: OpenOptions | undefined) => {
    const preferences = firefoxPreferences(options);
    const key = JSON.stringify([preferences, options?.timeZone]);
    let browser = browsers.get(key);
    if (!browser) {
      browser = puppeteer.launch({
        browser: "firefox",
        protocol: "webDriverBiDi",
        executablePath: FIREFOX,
        headless: true,
        extraPrefsFirefox: preferences,
        env: firefoxEnvironment(options?.timeZone),
      });
      browsers.set(key, browser);
    }
    return browser;
  };
  await browserFor(undefined);
  return {
    async open(url, options) {
      const { width, height } = viewportOf(options);
      const context = await (await browserFor(options)).createBrowserContext();
      const page = await context.newPage();
      // Each page is a tab of one window; a tab behind another is hidden, and the widget rightly
      // stops ticking there. So a page is brought to the front whenever it loads, as a visitor's is.
      await page.bringToFront();
      await firefoxViewport(page, width, height);
      if (options?.beforeLoad) await page.evaluateOnNewDocument(options.beforeLoad);
      const problems: string[] = [];
      page.on("console", (message) => {
        const type = message.type() === "warn" ? "warning" : message.type();
        if (type === "error" || type === "warning") problems.push(`${type}: ${message.text()}`);
      });
      page.on("pageerror", (error) =>
        problems.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`),
      );
      await firefoxGoto(page, url);
      return {
        goto: async (url) => {
          await page.bringToFront();
          await firefoxGoto(page, url);
        },
        click: (selector) => page.click(selector),
        evaluate: async (fn, ...args) => JSON.parse((await page.evaluate(callSource(fn, args))) as string),
        setViewport: (width, height) => firefoxViewport(page, width, height),
        screenshot: async () => Buffer.from(await page.screenshot()),
        consoleProblems: () => [...problems],
        async hasAccessible(selector, role, name) {
          // Puppeteer's ARIA selector is BiDi's browsingContext.locateNodes by accessibility: Firefox's own tree.
          const found = await page.$$(`::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`);
          const wanted = await page.$(selector);
          for (const handle of found) if (await page.evaluate((a, b) => a === b, handle, wanted)) return true;
          return false;
        },
        close: () => context.close(),
      };
    },
    async close() {
      await Promise.allSettled([...browsers.values()].map(async (browser) => (await browser).close()));
    },
  };
}

// --- WebKit: WebKitGTK's MiniBrowser on a virtual X display, one WebKitWebDriver and session per page ---

/**
 * MiniBrowser's hidden find bar still counts towards the window's minimum width (334 px); shrunk, the
 * window goes down to 238 px. WebKitGTK takes prefers-reduced-motion from GTK's animations setting.
 */
function writeGtkConfig(home: string, reducedMotion: boolean): string {
  mkdirSync(path.join(home, "gtk-3.0"), { recursive: true });
  writeFileSync(
    path.join(home, "gtk-3.0/gtk.css"),
    "searchbar, searchbar * { min-width: 0; margin: 0; padding: 0; border-width: 0; font-size: 1px; }\n",
  );
  writeFileSync(path.join(home, "gtk-3.0/settings.ini"), `[Settings]\ngtk-enable-animations=${!reducedMotion}\n`);
  return home;
}

/** Starts `command` as the leader of a new process group, so ending the group ends everything it started. */
function spawnGroup(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; extraFd?: boolean } = {},
): ChildProcess {
  return spawn(command, args, {
    detached: true,
    env: options.env,
    stdio: ["ignore", "ignore", "pipe", ...(options.extraFd ? ["pipe" as const] : [])],
  });
}

/** The last words a program wrote to stderr, for error messages. */
function lastWords(child: ChildProcess): () => string {
  let text = "";
  child.stderr?.on("data", (chunk: Buffer) => (text = (text + chunk.toString()).slice(-2000)));
  return () => text.trim();
}

/** Ends a process group: SIGTERM, then SIGKILL for whatever is left after `graceMs`. */
async function endGroup(leader: ChildProcess, graceMs = 3000): Promise<void> {
  signalGroup(leader, "SIGTERM");
  if (leader.exitCode === null && leader.signalCode === null) {
    await Promise.race([once(leader, "exit"), new Promise((resolve) => setTimeout(resolve, graceMs))]);
  }
  signalGroup(leader, "SIGKILL");
}

function signalGroup(leader: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (leader.pid) process.kill(-leader.pid, signal);
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

/** Rejects, with the program's last words, when `child` exits or fails, or after `ms`. */
function failureOf(child: ChildProcess, what: string, ms: number): Promise<never> {
  const words = lastWords(child);
  return new Promise((_, reject) => {
    const fail = (why: string) => reject(new Error(`${what}: ${why}. ${words()}`.trim()));
    child.once("exit", (code, signal) => fail(`it exited (${signal ?? code})`));
    child.once("error", (error) => fail(error.message));
    setTimeout(() => fail(`not ready after ${ms} ms`), ms).unref();
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function untilReady(server: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${server}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A WebKitWebDriver on `display` (it serves one session at a time), and its address. */
async function startWebKitDriver(display: string): Promise<{ leader: ChildProcess; server: string }> {
  // The free port may be taken before the driver binds it: then try another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const leader = spawnGroup(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: display } });
    const server = `http://127.0.0.1:${port}`;
    try {
      await Promise.race([untilReady(server), failureOf(leader, "WebKitWebDriver did not start", 10_000)]);
      return { leader, server };
    } catch (error) {
      await endGroup(leader);
      if (attempt === 3) throw error;
    }
  }
}

async function launchWebKit(): Promise<Launched> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "webkit-engine-"));
  // Xvfb picks a free display itself and says which: no race between test files starting at once.
  const xvfb = spawnGroup(XVFB, ["-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"], {
    extraFd: true,
  });
  const groups = new Set([xvfb]);
  // A test run that dies without close() must not leave an X server or browsers behind.
  const killAll = () => groups.forEach((leader) => signalGroup(leader, "SIGKILL"));
  process.once("exit", killAll);
  const shutDown = async () => {
    await Promise.all([...groups].map((leader) => endGroup(leader)));
    process.off("exit", killAll);
    rmSync(dir, { recursive: true, force: true });
  };
  let display: string;
  try {
    display = await Promise.race([
      new Promise<string>((resolve) => {
        let written = "";
        (xvfb.stdio[3] as Readable).on("data", (chunk: Buffer) => {
          written += chunk.toString();
          if (written.includes("\n")) resolve(`:${written.trim()}`);
        });
      }),
      failureOf(xvfb, "Xvfb did not start", 10_000),
    ]);
  } catch (error) {
    await shutDown();
    throw error;
  }

  const gtkConfig = {
    "no-preference": writeGtkConfig(path.join(dir, "motion"), false),
    reduce: writeGtkConfig(path.join(dir, "reduced-motion"), true),
  };
  const pages = new Set<EnginePage>();
  /** The capabilities of a session whose MiniBrowser runs with these options and arguments. */
  const capabilitiesFor = (options: OpenOptions | undefined, args: string[]) => ({
    browserName: "MiniBrowser",
    // env gives this page's MiniBrowser its GTK settings and time zone, then runs it.
    "webkitgtk:browserOptions": {
      binary: "/usr/bin/env",
      args: [
        `XDG_CONFIG_HOME=${gtkConfig[options?.reducedMotion ?? "no-preference"]}`,
        ...(options?.timeZone ? [`TZ=${options.timeZone}`] : []),
        MINIBROWSER,
        ...args,
      ],
    },
  });
  return {
    async open(url, options) {
      const { width, height } = viewportOf(options);
      const javaScript = options?.javaScript ?? true;
      const args = [
        "--automation",
        // No toolbar: the window is all viewport, down to 238 px wide.
        "--full-screen",
        ...(options?.colorScheme === "dark" ? ["--dark-mode"] : []),
        ...(javaScript ? [] : ["--enable-javascript=false"]),
      ];
      const { leader, server } = await startWebKitDriver(display);
      groups.add(leader);
      let driver: WebDriver | undefined;
      const page = webKitPage(
        () => driver!,
        javaScript,
        async () => {
          pages.delete(page);
          await driver?.quit().catch(() => {});
          await endGroup(leader);
          groups.delete(leader);
        },
      );
      pages.add(page);
      try {
        driver = await new Builder().usingServer(server).withCapabilities(capabilitiesFor(options, args)).build();
        await driver.manage().setTimeouts({ pageLoad: 20_000, script: 10_000 });
        // The page it opens on is not loaded and may never run a script (a 10 s script timeout under
        // load): a blank page is loaded, the size set over it, then the page loaded.
        await driver.get("about:blank");
        await page.resize(width, height);
        await driver.get(url);
      } catch (error) {
        await page.close();
        throw error;
      }
      return page;
    },
    async close() {
      await Promise.all([...pages].map((page) => page.close()));
      await shutDown();
    },
  };
}

function webKitPage(
  driver: () => WebDriver,
  javaScript: boolean,
  close: () => Promise<void>,
): EnginePage & { resize(width: number, height: number): Promise<void> } {
  const viewport = () => driver().executeScript<[number, number]>("return [innerWidth, innerHeight]");
  /**
   * The viewport once it is `width` × `height`; or once it has moved from `before` and held still for
   * a moment (a resize reaches the page a little later, and the window's own parts may take some of
   * it); or as it stands after 5 s.
   */
  const viewportWhen = async (width: number, height: number, before: [number, number]): Promise<[number, number]> => {
    const deadline = Date.now() + 5000;
    let last: [number, number] | undefined;
    for (;;) {
      const size = await viewport();
      if (size[0] === width && size[1] === height) return size;
      const moved = size[0] !== before[0] || size[1] !== before[1];
      if ((moved && last?.[0] === size[0] && last[1] === size[1]) || Date.now() > deadline) return size;
      last = size;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** The window made to show a `width` × `height` viewport (no frame waited for: the page may be blank yet). */
  const resize = async (width: number, height: number) => {
    const window = driver().manage().window();
    const before = await viewport();
    await window.setRect({ width, height });
    let [innerWidth, innerHeight] = await viewportWhen(width, height, before);
    if (innerWidth !== width || innerHeight !== height) {
      // Whatever the window's own parts take, measured, is added once more.
      await window.setRect({ width: 2 * width - innerWidth, height: 2 * height - innerHeight });
      [innerWidth, innerHeight] = await viewportWhen(width, height, [innerWidth, innerHeight]);
    }
    if (innerWidth !== width || innerHeight !== height) {
      throw new Error(
        `WebKit cannot show a ${width}×${height} viewport: MiniBrowser's window gave ${innerWidth}×${innerHeight} (it is at least 238 px wide).`,
      );
    }
  };
  return {
    resize,
    goto: (url) => driver().get(url),
    click: async (selector) => driver().findElement(By.css(selector)).click(),
    async evaluate(fn, ...args) {
      // With JavaScript off, a promise never settles and WebKit ignores the script timeout: refuse one.
      return JSON.parse(await driver().executeScript<string>(`return ${callSource(fn, args, javaScript)}`));
    },
    async setViewport(width, height) {
      await resize(width, height);
      // Let the new size reach the screen before anything looks at it (a screenshot lags one frame).
      if (javaScript)
        await driver().executeScript(
          "return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))",
        );
    },
    screenshot: async () => Buffer.from(await driver().takeScreenshot(), "base64"),
    consoleProblems: () => {
      throw cannotError("webkit", "consoleMessages");
    },
    async hasAccessible(selector, role, name) {
      const element = await driver().findElement(By.css(selector));
      return (await element.getAriaRole()) === role && (await element.getAccessibleName()) === name;
    },
    close,
  };
}
