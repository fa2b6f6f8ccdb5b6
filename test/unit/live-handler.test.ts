// "GET /api/countdown/:slug" and "GET /api/health" on the live handler itself, over live data held in
// memory, with a fixed clock (the Netlify Functions that wrap it: test/integration/netlify-functions.test.ts).
import { describe, expect, it } from "vitest";
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { everyLiveAnswer } from "../../src/live/answers.ts";
import { emailDrawings } from "../../src/live/email-drawings.ts";
import { LIVE_ROUTES } from "../../src/http/routes.ts";
import { createLiveHandler } from "../../src/live/handler.ts";
import { netlifyFunction } from "../../netlify/adapter.ts";
import { createLiveStore, liveDataFiles } from "../../src/live/live-store.ts";
import { testLiveStore } from "../support/live-store.ts";

const NOW = Date.parse("2026-12-30T20:58:56.750Z");
const store = testLiveStore(
  [
    { slug: "new-year", title: "New Year", targetDate: "2027-01-01T00:00:00Z" },
    { slug: "done", title: "Done", targetDate: "2020-01-01T00:00:00Z" },
  ],
  { version: "1.2.3+abc" },
);
const handler = netlifyFunction(
  createLiveHandler({ store: () => store, answers: LIVE_ANSWERS, now: () => NOW, log: () => {} }),
);
const get = async (path: string, init?: RequestInit) => handler(new Request(`https://example.test${path}`, init));

describe("answers a countdown with both published shapes in one body", () => {
  it("computes the time left for the instant it reports as serverTime", async () => {
    const response = await get("/api/countdown/new-year");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      slug: "new-year",
      title: "New Year",
      targetDate: "2027-01-01T00:00:00Z",
      timeLeft: { days: 1, hours: 3, minutes: 1, seconds: 3 },
      targetIso: "2027-01-01T00:00:00Z",
      days: 1,
      expired: false,
      serverTime: "2026-12-30T20:58:56.750Z",
      status: "scheduled",
    });
  });

  it("is all zeros and expired after the target", async () => {
    const body = await (await get("/api/countdown/done")).json();
    expect(body.timeLeft).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(body.days).toBe(0);
    expect(body.expired).toBe(true);
  });

  it("gives exactly Shape A's fields for ?shape=a and Shape B's for ?shape=b", async () => {
    expect(await (await get("/api/countdown/new-year?shape=a")).json()).toEqual({
      slug: "new-year",
      title: "New Year",
      targetDate: "2027-01-01T00:00:00Z",
      timeLeft: { days: 1, hours: 3, minutes: 1, seconds: 3 },
    });
    expect(await (await get("/api/countdown/new-year?shape=b")).json()).toEqual({
      slug: "new-year",
      title: "New Year",
      targetIso: "2027-01-01T00:00:00Z",
      days: 1,
    });
  });

  it("ignores other query parameters", async () => {
    expect(Object.keys(await (await get("/api/countdown/new-year?utm_source=x&shape=b&v=2")).json())).toEqual([
      "slug",
      "title",
      "targetIso",
      "days",
    ]);
  });
});

