// `<countdown-timer>` (docs/element.md) in Chromium, Firefox and WebKit, on a host page of another
// origin whose CSP allows scripts and requests to the service's origins and no inline style: 50
// elements of 5 slugs and inline ones, each right to the second against the live JSON; one timer for
// all of them; a visitor's clock an hour off; a hidden tab; the end event; two sites' elements on one
// page; the fallback without JavaScript. The fixtures' targets are relative to the run's clock, and
// every expectation is computed from the server's own time (`serverTime`), never from the page's.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { ENGINE_NAMES, clockBehind, launchEngine, type Engine, type EnginePage } from "../support/engines.ts";
import { readSandboxedFrame, setPageClock, waitInPage } from "../support/in-page.ts";
import { rgbOf, WARN_COLOURS } from "../../src/colour/colour.ts";
import { HOSTILE_TITLE, WIDGET_DEFAULTS } from "../support/fixtures.ts";
import { TEST_OUT_DIR } from "../support/paths.ts";
import { pauseWord } from "../../src/text/pause-words.ts";
import { unitsText } from "../support/units-text.ts";
import { SEGMENTS } from "../../src/time/shape-rules.ts";

const SLUGS = ["future-launch", "weekly-berlin", "tie-a", "longest-title", "widget-defaults"];
/** The options the elements of each slug take in turn: every layout, theme and date, languages of three scripts. */
const VARIANTS = [
  "",
  'layout="units"',
  'layout="tiles" theme="dark"',
  'lang="ja" layout="units"',
  'lang="ar" layout="tiles" date="author"',
  'theme="auto" heading="hide"',
  'date="utc" after="countup"',
  'font="mono" accent="e11d48"',
];
const HOUR = 3_600_000;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let siteA: ProductionServer;
let siteB: ProductionServer;
let a: string;
let b: string;
let host: http.Server;
/** A site whose records' answers lie about the time: `Age: 999999999` under /age/, a `Date` in 2099 under /future/. */
let liar: http.Server;
let liarBase: string;
/** The host pages' origin: localhost, where the sites are 127.0.0.1. */
let hostBase: string;
const cspReports: string[] = [];

/**
 * A host page: both sites' modules, then the elements, as the owner's snippet writes them (the
 * fallback a link with the date). `inline` is the time the inline elements count from (the server's).
 */
