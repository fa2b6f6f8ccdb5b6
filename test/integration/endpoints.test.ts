// Every endpoint, method, status and header, against the real server
// (src/server/main.ts in its own process, on a free port, serving the fixture build).
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { fixtureFiles } from "../support/fixtures.ts";
import { rawGet, rawRequest } from "../support/http.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { TEST_BASE_URL, TEST_ENV, TEST_NOW, TEST_OUT_DIR } from "../support/paths.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
const API_PATHS = [
  "/api/countdown/future-launch",
  "/api/embed/future-launch",
  "/api/pages",
  "/api/health",
  "/api/data/future-launch.json",
];

// The live JSON's body is the live handler's (test/unit/live-handler.test.ts); here, what the server adds.
describe("GET /api/countdown/:slug", () => {
  it("answers the live handler's JSON, computed for the moment of the request", async () => {
    const before = Date.now();
    const response = await get("/api/countdown/future-launch");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await response.json();
    expect(Object.keys(body)).toEqual([
      "slug",
      "title",
      "targetDate",
      "timeLeft",
      "targetIso",
      "days",
      "expired",
      "serverTime",
      "status",
    ]);
    expect(Date.parse(body.serverTime)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(body.serverTime)).toBeLessThanOrEqual(Date.now() + 5);
    expect(body.days).toBe(3);
  });

  it("may be cached for one second, on Netlify's CDN keyed on shape only (and an evergreen countdown's start)", async () => {
    const response = await get("/api/countdown/future-launch");
    expect(response.headers.get("cache-control")).toBe("public, max-age=1");
    expect(response.headers.get("netlify-cdn-cache-control")).toBe("public, durable, max-age=1");
    expect(response.headers.get("netlify-vary")).toBe("query=shape");
    // An evergreen countdown's answers, and its refusals, vary on its start too.
    for (const query of [`?start=${Math.floor(Date.now() / 1000) - 60}`, "", "?start=nope"]) {
      expect((await get(`/api/countdown/willkommen${query}`)).headers.get("netlify-vary"), query).toBe(
        "query=shape|start",
      );
    }
  });

  it("answers an unknown slug, whatever its form, with 404 and a JSON error", async () => {
    for (const path of [
      "/api/countdown/nope",
      "/api/countdown/Future-Launch",
      "/api/countdown/",
      "/api/countdown",
      "/api/countdown/a/b",
      "/api/countdown/%zz",
      "/api/countdown/future-launch.json",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toBe("application/json; charset=utf-8");
      expect((await response.json()).error.code, path).toBe("not_found");
    }
  });
});

describe("GET /api/element.js and the records it reads", () => {
  it("answers <countdown-timer>'s module to any origin, as JavaScript cached until the next deploy", async () => {
    const response = await get("/api/element.js", { headers: { Origin: "https://host.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toBe("public, max-age=10, stale-while-revalidate=60");
  });

  it("lets other origins read a record's Date and Age, from which the element corrects a wrong clock", async () => {
    const response = await get("/api/data/future-launch.json", { headers: { Origin: "https://host.example" } });
    expect(response.headers.get("access-control-expose-headers")).toBe("Date, Age");
    expect(Math.abs(Date.parse(response.headers.get("date")!) - Date.now())).toBeLessThan(2000);
  });
});

describe("GET /api/embed/:slug", () => {
  it("answers the widget as HTML that any origin may frame", async () => {
    const response = await get("/api/embed/future-launch");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("content-security-policy")).toMatch(/frame-ancestors \*/);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toMatch(/role="timer"/);
  });

  it("revalidates with its ETag: 304 carries the same caching, CORS and security headers as the 200, and ranges get them too", async () => {
    const full = await get("/api/embed/future-launch");
    const etag = full.headers.get("etag")!;
    // A hash of the bytes, the same in every build that writes the same file.
    expect(etag).toMatch(/^"[\w-]{22}(-br|-gzip)?"$/);
    const NAMES = [
      "cache-control",
      "access-control-allow-origin",
      "x-content-type-options",
      "referrer-policy",
      "content-security-policy",
      "content-type",
    ];
    const expected = NAMES.map((name) => [name, full.headers.get(name)]);
    expect(expected.every(([, value]) => value !== null)).toBe(true);
    const revalidated = await get("/api/embed/future-launch", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(NAMES.map((name) => [name, revalidated.headers.get(name)])).toEqual(expected);
    const part = await get("/api/embed/future-launch", { headers: { Range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("<!doctype ");
    expect(NAMES.map((name) => [name, part.headers.get(name)])).toEqual(expected);
    const beyond = await get("/api/embed/future-launch", { headers: { Range: "bytes=999999-" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("access-control-allow-origin")).toBe("*");
    expect(beyond.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers an unknown slug with 404 and a small HTML page in the widget's style", async () => {
    const response = await get("/api/embed/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("Countdown not found");
  });
});

describe("GET /api/pages", () => {
  it("answers a bare JSON array of slug, title and absolute url", async () => {
    const response = await get("/api/pages");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const pages = await response.json();
    expect(Array.isArray(pages)).toBe(true);
    expect(pages[0]).toEqual({ slug: "long-past", title: "Long past", url: `${TEST_BASE_URL}/long-past/` });
  });

  it("links pages that the server serves", async () => {
    for (const page of await (await get("/api/pages")).json()) {
      const response = await get(new URL(page.url).pathname);
      expect(response.status, page.url).toBe(200);
      expect(await response.text()).toMatch(/<h1( lang="[\w-]+")?>/);
    }
  });
});

describe("GET /api/health", () => {
  it("answers status, count, version and time, never cached", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toEqual({
      status: "ok",
      countdowns: Object.keys(fixtureFiles()).length,
      version: "test+0000000",
      time: expect.stringMatching(/^\d{4}-.*Z$/),
      tzdata: { build: process.versions.tz, runtime: process.versions.tz },
    });
  });
});

describe("CORS, methods and common headers on every API path", () => {
  it("lets any origin read every API response", async () => {
    for (const path of [...API_PATHS, "/api/nope", "/api/countdown/nope", "/api/embed/nope"]) {
      const response = await get(path, { headers: { Origin: "https://someone-else.example" } });
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("answers HEAD like GET without a body", async () => {
    for (const path of API_PATHS) {
      const [head, getResponse] = [await get(path, { method: "HEAD" }), await get(path)];
      expect(head.status, path).toBe(200);
      expect(head.headers.get("content-type"), path).toBe(getResponse.headers.get("content-type"));
      expect(head.headers.get("cache-control"), path).toBe(getResponse.headers.get("cache-control"));
      expect(await head.text(), path).toBe("");
    }
  });

  it("answers a CORS preflight with 204", async () => {
    for (const path of API_PATHS) {
      const response = await get(path, {
        method: "OPTIONS",
        headers: {
          Origin: "https://someone-else.example",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "x-requested-with",
        },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(response.headers.get("access-control-allow-methods"), path).toBe("GET, HEAD, OPTIONS");
      expect(response.headers.get("access-control-allow-headers"), path).toBe("*");
    }
  });

  it("answers any other method with 405, Allow and a JSON error", async () => {
    for (const path of API_PATHS) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const response = await get(path, { method });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        expect((await response.json()).error.code).toBe("method_not_allowed");
      }
    }
    for (const method of ["PURGE", "PROPFIND", "CONNECT"]) {
      expect((await rawGet(server.url, "/api/pages", method)).status, method).toBe(405);
    }
    // Node's HTTP parser refuses methods it does not know before any handler runs.
    expect((await rawGet(server.url, "/api/pages", "BREW")).status).toBe(400);
  });

  it("answers an unknown API path with 404 and a JSON error", async () => {
    const response = await get("/api/nope");
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });
});

describe("no request, however malformed, gets a 5xx or a file outside the site", () => {
  const targets = [
    "/../package.json",
    "/..%2f..%2fpackage.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "//etc/passwd",
    "/api/embed/..%2f..%2f..%2fpackage.json",
    "/api/countdown/%00",
    "/%",
    "/%zz",
    "/src/live/handler.ts",
    "/netlify.toml",
    "/_headers",
    "/_redirects",
    "/live/countdowns.json",
    "/../live/countdowns.json",
    `/${"a".repeat(8000)}`,
    "*",
    "http://evil.example/api/pages",
  ];

  it("answers each without a 5xx, a stack trace or a private file", async () => {
    for (const target of targets) {
      const response = await rawGet(server.url, target);
      expect(response.status, target).toBeGreaterThanOrEqual(200);
      expect(response.status, target).toBeLessThan(500);
      expect(response.body, target).not.toMatch(
        /"dependencies"|root:x:0|\bat .*\.ts:\d+|tickerHashes|\[build\]|Access-Control-Allow-Origin: \*\n/,
      );
    }
    expect((await get("/api/health")).status).toBe(200);
  });

  it("answers a broken request line with 400", async () => {
    const response = await rawRequest(server.url, "GARBAGE\r\n\r\n");
    expect(response.status).toBe(400);
  });
});

describe("compressed answers", () => {
  it("sends every text answer of a kilobyte or more in brotli or gzip, as the client accepts, and says it varies", async () => {
    for (const path of [
      "/",
      "/future-launch/",
      "/api/embed/future-launch",
      "/assets/site.js",
      "/api/openapi.json",
      "/nope",
      "/api/embed/nope",
    ]) {
      const plain = await rawGet(server.url, path);
      expect(Number(plain.headers["content-length"]), path).toBeGreaterThanOrEqual(1024);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      for (const [accept, encoding, decode] of [
        ["br", "br", (b: Buffer) => brotliDecompressSync(b)],
        ["gzip, deflate", "gzip", (b: Buffer) => gunzipSync(b)],
        ["br;q=1, gzip;q=0.5", "br", (b: Buffer) => brotliDecompressSync(b)],
        // Weights (RFC 9110 12.5.3): a coding weighed 0 is refused, the heavier one wins, "*" stands for the rest.
        ["br;q=0, gzip", "gzip", (b: Buffer) => gunzipSync(b)],
        ["gzip;q=1, br;q=0.5", "gzip", (b: Buffer) => gunzipSync(b)],
        ["*", "br", (b: Buffer) => brotliDecompressSync(b)],
        ["gzip;q=0.8, *;q=0.1", "gzip", (b: Buffer) => gunzipSync(b)],
        ["BR ; Q=0.9", "br", (b: Buffer) => brotliDecompressSync(b)],
      ] as const) {
        const response = await rawRequest(
          server.url,
          `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: ${accept}\r\nConnection: close\r\n\r\n`,
        );
        expect(response.headers["content-encoding"], `${path} ${accept}`).toBe(encoding);
        expect(response.headers.vary, path).toBe("Accept-Encoding");
        expect(response.status, path).toBe(plain.status);
        const body = Buffer.from(response.body, "latin1");
        expect(body.length, path).toBe(Number(response.headers["content-length"]));
        expect(decode(body).toString("latin1"), path).toBe(plain.body);
        expect(body.length, path).toBeLessThan(plain.body.length);
      }
      for (const accept of ["br;q=0, gzip;q=0", "*;q=0", "deflate", "gzip;q=0, br;q=0.0"]) {
        const response = await rawRequest(
          server.url,
          `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: ${accept}\r\nConnection: close\r\n\r\n`,
        );
        expect(response.headers["content-encoding"], `${path} ${accept}`).toBeUndefined();
        expect(response.body, `${path} ${accept}`).toBe(plain.body);
      }
    }
  });
});

describe("the site", () => {
  it("serves the index and a 404 page", async () => {
    const index = await get("/");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^text\/html; ?charset=utf-8$/);
    expect(await index.text()).toContain('href="/future-launch/"');
    const missing = await get("/no-such-page/");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Not found");
  });
});

describe("the address a build was made for", () => {
  it("says in one line that a build made for another address is served here", () => {
    expect(server.output().match(/links point at/g)).toHaveLength(1);
    expect(server.output()).toContain(`This build's links point at ${TEST_BASE_URL}/, the address it was built for`);
  });

  it("says nothing when npm start built for the port it serves", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), "port-")), "dist");
    expect(
      (
        await publish(readConfig({ ...TEST_ENV, URL: undefined, PORT: String(port), OUT_DIR: outDir }), {
          now: TEST_NOW,
        })
      ).ok,
    ).toBe(true);
    const own = await startServer(outDir, { PORT: String(port), HOST: "localhost" });
    try {
      expect(own.output()).toContain(`Countdown service at http://localhost:${port}/`);
      expect(own.output()).not.toContain("links point at");
    } finally {
      await own.stop();
    }
  });
});

describe("a site under a base path", () => {
  it("serves every page, asset and API route under it, and nothing outside it", async () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), "base-")), "dist");
    expect(
      (
        await publish(readConfig({ ...TEST_ENV, URL: "https://example.org/countdowns", OUT_DIR: outDir }), {
          now: TEST_NOW,
        })
      ).ok,
    ).toBe(true);
    const own = await startServer(outDir);
    try {
      const at = (target: string) => fetch(`${own.url}${target}`, { redirect: "manual" });
      expect(own.output()).toContain(`${own.url}/countdowns/`);
      for (const [target, type] of [
        ["/countdowns/", "text/html"],
        ["/countdowns/future-launch/", "text/html"],
        ["/countdowns/api/embed/future-launch", "text/html"],
        ["/countdowns/api/pages", "application/json"],
        ["/countdowns/assets/site.js", "text/javascript"],
        ["/countdowns/api/countdown/future-launch?shape=a", "application/json"],
        ["/countdowns/api/health", "application/json"],
      ]) {
        const response = await at(target!);
        expect(response.status, target).toBe(200);
        expect(response.headers.get("content-type"), target).toContain(type);
      }
      expect((await (await at("/countdowns/api/countdown/future-launch")).json()).slug).toBe("future-launch");
      expect((await at("/countdowns")).headers.get("location")).toBe("/countdowns/");
      expect((await at("/countdowns/future-launch")).headers.get("location")).toBe("/countdowns/future-launch/");
      for (const outside of ["/", "/api/pages", "/future-launch/", "/countdownsx/"])
        expect((await at(outside)).status, outside).toBe(404);
      expect(await (await at("/countdowns/nope/")).text()).toContain('href="/countdowns/"');
    } finally {
      await own.stop();
    }
  });
});

describe("graceful shutdown", () => {
  /**
   * `count` pipelined GETs of `target` from a client that reads nothing until 300 ms after the server
   * got SIGTERM (the server still running then), then reads all there is: the server, the answers
   * received (counted as they come, keeping only what could be the start of the next status line)
   * and when the last bytes came.
   */
  async function pipelinedAcrossSigterm(target: string, count: number) {
    const own = await startServer(TEST_OUT_DIR);
    const { hostname, port } = new URL(own.url);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.pause();
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`.repeat(count));
    await new Promise((resolve) => setTimeout(resolve, 300));
    own.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(own.process.exitCode).toBeNull();

    const STATUS = "HTTP/1.1 200 OK";
    let answers = 0;
    let rest = "";
    let lastData = 0;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      const text = rest + chunk;
      answers += text.split(STATUS).length - 1;
      rest = text.slice(-(STATUS.length - 1));
      lastData = Date.now();
    });
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.resume();
    await closed;
    return { own, answers, lastData };
  }

  it("finishes the requests in flight after SIGTERM, then exits 0", async () => {
    // 10,000 answers (about 30 MB) cannot all fit in the socket buffers, so some are still in flight at SIGTERM.
    const { own, answers, lastData } = await pipelinedAcrossSigterm("/api/embed/future-launch", 10_000);
    // The server's own lines say whether its 10 s drain limit cut the rest off.
    expect(answers, own.output()).toBe(10_000);
    // Closed once its last answer is out, not after the 5 s keep-alive timeout.
    expect(Date.now() - lastData).toBeLessThan(2000);
    expect(await own.exited).toBe(0);
    expect(own.output()).toMatch(/SIGTERM: finishing requests in flight/);
    // Nothing lost from the access log at a clean shutdown: a line for every answer, the last of
    // them written out of its buffer before exit.
    expect(own.output().match(/"GET \/api\/embed\/future-launch HTTP\/1\.1" 200 \d+ /g)?.length).toBe(10_000);
  });

  it("sends every answer already asked for in full to a client that reads slowly, then exits 0", async () => {
    // Requests the server reads in one go (about 50 KB), for answers far larger than the socket buffers
    // (the OpenAPI description, about 64 KB each; about 64 MB in all): at SIGTERM every request is read
    // and the answer being sent is complete on the server's side while most of its bytes still wait
    // for the client. A server that takes that connection for idle (as Node's own close does) cuts it
    // short there.
    const { own, answers } = await pipelinedAcrossSigterm("/api/openapi.json", 1000);
    expect(answers, own.output()).toBe(1000);
    expect(await own.exited).toBe(0);
  });

  it("closes idle keep-alive connections at once instead of waiting for them", async () => {
    const own = await startServer(TEST_OUT_DIR);
    const agentResponse = await fetch(`${own.url}/api/health`, { headers: { Connection: "keep-alive" } });
    expect(agentResponse.status).toBe(200);
    const started = Date.now();
    const code = await own.stop("SIGTERM");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
