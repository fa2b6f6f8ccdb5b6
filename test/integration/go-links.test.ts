// `/go/<slug>` (src/live/go.ts): a link that sends a visitor to the countdown's `go.before` while it
// counts and to `go.after` once it has ended, never cached past the moment it changes: the handler at
// clocks the test sets around each kind of deadline, and the real server over the fixture build (the
// Netlify function and the Worker answer the same: test/integration/route-parity.test.ts,
// test/integration/workers.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { createLiveHandler } from "../../src/live/handler.ts";
import type { LiveCountdown } from "../../src/live/live-store.ts";
import { isoSeconds } from "../../src/time/time-left.ts";
import { EVERGREEN_CAPPED, GO_LINKS, fixtureFiles } from "../support/fixtures.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { testLiveStore } from "../support/live-store.ts";
import { TEST_OUT_DIR } from "../support/paths.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
const NOW = Date.parse("2031-05-14T09:00:00Z");
const go = { before: "https://shop.example/offer", after: "https://shop.example/over" };
const COUNTDOWNS: LiveCountdown[] = [
  { slug: "sale", title: "Sale", targetDate: isoSeconds(NOW + 90 * SECOND), go },
  { slug: "far", title: "Far", targetDate: isoSeconds(NOW + 3 * DAY), go },
  { slug: "off", title: "Off", targetDate: isoSeconds(NOW + DAY), status: "cancelled", go },
  { slug: "later", title: "Later", targetDate: isoSeconds(NOW + DAY), status: "postponed", go },
  // Every day at 09:00 UTC until two days on: before the next occurrence while one is ahead.
  {
    slug: "daily",
    title: "Daily",
    targetDate: isoSeconds(NOW - DAY + HOUR),
    repeat: {
      rule: "daily",
      start: "2031-05-13T10:00:00",
      until: isoSeconds(NOW + 2 * DAY),
      last: isoSeconds(NOW + DAY + HOUR),
    },
    go,
  },
  { slug: "offer", title: "Offer", evergreen: 72 * 3600, until: isoSeconds(NOW + 10 * HOUR), go },
  { slug: "plain", title: "Plain", targetDate: isoSeconds(NOW + DAY) },
];

const handler = (nowMs: number) =>
  createLiveHandler({ store: () => testLiveStore(COUNTDOWNS), answers: LIVE_ANSWERS, now: () => nowMs, log: () => {} });
async function visit(target: string, nowMs = NOW) {
  const [pathname, query = ""] = target.split("?");
  const answer = await handler(nowMs)({ method: "GET", pathname: pathname!, query });
  return { status: answer.status, headers: answer.headers, body: String(answer.body ?? "") };
}
const sent = async (target: string, nowMs = NOW) => {
  const { status, headers } = await visit(target, nowMs);
  return [status, headers.Location, headers["Cache-Control"], headers["Netlify-CDN-Cache-Control"]];
};