function hostPage(inlineFrom: number): string {
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  const elements = SLUGS.flatMap((slug, i) =>
    VARIANTS.map((options, j) => {
      // Every fifth element of a slug comes from the second site, named by its `site`.
      const site = (i + j) % 5 == 4 ? b : a;
      return `<countdown-timer slug="${slug}" site="${site}/" ${options}><a href="${site}/${slug}/">${slug}: <time datetime="2030-01-01T00:00:00Z">1 Jan 2030</time></a></countdown-timer>`;
    }),
  );
  const inline = [
    `target="${iso(inlineFrom + 2 * HOUR)}" name="In two hours"`,
    `target="${iso(inlineFrom + 36 * HOUR + 61_000)}" name="Berlin" zone="Europe/Berlin" date="author" layout="units"`,
    `target="${iso(inlineFrom + 12_345 * 86_400_000)}" name="Five digits" layout="tiles"`,
    `target="${iso(inlineFrom - 2.5 * 86_400_000)}" name="Daily" repeat="FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR,SA,SU" zone="UTC"`,
    `target="${iso(inlineFrom - HOUR)}" name="Counting up" after="countup" done="Over"`,
    `target="${iso(inlineFrom + 5 * HOUR)}" name="Shifted" lang="de"`,
    `target="${iso(inlineFrom + 7 * HOUR)}" name="Inherits" layout="units"`,
    `target="${iso(inlineFrom + 90_000)}" name="Minute and a half" theme="light"`,
    `target="${iso(inlineFrom + 9 * HOUR)}" name="Bad options" theme="blue" layout="grid" accent="red" lang="german"`,
    `target="${iso(inlineFrom + 40 * 86_400_000)}" name="Konzert" status="postponed" done="Verschoben"`,
  ].map((attributes) => `<countdown-timer ${attributes}></countdown-timer>`);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/host.css">
<script type="module" src="${a}/api/element.js"></script><script type="module" src="${b}/api/element.js"></script>
<body><h1>Programme</h1><section lang="de">${elements.join("\n")}</section><section>${inline.join("\n")}</section><div id="x"></div><div class="far"></div><countdown-timer id="far" target="${iso(inlineFrom + 3 * HOUR)}"></countdown-timer>`;
}

beforeAll(async () => {
  siteA = createProductionServer({ outDir: TEST_OUT_DIR, log: () => {} });
  siteB = createProductionServer({ outDir: TEST_OUT_DIR, log: () => {} });
  a = await listen(siteA.server);
  b = await listen(siteB.server);
  host = http.createServer((request, response) => {
    if (request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => (body += chunk)).on("end", () => (cspReports.push(body), response.end()));
      return;
    }
    const url = new URL(request.url!, "http://host");
    if (url.pathname === "/host.css") {
      // The host page's own stylesheet: 50 elements in view at 1280 × 1000 (the tests check it), and one far below them.
      response.writeHead(200, { "Content-Type": "text/css" });
      response.end(
        "body{margin:4px;font:6px/1.1 Georgia,serif}h1{margin:0;font-size:8px}countdown-timer{display:inline-block;vertical-align:top;width:150px;margin:1px;--countdown-size:1.5em}.far{height:3000px}",
      );
      return;
    }
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      // Scripts and requests from the two sites only; no inline script or style at all.
      "Content-Security-Policy": `default-src 'none'; script-src ${a} ${b}; connect-src ${a} ${b} ${liarBase}; style-src 'self'; img-src data: ${a}; frame-src 'self'; report-uri /csp`,
    });
    response.end(
      url.pathname === "/blank"
        ? '<!doctype html><title>Blank</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/host.css"><body>'
        : hostPage(Number(url.searchParams.get("from"))),
    );
  });
  liar = http.createServer((request, response) => {
    const lie = request.url!.startsWith("/age/") ? { Age: "999999999" } : { Date: "Thu, 31 Dec 2099 23:00:00 GMT" };
    const record = {
      title: "Liar",
      targetDate: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      messages: { done: "Over" },
    };
    response.writeHead(200, {
      "Content-Type": "application/json",
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "Date, Age",
      ...lie,
    });
    response.end(JSON.stringify(record));
  });
  liarBase = await listen(liar);
  const address = await listen(host);
  hostBase = address.replace("127.0.0.1", "localhost");
});
afterAll(async () => {
  await Promise.all([
    siteA?.close(),
    siteB?.close(),
    new Promise((resolve) => host?.close(resolve)),
    new Promise((resolve) => liar?.close(resolve)),
  ]);
});

/** The server's clock now, read from its live JSON (the run may be under faketime; the pages need not be). */
async function serverNow(): Promise<number> {
  const response = await fetch(`${a}/api/countdown/tie-a`);
  return Date.parse(((await response.json()) as { serverTime: string }).serverTime);
}

interface Shown {
  slug: string | null;
  site: string | null;
  target: string | null;
  repeat: string | null;
  seconds: number | null;
  sign: string;
  message: string | null;
  date: string;
  labels: string[];
  dir: string;
}

/** Every element's count (in seconds), message, date line and labels, and the live JSON's time for each slug, read together. */
function readAll(page: EnginePage, site: string) {
  return page.evaluate(
    async (origin: string, slugs: string[]) => {
      const sent = Date.now();
      const live = await Promise.all(
        slugs.map(async (slug) => (await fetch(`${origin}/api/countdown/${slug}`, { cache: "no-store" })).json()),
      );
      const received = Date.now();
      const shown = [...document.querySelectorAll("countdown-timer:not(#far)")].map((element) => {
        const root = element.shadowRoot!;
        const numbers = [...root.querySelectorAll("[part=number]")].map((n) => Number(n.textContent));
        const count = root.querySelector("p") as HTMLElement | null;
        const message = root.querySelector("[part=message]") as HTMLElement | null;
        const [d, h, m, s] = numbers;
        return {
          slug: element.getAttribute("slug"),
          site: element.getAttribute("site"),
          target: element.getAttribute("target"),
          repeat: element.getAttribute("repeat"),
          seconds: count && !count.hidden && numbers.length == 4 ? d! * 86400 + h! * 3600 + m! * 60 + s! : null,
          sign: count ? getComputedStyle(count, "::before").content : "",
          message: message && !message.hidden ? message.textContent : null,
          date: root.querySelector("[part=date]")?.textContent ?? "",
          labels: [...root.querySelectorAll("[part=unit]")].map((n) => n.textContent!),
          dir: (root.firstElementChild as HTMLElement | null)?.dir ?? "",
        };
      });
      // The page's clock when the answers came back stands for the server's `serverTime` then.
      return { live, shown, elapsed: Date.now() - received, roundTrip: received - sent };
    },
    site,
    SLUGS,
  ) as Promise<{
    live: { slug: string; targetDate: string; timeLeft: Record<string, number>; serverTime: string }[];
    shown: Shown[];
    elapsed: number;
    roundTrip: number;
  }>;
}

/** Every element shows the count of the server's time, to the second (a boundary may fall between the reads). */
function expectRightToTheSecond(reading: Awaited<ReturnType<typeof readAll>>) {
  const serverAt = Date.parse(reading.live[0]!.serverTime) + reading.roundTrip / 2 + reading.elapsed;
  const bySlug = new Map(reading.live.map((answer) => [answer.slug, answer]));
  expect(reading.shown).toHaveLength(50);
  for (const element of reading.shown) {
    let targetMs: number;
    if (element.slug) targetMs = Date.parse(bySlug.get(element.slug)!.targetDate);
    else if (element.repeat)
      targetMs =
        Date.parse(element.target!) + Math.ceil((serverAt - Date.parse(element.target!)) / 86_400_000) * 86_400_000;
    else targetMs = Date.parse(element.target!);
    const label = `${element.slug ?? element.target} (${element.site ?? "inline"})`;
    if (element.message === "Verschoben") {
      expect(element.seconds, label).toBeNull();
      continue;
    }
    const seconds = Math.floor(Math.abs(targetMs - serverAt) / 1000);
    expect(element.seconds, label).not.toBeNull();
    expect(
      Math.abs(element.seconds! - seconds),
      `${label}: shows ${element.seconds}, the server's time says ${seconds}`,
    ).toBeLessThanOrEqual(1);
  }
}

/** Whether all 50 elements show their count (or their status). */
const allDrawn = () =>
  document.querySelectorAll("countdown-timer").length > 50 &&
  [...document.querySelectorAll("countdown-timer")].every(
    (element) =>
      /\d/.test(element.shadowRoot?.querySelector("[part=number]")?.textContent ?? "") ||
      element.shadowRoot?.querySelector("[part=message]")?.textContent,
  );

