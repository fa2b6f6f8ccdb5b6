// The site's pages in Chromium, Firefox and WebKit (test/support/engines.ts): the live countdowns
// tick, the configurator's controls change the previews and both snippets, the Copy buttons copy, the
// CSP holds, accessibility in light and dark, small screens, hostile content. Every check runs in
// every engine; an option a driver cannot honour fails the page's opening with the reason (CANNOT).
import { EMAIL_CHOICES } from "../../src/images/email-options.ts";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DateTime } from "luxon";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { countdownFileText } from "../../src/authoring/countdown-text.ts";
import { badgePath } from "../../src/paths.ts";
import { accentColours, rgbOf, WARN_COLOURS } from "../../src/colour/colour.ts";
import { SITE_DEFAULTS } from "../../src/site-identity.ts";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { ENGINE_NAMES, launchEngine, type Engine, type EnginePage, type OpenOptions } from "../support/engines.ts";
import { HOSTILE_LONG_TITLE, HOSTILE_TITLE, WEEKLY_BERLIN, WIDGET_DEFAULTS } from "../support/fixtures.ts";
import {
  CSP_WATCH_SOURCE,
  cspViolations,
  fakeClockSource,
  injectedScriptRuns,
  recordTimerChanges,
  seriousAxeViolations,
  setClockAfterLoad,
  waitInPage,
  watchCspAfterLoad,
} from "../support/in-page.ts";
import { TEST_BASE_URL, TEST_NOW, TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";
import { unitsParts } from "../support/units-text.ts";
import { pauseWord } from "../../src/text/pause-words.ts";

const PATTERN = /^\d+d \d{2}h \d{2}m \d{2}s$/;
/** Seconds shown by a `<d>d <hh>h <mm>m <ss>s` text. */
const shownSeconds = (text: string) => {
  const [d, h, m, s] = text.match(/\d+/g)!.map(Number);
  return d! * 86400 + h! * 3600 + m! * 60 + s!;
};
/** A snippet as the page shows it: the published attributes, and a title naming the countdown. */
const snippet = (src: string, title: string, width: string, height: string) =>
  `<iframe src="${src}" width="${width}" height="${height}" frameborder="0" style="border-radius:12px" title="${title.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}"></iframe>`;

/** The big count of a countdown's page as `<d>d <hh>h <mm>m <ss>s`, from its units' numbers. */
const unitsText = async (page: EnginePage) => {
  const [d, h, m, sec] = await page.evaluate(() =>
    [...document.querySelectorAll("[data-unit]")].map((unit) => unit.textContent!),
  );
  return `${d}d ${h}h ${m}m ${sec}s`;
};

let local: ProductionServer;
let base: string;

beforeAll(async () => {
  local = createProductionServer({ outDir: TEST_OUT_DIR, log: () => {} });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await local?.close();
});

for (const name of ENGINE_NAMES) {
  describe(name, () => {
    let engine: Engine;
    /** One page per set of open options, reused by navigating it: a WebKit page is a browser of its own. */
    const pool = new Map<string, EnginePage>();

    beforeAll(async () => {
      engine = await launchEngine(name);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    async function load(pathname: string, options: OpenOptions = {}): Promise<EnginePage> {
      const { width = 1000, height = 800, ...rest } = options;
      if (rest.colorScheme === "light") delete rest.colorScheme;
      const key = JSON.stringify([rest, width, height]);
      let page = pool.get(key);
      if (page) await page.goto(`${base}${pathname}`);
      else pool.set(key, (page = await engine.open(`${base}${pathname}`, { width, height, ...rest })));
      return page;
    }

    describe("live countdowns", () => {
      it("tick on a countdown's page, in labelled units, and on the index, where ended ones show as ended", async () => {
        const page = await load("/future-launch/");
        const changes = await recordTimerChanges(page, 2200);
        expect(changes.length).toBeGreaterThanOrEqual(1);
        for (const [text] of changes) expect(text).toMatch(/^\d+days?\d{2}hours?\d{2}minutes?\d{2}seconds?$/);
        expect(
          Math.abs(
            shownSeconds(await unitsText(page)) -
              Math.floor(
                (Date.parse(
                  await page.evaluate(() =>
                    document.querySelector("[data-countdown]")!.getAttribute("data-countdown")!,
                  ),
                ) -
                  (await page.evaluate(() => Date.now()))) /
                  1000,
              ),
          ),
        ).toBeLessThanOrEqual(1);
        const index = await load("/");
        // Each card shows its count or, once ended, its done message in the count's place: one, never both.
        await waitInPage(index, () =>
          [...document.querySelectorAll("li [data-left]")].every(
            (left) =>
              left.classList.contains("pending") !==
              left.parentElement!.querySelector("[data-done]")!.classList.contains("pending"),
          ),
        );
        const shown = await index.evaluate(() =>
          [...document.querySelectorAll("li")].map((li) => {
            const visible = (selector: string) =>
              li.querySelector(selector)
                ? getComputedStyle(li.querySelector(selector)!).visibility === "visible"
                : null;
            return {
              href: li.querySelector("a")!.getAttribute("href"),
              left: li.querySelector("[data-left]")?.textContent ?? null,
              counting: visible("[data-left]"),
              ended: visible("[data-done]"),
              done: li.querySelector("[data-done]")?.textContent ?? null,
            };
          }),
        );
        expect(shown.length).toBe(JSON.parse(readFileSync(path.join(TEST_SITE_DIR, "api/pages"), "utf8")).length);
        // Each in its countdown's own units (its widget's defaults): hours and minutes for one.
        for (const item of shown)
          if (item.counting)
            expect(item.left, item.href!).toMatch(
              item.href === `/${WIDGET_DEFAULTS.slug}/` ? /^\d+h \d{2}m$/ : PATTERN,
            );
        // The author's done message (here the built-in one, as the countdown's record says it).
        const { messages } = JSON.parse(readFileSync(path.join(TEST_SITE_DIR, "api/data/long-past.json"), "utf8"));
        expect(shown.find((item) => item.href === "/long-past/")).toMatchObject({
          counting: false,
          ended: true,
          done: messages.done,
        });
        expect(shown.find((item) => item.href === "/hostile-content/")).toMatchObject({ counting: true, ended: false });
        expect(shown.find((item) => item.href === "/future-launch/")).toMatchObject({ counting: true, ended: false });
      });

      it("show the units a countdown's page is asked for (?units=), the largest holding those above it", async () => {
        for (const run of ["hms", "dh", "m"]) {
          const page = await load(`/future-launch/?units=${run}`);
          await waitInPage(page, () => !document.querySelector("[data-left]")!.classList.contains("pending"));
          const shown = await page.evaluate(() => ({
            now: Date.now(),
            target: Date.parse(document.querySelector("[data-countdown]")!.getAttribute("data-countdown")!),
            numbers: [...document.querySelectorAll("[data-unit]")].map((unit) => unit.textContent!),
            labels: [...document.querySelectorAll("[data-unit] + .label")].map((label) => label.textContent!),
          }));
          const left = Math.floor((shown.target - shown.now) / 1000);
          const parts = (seconds: number) => unitsParts(seconds, run).map((part) => part.slice(0, -1));
          expect([parts(left), parts(left + 1)], run).toContainEqual(shown.numbers);
          // Each number's word is its unit's (the page's language is English).
          const words = { d: /^days?$/, h: /^hours?$/, m: /^minutes?$/, s: /^seconds?$/ };
          expect(shown.labels.length, run).toBe(run.length);
          shown.labels.forEach((label, i) => expect(label, run).toMatch(words[run[i] as keyof typeof words]));
        }
      });

      it("take the labels, the separator and the milestones a countdown's page is asked for (?labels=none&separator=colon&announce=milestones)", async () => {
        const page = await load("/future-launch/?labels=none&separator=colon&announce=milestones");
        await waitInPage(page, () => !document.querySelector("[data-left]")!.classList.contains("pending"));
        const shown = await page.evaluate(() => ({
          labels: [...document.querySelectorAll("[data-unit] + .label")].filter(
            (label) => label.getClientRects().length,
          ).length,
          colons: [...document.querySelectorAll(".unit")].map((unit) => getComputedStyle(unit, "::before").content),
          region: document.querySelector("[data-countdown] [data-said]")?.getAttribute("role"),
        }));
        expect(shown).toEqual({ labels: 0, colons: ["none", '":"', '":"', '":"'], region: "status" });
        const plain = await load("/future-launch/");
        expect(await plain.evaluate(() => !!document.querySelector("[data-said]"))).toBe(false);
      });

      it("take warn (?warn=1h): from the second that shows an hour left, the count is in the warning colour of the visitor's scheme", async () => {
        const targetMs = Date.parse(
          JSON.parse(readFileSync(path.join(TEST_SITE_DIR, "api/data/tie-a.json"), "utf8")).targetDate,
        );
        const rgb = (hex: string) => `rgb(${rgbOf(hex)!.join(", ")})`;
        for (const scheme of ["light", "dark"] as const) {
          const page = await load("/tie-a/?warn=1h", { colorScheme: scheme });
          await waitInPage(page, () => !document.querySelector("[data-left]")!.classList.contains("pending"));
          const numbers = () =>
            page.evaluate(() => [
              ...new Set([...document.querySelectorAll("[data-left] .n")].map((n) => getComputedStyle(n).color)),
            ]);
          await setClockAfterLoad(page, targetMs - 3_601_500);
          const before = await numbers();
          await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)));
          const colour = WARN_COLOURS[scheme];
          expect([before, await numbers()], scheme).toEqual([[expect.not.stringMatching(rgb(colour))], [rgb(colour)]]);
        }
      });

      it("pause a countdown's page with its button (named, pressed while paused), and count right at once again", async () => {
        const page = await load("/future-launch/");
        await waitInPage(page, () => !document.querySelector("[data-pause]")!.classList.contains("pending"));
        expect(await page.hasAccessible("button[data-pause]", "button", pauseWord("en"))).toBe(true);
        const pressed = () => page.evaluate(() => document.querySelector("[data-pause]")!.getAttribute("aria-pressed"));
        expect(await pressed()).toBe("false");
        await page.click("button[data-pause]");
        expect(await pressed()).toBe("true");
        expect(await recordTimerChanges(page, 2200)).toEqual([]);
        // The count drawn when pressed again is the time left at some instant between the page's clock
        // read before the press and after it (read with the count, at once), however long the press took.
        const before = await page.evaluate(() => Date.now());
        await page.click("button[data-pause]");
        expect(await pressed()).toBe("false");
        const shown = await page.evaluate(() => ({
          now: Date.now(),
          target: Date.parse(document.querySelector("[data-countdown]")!.getAttribute("data-countdown")!),
          units: [...document.querySelectorAll("[data-unit]")].map((unit) => unit.textContent!),
        }));
        const seconds = shownSeconds(shown.units.join(" "));
        expect(seconds).toBeGreaterThanOrEqual(Math.floor((shown.target - shown.now) / 1000));
        expect(seconds).toBeLessThanOrEqual(Math.floor((shown.target - before) / 1000));
        expect((await recordTimerChanges(page, 2200)).length).toBeGreaterThanOrEqual(1);
      });

      it("count a repeating countdown to its next occurrence, shown in its zone", async () => {
        const page = await load(`/${WEEKLY_BERLIN.slug}/`);
        const shown = await page.evaluate(() => ({
          next: Date.parse(document.querySelector("time[data-when]")!.getAttribute("datetime")!),
          zoned: document.querySelector("time[data-when]")!.textContent!,
          now: Date.now(),
        }));
        const left = await unitsText(page);
        expect(left).toMatch(PATTERN);
        // A Friday at 17:00 in Berlin, the next after the build (or the one after, if one has passed
        // since), and the time left to it by the page's clock.
        expect(DateTime.fromMillis(shown.next, { zone: WEEKLY_BERLIN.zone }).toFormat("ccc HH:mm")).toBe("Fri 17:00");
        expect(shown.next - TEST_NOW).toBeGreaterThan(0);
        expect(shown.next - TEST_NOW).toBeLessThanOrEqual(14 * 86_400_000);
        expect(Math.abs(shownSeconds(left) - Math.floor((shown.next - shown.now) / 1000))).toBeLessThanOrEqual(1);
        // In the author's zone, as people know it, without seconds.
        expect(shown.zoned).toMatch(/ 5:00\sPM CES?T \(Berlin\)$/);
      });

      it("move a repeating countdown's owner page on to the next occurrence, its dates and chat snippets with it", async () => {
        const page = await load(`/${WEEKLY_BERLIN.slug}/embed/`);
        const read = () =>
          page.evaluate(() => ({
            next: Date.parse(document.querySelector("time[data-when]")!.getAttribute("datetime")!),
            when: document.querySelector("time[data-when]")!.textContent!,
            discord: document.getElementById("chat-discord")!.textContent!,
            slack: document.getElementById("chat-slack")!.textContent!,
          }));
        const built = await read();
        const unix = (ms: number) => String(ms / 1000);
        expect(built.discord).toBe(`<t:${unix(built.next)}:F> (<t:${unix(built.next)}:R>)`);
        // A visit a day after the occurrence the page was built with: the page names the one after.
        await setClockAfterLoad(page, built.next + 86_400_000);
        await waitInPage(page, () => {
          const built = Date.parse(document.querySelector<HTMLElement>("[data-countdown]")!.dataset.countdown!);
          return Date.parse(document.querySelector("time[data-when]")!.getAttribute("datetime")!) !== built || null;
        });
        const moved = await read();
        // A week on at the same wall-clock time in Berlin (by Luxon): 7 days, or an hour more or less
        // across a daylight saving change.
        expect(moved.next).toBe(
          DateTime.fromMillis(built.next, { zone: WEEKLY_BERLIN.zone }).plus({ weeks: 1 }).toMillis(),
        );
        expect(moved.when).not.toBe(built.when);
        expect(moved.discord).toBe(`<t:${unix(moved.next)}:F> (<t:${unix(moved.next)}:R>)`);
        const utc = new Date(moved.next).toISOString().replace(".000Z", " UTC").replace("T", " ");
        expect(moved.slack).toBe(`<!date^${unix(moved.next)}^{date_long_pretty} at {time}|${utc}>`);
      });

      // A time zone of its own starts another browser in Firefox (3-5 s, more under load).
      it(
        "show the visitor's own time under the author's where it reads differently, in the page's language, and nothing where it reads the same",
        { timeout: 60_000 },
        async () => {
          const page = await load("/future-launch/", { timeZone: "Asia/Tokyo" });
          const iso = await page.evaluate(() => document.querySelector("time[data-when]")!.getAttribute("datetime")!);
          // The fixture's target is in UTC: nine hours on in Tokyo, the same day or the next.
          const tokyo = DateTime.fromISO(iso, { zone: "Asia/Tokyo" });
          const sameDay = tokyo.toISODate() === DateTime.fromISO(iso, { zone: "UTC" }).toISODate();
          const expected = await page.evaluate(
            (at: string, options: Intl.DateTimeFormatOptions) =>
              new Intl.DateTimeFormat("en", { ...options, timeZone: "Asia/Tokyo" }).format(new Date(at)),
            iso,
            sameDay
              ? { hour: "numeric", minute: "2-digit" }
              : { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" },
          );
          expect(await waitInPage(page, () => document.querySelector("[data-your-time]")!.textContent || null)).toBe(
            `${expected} your time`,
          );
          const utc = await load("/future-launch/", { timeZone: "UTC" });
          expect(await utc.evaluate(() => document.querySelector("[data-your-time]")!.textContent)).toBe("");
        },
      );
    });

    describe("a countdown's page, for its visitors", () => {
      it("shares the page: the browser's share sheet where it has one, else Copy link", async () => {
        const page = await load("/future-launch/");
        const label = await page.evaluate(() => ({
          text: document.querySelector("button[data-share]")!.textContent,
          native: typeof navigator.share === "function",
        }));
        expect(label.text).toBe(label.native ? "Share" : "Copy link");
        await page.evaluate(() => {
          const w = window as unknown as { shared: unknown[]; copied: string[] };
          w.shared = [];
          w.copied = [];
          Object.defineProperty(navigator, "share", {
            configurable: true,
            value: async (data: unknown) => void w.shared.push(data),
          });
          Object.defineProperty(navigator, "canShare", { configurable: true, value: () => true });
          Object.defineProperty(navigator, "clipboard", {
            configurable: true,
            value: { writeText: async (text: string) => void w.copied.push(text) },
          });
        });
        await page.click("button[data-share]");
        const url = `${TEST_BASE_URL}/future-launch/`;
        expect(await waitInPage(page, () => (window as unknown as { shared: unknown[] }).shared[0] ?? null)).toEqual({
          title: HOSTILE_TITLE,
          url,
        });
        // Without the Web Share API, the link is copied.
        await page.evaluate(() => Object.defineProperty(navigator, "share", { configurable: true, value: undefined }));
        await page.click("button[data-share]");
        expect(await waitInPage(page, () => document.getElementById("share-status")!.textContent || null)).toBe(
          "Link copied.",
        );
        expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([url]);
      });

      it("goes full screen with its button or the F key (not while typing), showing the title and the count", async () => {
        const page = await load("/future-launch/");
        const enabled = await page.evaluate(() => document.fullscreenEnabled);
        // Shown where the browser can go full screen; else its room stays empty (nothing moves either way).
        expect(
          await page.evaluate(() => getComputedStyle(document.querySelector("button[data-fullscreen]")!).visibility),
        ).toBe(enabled ? "visible" : "hidden");
        if (!enabled) return;
        await page.evaluate(() => {
          const w = window as unknown as { asked: string[] };
          w.asked = [];
          Element.prototype.requestFullscreen = function () {
            w.asked.push(this.className);
            return Promise.resolve();
          };
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "f" }));
          const input = document.body.appendChild(document.createElement("input"));
          input.dispatchEvent(new KeyboardEvent("keydown", { key: "f", bubbles: true }));
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "f", ctrlKey: true }));
        });
        await page.click("button[data-fullscreen]");
        expect(
          await waitInPage(page, () =>
            (window as unknown as { asked: string[] }).asked.length >= 2
              ? (window as unknown as { asked: string[] }).asked
              : null,
          ),
        ).toEqual(["event", "event"]);
        const inside = await page.evaluate(
          () => [...document.querySelectorAll(".event h1, .event [role=timer]")].length,
        );
        expect(inside).toBe(2);
      });
    });

    describe("the creator", () => {
      /** Sets the creator's fields as a visitor would, and lets the form hear each. */
      const fill = (page: EnginePage, values: Record<string, string>) =>
        page.evaluate((entries: [string, string][]) => {
          for (const [name, value] of entries) {
            const control = document.querySelector<HTMLInputElement>(`form[data-creator] [name="${name}"]`)!;
            control.value = value;
            control.dispatchEvent(new Event("input", { bubbles: true }));
            control.dispatchEvent(new Event("change", { bubbles: true }));
          }
        }, Object.entries(values));
      /** The creator's script has run: the file is written from the form's first state. */
      const ready = (page: EnginePage) =>
        waitInPage(page, () => document.querySelector<HTMLTextAreaElement>("#countdown-file")!.value || null);
      const problemsShown = (page: EnginePage) =>
        page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll<HTMLElement>(".problem")]
              .filter((p) => p.textContent)
              .map((p) => [p.id, p.textContent]),
          ),
        );

      it(
        "starts from the visitor's time zone, and shows the build's own problems beside their fields",
        { timeout: 60_000 },
        async () => {
          const page = await load("/new/", { timeZone: "Asia/Tokyo" });
          await ready(page);
          expect(await page.evaluate(() => document.querySelector<HTMLInputElement>("#f-timezone")!.value)).toBe(
            "Asia/Tokyo",
          );
          await fill(page, { title: "Launch: day one", date: "2031-02-20", time: "09:30", timezone: "Tokyo" });
          const file = await page.evaluate(() => document.querySelector<HTMLTextAreaElement>("#countdown-file")!.value);
          // The same messages as the build gives for the file the form wrote.
          const build = parseCountdownFile("countdowns/launch-day-one.md", file).problems;
          expect(build.map((problem) => problem.field)).toEqual(["timezone"]);
          expect(await problemsShown(page)).toEqual({ "p-timezone": `timezone: ${build[0]!.message}` });
          // A date the browser could not take (the 30th of February) leaves the control empty: the person
          // is asked to choose one, beside the date, in the page's words.
          await fill(page, { date: "2031-02-30" });
          expect(await problemsShown(page)).toEqual({
            "p-target": "Choose a date.",
            "p-timezone": `timezone: ${build[0]!.message}`,
          });
          expect(
            await page.evaluate(() => document.querySelector("[data-download]")!.hasAttribute("aria-disabled")),
          ).toBe(true);
        },
      );

      it("says nothing about an empty form on arrival (nothing moves as it loads), and what is missing once the file is asked for", async () => {
        const page = await load("/new/");
        await ready(page);
        expect(await problemsShown(page)).toEqual({});
        // (Download is disabled while the file has problems; Copy asks for it too.)
        await page.click('[data-copy="countdown-file"]');
        const shown = await waitInPage(page, () =>
          document.getElementById("p-title")!.textContent
            ? Object.fromEntries(
                [...document.querySelectorAll<HTMLElement>(".problem")]
                  .filter((p) => p.textContent)
                  .map((p) => [p.id, p.textContent!.split(":")[0]]),
              )
            : null,
        );
        expect(shown).toEqual({ "p-title": "title", "p-slug": "slug" });
      });

      it("makes the file npm run new makes for the same fields, a German title spelled as German spells it, an evergreen and unlisted one too", async () => {
        const page = await load("/new/");
        await ready(page);
        const fields = {
          title: "Glühweinstand öffnet",
          date: "2031-11-27",
          time: "17:00",
          timezone: "Europe/Berlin",
          lang: "de",
          done: "Prost!",
        };
        await fill(page, fields);
        const file = await page.evaluate(() => document.querySelector<HTMLTextAreaElement>("#countdown-file")!.value);
        const command = countdownFileText({
          title: fields.title,
          target: `${fields.date} ${fields.time}`,
          timezone: fields.timezone,
          lang: "de",
          done: fields.done,
          description: "",
        });
        expect(file).toBe(command);
        expect(await page.evaluate(() => document.querySelector<HTMLAnchorElement>("[data-download]")!.download)).toBe(
          "gluehweinstand-oeffnet.md",
        );
        // The site's own language is every countdown's that names none: not written, as npm run new leaves it out.
        await fill(page, { lang: "en" });
        expect(
          await page.evaluate(() => document.querySelector<HTMLTextAreaElement>("#countdown-file")!.value),
        ).not.toMatch(/^lang:/m);
        await fill(page, { lang: "", evergreen: "72h" });
        await page.evaluate(() => {
          const unlisted = document.querySelector<HTMLInputElement>('form[data-creator] [name="unlisted"]')!;
          unlisted.checked = true;
          unlisted.dispatchEvent(new Event("change", { bubbles: true }));
        });
        const evergreen = await page.evaluate(
          () => document.querySelector<HTMLTextAreaElement>("#countdown-file")!.value,
        );
        expect(evergreen).toBe(
          countdownFileText({
            title: fields.title,
            evergreen: "72h",
            timezone: fields.timezone,
            done: fields.done,
            unlisted: true,
            description: "",
          }),
        );
        expect(parseCountdownFile("countdowns/x.md", evergreen).problems).toEqual([]);
        expect(await page.evaluate(() => document.querySelector<HTMLInputElement>("#f-date")!.disabled)).toBe(true);
      });

      it("says when an address is published already, and makes the file over it only once told to replace it", async () => {
        const page = await load("/new/");
        await ready(page);
        const state = () =>
          page.evaluate(() => ({
            taken: document.getElementById("taken")!.hidden ? "" : document.getElementById("taken")!.textContent,
            replace: !document.getElementById("replace")!.hidden,
            disabled: document.querySelector("[data-download]")!.hasAttribute("aria-disabled"),
          }));
        await fill(page, { title: "Something new", date: "2031-05-14", time: "09:30", timezone: "UTC" });
        expect(await state()).toEqual({ taken: "", replace: false, disabled: false });
        await fill(page, { slug: "future-launch" });
        await waitInPage(page, () => (document.getElementById("taken")!.hidden ? null : true));
        expect(await state()).toEqual({
          taken: `A countdown is published at this address already: ${TEST_BASE_URL}/future-launch/. This file would replace it.`,
          replace: true,
          disabled: true,
        });
        await page.evaluate(() => {
          const replace = document.querySelector<HTMLInputElement>('[name="replace"]')!;
          replace.checked = true;
          replace.dispatchEvent(new Event("change", { bubbles: true }));
        });
        expect((await state()).disabled).toBe(false);
      });

      it("writes a file that the build takes unchanged, to the instant chosen, with Download as <slug>.md and Copy", async () => {
        const page = await load("/new/");
        await ready(page);
        await fill(page, {
          title: "Launch: day one",
          date: "2031-05-14",
          time: "09:30",
          timezone: "Europe/Berlin",
          repeat: "",
          theme: "dark",
          description: "The **big** day.",
        });
        expect(await problemsShown(page)).toEqual({});
        const file = await page.evaluate(() => document.querySelector<HTMLTextAreaElement>("#countdown-file")!.value);
        const parsed = parseCountdownFile("countdowns/launch-day-one.md", file);
        expect(parsed.problems).toEqual([]);
        expect(parsed.countdown).toMatchObject({
          slug: "launch-day-one",
          title: "Launch: day one",
          targetDate: "2031-05-14T07:30:00Z",
          timezone: "Europe/Berlin",
          widget: "theme=dark",
          description: "The **big** day.",
        });
        const download = await page.evaluate(() => {
          const link = document.querySelector<HTMLAnchorElement>("[data-download]")!;
          const [type, data] = link.href.split(",");
          return {
            name: link.download,
            disabled: link.hasAttribute("aria-disabled"),
            type,
            text: decodeURIComponent(data!),
          };
        });
        expect(download).toEqual({
          name: "launch-day-one.md",
          disabled: false,
          type: "data:text/markdown;charset=utf-8",
          text: file,
        });
        await page.evaluate(() => {
          const w = window as unknown as { copied: string[] };
          w.copied = [];
          Object.defineProperty(navigator, "clipboard", {
            configurable: true,
            value: { writeText: async (text: string) => void w.copied.push(text) },
          });
        });
        await page.click('button[data-copy="countdown-file"]');
        expect(await waitInPage(page, () => (window as unknown as { copied: string[] }).copied[0] ?? null)).toBe(file);
        // The preview counts to it.
        const count = await page.evaluate(() => document.querySelector("[data-preview-count]")!.textContent!);
        expect(count).toMatch(PATTERN);
      });
    });

    describe("the configurator on a countdown's owner page", () => {
      const embedSrc = `${TEST_BASE_URL}/api/embed/future-launch`;
      /** Sets a control as a visitor would and lets the form hear it. */
      const choose = (page: EnginePage, selector: string, value?: string) =>
        page.evaluate(
          (s: string, v: string | null) => {
            const control = document.querySelector<HTMLInputElement | HTMLSelectElement>(s)!;
            if (control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox"))
              control.checked = v === null ? !control.checked : v === "on";
            else control.value = v!;
            control.dispatchEvent(new Event("input", { bubbles: true }));
            control.dispatchEvent(new Event("change", { bubbles: true }));
          },
          selector,
          value ?? null,
        );
      const snippets = (page: EnginePage) =>
        page.evaluate(() => ["snippet-wide", "snippet-small"].map((id) => document.getElementById(id)!.textContent!));
      /** What each preview shows, once both have loaded the widget with `query` (each frame may load twice: see the next test). */
      async function previews(page: EnginePage, query: string) {
        await page.evaluate((q: string) => void ((window as unknown as { wanted: string }).wanted = `?${q}`), query);
        return waitInPage(
          page,
          () => {
            const documents = [...document.querySelectorAll<HTMLIFrameElement>("iframe[data-preview]")].map(
              (frame) => frame.contentDocument,
            );
            if (
              !documents.every(
                (d) =>
                  d?.readyState === "complete" &&
                  d.location.search === (window as unknown as { wanted: string }).wanted,
              )
            )
              return null;
            return documents.map((d) => ({
              ...d!.documentElement.dataset,
              cells: d!.querySelector("[data-left]")!.children.length,
            }));
          },
          15_000,
        );
      }

      it("starts with the published snippets, both with a title naming the countdown", async () => {
        const page = await load("/future-launch/embed/");
        expect(await snippets(page)).toEqual([
          snippet(embedSrc, HOSTILE_TITLE, "100%", "250"),
          snippet(embedSrc, HOSTILE_TITLE, "320", "180"),
        ]);
      });

      it("puts every option chosen into both snippets and both previews", async () => {
        const page = await load("/future-launch/embed/");
        await choose(page, "input[name=theme][value=dark]", "on");
        await choose(page, "input[name=layout][value=units]", "on");
        await choose(page, "select[name=units]", "hms");
        // A language the widget would ignore is said so, and left out of the snippets.
        await choose(page, "input[name=lang]", "German");
        expect(await page.evaluate(() => document.getElementById("lang-status")!.textContent)).toBe(
          "“German” is not a language tag, so the widget ignores it; write one like de, fr or pt-BR.",
        );
        expect((await snippets(page))[0]).not.toContain("lang=");
        await choose(page, "input[name=lang]", "de");
        expect(await page.evaluate(() => document.getElementById("lang-status")!.textContent)).toBe("");
        await choose(page, "select[name=date]", "utc");
        await choose(page, "select[name=font]", "serif");
        await choose(page, "input[name=title]", "on");
        await choose(page, "input[name=after][value=countup]", "on");
        await choose(page, "input[name=controls]", "on");
        await choose(page, "select[name=updates]", "minute");
        await choose(page, "select[name=labels]", "short");
        await choose(page, "select[name=separator]", "colon");
        await choose(page, "input[name=announce]", "on");
        await choose(page, "input[name=sync]", "on");
        await choose(page, "[data-configurator] select[name=warn]", "10m");
        await choose(page, '[data-colour="accent"]', "on");
        await choose(page, "input[name=accent]", "#e11d48");
        const query =
          "theme=dark&accent=e11d48&font=serif&layout=units&units=hms&labels=short&separator=colon&lang=de&date=utc&title=hide&after=countup&controls=pause&updates=minute&announce=milestones&sync=1&warn=10m";
        expect(await snippets(page)).toEqual([
          snippet(`${embedSrc}?${query.replace(/&/g, "&amp;")}`, HOSTILE_TITLE, "100%", "250"),
          snippet(`${embedSrc}?${query.replace(/&/g, "&amp;")}`, HOSTILE_TITLE, "320", "180"),
        ]);
        const shown = await previews(page, query);
        for (const preview of shown!)
          expect(preview).toMatchObject({
            theme: "dark",
            layout: "units",
            lang: "de",
            date: "utc",
            title: "hide",
            after: "countup",
            sync: "1",
            accent: "e11d48",
            font: "serif",
            units: "hms",
            controls: "pause",
            updates: "minute",
            labels: "short",
            separator: "colon",
            announce: "milestones",
            warn: "10m",
            // Hours and minutes, each a number and its word: no seconds.
            cells: 4,
          });
        // Back to the defaults: the published snippet again.
        await choose(page, "input[name=theme][value=light]", "on");
        expect((await snippets(page))[0]).toContain(`src="${embedSrc}?accent=e11d48&amp;font=serif`);
      });

      // WebKit can drop a navigation asked for while another loads (options changed fast, a colour picker
      // dragged) and keep the earlier widget: here the frames are sent elsewhere behind the page's back,
      // as a dropped navigation leaves them, in every engine.
      it("asks again for the widget chosen when a preview has loaded another", async () => {
        const page = await load("/future-launch/embed/");
        await choose(page, "input[name=theme][value=dark]", "on");
        await previews(page, "theme=dark");
        await page.evaluate(() => {
          const w = window as unknown as { strayLoads: number };
          w.strayLoads = 0;
          for (const frame of document.querySelectorAll<HTMLIFrameElement>("iframe[data-preview]")) {
            frame.addEventListener(
              "load",
              () => void (frame.contentDocument!.location.search.includes("theme=light") && w.strayLoads++),
            );
            frame.contentWindow!.location.replace(frame.src.replace("theme=dark", "theme=light"));
          }
        });
        await waitInPage(page, () => (window as unknown as { strayLoads: number }).strayLoads === 2 || null, 10_000);
        for (const preview of (await previews(page, "theme=dark"))!) expect(preview).toMatchObject({ theme: "dark" });
      });

      it("starts a colour from the theme's own: the site's accent as it reads on the dark theme, with no warning", async () => {
        const page = await load("/future-launch/embed/");
        await choose(page, "input[name=theme][value=dark]", "on");
        await choose(page, '[data-colour="accent"]', "on");
        // The site's accent as it reads on dark (the fixtures' site file names none: the default's).
        const dark = accentColours(SITE_DEFAULTS.accent).dark;
        expect(
          await page.evaluate(() => (document.querySelector("input[name=accent]") as HTMLInputElement).value),
        ).toBe(dark);
        expect((await snippets(page))[0]).toContain(`?theme=dark&amp;accent=${dark.slice(1)}`);
        await previews(page, `theme=dark&accent=${dark.slice(1)}`);
        expect(await page.evaluate(() => document.getElementById("contrast")!.textContent)).toBe("");
      });

      it("for a transparent widget, asks for the page's colour, shows it behind the previews, and sets colours that read on it", async () => {
        const page = await load("/future-launch/embed/");
        const hostShown = () => page.evaluate(() => !document.querySelector<HTMLElement>("[data-host-colour]")!.hidden);
        expect(await hostShown()).toBe(false);
        await choose(page, "input[name=theme][value=transparent]", "on");
        expect(await hostShown()).toBe(true);
        // A purple page: white reads on it, the theme's blue does not.
        await choose(page, "input[name=host]", "#6d28d9");
        expect((await snippets(page))[0]).toContain("?theme=transparent&amp;accent=ffffff&amp;color=ffffff");
        expect(await page.evaluate(() => document.getElementById("host-status")!.textContent)).toMatch(
          /^On #6d28d9: text #ffffff \((\d+\.\d):1\), time left #ffffff \(\1:1\)\.$/,
        );
        expect(
          await page.evaluate(() =>
            [...document.querySelectorAll<HTMLIFrameElement>("iframe[data-preview]")].map(
              (frame) => getComputedStyle(frame).backgroundColor,
            ),
          ),
        ).toEqual(["rgb(109, 40, 217)", "rgb(109, 40, 217)"]);
        // A pale page: black text, and an accent that reads on it is kept.
        await choose(page, "input[name=accent]", "#1d4ed8");
        await choose(page, "input[name=host]", "#fef3c7");
        expect((await snippets(page))[0]).toContain("?theme=transparent&amp;accent=1d4ed8&amp;color=000000");
        // Another theme: no page colour behind the previews.
        await choose(page, "input[name=theme][value=light]", "on");
        expect(await hostShown()).toBe(false);
        expect(
          await page.evaluate(() => getComputedStyle(document.querySelector("iframe[data-preview]")!).backgroundColor),
        ).not.toBe("rgb(254, 243, 199)");
      });

      it("offers the tiles layout and the author's zone, and keeps the previews out of the Tab order but named", async () => {
        const page = await load("/future-launch/embed/");
        await choose(page, "input[name=layout][value=tiles]", "on");
        await choose(page, "select[name=date]", "author");
        expect((await snippets(page))[1]).toContain("?layout=tiles&amp;date=author");
        const shown = await previews(page, "layout=tiles&date=author");
        for (const preview of shown!) expect(preview).toMatchObject({ layout: "tiles", date: "author", cells: 8 });
        expect(
          await page.evaluate(() =>
            [...document.querySelectorAll<HTMLIFrameElement>("iframe[data-preview]")].map((frame) => [
              frame.tabIndex,
              frame.title,
            ]),
          ),
        ).toEqual([
          [-1, `Preview: ${HOSTILE_TITLE}`],
          [-1, `Preview: ${HOSTILE_TITLE} (320 × 180)`],
        ]);
      });

      it("starts from a countdown's own defaults, and names a colour the widget had to replace", async () => {
        const page = await load(`/${WIDGET_DEFAULTS.slug}/embed/`);
        const src = `${TEST_BASE_URL}/api/embed/${WIDGET_DEFAULTS.slug}`;
        expect((await snippets(page))[0]).toContain(`src="${src}" `);
        expect(
          await page.evaluate(() => (document.querySelector("input[name=theme]:checked") as HTMLInputElement).value),
        ).toBe("dark");
        await choose(page, "input[name=theme][value=auto]", "on");
        expect((await snippets(page))[0]).toContain(`src="${src}?theme=auto" `);
        // A pale yellow on the dark theme reads well; on the light theme it does not.
        await choose(page, "input[name=theme][value=light]", "on");
        await choose(page, "input[name=accent]", "#ffe066");
        const status = await waitInPage(page, () => document.getElementById("contrast")!.textContent || null, 5000);
        expect(status).toBe("Too little contrast: the widget shows these in black or white instead: Time left.");
        // A pale text colour too; then two that read, and the message goes.
        await choose(page, 'input[data-colour="color"]', "on");
        await choose(page, "input[name=color]", "#eeeeee");
        expect(
          await waitInPage(
            page,
            () => /: Text and Time left\.$/.test(document.getElementById("contrast")!.textContent!) || null,
            5000,
          ),
        ).toBe(true);
        await choose(page, "input[name=color]", "#222222");
        await choose(page, "input[name=accent]", "#b00020");
        expect(
          await waitInPage(page, () => document.getElementById("contrast")!.textContent === "" || null, 5000),
        ).toBe(true);
      });

      it("the email section's options change its live preview and its <img> snippet, with the size the image is drawn at", async () => {
        const page = await load("/future-launch/embed/");
        const emailSnippet = () => page.evaluate(() => document.getElementById("snippet-email")!.textContent!);
        // Linked to the countdown's page; its alt text says when as the image does (the fixture is in UTC);
        // its height once the preview has drawn (which may be before this reads it, or after).
        expect(await emailSnippet()).toMatch(
          new RegExp(
            `^<a href="${TEST_BASE_URL}/future-launch/"><img src="${TEST_BASE_URL}/api/email/future-launch\\.gif" width="600"(?: height="\\d+")? alt="[^"]+ – \\w{3}, \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M UTC" [^>]*></a>$`,
          ),
        );
        await choose(page, "[data-email-options] input[name=theme][value=dark]", "on");
        // Every layout of the email image is offered (src/images/email-options.ts).
        expect(
          await page.evaluate(() =>
            [...document.querySelectorAll<HTMLInputElement>("[data-email-options] input[name=layout]")].map(
              (input) => input.value,
            ),
          ),
        ).toEqual([...EMAIL_CHOICES.layout]);
        await choose(page, "[data-email-options] input[name=layout][value=ring]", "on");
        await choose(page, "[data-email-options] select[name=units]", "dhm");
        await choose(page, "[data-email-options] input[name=width]", "480");
        // warn: the last span in the warning colour (src/time/warn.ts).
        await choose(page, "[data-email-options] select[name=warn]", "1h");
        const drawn = await waitInPage(
          page,
          () => {
            const image = document.querySelector<HTMLImageElement>("[data-email-preview]")!;
            const text = document.getElementById("snippet-email")!.textContent!;
            return image.complete && image.naturalWidth === 480 && / height="/.test(text)
              ? { text, height: image.naturalHeight, src: new URL(image.src).search }
              : null;
          },
          15_000,
        );
        expect(drawn!.src).toBe("?theme=dark&layout=ring&units=dhm&width=480&warn=1h");
        expect(drawn!.text).toContain(
          `<img src="${TEST_BASE_URL}/api/email/future-launch.gif?theme=dark&amp;layout=ring&amp;units=dhm&amp;width=480&amp;warn=1h" width="480" height="${drawn!.height}" alt="`,
        );
      });

      it("copies each snippet with its Copy button, as shown, and says so", async () => {
        const page = await load("/future-launch/embed/");
        // The page's own clipboard call is watched; a browser asks the visitor before a page may read it.
        await page.evaluate(() => {
          const w = window as unknown as { copied: string[] };
          w.copied = [];
          Object.defineProperty(navigator, "clipboard", {
            configurable: true,
            value: { writeText: async (text: string) => void w.copied.push(text) },
          });
        });
        await page.click('button[data-copy="snippet-wide"]');
        expect(await waitInPage(page, () => document.getElementById("snippet-wide-status")!.textContent || null)).toBe(
          "Copied.",
        );
        await page.click('button[data-copy="snippet-small"]');
        expect(await waitInPage(page, () => document.getElementById("snippet-small-status")!.textContent || null)).toBe(
          "Copied.",
        );
        expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual(
          await snippets(page),
        );
        // Refused, it says what to do instead.
        await page.evaluate(() =>
          Object.defineProperty(navigator, "clipboard", {
            configurable: true,
            value: { writeText: () => Promise.reject(new Error("denied")) },
          }),
        );
        await page.click('button[data-copy="snippet-small"]');
        expect(
          await waitInPage(
            page,
            () => /not allowed/.test(document.getElementById("snippet-small-status")!.textContent!) || null,
          ),
        ).toBe(true);
      });
    });

    describe("the pages' Content-Security-Policy", () => {
      it(
        "is set on every page, nothing on them breaks it, and it stops an injected script",
        { timeout: 60_000 },
        async () => {
          for (const pathname of [
            "/",
            "/future-launch/",
            "/future-launch/embed/",
            "/new/",
            `/${WEEKLY_BERLIN.slug}/`,
            "/no-such-page",
          ]) {
            const headers = (await fetch(`${base}${pathname}`)).headers;
            const csp = headers.get("content-security-policy")!;
            expect(csp, pathname).toMatch(
              /^default-src 'none'; script-src 'self'[^;]*; style-src 'sha256-[^']+' 'sha256-[^']+'; /,
            );
            expect(csp).toMatch(/frame-ancestors 'none'/);
            expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
            expect(headers.get("x-frame-options"), pathname).toBe("DENY");
            const page = await load(pathname, engine.can.beforeLoadScript ? { beforeLoad: CSP_WATCH_SOURCE } : {});
            if (!engine.can.beforeLoadScript) await watchCspAfterLoad(page);
            // A tick of the page's countdowns, and the previews' loads.
            await recordTimerChanges(page, 1100);
            expect(await cspViolations(page), pathname).toEqual([]);
            // The site's logo (a 3:1 SVG beside the fixtures' site file) loads under it, drawn 2rem high.
            const logo = await waitInPage(page, () => {
              const image = document.querySelector<HTMLImageElement>("header img");
              return image?.complete
                ? {
                    natural: image.naturalWidth > 0,
                    width: Math.round(image.getBoundingClientRect().width),
                    height: Math.round(image.getBoundingClientRect().height),
                  }
                : null;
            });
            expect(logo, pathname).toEqual({ natural: true, width: 96, height: 32 });
            if (pathname === "/") {
              // Drawn with its own stylesheet: the middle of its rectangle is its blue, not unstyled black.
              const box = await page.evaluate(
                () => document.querySelector("header img")!.getBoundingClientRect().toJSON() as DOMRect,
              );
              const png = PNG.sync.read(await page.screenshot());
              const scale = png.width / (await page.evaluate(() => innerWidth));
              const at =
                (Math.round((box.top + box.height / 2) * scale) * png.width +
                  Math.round((box.left + box.width / 2) * scale)) *
                4;
              expect([...png.data.subarray(at, at + 3)], "the logo's colour").toEqual([0x0b, 0x57, 0xd0]);
            }
            expect(await injectedScriptRuns(page), pathname).toBe(false);
            expect(await cspViolations(page), pathname).toEqual([expect.stringMatching(/^script-src/)]);
          }
        },
      );
    });

    describe("accessible and responsive pages", () => {
      it("have no serious or critical axe-core violation, light or dark", { timeout: 120_000 }, async () => {
        for (const colorScheme of ["light", "dark"] as const) {
          for (const pathname of [
            "/",
            "/future-launch/",
            "/future-launch/embed/",
            "/new/",
            `/${WEEKLY_BERLIN.slug}/`,
            "/cancelled-fr/",
            "/no-such-page",
          ]) {
            expect(
              await seriousAxeViolations(await load(pathname, { colorScheme })),
              `${pathname} ${colorScheme}`,
            ).toEqual([]);
          }
        }
      });

      it(
        "move nothing as they load, on a phone's screen and a desktop's (where the engine measures layout shifts)",
        { timeout: 60_000 },
        async () => {
          // Each shift's value, and what moved (to tell why when it fails).
          const SHIFTS = `window.shifts = PerformanceObserver.supportedEntryTypes.includes("layout-shift") ? [] : null;
          window.moved = [];
          if (window.shifts) new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              window.shifts.push(entry.value);
              for (const source of entry.sources || []) window.moved.push((source.node && source.node.outerHTML ? source.node.outerHTML.slice(0, 120) : String(source.node)) + " " + JSON.stringify([source.previousRect, source.currentRect]));
            }
          }).observe({ type: "layout-shift", buffered: true });`;
          if (!engine.can.beforeLoadScript) return;
          for (const [width, height] of [
            [412, 823],
            [1280, 800],
          ] as const) {
            for (const pathname of [
              "/",
              "/future-launch/",
              `/${WEEKLY_BERLIN.slug}/`,
              "/postponed-de/",
              "/cancelled-fr/",
              "/future-launch/embed/",
              "/new/",
            ]) {
              const page = await load(pathname, { width, height, beforeLoad: SHIFTS });
              // Its script has run and ticked.
              await recordTimerChanges(page, 1100);
              const { shifts, moved } = await page.evaluate(() => {
                const seen = window as unknown as { shifts: number[] | null; moved: string[] };
                return { shifts: seen.shifts, moved: seen.moved };
              });
              if (shifts !== null) expect(shifts, `${pathname} at ${width} px: ${moved.join("; ")}`).toEqual([]);
            }
          }
        },
      );

      it("move nothing when a unit's word changes with its number (1 second, then 0 seconds)", async () => {
        if (!engine.can.beforeLoadScript) return;
        const SHIFTS = `window.shifts = PerformanceObserver.supportedEntryTypes.includes("layout-shift") ? [] : null;
          if (window.shifts) new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.shifts.push(entry.value); }).observe({ type: "layout-shift", buffered: true });`;
        const targetMs = Date.parse(
          JSON.parse(readFileSync(path.join(TEST_SITE_DIR, "api/data/future-launch.json"), "utf8")).targetDate,
        );
        // 1 minute 1.5 seconds before the target: "1 second", then "0 seconds" half a second later.
        const page = await load("/future-launch/", {
          width: 1280,
          height: 800,
          beforeLoad: `${fakeClockSource(targetMs - 61_500)}\n${SHIFTS}`,
        });
        const changes = await recordTimerChanges(page, 1600);
        expect(changes.length, "it ticked").toBeGreaterThan(0);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] | null }).shifts);
        if (shifts !== null) expect(shifts).toEqual([]);
      });

      it("fit a 320 px wide screen without scrolling sideways", async () => {
        for (const pathname of ["/", "/future-launch/", "/future-launch/embed/", "/new/", "/longest-title/"]) {
          const page = await load(pathname, { width: 320, height: 640 });
          const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
          expect(scrollWidth, pathname).toBeLessThanOrEqual(width!);
        }
      });

      it("show hostile content as written, running none of it", async () => {
        for (const pathname of ["/hostile-content/", "/hostile-content/embed/", "/"]) {
          const page = await load(
            pathname,
            engine.can.beforeLoadScript
              ? { beforeLoad: "window.alerts = 0; window.alert = () => window.alerts++;" }
              : {},
          );
          const shown = await page.evaluate(() => ({
            title: document.title,
            heading: document.querySelector("h1")!.textContent,
            link: document.querySelector('a[href="/hostile-content/"]')?.textContent ?? null,
            alerts: (window as unknown as { alerts?: number }).alerts ?? 0,
            injected: document.querySelectorAll(
              'img[src="x"], img[onerror], script:not([src]):not([type="application/ld+json"]):not([type="application/json"])',
            ).length,
          }));
          expect(shown.alerts).toBe(0);
          expect(shown.injected).toBe(0);
          if (pathname === "/") expect(shown.link).toBe(HOSTILE_LONG_TITLE);
          else if (pathname === "/hostile-content/")
            expect(shown).toMatchObject({
              title: `${HOSTILE_LONG_TITLE} · ${SITE_DEFAULTS.name}`,
              heading: HOSTILE_LONG_TITLE,
            });
          else expect(shown.title).toBe(`Embed or share: ${HOSTILE_LONG_TITLE} · ${SITE_DEFAULTS.name}`);
        }
      });
    });

    describe("the README badge", () => {
      it("renders as its SVG lays it out: its size, and each text centred in its half at its declared length", async () => {
        const layouts: BadgeLayout[] = [];
        // A plain title, and the hostile one (quotes, markup, RTL override, emoji) at 200 characters.
        for (const slug of ["future-launch", "hostile-content"]) {
          const page = await load(badgePath(slug));
          const layout = await page.evaluate(() => {
            const svg = document.documentElement as unknown as SVGSVGElement;
            const box = svg.getBoundingClientRect();
            return {
              size: [Math.round(box.width), Math.round(box.height)],
              declared: [Number(svg.getAttribute("width")), Number(svg.getAttribute("height"))],
              texts: [...document.querySelectorAll<SVGTextElement>("text:not([aria-hidden])")].map((text) => {
                const bbox = text.getBBox();
                return {
                  x: Number(text.getAttribute("x")),
                  textLength: Number(text.getAttribute("textLength")),
                  left: bbox.x,
                  width: bbox.width,
                  top: bbox.y,
                  bottom: bbox.y + bbox.height,
                };
              }),
            };
          });
          expect(layout.size).toEqual(layout.declared);
          expect(layout.texts).toHaveLength(2);
          for (const text of layout.texts) {
            expect(Math.abs(text.width - text.textLength), JSON.stringify(text)).toBeLessThanOrEqual(1.5);
            expect(Math.abs(text.left + text.width / 2 - text.x), JSON.stringify(text)).toBeLessThanOrEqual(1.5);
            expect(text.top).toBeGreaterThanOrEqual(0);
            expect(text.bottom).toBeLessThanOrEqual(20);
          }
          layouts.push(layout);
        }
        badgeLayouts.set(name, layouts);
      });
    });
  });
}

interface BadgeLayout {
  size: number[];
  texts: { left: number; width: number; top: number; bottom: number }[];
}
/** Each engine's layout of the badges, for the comparison below. */
const badgeLayouts = new Map<string, BadgeLayout[]>();

describe("the README badge in every engine", () => {
  it("is laid out the same in Chromium, Firefox and WebKit, to the pixel", () => {
    expect([...badgeLayouts.keys()]).toEqual(ENGINE_NAMES);
    const [first, ...others] = ENGINE_NAMES.map((name) => badgeLayouts.get(name)!);
    for (const other of others) {
      other.forEach((layout, i) => {
        expect(layout.size).toEqual(first![i]!.size);
        layout.texts.forEach((text, j) => {
          const reference = first![i]!.texts[j]!;
          for (const edge of ["left", "width", "top", "bottom"] as const)
            expect(Math.abs(text[edge] - reference[edge]), edge).toBeLessThanOrEqual(1);
        });
      });
    }
  });
});
