// The Netlify Functions as Netlify deploys them: bundled by Netlify's own bundler with their build's
// live data, and called as Netlify calls them; their routes are the route table's.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { config as netlifyConfig } from "../../netlify/functions/live.ts";
import { openLiveFolder } from "../../src/node/live-folder.ts";
import { liveDataFiles, type LiveCountdown } from "../../src/live/live-store.ts";
import { isoSeconds, timeLeft } from "../../src/time/time-left.ts";
import { LIVE_ROUTES } from "../../src/http/routes.ts";
import { deployFunctions, functionSettings } from "../../tools/netlify-bundle.ts";
import { netlifyFunction } from "../support/netlify-function.ts";
import { TEST_BASE_URL, TEST_LIVE_DIR, TEST_NOW } from "../support/paths.ts";

/** A folder for Netlify's bundles (imported from there by the tests), removed after them. */
const made: string[] = [];
const bundles = () => (made.push(mkdtempSync(path.join(tmpdir(), "netlify-functions-"))), made.at(-1)!);
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("the Netlify Function", () => {
  it("routes exactly its live paths of the route table", () => {
    expect(netlifyConfig.path).toEqual(LIVE_ROUTES.filter((route) => route.fn === "live").map((route) => route.path));
  });

  it("serves the live data of the build", async () => {
    const response = await netlifyFunction(new Request("https://example.test/api/countdown/long-past?shape=b"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      slug: "long-past",
      title: "Long past",
      targetIso: "2000-01-01T00:00:00Z",
      days: 0,
    });
  });

  it("are bundled by Netlify's own bundler with their build's live data, and answer from it", async () => {
    expect(functionSettings()["*"]).toEqual({ nodeBundler: "esbuild", includedFiles: ["dist/live/**"] });
    const deployed = await deployFunctions(TEST_LIVE_DIR, bundles());
    expect([...deployed.keys()].sort()).toEqual(["images", "live", "share"]);
    const run = async (name: string, target: string) => {
      const bundled = (await import(
        pathToFileURL(deployed.get(name)!.module).href
      )) as typeof import("../../netlify/functions/live.ts");
      return bundled.default(new Request(`${TEST_BASE_URL}${target}`));
    };
    // The code alone: the live data is beside it, never inside; no build tool either.
    expect(readFileSync(deployed.get("live")!.module, "utf8")).not.toMatch(/luxon|eleventy|js-yaml|Long past|resvg/i);
    expect(await (await run("live", "/api/countdown/long-past?shape=b")).json()).toEqual({
      slug: "long-past",
      title: "Long past",
      targetIso: "2000-01-01T00:00:00Z",
      days: 0,
    });
    expect((await (await run("live", "/api/health")).json()).countdowns).toBeGreaterThan(3);
    expect(await (await run("share", "/api/badge/long-past.svg")).text()).toContain("<title>Long past: ended</title>");
    const oembed = await (
      await run("share", `/api/oembed?url=${encodeURIComponent(`${TEST_BASE_URL}/long-past/`)}`)
    ).json();
    expect(oembed.title).toBe("Long past");
    // The image function finds its fonts and its native renderer in the bundle.
    const png = await run("images", "/api/og/long-past.png");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    const gif = await run("images", "/api/email/long-past.gif");
    expect(gif.headers.get("content-type")).toBe("image/gif");
    expect(
      Buffer.from(await gif.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe("GIF89a");
    // Within Netlify's limits for a function: 50 MB zipped, 250 MB unzipped.
    for (const [name, { zipBytes, unzippedBytes }] of deployed) {
      expect(zipBytes, name).toBeLessThan(50 * 1024 * 1024);
      expect(unzippedBytes, name).toBeLessThan(250 * 1024 * 1024);
    }
  });

  it("answers right for countdowns deep in a set of 100,000, as Netlify's bundler deploys it", async () => {
    const COUNT = 100_000;
    const MINUTE = 60_000;
    // From a month after the run's clock on, a minute apart: all ahead, whatever day the suite runs.
    const targetOf = (i: number) => isoSeconds(Math.floor(TEST_NOW / MINUTE) * MINUTE + 30 * 86_400_000 + i * MINUTE);
    const countdowns = Array.from({ length: COUNT }, (_, i): LiveCountdown => ({
      slug: `countdown-${i}`,
      title: `Countdown ${i}`,
      targetDate: targetOf(i),
    }));
    // One repeating and one postponed, deep in the set, so each kind is read from its shard.
    countdowns[77_777] = {
      ...countdowns[77_777]!,
      zone: "Europe/Berlin",
      repeat: { rule: "weekly", start: "2024-01-05T17:00:00" },
      targetDate: "2024-01-05T16:00:00Z",
    };
    countdowns[88_888] = { ...countdowns[88_888]!, status: "postponed" };
    const dir = mkdtempSync(path.join(tmpdir(), "live-100k-"));
    try {
      const template = openLiveFolder(TEST_LIVE_DIR);
      for (const [name, text] of liveDataFiles({
        version: "large",
        tz: template.tz,
        site: template.site,
        siteName: template.siteName,
        countdowns,
      })) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      }
      const deployed = await deployFunctions(dir, bundles());
      const live = (await import(
        pathToFileURL(deployed.get("live")!.module).href
      )) as typeof import("../../netlify/functions/live.ts");
      const get = async (target: string) => {
        const response = await live.default(new Request(`${TEST_BASE_URL}${target}`));
        return { status: response.status, body: await response.json() };
      };
      for (const i of [0, 54_321, COUNT - 1]) {
        const { status, body } = await get(`/api/countdown/countdown-${i}`);
        expect(status).toBe(200);
        expect(body).toMatchObject({
          slug: `countdown-${i}`,
          title: `Countdown ${i}`,
          targetDate: targetOf(i),
          status: "scheduled",
          expired: false,
        });
        expect(body.timeLeft).toEqual(timeLeft(Date.parse(targetOf(i)), Date.parse(body.serverTime)));
      }
      const weekly = await get("/api/countdown/countdown-77777");
      expect(weekly.body.repeat).toBe("weekly");
      const next = Date.parse(weekly.body.targetDate);
      expect(next).toBeGreaterThan(Date.parse(weekly.body.serverTime));
      expect(next - Date.parse(weekly.body.serverTime)).toBeLessThanOrEqual(7 * 86_400_000);
      expect(
        new Intl.DateTimeFormat("en-GB", {
          timeZone: "Europe/Berlin",
          weekday: "short",
          hour: "2-digit",
          minute: "2-digit",
        }).format(next),
      ).toBe("Fri 17:00");
      expect((await get("/api/countdown/countdown-88888")).body.status).toBe("postponed");
      expect(await get("/api/countdown/countdown-100000")).toMatchObject({
        status: 404,
        body: { error: { code: "not_found" } },
      });
      expect((await get("/api/health")).body).toMatchObject({ countdowns: COUNT, version: "large" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
