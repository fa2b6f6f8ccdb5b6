// Self-hosting: the examples of deploy/, each run as shipped. Debian's nginx and Caddy in front of the
// production server (TLS swapped for plain HTTP by editing the shipped file line by line), nginx
// mapping a sub-path, the systemd unit under systemd-analyze. (`git push` to a bare repository with
// the shipped hooks: test/integration/hooks.test.ts.)
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { getAsSent, getJsonAsSent } from "../support/http.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { edit, shipped, temporaryFolders } from "../support/shipped.ts";
import { ROOT, TEST_ENV, TEST_NOW, TEST_OUT_DIR } from "../support/paths.ts";
import { EVERGREEN } from "../support/fixtures.ts";
import {
  freePort,
  hasCommand,
  proxyFolder,
  startCaddy,
  startNginx,
  type ProxyProcess,
} from "../support/proxy-servers.ts";
import { startRecordingProxy, type RecordingProxy } from "../support/recording-proxy.ts";

const temporary = temporaryFolders();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Just after the clock's next whole second, so that a few requests fall within one second. */
const nextSecond = () => sleep(1030 - (Date.now() % 1000));

/**
 * What `body` saw, all of it within one second of the clock (a cache of one second keys on it): from
 * just after a second begins, tried again (up to ten times) when a stalled machine let it run into
 * the next second.
 */
async function inOneSecond<T>(body: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await nextSecond();
    const second = Math.floor(Date.now() / 1000);
    const seen = await body();
    if (Math.floor(Date.now() / 1000) === second) return seen;
    if (attempt === 10) throw new Error("ten attempts in a row ran into the next second");
  }
}