describe("/go/<slug>", () => {
  it("sends to before while counting, kept no longer than the seconds left, and to after from the deadline on", async () => {
    const target = NOW + 90 * SECOND;
    expect(await sent("/go/sale")).toEqual([302, go.before, "public, max-age=60", "public, durable, max-age=90"]);
    expect(await sent("/go/sale", target - 30 * SECOND)).toEqual([
      302,
      go.before,
      "public, max-age=30",
      "public, durable, max-age=30",
    ]);
    // Under a second left: not kept at all.
    expect(await sent("/go/sale", target - 500)).toEqual([302, go.before, "no-store", undefined]);
    expect((await sent("/go/sale", target))[1]).toBe(go.after);
    expect(await sent("/go/sale", target + DAY)).toEqual([
      302,
      go.after,
      "public, max-age=60",
      "public, durable, max-age=86400",
    ]);
    // A day at most at a CDN, however far the deadline.
    expect((await sent("/go/far"))[3]).toBe("public, durable, max-age=86400");
  });

  it("follows the status: a cancelled countdown to after, a postponed one to before", async () => {
    expect((await sent("/go/off"))[1]).toBe(go.after);
    expect((await sent("/go/later"))[1]).toBe(go.before);
  });

  it("sends a repeating countdown to before until its last occurrence, kept until its next one", async () => {
    expect(await sent("/go/daily")).toEqual([302, go.before, "public, max-age=60", "public, durable, max-age=3600"]);
    // Just past today's occurrence: counting to tomorrow's.
    expect((await sent("/go/daily", NOW + HOUR + SECOND))[3]).toBe(`public, durable, max-age=${DAY / SECOND - 1}`);
    expect((await sent("/go/daily", NOW + DAY + HOUR + SECOND))[1]).toBe(go.after);
  });

  it("sends an evergreen countdown's viewer by their start, capped by until; without a start, to before, unkept", async () => {
    const start = (ms: number) => `start=${ms / SECOND}`;
    // An hour ago: counting to the cap, 10 hours on.
    expect(await sent(`/go/offer?${start(NOW - HOUR)}`)).toEqual([
      302,
      go.before,
      "public, max-age=60",
      `public, durable, max-age=${(10 * HOUR) / SECOND}`,
    ]);
    expect((await sent(`/go/offer?${start(NOW - 73 * HOUR)}`))[1]).toBe(go.after);
    expect((await sent(`/go/offer?${start(NOW - HOUR)}`, NOW + 10 * HOUR))[1]).toBe(go.after);
    expect(await sent("/go/offer")).toEqual([302, go.before, "no-store", undefined]);
    const refused = await visit("/go/offer?start=13/05/2031");
    expect([refused.status, JSON.parse(refused.body).error.code]).toEqual([400, "invalid_start"]);
    // Each viewer's answer at the CDN is keyed on the start, and on nothing else.
    expect((await visit(`/go/offer?${start(NOW - HOUR)}`)).headers["Netlify-Vary"]).toBe("query=start");
  });

  it("answers an unknown slug, and a countdown without go links, with 404 saying what to add", async () => {
    const unknown = await visit("/go/nope");
    expect([unknown.status, JSON.parse(unknown.body).error.code]).toEqual([404, "not_found"]);
    const plain = await visit("/go/plain");
    expect(plain.status).toBe(404);
    expect(JSON.parse(plain.body).error.message).toMatch(/has no go links; its file's "go: \{ before: …, after: … \}"/);
  });

  it("tells the page it leads to nothing of the page it came from", async () => {
    expect((await visit("/go/sale")).headers["Referrer-Policy"]).toBe("no-referrer");
  });
});

describe("a countdown file's go", () => {
  const parse = (lines: string) =>
    parseCountdownFile("countdowns/sale.md", `---\ntitle: Sale\ntarget: "2031-01-01T00:00:00Z"\n${lines}\n---\n`);
  it("takes two https addresses, and says what is wrong with each other value", () => {
    expect(parse(`go: { before: "${go.before}", after: "${go.after}" }`).countdown?.go).toEqual(go);
    const problems = parse(`go: { before: "http://shop.example/", later: "x" }`).problems.map(
      (p) => `${p.field}: ${p.message}`,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^go\.later: unknown field; "go" has a before and an after address/),
      expect.stringMatching(/^go\.before: "http:\/\/shop\.example\/" is not an https address/),
      expect.stringMatching(/^go\.after: is missing; write the https address \/go\/ sends to once it has ended/),
    ]);
    expect(parse(`go: "${go.before}"`).problems.map((p) => p.field)).toEqual(["go"]);
    // With go, the widget's link needs no address of its own: it leads to /go/<slug>.
    expect(
      parse(`go: { before: "${go.before}", after: "${go.after}" }\nwidget:\n  link: { text: "Shop" }`).problems,
    ).toEqual([]);
    expect(parse(`widget:\n  link: { text: "Shop" }`).problems.map((p) => p.field)).toEqual(["widget.link.url"]);
  });

  it("keeps go for the site itself: no countdown may be published as /go/", () => {
    expect(
      parseCountdownFile("countdowns/go.md", `---\ntitle: Go\ntarget: "2031-01-01T00:00:00Z"\n---\n`).problems[0]
        ?.message,
    ).toMatch(/"go" is reserved for the site itself/);
  });
});

describe("the real server over the fixture build", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(TEST_OUT_DIR);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

  it("redirects, and the widget's link and the owner's email snippet lead there", async () => {
    expect(fixtureFiles()["go-sale"]).toContain("go:");
    const counting = await get("/go/go-sale");
    expect([counting.status, counting.headers.get("location")]).toEqual([302, GO_LINKS.before]);
    const ended = await get("/go/go-ended");
    expect([ended.status, ended.headers.get("location")]).toEqual([302, GO_LINKS.after]);
    const widget = await (await get("/api/embed/go-sale")).text();
    expect(widget).toMatch(/<a href="[^"]*\/go\/go-sale" target="_top">Shop now<\/a>/);
    // An evergreen widget's link gets the viewer's start from its script (data-go).
    expect(await (await get(`/api/embed/${EVERGREEN_CAPPED.slug}`)).text()).toMatch(
      new RegExp(`<a href="[^"]*/go/${EVERGREEN_CAPPED.slug}" target="_top" data-go>Zum Angebot</a>`),
    );
    const owner = await (await get("/go-sale/embed/")).text();
    expect(owner).toMatch(/&lt;a href="[^"]*\/go\/go-sale"&gt;&lt;img src=/);
    const evergreenOwner = await (await get(`/${EVERGREEN_CAPPED.slug}/embed/`)).text();
    expect(evergreenOwner).toMatch(
      new RegExp(`data-email-snippet="&lt;a href=&quot;[^"]*/go/${EVERGREEN_CAPPED.slug}\\{start\\}&quot;`),
    );
    expect(evergreenOwner).toMatch(new RegExp(`&lt;a href="[^"]*/go/${EVERGREEN_CAPPED.slug}\\?start=[^"]+"&gt;`));
  });
});