for (const name of ENGINE_NAMES) {
  describe(name, () => {
    let engine: Engine;
    let page: EnginePage;
    let inlineFrom: number;
    // The pages' clock set to this process's where it is not (Firefox, ahead under faketime): the
    // element corrects a clock by two hours at most.
    const behind = clockBehind(name);
    const setClock = behind ? `{ const now = Date.now; Date.now = () => now.call(Date) + ${behind}; }` : undefined;

    beforeAll(async () => {
      engine = await launchEngine(name);
      inlineFrom = await serverNow();
      page = await engine.open(`${hostBase}/?from=${inlineFrom}`, { width: 1280, height: 1000, beforeLoad: setClock });
      await waitInPage(page, allDrawn, 20_000);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    it("shows 50 elements of 5 slugs, two sites and inline targets, each right to the second against the live JSON", async () => {
      // Every element is in view (what is not is not redrawn each second, and is checked on its own below).
      const below = await page.evaluate(
        () =>
          [...document.querySelectorAll("countdown-timer:not(#far)"), document.getElementById("x")!].filter(
            (element) => element.getBoundingClientRect().bottom > innerHeight - 60,
          ).length,
      );
      expect(below, "elements below the fold").toBe(0);
      expectRightToTheSecond(await readAll(page, a));
      const reading = await readAll(page, a);
      const [future, inline] = [
        reading.shown.filter((element) => element.slug === "future-launch"),
        reading.shown.slice(40),
      ];
      // The options (VARIANTS): labels in the language inherited from the section (de) or given (ja, ar); Arabic right to left.
      expect(future[0]!.labels).toEqual(["d", "h", "m", "s"]);
      expect(future[1]!.labels.join(" ")).toMatch(/^Tage? Stunden? Minuten? Sekunden?$/);
      expect(future[3]!.labels.join("")).toMatch(/^\p{Script=Han}+$/u);
      expect(future[4]!.labels.join("")).toMatch(/^[\p{Script=Arabic}\s]+$/u);
      expect(future[4]!.dir).toBe("rtl");
      // Invalid values are ignored: the text layout; English, the page's language, not "german".
      expect(inline[8]!.labels).toEqual(["d", "h", "m", "s"]);
      expect(inline[8]!.date).toMatch(/^[A-Z][a-z]{2}, /);
      expect(inline[1]!.date, "date=author: the zone's abbreviation and city").toMatch(/\((Berlin)\)$/);
      // After the target with after="countup": the done message and the time since.
      expect(inline[4]!.message).toBe("Over");
      expect(inline[4]!.sign).toContain("+");
      expect(inline[9]!.message).toBe("Verschoben");
      // Both sites were asked, each for its own elements' data.
      const asked = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
      expect(asked.filter((url) => url.includes("/api/data/") && url.startsWith(b)).length).toBeGreaterThan(0);
      expect(new Set(asked.filter((url) => url.includes("/api/data/"))).size).toBe(
        asked.filter((url) => url.includes("/api/data/")).length,
      );
      expect(cspReports, "no CSP violation on the host page").toEqual([]);
      // A record's words are text, never markup: future-launch's title is full of tags.
      const title = await page.evaluate(() => {
        const part = document.querySelector("countdown-timer")!.shadowRoot!.querySelector("[part=title]")!;
        return { text: part.textContent, elements: part.childElementCount, lang: (part as HTMLElement).lang };
      });
      expect(title).toEqual({ text: HOSTILE_TITLE, elements: 0, lang: "en" });
    });

    it("runs one timer for every element: a tick a second, none in between", async () => {
      const timers = await page.evaluate(
        () =>
          new Promise<{ made: number; most: number }>((resolve) => {
            const wait = setTimeout;
            const pending = new Set<unknown>();
            let made = 0;
            let most = 0;
            const own = () => /element\.js/.test(new Error().stack ?? "");
            const set = window.setTimeout;
            const clear = window.clearTimeout;
            (window as unknown as Record<string, unknown>).setTimeout = (fn: () => void, ms: number) => {
              if (!own()) return set(fn, ms);
              made++;
              const id = set(() => (pending.delete(id), fn()), ms);
              pending.add(id);
              most = Math.max(most, pending.size);
              return id;
            };
            (window as unknown as Record<string, unknown>).clearTimeout = (id: number) => (
              pending.delete(id),
              clear(id)
            );
            const interval = window.setInterval;
            (window as unknown as Record<string, unknown>).setInterval = (fn: () => void, ms: number) => (
              own() && (most = 99),
              interval(fn, ms)
            );
            wait(() => {
              Object.assign(window, { setTimeout: set, clearTimeout: clear, setInterval: interval });
              resolve({ made, most });
            }, 3500);
          }),
      );
      expect(timers.made, "about one timer a second for 50 elements").toBeGreaterThanOrEqual(2);
      expect(timers.made).toBeLessThanOrEqual(5);
      expect(timers.most, "never two timers at once").toBe(1);
    });

    it("schedules nothing while the tab is hidden, and is right at once when it shows again", async () => {
      const hidden = await page.evaluate(
        () =>
          new Promise<{ changes: number; timers: number }>((resolve) => {
            const roots = [...document.querySelectorAll("countdown-timer")].map((element) => element.shadowRoot!);
            let changes = 0;
            let timers = 0;
            const set = window.setTimeout;
            (window as unknown as Record<string, unknown>).setTimeout = (fn: () => void, ms: number) => (
              /element\.js/.test(new Error().stack ?? "") && timers++,
              set(fn, ms)
            );
            Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
            Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
            document.dispatchEvent(new Event("visibilitychange"));
            const observer = new MutationObserver((records) => (changes += records.length));
            for (const root of roots) observer.observe(root, { subtree: true, childList: true, characterData: true });
            set(() => {
              observer.disconnect();
              window.setTimeout = set;
              resolve({ changes, timers });
            }, 2500);
          }),
      );
      expect(hidden).toEqual({ changes: 0, timers: 0 });
      await page.evaluate(() => {
        delete (document as unknown as Record<string, unknown>).hidden;
        delete (document as unknown as Record<string, unknown>).visibilityState;
        document.dispatchEvent(new Event("visibilitychange"));
      });
      // Read at once: the visibilitychange drew every element before this evaluation returns.
      expectRightToTheSecond(await readAll(page, a));
    });

    it("does not redraw an element out of view each second, and draws it right the moment it comes into view", async () => {
      const far = await page.evaluate(
        () =>
          new Promise<{ changes: number; after: string; drawn: number }>((resolve) => {
            const root = document.getElementById("far")!.shadowRoot!;
            let changes = 0;
            const observer = new MutationObserver((records) => (changes += records.length));
            observer.observe(root, { subtree: true, childList: true, characterData: true });
            setTimeout(() => {
              observer.disconnect();
              document.getElementById("far")!.scrollIntoView();
              const seconds = () => root.querySelectorAll("[part=number]")[3]!.textContent!;
              const before = seconds();
              const check = () =>
                seconds() != before
                  ? resolve({ changes, after: seconds(), drawn: Date.now() })
                  : requestAnimationFrame(check);
              requestAnimationFrame(check);
              setTimeout(() => resolve({ changes, after: seconds(), drawn: 0 }), 3000);
            }, 2500);
          }),
      );
      expect(far.changes, "no change while out of view").toBe(0);
      expect(far.drawn, "redrawn once in view").toBeGreaterThan(0);
      // Right, to the second, by the server's clock.
      const { seconds, serverAt, target } = await page.evaluate(async (site: string) => {
        const element = document.getElementById("far")!;
        const [d, h, m, s] = [...element.shadowRoot!.querySelectorAll("[part=number]")].map((n) =>
          Number(n.textContent),
        );
        const seconds = d! * 86400 + h! * 3600 + m! * 60 + s!;
        const serverAt = Date.parse(
          (await (await fetch(`${site}/api/countdown/tie-a`, { cache: "no-store" })).json()).serverTime,
        );
        return { seconds, serverAt, target: Date.parse(element.getAttribute("target")!) };
      }, a);
      expect(Math.abs(seconds - Math.floor((target - serverAt) / 1000))).toBeLessThanOrEqual(1);
      await page.evaluate(() => scrollTo(0, 0));
    });

    it("is a timer named by its title and the time left in minutes, in the browser's accessibility tree", async () => {
      const target = Math.ceil(((await serverNow()) + 3.5 * HOUR + 30_000) / 1000) * 1000;
      await page.evaluate((at: string) => {
        const element = Object.assign(document.createElement("countdown-timer"), { id: "named" });
        element.setAttribute("target", at);
        element.setAttribute("name", "Doors");
        document.getElementById("x")!.append(element);
      }, new Date(target).toISOString());
      await waitInPage(
        page,
        () => document.getElementById("named")?.shadowRoot?.querySelector("[part=number]")?.textContent,
      );
      // The minutes left, rounded up: 3 h 31 min, or 3 h 30 min once a minute boundary has passed.
      const names = [31, 30].map((minutes) => `Doors, 3 hours ${minutes} minutes`);
      // The accessibility tree follows the page in its own time (WebKit's, on a loaded machine, after
      // the first draw): asked again until it has the name, for at most 10 s.
      let found: boolean[] = [];
      for (const until = Date.now() + 10_000; !found.includes(true) && Date.now() < until;) {
        found = await Promise.all(names.map((name) => page.hasAccessible("#named", "timer", name)));
        if (!found.includes(true)) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(found, names.join(" or ")).toContain(true);
      // Nothing is announced every second: no live region anywhere in it.
      expect(
        await page.evaluate(() => document.getElementById("named")!.shadowRoot!.querySelector("[aria-live]")),
      ).toBeNull();
    });

    it("sends countdown-end (bubbling, composed) when a count reaches zero, and shows the done message", async () => {
      const target = new Date(Math.ceil(((await serverNow()) + 2000) / 1000) * 1000).toISOString();
      const event = await page.evaluate(
        (at: string) =>
          new Promise<{ bubbles: boolean; composed: boolean; target: string; message: string | null } | null>(
            (resolve) => {
              const element = document.createElement("countdown-timer");
              element.setAttribute("target", at);
              element.setAttribute("done", "Doors open");
              document.addEventListener(
                "countdown-end",
                (event) =>
                  // (Another element of the page may end meanwhile: only this one's counts.)
                  event.target === element &&
                  requestAnimationFrame(() =>
                    resolve({
                      bubbles: event.bubbles,
                      composed: event.composed,
                      target: (event as CustomEvent<{ target: Date }>).detail.target.toISOString(),
                      message: element.shadowRoot!.querySelector("[part=message]")!.textContent,
                    }),
                  ),
              );
              document.getElementById("x")!.append(element);
              setTimeout(() => resolve(null), 8000);
            },
          ),
        target,
      );
      expect(event).toEqual({ bubbles: true, composed: true, target, message: "Doors open" });
    });

    it("shows an ended countdown's done image in place of its zeros, its words kept for assistive technology", async () => {
      const shown = await page.evaluate(
        (site: string) =>
          new Promise<{ image: string; color: string; count: boolean; words: string | null; loaded: boolean } | null>(
            (resolve) => {
              const element = document.createElement("countdown-timer");
              element.setAttribute("slug", "go-ended");
              element.setAttribute("site", `${site}/`);
              document.getElementById("x")!.append(element);
              const look = () => {
                const root = element.shadowRoot;
                const note = root?.querySelector<HTMLElement>("[part=message]");
                if (!note?.style.backgroundImage) return setTimeout(look, 50);
                const url = /url\("?([^")]+)"?\)/.exec(note.style.backgroundImage)![1]!;
                const image = new Image();
                image.onload = image.onerror = () =>
                  resolve({
                    image: url,
                    color: getComputedStyle(note).color,
                    count: (note.nextElementSibling as HTMLElement).hidden,
                    words: note.textContent,
                    loaded: image.naturalWidth > 0,
                  });
                image.src = url;
              };
              look();
              setTimeout(() => resolve(null), 8000);
            },
          ),
        a,
      );
      expect(shown).toEqual({
        image: expect.stringMatching(new RegExp(`^${a}/assets/done-[A-Za-z0-9_-]+\\.png$`)),
        color: "rgba(0, 0, 0, 0)",
        count: true,
        words: "The countdown has ended.",
        loaded: true,
      });
    });

    it("corrects a visitor's clock an hour off from the server's Date", async () => {
      const wrong = await engine.open(`${hostBase}/blank`, { width: 1280, height: 1000 });
      const from = await serverNow();
      await wrong.evaluate(
        (html: string, behind: number) => {
          const now = Date.now;
          Date.now = () => now.call(Date) + behind + 3_600_000;
          const parsed = new DOMParser().parseFromString(html, "text/html");
          for (const script of parsed.querySelectorAll("script")) {
            const module = document.createElement("script");
            module.type = "module";
            module.src = script.src;
            document.head.append(module);
          }
          document.body.append(...parsed.body.childNodes);
        },
        hostPage(from).replace(/^[\s\S]*?<script/, "<script"),
        behind,
      );
      await waitInPage(wrong, allDrawn, 20_000);
      expectRightToTheSecond(await readAll(wrong, a));
      await wrong.close();
    });

    it("sends no countdown-end for a target that had passed before the clock was corrected (a visitor's clock an hour behind)", async () => {
      const slow = await engine.open(`${hostBase}/blank`, { width: 1280, height: 1000 });
      const from = await serverNow();
      const ended = await slow.evaluate(
        (siteA: string, passed: string, behind: number) =>
          new Promise<string[]>((resolve) => {
            const now = Date.now;
            Date.now = () => now.call(Date) + behind - 3_600_000;
            const ends: string[] = [];
            document.addEventListener("countdown-end", (event) => ends.push((event.target as Element).id));
            const module = Object.assign(document.createElement("script"), {
              type: "module",
              src: `${siteA}/api/element.js`,
            });
            document.head.append(module);
            // Thirty minutes past by the server's clock, half an hour ahead by this one; a record corrects it.
            document.body.innerHTML = `<countdown-timer id="passed" target="${passed}"></countdown-timer><countdown-timer id="record" slug="tie-a" site="${siteA}/"></countdown-timer>`;
            setTimeout(() => resolve(ends), 3500);
          }),
        a,
        new Date(from - 1_800_000).toISOString(),
        behind,
      );
      const shown = await slow.evaluate(
        () => document.getElementById("passed")!.shadowRoot!.querySelector("p")!.textContent,
      );
      await slow.close();
      expect(ended).toEqual([]);
      expect(shown, "the zeros, by the server's clock").toBe("0d 00h 00m 00s");
    });

    it("lets a site's answers correct only its own elements, by two hours at most: another site's Age of 999999999 or Date in 2099 moves nothing", async () => {
      const page = await engine.open(`${hostBase}/blank`, { width: 1280, height: 1000 });
      const from = await serverNow();
      const shown = await page.evaluate(
        (siteA: string, liars: string, inline: string, behind: number) =>
          new Promise<Record<string, number>>((resolve) => {
            const now = Date.now;
            Date.now = () => now.call(Date) + behind;
            document.head.append(
              Object.assign(document.createElement("script"), { type: "module", src: `${siteA}/api/element.js` }),
            );
            document.body.innerHTML =
              `<countdown-timer id="age" slug="x" site="${liars}/age/"></countdown-timer><countdown-timer id="future" slug="x" site="${liars}/future/"></countdown-timer>` +
              `<countdown-timer id="record" slug="tie-a" site="${siteA}/"></countdown-timer><countdown-timer id="inline" target="${inline}"></countdown-timer>`;
            const seconds = (id: string) => {
              const [d, h, m, s] = [...document.getElementById(id)!.shadowRoot!.querySelectorAll("[part=number]")].map(
                (n) => Number(n.textContent),
              );
              return d! * 86400 + h! * 3600 + m! * 60 + s!;
            };
            // Once every element has drawn its count.
            const read = () =>
              ["age", "future", "record", "inline"].every((id) =>
                /\d/.test(document.getElementById(id)?.shadowRoot?.querySelector("[part=number]")?.textContent ?? ""),
              )
                ? resolve(Object.fromEntries(["age", "future", "record", "inline"].map((id) => [id, seconds(id)])))
                : setTimeout(read, 100);
            read();
          }),
        a,
        liarBase,
        new Date(from + 2 * HOUR).toISOString(),
        behind,
      );
      const now = await serverNow();
      await page.close();
      const tieA = (await (await fetch(`${a}/api/countdown/tie-a`)).json()) as { targetDate: string };
      // This machine's clock is right: every element counts by it, the liars' own ones too (an hour, as their records say).
      expect(Math.abs(shown.record! - Math.floor((Date.parse(tieA.targetDate) - now) / 1000))).toBeLessThanOrEqual(2);
      expect(Math.abs(shown.inline! - Math.floor((from + 2 * HOUR - now) / 1000))).toBeLessThanOrEqual(2);
      expect(Math.abs(shown.age! - 3600)).toBeLessThanOrEqual(5);
      expect(Math.abs(shown.future! - 3600)).toBeLessThanOrEqual(5);
    });

    it("shows the units asked for (77 hours three days and five hours ahead), and a theme's card and a font from the module of looks, loaded only where one is asked for", async () => {
      const page = await engine.open(`${hostBase}/blank`, { width: 1280, height: 1000 });
      /** Adds elements with these attributes, counting to three days, 5 hours, 20 minutes and 5.5 s from now. */
      const add = (attributes: string[]) =>
        page.evaluate(
          (site: string, list: string[]) => {
            const target = new Date(Math.ceil(Date.now() / 1000) * 1000 + 278_405_000).toISOString();
            if (!document.querySelector("script")) {
              const module = document.createElement("script");
              module.type = "module";
              module.src = `${site}/api/element.js`;
              document.head.append(module);
            }
            document.body.insertAdjacentHTML(
              "beforeend",
              list.map((attribute) => `<countdown-timer target="${target}" ${attribute}></countdown-timer>`).join(""),
            );
          },
          a,
          attributes,
        );
      /** What each element shows: its count as it reads, its box's background and font, and what the page loaded. */
      const shown = () =>
        page.evaluate(() => ({
          counts: [...document.querySelectorAll("countdown-timer")].map((element) => {
            const count = element.shadowRoot!.querySelector("p") as HTMLElement;
            return {
              id: element.id,
              text: count.innerText.replace(/\s+/g, " ").trim(),
              box: getComputedStyle(element.shadowRoot!.querySelector("[part=box]")!).backgroundColor,
              font: getComputedStyle(count).fontFamily,
            };
          }),
          looks: performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.endsWith("/api/element-looks.js")).length,
        }));
      const drawn = () =>
        [...document.querySelectorAll("countdown-timer")].every((element) =>
          /\d/.test(element.shadowRoot?.querySelector("[part=number]")?.textContent ?? ""),
        );
      // Part of the page, in its font and colours: no module of looks.
      await add(['id="hms" units="hms"', 'id="d" units="d"', 'id="plain"']);
      await waitInPage(page, drawn, 20_000);
      const plain = await shown();
      expect(plain.looks).toBe(0);
      const text = Object.fromEntries(plain.counts.map((count) => [count.id, count.text]));
      expect(text.hms).toMatch(/^77h 20m 0[45]s$/);
      expect(text.d).toBe("3d");
      expect(text.plain).toMatch(/^3d 05h 20m 0[45]s$/);
      expect(plain.counts[0]!.box).toBe("rgba(0, 0, 0, 0)");
      // A theme, a font, a layout: the module, once for the page.
      await add(['id="dark" theme="dark"', 'id="mono" font="mono"', 'id="hm" units="hm" layout="units" lang="en"']);
      await waitInPage(page, drawn, 20_000);
      const looked = await shown();
      await page.close();
      expect(looked.looks).toBe(1);
      const by = Object.fromEntries(looked.counts.map((count) => [count.id, count]));
      expect(by.dark!.box).toBe("rgb(19, 23, 34)");
      expect(by.mono!.font).toMatch(/monospace/);
      expect(by.plain!.font).not.toMatch(/monospace/);
      expect(by.hm!.text).toBe("77 hours 20 minutes");
    });

    it("layout ring, flip and digital: rings as full as their unit's left, a flip only of the digits that changed, seven segments a digit, from the module of shapes loaded only where one is asked for", async () => {
      const page = await engine.open(`${hostBase}/blank`, {
        width: 1280,
        height: 1000,
        reducedMotion: "no-preference",
      });
      await page.evaluate((site: string) => {
        const module = document.createElement("script");
        module.type = "module";
        module.src = `${site}/api/element.js`;
        document.head.append(module);
      }, a);
      /** Adds elements counting to three days, 5 hours, 20 minutes and 5.5 s from now. */
      const add = (attributes: string[]) =>
        page.evaluate((list: string[]) => {
          const target = new Date(Math.ceil(Date.now() / 1000) * 1000 + 278_405_000).toISOString();
          document.body.insertAdjacentHTML(
            "beforeend",
            list.map((attribute) => `<countdown-timer target="${target}" ${attribute}></countdown-timer>`).join(""),
          );
        }, attributes);
      const drawn = () =>
        [...document.querySelectorAll("countdown-timer")].every((element) =>
          /\d/.test(element.shadowRoot?.querySelector("[part=number]")?.textContent ?? ""),
        );
      const shapesLoaded = () =>
        page.evaluate(
          () =>
            performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/api/element-shapes.js"))
              .length,
        );
      await add(['id="units" layout="units"']);
      await waitInPage(page, drawn, 20_000);
      expect(await shapesLoaded()).toBe(0);
      await add(['id="ring" layout="ring" lang="de"', 'id="flip" layout="flip"', 'id="digital" layout="digital"']);
      await waitInPage(page, drawn, 20_000);
      expect(await shapesLoaded()).toBe(1);
      // Ring: each number in a ring (--r: what is left of its unit), its label under it.
      const ring = await page.evaluate(() =>
        [...document.getElementById("ring")!.shadowRoot!.querySelectorAll("[part=number]")].map((span) => ({
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
      // Flip: at the next second only the changed digits are new elements, and they flip.
      const before = await page.evaluate(() => {
        const digits = [...document.getElementById("flip")!.shadowRoot!.querySelectorAll("i")];
        digits.forEach((digit, k) => (digit.dataset.k = "" + k));
        return digits.map((digit) => digit.textContent).join("");
      });
      const after = await waitInPage(page, () => {
        const digits = [...document.getElementById("flip")!.shadowRoot!.querySelectorAll("i")];
        return digits.some((digit) => !digit.dataset.k)
          ? digits.map((digit) => ({
              digit: digit.textContent!,
              kept: digit.dataset.k ?? null,
              flips: digit.hasAttribute("data-f"),
              animation: getComputedStyle(digit).animationName,
            }))
          : null;
      });
      expect(after!).toHaveLength(before.length);
      after!.forEach(({ digit, kept, flips, animation }, k) => {
        const changed = digit !== before[k];
        expect(kept, `digit ${k}`).toBe(changed ? null : String(k));
        if (changed) expect([flips, animation]).toEqual([true, "f"]);
      });
      // Digital: each digit's seven segments, lit as the digit is.
      const digital = await page.evaluate(() =>
        [...document.getElementById("digital")!.shadowRoot!.querySelectorAll("i")].map((digit) => ({
          digit: digit.textContent!,
          lit: [0, 1, 2, 3, 4, 5, 6].map((s) => !!getComputedStyle(digit).getPropertyValue(`--s${s}`).trim()),
        })),
      );
      await page.close();
      expect(digital.length).toBeGreaterThan(6);
      for (const { digit, lit } of digital)
        expect(lit, digit).toEqual([0, 1, 2, 3, 4, 5, 6].map((s) => ((SEGMENTS[+digit]! >> s) & 1) === 1));
    });

    /** A page of the host, 1280 × 1000, that has loaded the element's module. */
    const hostWithModule = async () => {
      const page = await engine.open(`${hostBase}/blank`, { width: 1280, height: 1000 });
      await page.evaluate((site: string) => {
        const module = document.createElement("script");
        module.type = "module";
        module.src = `${site}/api/element.js`;
        document.head.append(module);
      }, a);
      return page;
    };

    /**
     * Adds a `<countdown-timer name="Launch">` to the page for each id, with its attributes, counting to
     * `left` seconds after an instant ten days on, at a whole second; gives that instant.
     */
    const addTimers = async (page: EnginePage, timers: Record<string, [left: number, attributes: string]>) => {
      const zero = Math.ceil(Date.now() / 1000) * 1000 + 10 * 86_400_000;
      const markup = Object.entries(timers)
        .map(
          ([id, [left, attributes]]) =>
            `<countdown-timer id="${id}" target="${new Date(zero + left * 1000).toISOString()}" name="Launch" ${attributes}></countdown-timer>`,
        )
        .join("");
      await page.evaluate((markup: string) => document.body.insertAdjacentHTML("beforeend", markup), markup);
      return zero;
    };

    it("labels and separator: numbers alone, the language's words or its shortest, a space or a colon, from the module of labels loaded only where one is asked for", async () => {
      const page = await hostWithModule();
      await page.evaluate(() => {
        // Three days, 5 hours, 20 minutes and 5.5 s from now.
        const target = new Date(Math.ceil(Date.now() / 1000) * 1000 + 278_405_000).toISOString();
        document.body.insertAdjacentHTML(
          "beforeend",
          [
            'id="plain"',
            'id="none" labels="none" separator="colon"',
            'id="long" labels="long" lang="de"',
            'id="short" labels="short" layout="units" lang="de"',
            'id="bare" labels="none" layout="units" separator="colon"',
            'id="hms" units="hms" labels="none" separator="colon"',
          ]
            .map((attributes) => `<countdown-timer target="${target}" ${attributes}></countdown-timer>`)
            .join(""),
        );
      });
      // A record of the site with its own words for hours and minutes.
      await page.evaluate(
        (slug: string) =>
          document.body.insertAdjacentHTML(
            "beforeend",
            `<countdown-timer id="own" slug="${slug}" layout="units" units="hm"></countdown-timer>`,
          ),
        WIDGET_DEFAULTS.slug,
      );
      await waitInPage(
        page,
        () =>
          [...document.querySelectorAll("countdown-timer")].every((element) =>
            /\d/.test(element.shadowRoot?.querySelector("[part=number]")?.textContent ?? ""),
          ),
        20_000,
      );
      const shown = await page.evaluate(() => {
        const word = (unit: string, n: number, unitDisplay: "long" | "narrow") =>
          new Intl.NumberFormat("de", { style: "unit", unit, unitDisplay })
            .formatToParts(n)
            .find((part) => part.type === "unit")!.value;
        const root = (id: string) => document.getElementById(id)!.shadowRoot!;
        return {
          text: Object.fromEntries(
            ["none", "long", "hms"].map((id) => [
              id,
              (root(id).querySelector("p") as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
            ]),
          ),
          long: ["day", "hour", "minute", "second"].map((unit, i) => word(unit, [3, 5, 20, 5][i]!, "long")),
          narrow: ["day", "hour", "minute", "second"].map((unit, i) => word(unit, [3, 5, 20, 5][i]!, "narrow")),
          short: [...root("short").querySelectorAll("[part=unit]")].map((unit) => unit.textContent),
          own: [...root("own").querySelectorAll("b:not([hidden]) [part=unit]")].map((unit) => unit.textContent),
          bare: [...root("bare").querySelectorAll("b")].map((cell) => ({
            unit: cell.querySelector("[part=unit]")!.textContent,
            colon: getComputedStyle(cell, "::before").content,
          })),
          labels: performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.endsWith("/api/element-labels.js")).length,
        };
      });
      await page.close();
      expect(shown.text.none).toMatch(/^3:05:20:0[45]$/);
      // Only between the units shown: no colon where a unit the run leaves out would be.
      expect(shown.text.hms).toMatch(/^77:20:0[45]$/);
      expect(shown.text.long).toMatch(
        new RegExp(`^3 ${shown.long[0]} 05 ${shown.long[1]} 20 ${shown.long[2]} 0[45] ${shown.long[3]}$`),
      );
      expect(shown.short).toEqual(shown.narrow);
      // A record's own words for its units (its file's `unit_words`), in its language.
      expect(shown.own).toEqual(["Std.", "Min."]);
      expect(shown.bare).toEqual([
        { unit: "", colon: "none" },
        { unit: "", colon: '":"' },
        { unit: "", colon: '":"' },
        { unit: "", colon: '":"' },
      ]);
      // The module, once for the page, and not for the element with the layout's own labels.
      expect(shown.labels).toBe(1);
    });

    it("warn: from the second that shows the span left, its numbers take the warning colour of its theme (or of the host page's scheme, or the page's own --countdown-warn), from the module loaded only where asked for; an invalid span is ignored", async () => {
      const page = await hostWithModule();
      // Each is a second and a half from an hour left once the page's clock is set a second and a half before `zero`.
      const zero = await addTimers(page, {
        plain: [3600, 'warn="1h"'],
        dark: [3600, 'warn="1h" theme="dark" layout="ring"'],
        own: [3600, 'warn="60m"'],
        early: [7200, 'warn="1h"'],
        invalid: [3600, 'warn="1x"'],
      });
      // (Set by script: the host page's CSP takes no style attribute.)
      await page.evaluate(() => document.getElementById("own")!.style.setProperty("--countdown-warn", "#00f"));
      const ids = ["plain", "dark", "own", "early", "invalid"];
      await waitInPage(
        page,
        () =>
          [...document.querySelectorAll("countdown-timer")].every((element) =>
            /\d/.test(element.shadowRoot?.querySelector("[part=number]")?.textContent ?? ""),
          ) && !!document.getElementById("dark")!.shadowRoot!.adoptedStyleSheets.length,
        20_000,
      );
      // Each element's numbers' colours.
      const read = () =>
        page.evaluate(
          (ids: string[]) =>
            Object.fromEntries(
              ids.map((id) => [
                id,
                [
                  ...new Set(
                    [...document.getElementById(id)!.shadowRoot!.querySelectorAll("[part=number]")].map(
                      (number) => getComputedStyle(number).color,
                    ),
                  ),
                ],
              ]),
            ),
          ids,
        );
      const accents = await read();
      await setPageClock(page, zero - 1500);
      const rgb = (hex: string) => `rgb(${rgbOf(hex)!.join(", ")})`;
      // (The probe runs in the page: what it compares with is set there first.)
      await page.evaluate(
        (warned: string) => ((window as unknown as { warned: string }).warned = warned),
        rgb(WARN_COLOURS.light),
      );
      await waitInPage(
        page,
        () =>
          getComputedStyle(document.getElementById("plain")!.shadowRoot!.querySelector("[part=number]")!).color ==
          (window as unknown as { warned: string }).warned,
        20_000,
      );
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      const warned = await read();
      const loaded = await page.evaluate(
        () =>
          performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/api/element-near-end.js"))
            .length,
      );
      await page.close();
      expect(warned).toEqual({
        plain: [rgb(WARN_COLOURS.light)],
        dark: [rgb(WARN_COLOURS.dark)],
        own: ["rgb(0, 0, 255)"],
        early: accents.early,
        invalid: accents.invalid,
      });
      expect(accents.plain).toEqual(accents.invalid);
      expect(accents.dark).not.toEqual(warned.dark);
      expect(loaded).toBe(1);
    });

    it("announce=milestones: a polite live region in its box, apart from the timer, says the time left at an hour and a minute, and the end, from the module loaded only where asked for", async () => {
      const page = await hostWithModule();
      // Each passes its milestone a second and a half after the page's clock is set a second and a half before `zero`.
      const zero = await addTimers(page, {
        hour: [3600, 'announce="milestones" lang="fr"'],
        minute: [60, 'announce="milestones"'],
        end: [0, 'done="Lift-off" announce="milestones"'],
        between: [1800, 'announce="milestones"'],
        plain: [3600, ""],
      });
      const drawn = () =>
        [...document.querySelectorAll("countdown-timer")].every(
          (element) =>
            /\d/.test(element.shadowRoot?.querySelector("[part=number]")?.textContent ?? "") &&
            (element.id == "plain" || element.shadowRoot!.querySelector("[data-said]")),
        );
      await waitInPage(page, drawn, 20_000);
      const read = () =>
        page.evaluate(() =>
          Object.fromEntries(
            ["hour", "minute", "end", "between", "plain"].map((id) => {
              const region = document.getElementById(id)!.shadowRoot!.querySelector("[data-said]");
              return [
                id,
                region && {
                  text: region.textContent,
                  role: region.getAttribute("role"),
                  inTimer: !!region.parentElement!.closest("p, [part=number]"),
                },
              ];
            }),
          ),
        );
      const first = await read();
      // The page's clock to a second and a half before `zero`: the elements count on by it.
      await setPageClock(page, zero - 1500);
      await waitInPage(
        page,
        () =>
          ["hour", "minute", "end"].every(
            (id) => document.getElementById(id)!.shadowRoot!.querySelector("[data-said]")!.textContent,
          ),
        20_000,
      );
      const said = await read();
      const words = await page.evaluate(() => [
        new Intl.RelativeTimeFormat("fr").format(1, "hour"),
        new Intl.RelativeTimeFormat("en").format(1, "minute"),
      ]);
      const loaded = await page.evaluate(
        () =>
          performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/api/element-near-end.js"))
            .length,
      );
      await page.close();
      expect(first.hour).toEqual({ text: "", role: "status", inTimer: false });
      expect(said.hour!.text).toBe(`Launch: ${words[0]}`);
      expect(said.minute!.text).toBe(`Launch: ${words[1]}`);
      expect(said.end!.text).toBe("Launch: Lift-off");
      expect(said.between!.text).toBe("");
      expect(said.plain).toBeNull();
      expect(loaded).toBe(1);
    });

    it("controls=pause: a button in the element's language that stops its updates and starts them again, right at once; updates=minute: no seconds", async () => {
      const page = await hostWithModule();
      const target = await page.evaluate(() => {
        const target = new Date(Math.ceil(Date.now() / 1000) * 1000 + 278_405_000).toISOString();
        document.body.insertAdjacentHTML(
          "beforeend",
          `<countdown-timer id="paused" target="${target}" controls="pause"></countdown-timer>` +
            `<countdown-timer id="spanish" target="${target}" controls="pause" lang="es"></countdown-timer>` +
            `<countdown-timer id="minutes" target="${target}" updates="minute"></countdown-timer>`,
        );
        return target;
      });
      await waitInPage(page, () => document.getElementById("spanish")?.shadowRoot?.querySelector("button"), 20_000);
      /** The button of element `id`, and what its count shows; `press` clicks it first. */
      const state = (id: string, press = false) =>
        page.evaluate(
          (id: string, press: boolean) => {
            const root = document.getElementById(id)!.shadowRoot!;
            const button = root.querySelector("button")!;
            if (press) button.click();
            return {
              word: button.textContent,
              pressed: button.getAttribute("aria-pressed"),
              native: button instanceof HTMLButtonElement && button.type === "button" && button.tabIndex === 0,
              shown: button.getClientRects().length > 0,
              count: root.querySelector("p")!.innerText.replace(/\s+/g, " ").trim(),
              now: Date.now(),
            };
          },
          id,
          press,
        );
      expect(await state("paused")).toMatchObject({
        word: pauseWord("en"),
        pressed: "false",
        native: true,
        shown: true,
      });
      expect((await state("spanish")).word).toBe(pauseWord("es"));
      const paused = await state("paused", true);
      expect(paused.pressed).toBe("true");
      // Paused: the count stands for two seconds, while the others tick.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2200)));
      expect((await state("paused")).count).toBe(paused.count);
      expect((await state("spanish")).count).not.toBe(paused.count);
      // Again: right at once (drawn at the next frame), and ticking.
      const resumed = await state("paused", true);
      expect(resumed.pressed).toBe("false");
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const after = await state("paused");
      const left = Math.floor((Date.parse(target) - after.now) / 1000);
      expect([unitsText(left, "dhms"), unitsText(left + 1, "dhms")]).toContain(after.count);
      // updates="minute": minutes at most.
      expect(
        await page.evaluate(() =>
          document.getElementById("minutes")!.shadowRoot!.querySelector("p")!.innerText.replace(/\s+/g, " ").trim(),
        ),
      ).toMatch(/^3d 05h (20|19)m$/);
      await page.close();
    });

    it("reads as its fallback without JavaScript: a link to the countdown's page with the date", async () => {
      const blank = await engine.open(`${hostBase}/blank`);
      const read = await readSandboxedFrame(blank, `${hostBase}/?from=${inlineFrom}`, "allow-same-origin", 800, 600);
      const fallback = await read((document) => {
        const link = document.querySelector("countdown-timer a") as HTMLAnchorElement;
        return {
          text: link.textContent,
          href: link.getAttribute("href"),
          datetime: link.querySelector("time")!.getAttribute("datetime"),
          shown: link.getBoundingClientRect().width > 0,
          defined: !!document.defaultView!.customElements.get("countdown-timer"),
        };
      });
      await blank.close();
      expect(fallback).toEqual({
        text: "future-launch: 1 Jan 2030",
        href: `${a}/future-launch/`,
        datetime: "2030-01-01T00:00:00Z",
        shown: true,
        defined: false,
      });
    });
  });
}
