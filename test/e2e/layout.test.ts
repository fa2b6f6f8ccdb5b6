// Every state on every face, in Chromium, Firefox and WebKit: random countdowns of the kinds real
// sites have (1 to 5 digits of days; titles of 1 to 200 characters in Latin, CJK, Arabic, Devanagari
// and emoji, or one unbroken word; done messages and links at their longest; counting, ended with a
// done message and with the built-in one, postponed, cancelled, repeating, evergreen counting and
// ended) on a German site and an Arabic one (right to left): the index, each page and owner page at
// 320, 375, 768 and 1280 px, the widget in every layout of CHOICES.layout (and with a random run of units, and random labels and separator) at both
// published sizes and at 280 px, <countdown-timer> in every layout in a 290 px card and full width,
// the email image in every layout (and with the random run) at 240, 600 and 1200 px. Nothing may stand outside its box,
// be cut off, scroll sideways or be drawn over other text (boxProblems, test/support/in-page.ts), and
// the widget clamps no text at a size where a smaller frame shows it whole (clampedTexts).
// The data comes from fast-check with a seed the run prints; LAYOUT_SEED=<seed> makes the same again.
import { LABELS, UNIT_RUNS } from "../../src/time/time-left.ts";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaths, readConfig } from "../../src/config.ts";
import { readQuery, type Query } from "../../src/http/kernel.ts";
import { resolveEmailOptions } from "../../src/images/email-options.ts";
import { forViewer } from "../../src/live/viewer-target.ts";
import { emailTexts } from "../../src/live/email-drawing.ts";
import { openLiveFolder } from "../../src/node/live-folder.ts";
import type { LiveEntry } from "../../src/live/live-store.ts";
import { publish } from "../../src/publish/publish.ts";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { ENGINE_NAMES, launchEngine, type Engine, type EnginePage } from "../support/engines.ts";
import { boxProblems, clampedTexts, waitInPage } from "../support/in-page.ts";
import { HEADER_IMAGE, headerImageBytes } from "../support/fixtures.ts";
import { CHOICES } from "../../src/widget/options.ts";

const SEED = Number(process.env.LAYOUT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / 1000) * 1000;
const PAGE_WIDTHS = [320, 375, 768, 1280];
const WIDGET_SIZES: [number, number][] = [
  [600, 250],
  [320, 180],
  [280, 180],
];

/** Words of each script, to make titles and messages of: spaces between them where the script has spaces. */
const SCRIPTS = {
  latin: {
    words: [
      "Internationale",
      "Konferenz",
      "über",
      "sehr",
      "lange",
      "Titel",
      "and",
      "the",
      "Art",
      "of",
      "not",
      "cutting",
      "them",
      "off",
      "Sommerfest",
      "2027",
    ],
    space: " ",
  },
  cjk: {
    words: ["東京", "マラソン", "大会", "開催", "まで", "あと", "花火", "北京", "音乐节", "倒计时", "2027"],
    space: "",
  },
  arabic: {
    words: ["سوق", "العيد", "الكبير", "في", "وسط", "المدينة", "مع", "الأصدقاء", "والعائلة", "مهرجان"],
    space: " ",
  },
  devanagari: { words: ["दिवाली", "महोत्सव", "रोशनी", "का", "त्योहार", "नई", "दिल्ली", "२०२७"], space: " " },
  emoji: { words: ["🎉", "Party", "🚀", "Launch", "🎆", "Neujahr", "👨‍👩‍👧", "🏳️‍🌈"], space: " " },
  unbroken: { words: ["Supercalifragilistic", "Donaudampfschifffahrt", "x"], space: "" },
};
type Script = keyof typeof SCRIPTS;

/** Text of a script, `length` characters long at most (code points), cut at a character. */
const textOf = (script: Script, picks: number[], length: number) => {
  const { words, space } = SCRIPTS[script];
  let text = "";
  for (let i = 0; [...text].length < length; i++)
    text += (i ? space : "") + words[picks[i % picks.length]! % words.length];
  return [...text].slice(0, length).join("").trim() || words[0]!;
};