describe("answers bad input with JSON errors", () => {
  it("answers any other shape with 400 invalid_shape", async () => {
    for (const query of ["shape=c", "shape=", "shape=A", "shape=a&shape=b"]) {
      const response = await get(`/api/countdown/new-year?${query}`);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe("invalid_shape");
      expect(body.error.message).toMatch(/"shape" must be given once, as "a" or "b"/);
    }
  });

  it("answers an unknown slug, whatever its form, with 404 not_found", async () => {
    for (const slug of [
      "nope",
      "NEW-YEAR",
      "new-year/extra",
      "",
      "%E0%A4%A",
      "..%2F..%2Fpackage.json",
      "__proto__",
      "constructor",
    ]) {
      const response = await get(`/api/countdown/${slug}`);
      expect(response.status, slug).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });

  it("answers other methods with 405 and Allow", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await get("/api/countdown/new-year", { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect((await response.json()).error.code).toBe("method_not_allowed");
    }
  });

  it("answers 503 without details when the built data is corrupt, and logs why", async () => {
    const lines: string[] = [];
    const broken = netlifyFunction(
      createLiveHandler({
        store: () => createLiveStore(() => '{"version": 1}'),
        answers: LIVE_ANSWERS,
        log: (line) => lines.push(line),
      }),
    );
    const response = await broken(new Request("https://example.test/api/countdown/new-year"));
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe("unavailable");
    expect(text).not.toMatch(/at |Error|version/);
    expect(lines).toEqual([expect.stringMatching(/live data unavailable: live data meta.json has no tz/)]);
  });
});

describe("answers HEAD and CORS preflight", () => {
  it("answers HEAD with the headers of GET and no body", async () => {
    const response = await get("/api/countdown/new-year", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it("answers OPTIONS with 204 and the CORS grants", async () => {
    const response = await get("/api/countdown/new-year", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("answers health from the live runtime", () => {
  it("reports status, count, version and time, never cached", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      status: "ok",
      countdowns: 2,
      version: "1.2.3+abc",
      time: "2026-12-30T20:58:56.750Z",
      tzdata: { build: "2025c", runtime: process.versions.tz },
    });
  });
});

describe("a store whose reader has only the files fetched for it first (a Cloudflare Worker's)", () => {
  it("names the files each read needs, a few at a time, and reads no other", () => {
    const countdowns = Array.from({ length: 3000 }, (_, i) => ({
      slug: `countdown-${i}`,
      title: `Countdown ${i}`,
      targetDate: "2030-01-01T00:00:00Z",
    }));
    const files = liveDataFiles({
      version: "1",
      tz: "2025c",
      site: { origin: "https://example.test", basePath: "" },
      siteName: "Countdowns",
      countdowns,
    });
    const fetched = new Set<string>();
    const read = (name: string) => {
      if (!fetched.has(name)) throw new Error(`${name} read before it was fetched`);
      return files.get(name);
    };
    fetched.add("meta.json");
    const store = createLiveStore(read);
    expect(files.size).toBeGreaterThan(10);
    // Each health check reads the meta and the next shard in turn, and names them first, however many shards there are.
    const checked = new Set<string>();
    for (let check = 0; check < files.size + 2; check++) {
      fetched.clear();
      const named = store.checkedFiles();
      expect(named.length).toBeLessThanOrEqual(2);
      for (const name of named) fetched.add(name);
      expect(store.check()).toEqual([]);
      for (const name of named) checked.add(name);
    }
    expect(checked).toEqual(new Set(files.keys()));
    fetched.clear();
    fetched.add(store.fileOf("countdown-2999"));
    expect(store.get("countdown-2999")?.title).toBe("Countdown 2999");
  });

  it("names again a shard that failed when read, until it is read", () => {
    const files = liveDataFiles({
      version: "1",
      tz: "2025c",
      site: { origin: "https://example.test", basePath: "" },
      siteName: "Countdowns",
      countdowns: Array.from({ length: 3000 }, (_, i) => ({
        slug: `c-${i}`,
        title: `C ${i}`,
        targetDate: "2030-01-01T00:00:00Z",
      })),
    });
    const broken = new Map(files);
    const shard = createLiveStore((name) => files.get(name)).fileOf("c-7");
    broken.set(shard, "{");
    const store = createLiveStore((name) => broken.get(name));
    expect(() => store.get("c-7")).toThrow(/not valid JSON/);
    for (let check = 0; check < 3; check++) expect(store.checkedFiles()).toContain(shard);
    broken.set(shard, files.get(shard)!);
    store.check();
    expect(store.checkedFiles().filter((name) => name === shard).length).toBeLessThanOrEqual(1);
    expect(store.get("c-7")?.title).toBe("C 7");
  });
});

describe("the one table of live answers", () => {
  it("answers every live route of the route table, and nothing else", () => {
    expect(Object.keys(everyLiveAnswer(emailDrawings())).sort()).toEqual(LIVE_ROUTES.map((route) => route.name).sort());
  });
});
