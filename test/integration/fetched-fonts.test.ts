// A Cloudflare Worker fetches the font files of what an image draws before it draws it
// (src/workers/font-files.ts): the route names its texts, the table of what each file covers picks
// the files, and a file read that was not fetched is a fault. Here the same, in Node: the fonts are
// read only where fetched, chosen through the same table, for the email image, its notices and the
// link preview, in every script of the set, language, layout and state. Each case starts with no
// font read (a fresh module graph), as a new isolate does.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { coverageOf, covered } from "../../src/images/font-coverage.ts";
import { fontFolder } from "../../src/images/font-files.ts";
import type { LiveCountdown } from "../../src/live/live-store.ts";
import type { FileFetch } from "../../src/live/route.ts";
import { DAY, SECOND } from "../../src/time/units.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { testLiveStore } from "../support/live-store.ts";

const fonts = vi.hoisted(() => ({
  fetched: new Set<string>(),
  read: new Set<string>(),
  coverage: {} as Record<string, number[]>,
}));

vi.mock("../../src/images/font-files.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/images/font-files.ts")>();
  return {
    ...real,
    fontBytes(file: string) {
      if (!fonts.fetched.has(file)) throw new Error(`${file} was read before it was fetched`);
      fonts.read.add(file);
      return real.fontBytes(file);
    },
    fontCovers: (file: string, code: number) => covered(fonts.coverage[file]!, code),
  };
});

// resvg's WebAssembly starts once a process: kept across the fresh module graphs.
vi.mock("../../src/images/resvg.ts", async (importOriginal) => await importOriginal());

beforeAll(() => {
  for (const name of readdirSync(fontFolder()))
    if (/\.(ttf|ttc|otf)$/.test(name)) fonts.coverage[name] = coverageOf(readFileSync(path.join(fontFolder(), name)));
});

const START = Date.parse("2031-05-14T09:26:40Z");
const NOW = START + 400;

const TITLES: Record<string, [title: string, lang: string]> = {
  latin: ["Summer sale", "en"],
  german: ["Stadtfest übermorgen", "de"],
  japanese: ["夏のセール　開幕", "ja"],
  korean: ["여름 세일", "ko"],
  chinese: ["夏季促销", "zh-TW"],
  arabic: ["تخفيضات الصيف", "ar"],
  hebrew: ["מבצע קיץ", "he"],
  hindi: ["ग्रीष्मकालीन बिक्री", "hi"],
  thai: ["ลดราคาฤดูร้อน", "th"],
  emoji: ["Launch 🚀 party 🎉", "en"],
};

const countdowns: LiveCountdown[] = Object.entries(TITLES).flatMap(([name, [title, lang]]) => [
  { slug: `${name}-on`, title, lang, targetDate: isoSeconds(START + 3 * DAY + 20 * SECOND), zone: "Asia/Tokyo" },
  { slug: `${name}-over`, title, lang, targetDate: "2020-01-01T00:00:00Z" },
  { slug: `${name}-postponed`, title, lang, targetDate: isoSeconds(START + 40 * DAY), status: "postponed" as const },
  { slug: `${name}-evergreen`, title, lang, evergreen: 72 * 3600 },
]);

/** A live handler as a Worker's: the fonts of the texts each route names fetched before it answers, chosen as the Worker chooses them. */
async function workerLike(siteLanguage = "en") {
  vi.resetModules();
  fonts.fetched.clear();
  fonts.read.clear();
  const { createLiveHandler } = await import("../../src/live/handler.ts");
  const { everyLiveAnswer } = await import("../../src/live/answers.ts");
  const { emailDrawings } = await import("../../src/live/email-drawings.ts");
  const { fontFilesOf } = await import("../../src/images/fonts.ts");
  const store = { ...testLiveStore(countdowns), siteLanguage };
  const handler = createLiveHandler({
    store: () => store,
    answers: everyLiveAnswer(emailDrawings()),
    now: () => NOW,
    log: () => {},
  });
  const fetchFiles: FileFetch = async ({ texts }) => {
    for (const file of fontFilesOf(texts?.() ?? [])) fonts.fetched.add(file);
  };
  return async (target: string) => {
    const [pathname, query = ""] = target.split("?") as [string, string?];
    return (await handler({ method: "GET", pathname, query, fetchFiles })).status;
  };
}

describe("the fonts an image reads are the ones its route names first", () => {
  it.each(Object.keys(TITLES))("%s: counting, over, postponed; its preview", async (name) => {
    const get = await workerLike();
    expect(await get(`/api/email/${name}-on.gif?frames=2`)).toBe(200);
    expect(await get(`/api/email/${name}-over.png`)).toBe(200);
    expect(await get(`/api/email/${name}-postponed.png`)).toBe(200);
    expect(await get(`/api/og/${name}-postponed.png`)).toBe(200);
    expect(await get(`/api/og/${name}-on.png`)).toBe(200);
    // (A title in a script the Latin face lacks was drawn in its own font; Noto Sans has Devanagari.)
    if (!["latin", "german", "hindi"].includes(name))
      expect(
        [...fonts.read].some((file) => !/^NotoSans-/.test(file)),
        [...fonts.read].join(),
      ).toBe(true);
  });

  it.each(["ja", "ar", "hi", "he", "th", "ko", "zh-TW", "de", "ru"])(
    "a Latin title in the image's language %s, its labels long and short, every layout",
    async (lang) => {
      const get = await workerLike();
      for (const query of [
        "labels=long",
        "labels=short&separator=colon",
        "layout=compact",
        "layout=ring",
        "layout=flip",
        "layout=digital",
      ])
        expect(await get(`/api/email/latin-on.png?lang=${lang}&${query}`), query).toBe(200);
      expect(await get(`/api/email/latin-over.png?lang=${lang}`)).toBe(200);
    },
  );

  it.each(["ja", "ar", "hi", "en"])(
    "a notice in the site's language %s (an unknown slug, a link it cannot read), and in a countdown's (a start refused)",
    async (lang) => {
      const get = await workerLike(lang);
      expect(await get("/api/email/nope.gif")).toBe(404);
      expect(await get(`/api/email/latin-on.png?width=${"9".repeat(5000)}`)).toBe(414);
      expect(await get("/api/email/thai-evergreen.png?start=nope")).toBe(400);
    },
  );
});
