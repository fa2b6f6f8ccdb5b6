// HTTP fuzzing (fast-check) of the Node server, over raw sockets, and of the live handler the
// Netlify Function runs: random methods, paths, percent-encodings, dot segments, null bytes, overlong
// URLs and huge headers. Never a 5xx, never a file outside the site, never a stack trace, and the
// server stays up.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { netlifyFunction, imagesFunction, shareFunction } from "../support/netlify-function.ts";
import { rawRequest } from "../support/http.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { TEST_OUT_DIR } from "../support/paths.ts";

/** Text that only files outside the published site contain: configs, sources, live data, the OS. */
const PRIVATE =
  /"devDependencies"|\[functions\]|"compilerOptions"|createLiveHandler|"tickerHashes"|root:x:0:0|BEGIN RSA|\bat [^\n]+\.(ts|js|mjs):\d+/;

const METHODS = [
  "GET",
  "HEAD",
  "OPTIONS",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "TRACE",
  "PROPFIND",
  "PURGE",
  "get",
  "G ET",
];
const SEGMENTS = [
  "api",
  "countdown",
  "embed",
  "pages",
  "health",
  "data",
  "oembed",
  "badge",
  "og",
  "future-launch",
  "long-past",
  "future-launch.svg",
  "future-launch.png",
  "index.html",
  "404.html",
  "..",
  ".",
  "%2e%2e",
  "%2E%2e",
  "%2e",
  "..%2f",
  "..%5c",
  "%2f",
  "%5c",
  "\\",
  "%00",
  "%",
  "%zz",
  "%c0%ae%c0%ae",
  "_headers",
  "_redirects",
  "live",
  "countdowns.json",
  "package.json",
  "netlify.toml",
  "src",
  "etc",
  "passwd",
  "~",
  "*",
  "%20",
  "%E2%80%AE",
  "%F0%9F%9A%80",
  "a;b",
  "a,b",
  "?",
  "#",
];

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SEGMENTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }).map((s) => encodeURIComponent(s)) },
  { weight: 1, arbitrary: fc.nat({ max: 9000 }).map((n) => "x".repeat(n)) },
);
const query = fc.oneof(
  fc.constant(""),
  fc.constantFrom(
    "?shape=a",
    "?shape=b",
    "?shape=",
    "?shape=c",
    "?shape=a&shape=b",
    "?shape=%00",
    "?%",
    "?shape=a#frag",
  ),
  fc.constantFrom(
    "?url=https%3A%2F%2Fcountdowns.example.test%2Ffuture-launch%2F",
    "?url=https%3A%2F%2Fcountdowns.example.test%2Fapi%2Fembed%2Ffuture-launch%3Ftheme%3Ddark%26accent%3D%3Cscript%3E",
    "?url=javascript%3Aalert(1)",
    "?url=%00",
    "?url=https%3A%2F%2Fcountdowns.example.test%2F..%2F..%2Fetc%2Fpasswd",
    "?format=xml",
    "?maxwidth=-1&maxheight=1e9",
    "?maxwidth=99999999999999999999",
  ),
  fc.string({ maxLength: 30 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
);
const REAL_PATHS = [
  "/",
  "/api/countdown/future-launch",
  "/api/embed/future-launch",
  "/api/pages",
  "/api/health",
  "/api/data/future-launch.json",
  "/future-launch/",
  "/future-launch/future-launch.ics",
  "/assets/site.js",
  "/api/openapi.json",
  "/api/oembed",
  "/api/badge/future-launch.svg",
  "/api/og/future-launch.png",
];
const target = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(segment, { maxLength: 6 }), fc.boolean(), query)
      .map(([segments, slash, q]) => `/${segments.join("/")}${slash ? "/" : ""}${q}`),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...REAL_PATHS), query).map(([path, q]) => path + q) },
);
const method = fc.oneof(
  { weight: 6, arbitrary: fc.constant("GET") },
  { weight: 1, arbitrary: fc.constant("HEAD") },
  { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
);
const header = fc.oneof(
  fc.constant(""),
  fc
    .tuple(
      fc.constantFrom("X-Fuzz", "Accept", "Range", "If-None-Match", "Origin", "Accept-Encoding"),
      fc.string({ maxLength: 40 }),
    )
    .map(([name, value]) => `${name}: ${value.replace(/[\r\n]/g, "")}\r\n`),
  fc.nat({ max: 40_000 }).map((n) => `X-Huge: ${"h".repeat(n)}\r\n`),
  fc.constantFrom(
    "Range: bytes=0-10\r\n",
    "Range: bytes=999999-\r\n",
    "Range: bytes=-5\r\n",
    "Transfer-Encoding: chunked\r\n",
    "Content-Length: -1\r\n",
    "Host: \r\n",
  ),
);

/** Never a 5xx, but oEmbed's own 501 for a format it does not answer (docs/sharing.md). */
const serverErrorFloor = (target: string) => (/^\/api\/oembed\?(.*&)?format=/.test(target) ? 502 : 500);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await server?.stop();
});

describe("fuzzing the Node server", () => {
  it("answers thousands of random requests without a 5xx, a private file or a stack trace, and stays up", async () => {
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(method, target, header, async (verb, path, extra) => {
        const answer = await rawRequest(
          server.url,
          `${verb} ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`,
        );
        sent++;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        // NaN: the server closed the connection without an answer (Node's parser does for some garbage).
        if (!Number.isNaN(answer.status)) {
          expect(answer.status, `${verb} ${path.slice(0, 200)}`).toBeLessThan(serverErrorFloor(path));
          expect(answer.status).toBeGreaterThanOrEqual(200);
        }
        expect(answer.body, `${verb} ${path.slice(0, 200)}`).not.toMatch(PRIVATE);
      }),
      { numRuns: 3000, verbose: 0 },
    );
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    expect(sent).toBe(3000);
    // Most requests reach the handlers, not only Node's parser.
    expect((statuses.get(404) ?? 0) + (statuses.get(200) ?? 0) + (statuses.get(405) ?? 0)).toBeGreaterThan(1000);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    console.info(
      `fuzzed the Node server with ${sent} requests; statuses: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  });
});

/** Each live route's prefix, and the function that answers it on Netlify. */
const LIVE = [
  ["/api/countdown", netlifyFunction],
  ["/api/health", netlifyFunction],
  ["/api/oembed", shareFunction],
  ["/api/badge", shareFunction],
  ["/api/og", imagesFunction],
  ["/api/email", imagesFunction],
] as const;

describe("fuzzing the live handlers (the Netlify Functions)", () => {
  it("answer every Request without throwing, without a 5xx and without a stack trace", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH", "PROPFIND"),
        target,
        fc.constantFrom(...LIVE),
        async (method, path, [prefix, fn]) => {
          const live = `${prefix}${path}`;
          let request: Request;
          try {
            request = new Request(`https://site.example${live}`, { method });
          } catch {
            return; // not a URL a Request can carry, so not one the function can receive
          }
          const response = await fn(request);
          expect(response.status, `${method} ${live.slice(0, 200)}`).toBeLessThan(serverErrorFloor(live));
          const type = response.headers.get("content-type") ?? "";
          if (type.startsWith("image/png") || type.startsWith("image/gif")) return;
          const body = await response.text();
          expect(body).not.toMatch(PRIVATE);
          if (body && type.startsWith("application/json")) expect(() => JSON.parse(body)).not.toThrow();
          if (type.startsWith("image/svg+xml") && method !== "HEAD")
            expect(body).toMatch(/^<svg [^>]*><title>[^<]*<\/title>/);
        },
      ),
      { numRuns: 5000, verbose: 0 },
    );
  });
});