const LANGS: Record<Script, string> = {
  latin: "de",
  cjk: "ja",
  arabic: "ar",
  devanagari: "hi",
  emoji: "en",
  unbroken: "en",
};
const ZONES = [
  "Asia/Tokyo",
  "America/New_York",
  "Europe/Berlin",
  "Asia/Riyadh",
  "Asia/Kolkata",
  "America/Argentina/Buenos_Aires",
  "UTC",
  "Pacific/Chatham",
];
const STATES = ["counting", "ended", "ended-default", "postponed", "cancelled", "repeating", "evergreen"] as const;
/** Countdowns a site: one of each state. */
const PER_SITE = STATES.length;
/** An evergreen countdown's start long enough ago that its deadline has passed. */
const OLD_START = Math.floor((NOW - 30 * DAY) / 1000);

const countdownArbitrary = fc.record({
  titleScript: fc.constantFrom(...(Object.keys(SCRIPTS) as Script[])),
  titleLength: fc.oneof(fc.constant(200), fc.constant(1), fc.integer({ min: 2, max: 199 })),
  doneScript: fc.constantFrom(...(Object.keys(SCRIPTS) as Script[])),
  doneLength: fc.oneof(fc.constant(200), fc.integer({ min: 1, max: 199 })),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
  zone: fc.constantFrom(...ZONES),
  hours: fc.integer({ min: 0, max: 23 }),
  link: fc.boolean(),
  layout: fc.constantFrom(...CHOICES.layout),
  units: fc.constantFrom(...UNIT_RUNS),
  labels: fc.constantFrom(...LABELS),
  separator: fc.constantFrom("space", "colon"),
  /** An image (its file's `image`): its page's header, and its widget's background (`background=image`). */
  image: fc.boolean(),
});

/** A countdown's file: `digits` digits of days left (1 to 5), in `state`. */
function countdownFile(
  data: typeof countdownArbitrary extends fc.Arbitrary<infer T> ? T : never,
  digits: number,
  state: (typeof STATES)[number],
): string {
  const days = [3, 45, 345, 4321, 26_000][digits - 1]!;
  // An ended one is over by as many days (at most 400: targets are after 1970), and shows zeros.
  const ended = state === "ended" || state === "ended-default";
  const target = ended
    ? NOW - (Math.min(days, 400) * DAY + data.hours * 3_600_000)
    : NOW + days * DAY + data.hours * 3_600_000;
  const lines = [
    `title: ${JSON.stringify(textOf(data.titleScript, data.picks, data.titleLength))}`,
    // An evergreen one counts as many days (at most 365) from each viewer's start.
    state === "evergreen"
      ? `evergreen: "${Math.min(days, 365)} days"`
      : `target: "${isoSeconds(Math.floor(target / 1000) * 1000)}"`,
    `timezone: "${data.zone}"`,
    `lang: "${LANGS[data.titleScript]}"`,
    ...(state === "ended-default"
      ? []
      : [`done: ${JSON.stringify(textOf(data.doneScript, data.picks, data.doneLength))}`]),
    ...(state === "postponed" || state === "cancelled" ? [`status: ${state}`] : []),
    ...(state === "repeating" ? ["repeat: weekly"] : []),
    ...(data.image ? [`image: "${HEADER_IMAGE.file}"`] : []),
    ...(data.link
      ? [
          "widget:",
          `  link: { text: ${JSON.stringify(textOf(data.titleScript, data.picks, 40))}, url: "https://tickets.example/" }`,
        ]
      : []),
  ];
  return `---\n${lines.join("\n")}\n---\n${textOf(data.doneScript, data.picks, 300)}\n`;
}

interface Site {
  base: string;
  slugs: {
    slug: string;
    layout: string;
    units: string;
    /** The labels and the separator, as a query: `labels=long&separator=colon`. */
    words: string;
    over: boolean;
    evergreen: boolean;
    /** With an image: its widgets are drawn with `background=image`. */
    background: string;
  }[];
  local: ProductionServer;
  outDir: string;
}
const sites: Record<string, Site> = {};
/** Per site, a page of another origin showing its countdowns as <countdown-timer>s. */
const hosts: Record<string, string> = {};
let hostServer: http.Server | undefined;
let work: string;

/** The host page of a site's elements: each countdown in every layout, in a 290 px card (its count in 3rem type, as the docs' example sets it) and full width. */
function hostPage(site: Site): string {
  const elements = site.slugs.flatMap(({ slug }) =>
    CHOICES.layout.flatMap((layout) => [
      `<div class="card"><countdown-timer slug="${slug}" site="${site.base}/" layout="${layout}" theme="light"></countdown-timer></div>`,
      `<countdown-timer slug="${slug}" site="${site.base}/" layout="${layout}"></countdown-timer>`,
    ]),
  );
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Host</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/host.css"><script type="module" src="${site.base}/api/element.js"></script><body>${elements.join("\n")}`;
}