/** deploy/nginx/countdowns.conf on plain HTTP: the TLS listener on the test's port, certificates out. */
function nginxForTest(
  ports: { site: number; redirect: number; upstream: number },
  cacheDir: string,
  basePath = "",
): string {
  let text = shipped("nginx/countdowns.conf");
  text = edit(text, /^( *)listen 443 ssl http2;$/m, `$1listen 127.0.0.1:${ports.site};`);
  text = edit(text, /^( *)listen 80;$/m, `$1listen 127.0.0.1:${ports.redirect};`);
  text = edit(text, /^ *ssl_.*\n/gm, "");
  // The test's sandbox may have no IPv6.
  text = edit(text, /^ *listen \[::\]:.*\n/gm, "");
  text = edit(text, "server 127.0.0.1:8080;", `server 127.0.0.1:${ports.upstream};`);
  text = edit(text, "/var/cache/nginx/countdowns", cacheDir);
  // Under a sub-path, as the file's opening comment says: the `location /` block renamed.
  if (basePath) text = edit(text, /^( *)location \/ \{$/m, `$1location ${basePath}/ {`);
  return text;
}

/** deploy/caddy/Caddyfile on plain HTTP: a site address with http:// and a port gets no certificate. */
function caddyForTest(ports: { site: number; upstream: number }): string {
  let text = shipped("caddy/Caddyfile");
  text = edit(text, /^countdowns\.example\.org \{$/m, `http://127.0.0.1:${ports.site} {`);
  text = edit(text, "reverse_proxy 127.0.0.1:8080", `reverse_proxy 127.0.0.1:${ports.upstream}`);
  return text;
}

const [get, getJson] = [getAsSent, getJsonAsSent];

/** The countdown server, a recorder of what reaches it, and a proxy in front. */
interface Stack {
  server: RunningServer;
  recorder: RecordingProxy;
  proxy: ProxyProcess;
  /** The requests that reached the server since `mark`. */
  reached: (mark: number) => string[];
}

async function startStack(outDir: string, startProxy: (upstream: number) => Promise<ProxyProcess>): Promise<Stack> {
  const server = await startServer(outDir, {}, { bundled: true });
  const recorder = await startRecordingProxy(server.url);
  const proxy = await startProxy(recorder.port);
  return { server, recorder, proxy, reached: (mark) => recorder.requests.slice(mark).map((request) => request.url) };
}

async function stopStack(stack: Stack | undefined): Promise<void> {
  await stack?.proxy.stop();
  await stack?.recorder.close();
  await stack?.server.stop();
}

const PROXIES = [
  {
    name: "nginx (deploy/nginx/countdowns.conf)",
    start: async (upstream: number) => {
      const dir = proxyFolder("nginx");
      const ports = { site: await freePort(), redirect: await freePort(), upstream };
      return startNginx(dir, nginxForTest(ports, path.join(dir, "cache")), ports.site);
    },
  },
  {
    name: "Caddy (deploy/caddy/Caddyfile)",
    start: async (upstream: number) => {
      const ports = { site: await freePort(), upstream };
      return startCaddy(proxyFolder("caddy"), caddyForTest(ports), ports.site);
    },
  },
];

describe.each(PROXIES)("$name in front of the server", ({ start }) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(TEST_OUT_DIR, start);
  });
  afterAll(() => stopStack(stack));

  it("serves the pages, the widget and the live JSON", async () => {
    for (const [target, type] of [
      ["/", "text/html"],
      ["/future-launch/", "text/html"],
      ["/api/embed/future-launch", "text/html"],
      ["/api/pages", "application/json"],
      ["/api/countdown/future-launch", "application/json"],
      ["/api/badge/future-launch.svg", "image/svg+xml"],
    ] as const) {
      const answer = await get(`${stack.proxy.url}${target}`);
      expect(answer.status, target).toBe(200);
      expect(answer.headers["content-type"], target).toContain(type);
    }
    const live = await getJson(`${stack.proxy.url}/api/countdown/future-launch`);
    expect(live).toMatchObject({ slug: "future-launch", expired: false });
    expect((await get(`${stack.proxy.url}/api/countdown/no-such-countdown`)).status).toBe(404);
  });

  it("keeps the server's headers: CSP, CORS and Cache-Control as the server sends them", async () => {
    const names = [
      "content-type",
      "cache-control",
      "content-security-policy",
      "access-control-allow-origin",
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "allow",
    ];
    for (const target of [
      "/",
      "/future-launch/",
      "/api/embed/future-launch",
      "/api/pages",
      "/api/countdown/future-launch?shape=b",
      "/api/health",
      "/api/badge/future-launch.svg",
      "/api/countdown/future-launch?shape=c",
    ]) {
      const [direct, proxied] = await Promise.all([
        get(`${stack.server.url}${target}`),
        get(`${stack.proxy.url}${target}`),
      ]);
      expect(proxied.status, target).toBe(direct.status);
      for (const name of names) expect(proxied.headers[name], `${name} of ${target}`).toBe(direct.headers[name]);
    }
    // The comparison is not vacuous: these are what the contract asks for.
    const embed = await get(`${stack.proxy.url}/api/embed/future-launch`);
    expect(embed.headers["content-security-policy"]).toContain("frame-ancestors *");
    const live = await get(`${stack.proxy.url}/api/countdown/future-launch`);
    expect(live.headers["access-control-allow-origin"]).toBe("*");
    expect(live.headers["cache-control"]).toBe("public, max-age=1");
    // What the proxy adds, as the holder of the certificate.
    expect(live.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("compresses: the server's own brotli and gzip files pass through, what it sends uncompressed gets gzipped", async () => {
    const plain = await get(`${stack.server.url}/future-launch/`);
    for (const encoding of ["br", "gzip"]) {
      const mark = stack.recorder.requests.length;
      const page = await get(`${stack.proxy.url}/future-launch/`, { "Accept-Encoding": encoding });
      expect(page.headers["content-encoding"]).toBe(encoding);
      expect(page.text).toBe(plain.text);
      expect(page.raw.length).toBeLessThan(plain.raw.length / 2);
      // The server made it: the client's Accept-Encoding went on.
      expect(stack.recorder.requests[mark]?.headers["accept-encoding"]).toBe(encoding);
    }
    // The badge is live and the server sends it as it is; the proxy compresses it, for a CDN in front
    // (which says so in Via) too.
    expect(
      (await get(`${stack.server.url}/api/badge/future-launch.svg`, { "Accept-Encoding": "gzip" })).headers[
        "content-encoding"
      ],
    ).toBeUndefined();
    const badge = await get(`${stack.proxy.url}/api/badge/future-launch.svg`, {
      "Accept-Encoding": "gzip",
      Via: "1.1 cdn.example.test",
    });
    expect(badge.headers["content-encoding"]).toBe("gzip");
    expect(badge.text).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Without Accept-Encoding, nothing is compressed.
    expect((await get(`${stack.proxy.url}/future-launch/`)).headers["content-encoding"]).toBeUndefined();
  });

  it("passes the real client address on", async () => {
    const mark = stack.recorder.requests.length;
    await get(`${stack.proxy.url}/api/health`);
    const headers = stack.recorder.requests[mark]!.headers;
    expect(headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(headers["x-real-ip"]).toBe("127.0.0.1");
    expect(headers["x-forwarded-proto"]).toBe("http");
  });

  it("sends the live JSON on with its shape alone, so junk parameters never reach the server", async () => {
    // Slugs no other test here asks for, so no cached answer stands in for the request.
    const mark = stack.recorder.requests.length;
    expect(await getJson(`${stack.proxy.url}/api/countdown/tie-a?utm_source=x&shape=a&cb=${Math.random()}`)).toEqual({
      slug: "tie-a",
      title: "Tie A",
      targetDate: expect.any(String),
      timeLeft: expect.any(Object),
    });
    expect(await getJson(`${stack.proxy.url}/api/countdown/tie-b?cb=${Math.random()}`)).toMatchObject({
      slug: "tie-b",
      serverTime: expect.any(String),
    });
    // A bad or repeated shape is still the server's to refuse.
    expect((await get(`${stack.proxy.url}/api/countdown/tie-b?shape=c&cb=${Math.random()}`)).status).toBe(400);
    expect((await get(`${stack.proxy.url}/api/countdown/tie-b?shape=a&cb=${Math.random()}&shape=b`)).status).toBe(400);
    const reached = stack.reached(mark);
    expect(reached.slice(0, 3)).toEqual([
      "/api/countdown/tie-a?shape=a",
      "/api/countdown/tie-b",
      "/api/countdown/tie-b?shape=c",
    ]);
    // nginx sends both on, Caddy one value with both.
    expect(reached.slice(3)).toEqual([
      expect.stringMatching(/^\/api\/countdown\/tie-b\?(shape=a&shape=b|shape=a%2Cb)$/),
    ]);
  });

  it("sends an evergreen countdown's viewer start on, as written, with the live JSON and the email image; each start is an answer of its own", async () => {
    const now = Date.parse((await getJson(`${stack.proxy.url}/api/countdown/tie-a`)).serverTime as string);
    const startAt = Math.floor(now / 1000) * 1000 - 3_600_000;
    const written = new Date(startAt).toISOString().replace(".000Z", "+00:00");
    const deadline = new Date(startAt + EVERGREEN.hours * 3_600_000).toISOString().replace(".000Z", "Z");
    const mark = stack.recorder.requests.length;
    expect(
      await getJson(
        `${stack.proxy.url}/api/countdown/${EVERGREEN.slug}?utm_source=x&start=${encodeURIComponent(written)}`,
      ),
    ).toMatchObject({ targetDate: deadline, evergreen: EVERGREEN.hours * 3600 });
    // Another start in the same second is another answer, never the one kept for the first.
    const later = new Date(startAt + 60_000).toISOString();
    expect(
      await getJson(`${stack.proxy.url}/api/countdown/${EVERGREEN.slug}?start=${encodeURIComponent(later)}`),
    ).toMatchObject({
      targetDate: new Date(startAt + 60_000 + EVERGREEN.hours * 3_600_000).toISOString().replace(".000Z", "Z"),
    });
    expect(stack.reached(mark)[0]).toContain(`start=${encodeURIComponent(written)}`);
    // The email image: redirected to the start in Unix seconds, then drawn.
    const redirect = await get(
      `${stack.proxy.url}/api/email/${EVERGREEN.slug}.gif?start=${encodeURIComponent(written)}`,
    );
    expect(redirect.status).toBe(308);
    const location = redirect.headers.location as string;
    expect(location).toMatch(new RegExp(`^${EVERGREEN.slug}\\.gif\\?.*start=${startAt / 1000}$`));
    const image = await get(`${stack.proxy.url}/api/email/${location}`);
    expect([image.status, image.headers["content-type"]]).toEqual([200, "image/gif"]);
    expect((await get(`${stack.proxy.url}/api/email/${EVERGREEN.slug}.gif`)).status).toBe(400);
  });
});

describe("the Caddyfile as shipped (deploy/caddy/Caddyfile)", () => {
  it("is a valid configuration, TLS included, formatted as caddy fmt writes it", () => {
    const home = temporary("caddy-validate");
    const env = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home };
    const file = path.join(ROOT, "deploy/caddy/Caddyfile");
    const validate = spawnSync("caddy", ["validate", "--adapter", "caddyfile", "--config", file], {
      env,
      encoding: "utf8",
    });
    expect(validate.status, validate.stderr).toBe(0);
    expect(validate.stdout + validate.stderr).toContain("Valid configuration");
    expect(spawnSync("caddy", ["fmt", file], { env, encoding: "utf8" }).stdout).toBe(shipped("caddy/Caddyfile"));
  });
});

describe("nginx's cache of the live JSON (deploy/nginx/countdowns.conf)", () => {
  let stack: Stack;
  let redirectUrl: string;
  beforeAll(async () => {
    stack = await startStack(TEST_OUT_DIR, async (upstream) => {
      const dir = proxyFolder("nginx");
      const ports = { site: await freePort(), redirect: await freePort(), upstream };
      redirectUrl = `http://127.0.0.1:${ports.redirect}`;
      return startNginx(dir, nginxForTest(ports, path.join(dir, "cache")), ports.site);
    });
  });
  afterAll(() => stopStack(stack));
  const live = (query: string) => `${stack.proxy.url}/api/countdown/future-launch${query}`;

  it("keeps an answer for one second, keyed on its path, shape and start only", async () => {
    const { first, second, reached } = await inOneSecond(async () => {
      const mark = stack.recorder.requests.length;
      const first = await getJson(live(`?utm_source=${Math.random()}`));
      const second = await getJson(live(`?cb=${Math.random()}&x`));
      await get(live(`?shape=a&cb=${Math.random()}`));
      await get(live(`?junk=${Math.random()}&shape=a`));
      await get(live(`?shape=b`));
      return { first, second, reached: stack.reached(mark) };
    });
    expect(second.serverTime).toBe(first.serverTime);
    // One request per key reached the server: a different shape is a different answer.
    expect(reached).toEqual([
      "/api/countdown/future-launch",
      "/api/countdown/future-launch?shape=a",
      "/api/countdown/future-launch?shape=b",
    ]);

    await nextSecond();
    const later = await getJson(live(`?utm_source=${Math.random()}`));
    expect(later.serverTime).not.toBe(first.serverTime);
    // Never older than its second.
    expect(Date.now() - Date.parse(later.serverTime)).toBeLessThan(1000);
  });

  it("keeps one body for every client, gzipped for those that take it", async () => {
    const { gzipped, plain, asked } = await inOneSecond(async () => {
      const mark = stack.recorder.requests.length;
      const gzipped = await get(`${stack.proxy.url}/api/countdown/hostile-content`, { "Accept-Encoding": "gzip, br" });
      const plain = await get(`${stack.proxy.url}/api/countdown/hostile-content`);
      return {
        gzipped,
        plain,
        asked: stack.recorder.requests.slice(mark).map((request) => request.headers["accept-encoding"]),
      };
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzipped.text).toBe(plain.text);
    expect(asked).toEqual([undefined]);
  });

  it("keeps an email image for its second, keyed on its path, options and start only, and passes no-store, Pragma and a past Expires on to mail clients", async () => {
    // (The still, a frame where the GIF has 60: drawn well within a second on a loaded machine too.)
    const email = (query: string) => `${stack.proxy.url}/api/email/future-launch.png${query}`;
    const { first, second, dark, reached } = await inOneSecond(async () => {
      const mark = stack.recorder.requests.length;
      const first = await get(email(`?utm_source=${Math.random()}`));
      const second = await get(email(`?cb=${Math.random()}`));
      const dark = await get(email("?theme=dark&utm_campaign=x"));
      await get(email("?utm_campaign=y&theme=dark"));
      return { first, second, dark, reached: stack.reached(mark) };
    });
    expect([
      first.status,
      first.headers["content-type"],
      first.headers["cache-control"],
      first.headers.pragma,
      first.headers.expires,
    ]).toEqual([
      200,
      "image/png",
      "no-cache, no-store, must-revalidate, max-age=0",
      "no-cache",
      "Thu, 01 Jan 1970 00:00:00 GMT",
    ]);
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(dark.raw.equals(first.raw)).toBe(false);
    const empty = "theme=&accent=&color=&bg=&layout=&lang=&title=&width=&density=&frames=&start=";
    expect(reached).toEqual([
      `/api/email/future-launch.png?${empty}`,
      `/api/email/future-launch.png?${empty.replace("theme=", "theme=dark")}`,
    ]);
  });

  it("caches nothing else: every other request, live or static, reaches the server", async () => {
    const targets = ["/api/health", "/api/badge/future-launch.svg", "/api/pages", "/future-launch/"];
    const mark = stack.recorder.requests.length;
    for (const target of [...targets, ...targets]) expect((await get(`${stack.proxy.url}${target}`)).status).toBe(200);
    expect(stack.reached(mark)).toEqual([...targets, ...targets]);
  });

  it("sends plain HTTP to HTTPS", async () => {
    const answer = await get(`${redirectUrl}/future-launch/?from=http`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("https://127.0.0.1/future-launch/?from=http");
  });
});

describe("nginx mapping a sub-path (URL=https://example.org/countdowns)", () => {
  const site = "https://example.org/countdowns";
  let stack: Stack;
  beforeAll(async () => {
    const outDir = path.join(temporary("base-path"), "dist");
    expect(
      (await publish(readConfig({ ...TEST_ENV, OUT_DIR: outDir, URL: site }), { now: TEST_NOW, version: "base-path" }))
        .ok,
    ).toBe(true);
    stack = await startStack(outDir, async (upstream) => {
      const dir = proxyFolder("nginx");
      const ports = { site: await freePort(), redirect: await freePort(), upstream };
      return startNginx(dir, nginxForTest(ports, path.join(dir, "cache"), "/countdowns"), ports.site);
    });
  });
  afterAll(() => stopStack(stack));

  it("serves the pages and every page's links, assets and API under the sub-path, and nothing outside it", async () => {
    const base = `${stack.proxy.url}/countdowns`;
    const pages = (await getJson(`${base}/api/pages`)) as { slug: string; url: string }[];
    expect(pages.find((page) => page.slug === "future-launch")?.url).toBe(`${site}/future-launch/`);
    for (const page of ["/", "/future-launch/", "/api/embed/future-launch"]) {
      const answer = await get(`${base}${page}`);
      expect(answer.status, page).toBe(200);
      const links = [...answer.text.matchAll(/\b(?:href|src|data-live)="(\/[^"]*)"/g)].map((match) =>
        match[1]!.replaceAll("&amp;", "&"),
      );
      expect(links.length, page).toBeGreaterThan(0);
      for (const link of links) {
        expect(link, `a link of ${page}`).toMatch(/^\/countdowns\//);
        expect((await get(`${stack.proxy.url}${link}`)).status, `${link} of ${page}`).toBe(200);
      }
    }
    expect((await get(`${stack.proxy.url}/future-launch/`)).status).toBe(404);
    expect((await get(`${stack.proxy.url}/api/countdown/future-launch`)).status).toBe(404);
  });

  it("answers the widget's sync URL with the live JSON, cached on its shape", async () => {
    const embed = await get(`${stack.proxy.url}/countdowns/api/embed/future-launch`);
    const sync = /data-live="([^"]+)"/.exec(embed.text)![1]!;
    expect(sync).toBe("/countdowns/api/countdown/future-launch");
    const { first, second, reached } = await inOneSecond(async () => {
      const mark = stack.recorder.requests.length;
      const first = await getJson(`${stack.proxy.url}${sync}?cb=${Math.random()}`);
      const second = await getJson(`${stack.proxy.url}${sync}?cb=${Math.random()}`);
      return { first, second, reached: stack.reached(mark) };
    });
    expect(first).toMatchObject({ slug: "future-launch", serverTime: expect.any(String) });
    expect(second.serverTime).toBe(first.serverTime);
    expect(reached).toEqual([sync]);
  });
});

describe("the systemd unit (deploy/systemd/countdowns.service)", () => {
  const unit = shipped("systemd/countdowns.service");
  const analyze = hasCommand("systemd-analyze");
  /** The unit in a folder of its own, with node where this machine has it. */
  const unitFile = () => {
    const file = path.join(temporary("systemd"), "countdowns.service");
    writeFileSync(file, unit.replaceAll("/usr/bin/node ", `${process.execPath} `));
    return file;
  };

  const unverified = analyze ? "" : " (skipped: systemd-analyze is not installed; apt-get install systemd)";

  it.skipIf(!analyze)(`passes systemd-analyze verify without a warning${unverified}`, () => {
    const file = unitFile();
    const verify = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
    // Warnings about the unit name it; other units of this machine are not ours to judge.
    const ours = `${verify.stdout}${verify.stderr}`.split("\n").filter((line) => line.includes("countdowns.service"));
    expect(ours).toEqual([]);
    expect(verify.status).toBe(0);
  });

  it.skipIf(!analyze)(`is hardened: systemd-analyze security rates its exposure below 1.5 of 10${unverified}`, () => {
    const security = spawnSync("systemd-analyze", ["security", "--offline=yes", unitFile()], { encoding: "utf8" });
    const exposure = /Overall exposure level for countdowns\.service: ([\d.]+)/.exec(security.stdout + security.stderr);
    expect(exposure, security.stdout + security.stderr).not.toBeNull();
    expect(Number(exposure![1])).toBeLessThan(1.5);
  });

  it("runs node dist/server.mjs unprivileged, reloads on SIGHUP, restarts on failure, and sets the server's settings", () => {
    const settings = Object.fromEntries(
      unit
        .split("\n")
        .filter((line) => /^\w+=/.test(line) && !line.startsWith("Environment="))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    expect(settings.ExecStart).toMatch(/^\/usr\/bin\/node \S+\/dist\/server\.mjs$/);
    expect(settings.ExecReload).toBe("/bin/kill -HUP $MAINPID");
    expect(settings.Restart).toBe("on-failure");
    expect(settings.User).toMatch(/^(?!root$)\w+$/);
    expect(settings.NoNewPrivileges).toBe("yes");
    const environment = unit
      .split("\n")
      .filter((line) => line.startsWith("Environment="))
      .map((line) => line.slice("Environment=".length).split("=")[0]);
    expect(environment).toEqual(expect.arrayContaining(["PORT", "HOST", "ACCESS_LOG"]));
  });
});