beforeAll(async () => {
  console.log(`layout: LAYOUT_SEED=${SEED}`);
  work = mkdtempSync(path.join(tmpdir(), "countdown-layout-"));
  const samples = fc.sample(countdownArbitrary, { seed: SEED, numRuns: 2 * PER_SITE });
  for (const [language, name, links] of [
    [
      "de",
      "Veranstaltungskalender der Stadtbibliothek und des Kulturzentrums am Marktplatz",
      ["Impressum", "Datenschutzerklärung", "Kontakt und Anfahrt"],
    ],
    [
      "ar",
      "تقويم فعاليات المكتبة العامة والمركز الثقافي في ساحة السوق القديمة بالمدينة",
      ["اتصل بنا", "سياسة الخصوصية"],
    ],
  ] as const) {
    const dir = path.join(work, language);
    mkdirSync(path.join(dir, "countdowns"), { recursive: true });
    mkdirSync(path.join(dir, "_data"));
    mkdirSync(path.join(dir, path.dirname(HEADER_IMAGE.file)));
    writeFileSync(path.join(dir, HEADER_IMAGE.file), headerImageBytes());
    writeFileSync(
      path.join(dir, "_data", "site.json"),
      JSON.stringify({
        name,
        language,
        tools: ["creator", "pages", "api"],
        links: links.map((text, i) => ({ text, url: `https://example.org/${i}` })),
      }),
    );
    // A countdown of each state a site, every number of digits among them.
    const slugs = samples
      .slice(language === "de" ? 0 : PER_SITE, language === "de" ? PER_SITE : 2 * PER_SITE)
      .map((data, i) => {
        const digits = ((i + (language === "de" ? 0 : 2)) % 5) + 1;
        const state = STATES[i]!;
        const slug = `c${i}-${digits}-${state}`;
        writeFileSync(path.join(dir, "countdowns", `${slug}.md`), countdownFile(data, digits, state));
        return {
          slug,
          layout: data.layout,
          units: data.units,
          words: `labels=${data.labels}&separator=${data.separator}`,
          over: state.startsWith("ended"),
          evergreen: state === "evergreen",
          background: data.image ? "&background=image" : "",
        };
      });
    const outDir = path.join(dir, "dist");
    const built = await publish(
      readConfig({
        COUNTDOWNS_DIR: path.join(dir, "countdowns"),
        OUT_DIR: outDir,
        SITE_FILE: path.join(dir, "_data", "site.json"),
      }),
      { now: NOW },
    );
    if (!built.ok)
      throw new Error(
        `the layout test's countdowns do not build (LAYOUT_SEED=${SEED}): ${JSON.stringify(built.problems)}`,
      );
    const local = createProductionServer({ outDir, log: () => {} });
    await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
    sites[language] = {
      base: `http://127.0.0.1:${(local.server.address() as AddressInfo).port}`,
      slugs,
      local,
      outDir,
    };
  }
  // The elements' host pages: another origin (localhost), as a site that embeds them is.
  hostServer = http.createServer((request, response) => {
    if (request.url === "/host.css") {
      response.writeHead(200, { "Content-Type": "text/css" });
      response.end(
        "body{margin:8px;font:16px/1.4 system-ui,sans-serif}.card{width:290px;box-sizing:border-box;margin:8px 0;padding:12px;border:1px solid #ccc;border-radius:8px}countdown-timer{margin:8px 0}.card countdown-timer{--countdown-size:3rem}",
      );
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(hostPage(sites[request.url!.slice(1, 3)]!));
  });
  await new Promise<void>((resolve) => hostServer!.listen(0, "127.0.0.1", resolve));
  const hostBase = `http://localhost:${(hostServer.address() as AddressInfo).port}`;
  for (const language of Object.keys(sites)) hosts[language] = `${hostBase}/${language}`;
}, 120_000);

afterAll(async () => {
  for (const site of Object.values(sites)) await site.local.close();
  await new Promise((resolve) => (hostServer ? hostServer.close(resolve) : resolve(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

// The email image: every text of its first frame inside its room (the image; a unit's column) and
// off every other text, each drawn alone so that ink the image would cut shows. Drawn by the service's
// own code (no browser draws it), from the built live data, as the email route reads it.
describe("email image", () => {
  for (const language of ["de", "ar"]) {
    it(
      `holds the email image of a ${language === "de" ? "German" : "right-to-left Arabic"} site's countdowns in every layout at 240, 600 and 1200 px`,
      { timeout: 600_000 },
      () => {
        const { slugs, outDir } = sites[language]!;
        const store = openLiveFolder(buildPaths(outDir).live);
        const problems: string[] = [];
        for (const { slug, evergreen, units, words } of slugs) {
          for (const layout of [
            "text",
            "units",
            `units&units=${units}`,
            `text&units=${units}`,
            `text&${words}`,
            `units&${words}`,
            ...["ring", "flip", "digital"].flatMap((face) => [face, `${face}&units=${units}&${words}`]),
          ]) {
            for (const width of [240, 600, 1200]) {
              // An evergreen one for a recipient who just signed up, and for one whose deadline has passed.
              for (const start of evergreen ? [`&start=${NOW / 1000}`, `&start=${OLD_START}`] : [""]) {
                const query = `layout=${layout}&width=${width}${start}`;
                const params = readQuery(query) as Query;
                const entry = forViewer(store.get(slug)!, params, NOW) as LiveEntry;
                const image = emailTexts({
                  entry,
                  options: resolveEmailOptions(entry.email ?? "", params),
                  second: NOW,
                });
                const where = `/api/email/${slug}.png?${query}`;
                const inks = image.texts.map(({ text, room, ink }) => {
                  if (!ink) problems.push(`${where}: ${JSON.stringify(text)} draws nothing`);
                  else if (
                    ink.x < room.x ||
                    ink.x + ink.width > room.x + room.width ||
                    ink.y < 0 ||
                    ink.y + ink.height > image.height
                  )
                    problems.push(
                      `${where}: ${JSON.stringify(text)} stands outside its room (ink ${JSON.stringify(ink)}, room ${JSON.stringify({ ...room, height: image.height })})`,
                    );
                  return { text, ink };
                });
                inks.forEach((a, i) => {
                  for (const b of inks.slice(i + 1)) {
                    if (
                      a.ink &&
                      b.ink &&
                      a.ink.x < b.ink.x + b.ink.width &&
                      b.ink.x < a.ink.x + a.ink.width &&
                      a.ink.y < b.ink.y + b.ink.height &&
                      b.ink.y < a.ink.y + a.ink.height
                    )
                      problems.push(`${where}: ${JSON.stringify(a.text)} is drawn over ${JSON.stringify(b.text)}`);
                  }
                });
              }
            }
          }
        }
        expect(problems, `LAYOUT_SEED=${SEED}`).toEqual([]);
      },
    );
  }
});

for (const name of ENGINE_NAMES) {
  describe(name, () => {
    let engine: Engine;
    let page: EnginePage | undefined;
    beforeAll(async () => {
      engine = await launchEngine(name);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    /** Opens `url` in the one page of this engine, at `width` × `height`. */
    async function open(url: string, width: number, height: number): Promise<EnginePage> {
      if (!page) page = await engine.open(url, { width, height });
      else {
        await page.setViewport(width, height);
        await page.goto(url);
      }
      return page;
    }

    /**
     * The problems of `url` at each size, each line naming where it was seen; in a widget's frame also
     * a text clamped at a size where it is whole at a smaller one (the sizes come largest first).
     */
    async function problemsAt(url: string, sizes: [number, number][], frame: boolean): Promise<string[]> {
      const problems: string[] = [];
      const clamped: { name: string; clamped: boolean }[][] = [];
      for (const [i, [width, height]] of sizes.entries()) {
        const at = i === 0 ? await open(url, width, height) : page!;
        if (i > 0) {
          await at.setViewport(width, height);
          // The widget fits itself again on "resize", dispatched before the next frame is drawn.
          await at.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
        }
        for (const problem of await boxProblems(at, frame)) problems.push(`${url} at ${width}x${height}: ${problem}`);
        if (frame) clamped.push(await clampedTexts(at));
      }
      for (const [i, texts] of clamped.entries()) {
        for (const text of texts.filter((text) => text.clamped)) {
          const whole = sizes.findIndex(
            (_, j) => j > i && clamped[j]!.some((other) => other.name === text.name && !other.clamped),
          );
          if (whole >= 0)
            problems.push(
              `${url}: ${text.name} is clamped at ${sizes[i]!.join("x")} but whole at ${sizes[whole]!.join("x")}`,
            );
        }
      }
      return problems;
    }

    for (const language of ["de", "ar"]) {
      const site = language === "de" ? "German" : "right-to-left Arabic";
      it(
        `holds a ${site} site's pages at 320 to 1280 px: the index, the creator, the 404 page, and each countdown's page and owner's page`,
        { timeout: 300_000 },
        async () => {
          const { base, slugs } = sites[language]!;
          const pageSizes = PAGE_WIDTHS.map((width): [number, number] => [width, 800]);
          const problems: string[] = [];
          for (const pathname of ["/", "/new/", "/no-such-page/"])
            problems.push(...(await problemsAt(base + pathname, pageSizes, false)));
          for (const { slug, evergreen } of slugs) {
            problems.push(...(await problemsAt(`${base}/${slug}/`, pageSizes, false)));
            // An evergreen countdown for a visitor whose deadline has passed.
            if (evergreen)
              problems.push(...(await problemsAt(`${base}/${slug}/?start=${OLD_START}`, pageSizes, false)));
            problems.push(
              ...(await problemsAt(
                `${base}/${slug}/embed/`,
                [
                  [320, 800],
                  [1280, 800],
                ],
                false,
              )),
            );
          }
          expect(problems, `LAYOUT_SEED=${SEED}`).toEqual([]);
        },
      );

      it(
        `holds the widget of a ${site} site's countdowns in every layout at 600x250, 320x180 and 280x180, counting and at zero`,
        { timeout: 300_000 },
        async () => {
          const { base, slugs } = sites[language]!;
          const problems: string[] = [];
          for (const { slug, layout, units, words, over, evergreen, background } of slugs) {
            for (const query of [
              ...CHOICES.layout.map((each) => `layout=${each}`),
              `layout=${layout}&units=${units}`,
              `layout=${layout}&${words}`,
              ...(evergreen ? [`layout=${layout}&start=${OLD_START}`] : []),
            ]) {
              problems.push(
                ...(await problemsAt(`${base}/api/embed/${slug}?${query}${background}`, WIDGET_SIZES, true)),
              );
            }
            // At zero, the time since under the done message as well, in the countdown's own layout.
            if (over)
              problems.push(
                ...(await problemsAt(`${base}/api/embed/${slug}?after=countup&layout=${layout}`, WIDGET_SIZES, true)),
              );
          }
          expect(problems, `LAYOUT_SEED=${SEED}`).toEqual([]);
        },
      );

      it(
        `holds <countdown-timer> of a ${site} site's countdowns in every layout, in a 290 px card and full width, at 320 and 1280 px`,
        { timeout: 300_000 },
        async () => {
          const host = await open(`${hosts[language]}/`, 1280, 900);
          // Every element drawn (its count, or its status or done message) before it is measured, on the page as it is.
          const drawn = () =>
            waitInPage(
              host,
              () =>
                [...document.querySelectorAll("countdown-timer")].every(
                  (element) =>
                    /\d/.test(element.shadowRoot?.querySelector("[part=number]")?.textContent ?? "") ||
                    element.shadowRoot?.querySelector("[part=message]")?.textContent,
                ) || null,
              30_000,
            );
          const problems: string[] = [];
          for (const [width, height] of [
            [1280, 900],
            [320, 900],
          ] as const) {
            await host.setViewport(width, height);
            await drawn();
            for (const problem of await boxProblems(host, false))
              problems.push(`${hosts[language]}/ at ${width}x${height}: ${problem}`);
            // The units of every layout but text stand in one row, whatever the card's width.
            const split = await host.evaluate(() =>
              [...document.querySelectorAll("countdown-timer:not([layout=text])")].flatMap((element) => {
                const units = [...(element.shadowRoot?.querySelectorAll("p > b") ?? [])].map((unit) =>
                  unit.getBoundingClientRect(),
                );
                return units.length === 4 &&
                  units[0]!.width > 0 &&
                  units.some((unit) => Math.abs(unit.top - units[0]!.top) > 2)
                  ? [
                      `${element.getAttribute("slug")} ${element.getAttribute("layout")}${element.parentElement?.className === "card" ? " in a card" : ""}`,
                    ]
                  : [];
              }),
            );
            for (const element of split)
              problems.push(`${hosts[language]}/ at ${width}x${height}: the units of ${element} are not in one row`);
          }
          expect(problems, `LAYOUT_SEED=${SEED}`).toEqual([]);
        },
      );
    }
  });
}
