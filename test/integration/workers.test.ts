// The Cloudflare Workers build, run in workerd (Cloudflare's runtime, from npm, offline: tools/workerd.ts)
// as wrangler.jsonc deploys it, beside the Node server on the same build: every path and every live
// route must be answered alike (status, body, the headers the route table sets), the email images
// byte for byte, the static files at every path Netlify's rules make tricky (test/support/probed-paths.ts)
// and every method. Cloudflare serves the site's own files itself (their headers from the `_headers`
// the Workers build writes) and the Worker the rest: both are checked here, through the real asset
// routing of workerd.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import type { AddressInfo } from "node:net";
import { readConfig } from "../../src/config.ts";
import { LIVE_ANSWERS } from "../../src/live/countdown.ts";
import { folderFunction } from "../../netlify/adapter.ts";
import { createProductionServer } from "../../src/server/production-server.ts";
import { publish } from "../../src/publish/publish.ts";
import { ASSET_LIMITS, WORKER_FIRST, buildForWorkers, type WorkersBuild } from "../../src/publish/workers-build.ts";
import {
  cachedBuildOf,
  onWorkersBuilds,
  restorePreviousBuild,
  savePreviousBuild,
} from "../../src/publish/workers-build-cache.ts";
import { SIGNATURES, bytesKey, wrapperBytes } from "../../src/workers/function-wrappers.ts";
import { packOf, readPack } from "../../src/workers/packs.ts";
import { startWorkerd, wranglerConfigFor, type RunningWorker } from "../../tools/workerd.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { ROOT, TEST_BASE_URL, TEST_ENV, TEST_NOW, TEST_OUT_DIR } from "../support/paths.ts";
import { CALENDAR_FEED_PATH, ELEMENT_PARTS, ELEMENT_SCRIPT_PATH, elementPartPath } from "../../src/paths.ts";
import { probedPaths, timeless, timelessLiveTargets } from "../support/probed-paths.ts";
import { HEADER_IMAGE, fromNow } from "../support/fixtures.ts";

let folder: string;
let made: WorkersBuild;
let node: RunningServer;
let worker: RunningWorker;

beforeAll(async () => {
  folder = path.join(mkdtempSync(path.join(os.tmpdir(), "workers-build-")), "workers");
  made = await buildForWorkers(TEST_OUT_DIR, folder);
  // One after the other: workerd is started without the faked clock of CI's future run, the Node server with it (tools/workerd.ts).
  worker = await startWorkerd(folder, { log: true });
  node = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await Promise.all([node?.stop(), worker?.stop()]);
  if (folder) rmSync(path.dirname(folder), { recursive: true, force: true });
});

/** The headers the route table and the kernel set, as every runtime must send them. */
const COMPARED = [
  "content-type",
  "cache-control",
  "content-security-policy",
  "x-frame-options",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-max-age",
  "x-content-type-options",
  "referrer-policy",
  "allow",
  "location",
  "retry-after",
  "pragma",
  "expires",
  "netlify-cdn-cache-control",
  "netlify-vary",
];

const ask = (base: string, target: string, init: RequestInit = {}) =>
  fetch(`${base}${target}`, { redirect: "manual", ...init });

/** Both answers alike: status, the headers above, and the body: its bytes, or a live JSON's fields but the clock's. */
function expectSame(
  what: string,
  fromNode: Response,
  fromWorker: Response,
  nodeBody: Buffer,
  workerBody: Buffer,
): void {
  expect(fromWorker.status, what).toBe(fromNode.status);
  for (const name of COMPARED)
    expect(fromWorker.headers.get(name), `${name} of ${what}`).toBe(fromNode.headers.get(name));
  if (
    nodeBody.length > 0 &&
    fromNode.headers.get("cache-control") === "public, max-age=1" &&
    fromNode.headers.get("content-type")?.startsWith("application/json")
  ) {
    expect(timeless(workerBody.toString()), `body of ${what}`).toEqual(timeless(nodeBody.toString()));
  } else expect(workerBody.equals(nodeBody), `body of ${what}`).toBe(true);
}

/** Both runtimes' answers to one request, compared. */
async function expectAlike(target: string, init: RequestInit = {}) {
  const [fromNode, fromWorker] = await Promise.all([ask(node.url, target, init), ask(worker.url, target, init)]);
  expectSame(
    `${init.method ?? "GET"} ${target}`,
    fromNode,
    fromWorker,
    Buffer.from(await fromNode.arrayBuffer()),
    Buffer.from(await fromWorker.arrayBuffer()),
  );
}

describe("the Workers build in workerd answers as the Node server", () => {
  it("at every published path, its neighbours and other spellings", async () => {
    const paths = probedPaths();
    expect(paths.length).toBeGreaterThanOrEqual(200);
    for (const pathname of paths) await expectAlike(pathname);
  });

  it("to every method, on the site's own files, packed files, redirects, misses and live routes", async () => {
    const targets = [
      "/",
      "/future-launch/",
      "/future-launch",
      // A widget of no countdown: no asset is there, and the Worker answers (a countdown's widget is
      // Cloudflare's own file, GET and HEAD only, below).
      "/api/embed/no-such-countdown",
      "/api/embed/future-launch.html",
      "/nope",
      "/api/nope",
      "/API/pages",
      "/api/pages",
      "/api/openapi.json",
      "/api/countdown/future-launch",
      "/api/health",
      "/api/email/long-past.gif",
    ];
    for (const target of targets) {
      for (const method of ["HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]) await expectAlike(target, { method });
    }
  });

  it("serves the calendar feed as Cloudflare's own file, typed and cached as a countdown's calendar file", async () => {
    for (const target of [CALENDAR_FEED_PATH, "/future-launch/future-launch.ics"]) {
      const response = await ask(worker.url, target);
      expect(response.status, target).toBe(200);
      expect(response.headers.get("content-type"), target).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("cache-control"), target).toBe("public, max-age=0, must-revalidate");
      expect(
        Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(TEST_OUT_DIR, "site", target))),
      ).toBe(true);
    }
  });

  it("but for the files Cloudflare serves itself, which take GET and HEAD only (docs/deploying.md)", async () => {
    // (A folder's rule, for the countdowns' widgets and records: a countdown's file in it.)
    const served = readFileSync(path.join(folder, "assets/_headers"), "utf8")
      .match(/^\/\S*/gm)!
      .map((rule) =>
        rule.replace(/\/\*$/, () =>
          rule.startsWith("/api/data/")
            ? "/future-launch.json"
            : rule === "/admin/*"
              ? "/decap-cms.js"
              : "/future-launch",
        ),
      );
    expect(served).toEqual(
      expect.arrayContaining([
        "/index.html",
        "/404.html",
        "/assets/site.js",
        "/api/embed/future-launch",
        "/api/data/future-launch.json",
      ]),
    );
    for (const target of served) {
      await expectAlike(target, { method: "HEAD" });
      for (const method of ["OPTIONS", "POST", "DELETE"]) {
        const response = await ask(worker.url, target, { method });
        expect(response.status, `${method} ${target}`).toBe(405);
      }
    }
  });

  it("to a conditional request with the ETag it sent", async () => {
    for (const target of ["/future-launch/", "/api/data/future-launch.json", "/api/pages", "/"]) {
      const first = await ask(worker.url, target);
      const etag = first.headers.get("etag");
      expect(etag, target).toMatch(/^"[^"]+"$/);
      const again = await ask(worker.url, target, { headers: { "If-None-Match": etag! } });
      expect(again.status, target).toBe(304);
    }
  });

  it("on every live route and its errors, the images byte for byte", async () => {
    // Answers that are the same at any second: those every runtime is asked, and more.
    const targets = [
      ...timelessLiveTargets(),
      "/api/countdown/long-past?shape=b",
      "/api/countdown/long-past?shape=c",
      "/api/badge/long-past.svg",
      "/api/og/postponed-de.png",
      // What an image reads beyond its shard, fetched by its route first: a done image, a header image.
      "/api/email/go-ended.png",
      `/api/og/${HEADER_IMAGE.slug}.png`,
      // The done message in the scripts of the font set: Japanese (the 19 MB collection), Arabic, Devanagari, Hebrew.
      "/api/email/long-past.gif?lang=ja",
      "/api/email/long-past.png?lang=ar",
      "/api/email/long-past.gif?lang=hi&layout=compact",
      "/api/email/long-past.png?lang=he",
    ];
    for (const target of targets) await expectAlike(target);
  });

  it("on answers that change every second, asked in the same second", async () => {
    const ticking = [
      "/api/countdown/future-launch",
      "/api/countdown/weekly-berlin?shape=b",
      "/api/badge/future-launch.svg",
      "/api/email/future-launch.gif?frames=3",
      "/api/email/postponed-de.png",
    ];
    // The count and its units in the scripts of the font set: Japanese (the 19 MB collection), Arabic, Devanagari, Hebrew.
    const scripts = ["ja", "ar", "hi", "he"].map((lang) => `/api/email/future-launch.gif?lang=${lang}&frames=2`);
    for (const target of [...ticking, ...scripts]) {
      let alike = false;
      let unlike: unknown;
      for (let attempt = 0; attempt < 10 && !alike; attempt++) {
        const [fromNode, fromWorker] = await Promise.all([ask(node.url, target), ask(worker.url, target)]);
        // Only answers made in one second are comparable; each one's Date says which. (A Date is taken
        // as the answer is written: on a busy machine a drawing begun in one second may be dated the
        // next, so answers of one Date that differ are asked again; the last difference is reported.)
        if (fromNode.headers.get("date") !== fromWorker.headers.get("date")) continue;
        const [nodeBody, workerBody] = [
          Buffer.from(await fromNode.arrayBuffer()),
          Buffer.from(await fromWorker.arrayBuffer()),
        ];
        try {
          expectSame(target, fromNode, fromWorker, nodeBody, workerBody);
          alike = true;
        } catch (error) {
          unlike = error;
        }
      }
      if (!alike && unlike) throw unlike;
      expect(alike, `${target} asked of both in one second`).toBe(true);
    }
  });

  it("draws Thai too, its date in the runtime's own words (docs/deploying.md)", async () => {
    // Each runtime writes dates with its own Unicode locale data (CLDR): Node 20's and workerd's
    // abbreviate a Thai weekday differently, so the date line may differ, and nothing else.
    for (const target of ["/api/email/future-launch.gif?lang=th&frames=1", "/api/email/long-past.gif?lang=th"]) {
      const [fromNode, fromWorker] = await Promise.all([ask(node.url, target), ask(worker.url, target)]);
      expect(fromWorker.status, target).toBe(200);
      for (const name of COMPARED)
        expect(fromWorker.headers.get(name), `${name} of ${target}`).toBe(fromNode.headers.get(name));
      const [a, b] = [Buffer.from(await fromNode.arrayBuffer()), Buffer.from(await fromWorker.arrayBuffer())];
      // The same GIF: its signature, width and height.
      expect(b.subarray(0, 10).equals(a.subarray(0, 10)), target).toBe(true);
    }
  });

  it("says in its health what it serves, its runtime's time zone data unknown", async () => {
    const [fromNode, fromWorker] = await Promise.all([
      ask(node.url, "/api/health").then((r) => r.json()),
      ask(worker.url, "/api/health").then((r) => r.json()),
    ]);
    expect(fromWorker).toMatchObject({
      status: "ok",
      countdowns: fromNode.countdowns,
      version: fromNode.version,
      tzdata: { build: fromNode.tzdata.build, runtime: "unknown" },
    });
  });

  it("keeps what only the Worker reads from the public", async () => {
    for (const target of ["/_worker/live/meta.json", "/_worker/packs/0.bin", "/_worker/fonts/NotoSans-Regular.ttf"]) {
      const response = await ask(worker.url, target);
      expect(response.status, target).toBe(404);
      expect(response.headers.get("content-type"), target).toMatch(/^text\/html/);
    }
  });
});

describe("the Worker over live data that cannot be read", () => {
  it("answers the live routes 503 and says why in its health, and serves the built files still", async () => {
    const broken = path.join(path.dirname(folder), "broken");
    cpSync(folder, broken, { recursive: true });
    writeFileSync(path.join(broken, "assets/_worker/live/shards/0.json"), '{"future-launch": {"slug": "future-la');
    const faulty = await startWorkerd(broken);
    try {
      const live = await ask(faulty.url, "/api/countdown/future-launch");
      expect(live.status).toBe(503);
      expect(live.headers.get("retry-after")).toBe("10");
      expect((await live.json()).error.code).toBe("unavailable");
      const health = await ask(faulty.url, "/api/health");
      expect(health.status).toBe(503);
      expect((await health.json()).problems.join(" ")).toMatch(/shards\/0\.json is not valid JSON/);
      const email = await ask(faulty.url, "/api/email/future-launch.gif");
      expect([email.status, email.headers.get("content-type")]).toEqual([503, "image/gif"]);
      expect((await ask(faulty.url, "/future-launch/")).status).toBe(200);
    } finally {
      await faulty.stop();
    }
  });
});

describe("a fault of ours in a live route", () => {
  // A clock gone wrong (past any date: new Date(Infinity).toISOString() throws) faults every live
  // route. Each runtime answers 500 with the API's headers, CORS among them, as every other answer
  // under /api/ has, so a page on another origin reads the error; the fault goes to the log only.
  const expectApiFault = async (what: string, answer: Response) => {
    expect(answer.status, what).toBe(500);
    expect(answer.headers.get("access-control-allow-origin"), what).toBe("*");
    expect(answer.headers.get("cache-control"), what).toBe("no-store");
    expect(await answer.json(), what).toEqual({ error: { code: "internal_error", message: expect.any(String) } });
  };
  const TARGETS = ["/api/countdown/future-launch", "/api/health"];

  it("answers 500 with the API's headers on the Node server, the Worker and a Netlify function", async () => {
    const logged: string[] = [];
    const server = createProductionServer({
      outDir: TEST_OUT_DIR,
      now: () => Number.POSITIVE_INFINITY,
      emailThreads: 0,
      log: (line) => logged.push(line),
    });
    await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
    const faulty = await startWorkerd(folder, { bindings: { CLOCK_OFFSET_MS: "1e400" } });
    try {
      const nodeUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      const netlify = folderFunction(path.join(TEST_OUT_DIR, "live"), LIVE_ANSWERS, {
        now: () => Number.POSITIVE_INFINITY,
        log: (line) => logged.push(line),
      });
      for (const target of TARGETS) {
        await expectApiFault(`Node ${target}`, await ask(nodeUrl, target));
        await expectApiFault(`Worker ${target}`, await ask(faulty.url, target));
        await expectApiFault(`Netlify ${target}`, await netlify(new Request(`${TEST_BASE_URL}${target}`)));
      }
      expect(logged.filter((line) => line.includes("RangeError")).length).toBe(2 * TARGETS.length);
      // The site's own pages are no API: a request outside /api/ is answered as before.
      expect((await ask(nodeUrl, "/future-launch/")).status).toBe(200);
    } finally {
      await Promise.all([server.close(), faulty.stop()]);
    }
  });
});

describe("the Workers build", () => {
  it("refuses a site under a path, saying what URL to build with", async () => {
    const outDir = path.join(path.dirname(folder), "under-a-path");
    const built = await publish(
      readConfig({ ...TEST_ENV, URL: "https://countdowns.example.test/sub", OUT_DIR: outDir }),
      { now: TEST_NOW },
    );
    expect(built.ok).toBe(true);
    await expect(buildForWorkers(outDir, path.join(path.dirname(folder), "under-a-path-workers"))).rejects.toThrow(
      /root of its host, and URL has a path \(\/sub\); build with URL set to the Worker's own address/,
    );
  });

  it("has the Worker run first where wrangler.jsonc says, and Cloudflare serve only files outside those paths", () => {
    const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.jsonc") });
    expect(config.assets?.run_worker_first).toEqual(WORKER_FIRST);
    expect(config.main).toBe(path.join(ROOT, "dist/workers/worker.js"));
  });

  it("holds each countdown's files in one pack, and the site's own files as assets with their headers", () => {
    const pack = readPack(new Uint8Array(readFileSync(path.join(folder, "assets/_worker/packs/0.bin"))));
    for (const file of [
      "/future-launch/index.html",
      "/future-launch/embed/index.html",
      "/future-launch/future-launch.ics",
      "/api/embed/future-launch.html",
      "/api/data/future-launch.json",
    ]) {
      expect(pack.has(file), file).toBe(true);
      expect(Buffer.from(pack.bytes(file)!).equals(readFileSync(path.join(TEST_OUT_DIR, "site", file))), file).toBe(
        true,
      );
    }
    expect(made.packs).toBe(1);
    const headers = readFileSync(path.join(folder, "assets/_headers"), "utf8");
    expect(headers).toMatch(/^\/index\.html\n {2}X-Content-Type-Options: nosniff\n/m);
    const served = headers.match(/^\/\S*/gm)!;
    expect(served).toEqual(
      expect.arrayContaining([ELEMENT_SCRIPT_PATH, ...ELEMENT_PARTS.map(elementPartPath), CALENDAR_FEED_PATH]),
    );
    expect(served).not.toContain("/api/pages");
    // No pattern the Worker runs first on covers a public asset: Cloudflare serves every one itself.
    const assets = path.join(folder, "assets");
    const publicFiles = (readdirSync(assets, { recursive: true }) as string[])
      .map((name) => `/${name.split(path.sep).join("/")}`)
      .filter(
        (file) => statSync(path.join(assets, file)).isFile() && file !== "/_headers" && !file.startsWith("/_worker/"),
      );
    expect(publicFiles).toContain("/api/embed/future-launch");
    expect(WORKER_FIRST.every((rule) => rule.endsWith("/*") && !rule.startsWith("!"))).toBe(true);
    for (const file of publicFiles)
      expect(
        WORKER_FIRST.filter((rule) => file.startsWith(rule.slice(0, -1))),
        file,
      ).toEqual([]);
    expect(headers.match(/^\//gm)!.length).toBeLessThanOrEqual(100);
    expect(made.assets).toBeLessThan(ASSET_LIMITS.free);
  });

  it("serves every countdown's widget and record as assets at their paths, the widgets first, as far as the plan's files allow", async () => {
    const countdowns = made.countdowns;
    expect(made.served).toEqual({ widget: countdowns, record: countdowns });
    for (const [asset, file] of [
      ["/api/embed/future-launch", "/api/embed/future-launch.html"],
      ["/api/data/future-launch.json", "/api/data/future-launch.json"],
    ] as const)
      expect(
        readFileSync(path.join(folder, "assets", asset)).equals(readFileSync(path.join(TEST_OUT_DIR, "site", file))),
        asset,
      ).toBe(true);
    // A plan with room for every other file and three of the countdowns' files: three widgets, no record.
    const others = made.assets - 2 * countdowns;
    const limited = await buildForWorkers(
      TEST_OUT_DIR,
      path.join(path.dirname(folder), "limited"),
      undefined,
      others + 3,
    );
    expect(limited.served).toEqual({ widget: 3, record: 0 });
    expect(limited.assets).toBe(others + 3);
    expect(readdirSync(path.join(path.dirname(folder), "limited/assets/api/embed"))).toHaveLength(3);
    // No room at all: every countdown's files in the packs alone.
    const none = await buildForWorkers(TEST_OUT_DIR, path.join(path.dirname(folder), "none"), undefined, 1);
    expect(none.served).toEqual({ widget: 0, record: 0 });
    expect(none.packs).toBe(made.packs);
  });

  it("compiles ahead the very modules HarfBuzz's Emscripten code compiles for its callbacks", async () => {
    const compiled: string[] = [];
    const Module = WebAssembly.Module;
    WebAssembly.Module = new Proxy(Module, {
      construct(target, args: [BufferSource]) {
        compiled.push(bytesKey(args[0]));
        return Reflect.construct(target, args);
      },
    });
    try {
      const { linePaths, shape } = await import("../../src/images/fonts.ts");
      linePaths(shape("Hi 12", 20, 700, "en"), 0, 0);
    } finally {
      WebAssembly.Module = Module;
    }
    const ahead = new Set(SIGNATURES.map((signature) => bytesKey(wrapperBytes(signature))));
    // harfbuzzjs's own module is compiled from a file; the rest are the callbacks' wrappers.
    const wrappers = compiled.filter((key) => key.length < 200);
    expect(wrappers.length).toBeGreaterThanOrEqual(5);
    for (const key of wrappers) expect(ahead.has(key), key).toBe(true);
  });

  it("is taken by wrangler as it is, a Worker within the free plan's 3 MB compressed", () => {
    const configFile = wranglerConfigFor(folder);
    const output = execFileSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules/wrangler/bin/wrangler.js"),
        "deploy",
        "--dry-run",
        "--config",
        configFile,
        "--outdir",
        path.join(path.dirname(folder), "dry-run"),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    rmSync(path.dirname(configFile), { recursive: true, force: true });
    const gzipKiB = Number(/Total Upload: [\d.]+ KiB \/ gzip: ([\d.]+) KiB/.exec(output)?.[1]);
    expect(gzipKiB, output).toBeGreaterThan(0);
    expect(gzipKiB).toBeLessThan(3 * 1024);
    expect(output).toMatch(/env\.ASSETS\s+Assets/);
  });
});

describe("a deploy on Workers Builds", () => {
  it("starts from the previous deploy's build and Workers build in the build cache, and writes only what changed", async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), "workers-cache-"));
    try {
      const countdowns = path.join(work, "countdowns");
      mkdirSync(countdowns);
      // Enough countdowns for several packs (about 2 MiB of files each).
      for (let n = 1; n <= 150; n++)
        writeFileSync(
          path.join(countdowns, `launch-${n}.md`),
          `---\ntitle: "Launch ${n}"\ntarget: "${fromNow(n)}"\n---\n`,
        );
      const outDir = path.join(work, "dist");
      const env = { COUNTDOWNS_DIR: countdowns, OUT_DIR: outDir, URL: "https://countdowns.example.test" };
      const cached = cachedBuildOf(work);
      expect(onWorkersBuilds({ WORKERS_CI: "1" })).toBe(true);
      expect(onWorkersBuilds({})).toBe(false);

      // The first deploy: nothing cached, everything written, then cached as links to the same files.
      expect(await restorePreviousBuild(outDir, cached)).toBe(false);
      expect((await publish(readConfig(env), { now: TEST_NOW, version: "v" })).ok).toBe(true);
      const first = await buildForWorkers(outDir);
      expect(first).toMatchObject({ reused: 0 });
      expect(first.packs).toBeGreaterThanOrEqual(3);
      await savePreviousBuild(outDir, cached);
      expect(statSync(path.join(cached, "site/launch-1/index.html")).ino).toBe(
        statSync(path.join(outDir, "site/launch-1/index.html")).ino,
      );

      // The next deploy starts from a fresh clone: no dist/ until the cache gives it back.
      rmSync(outDir, { recursive: true, force: true });
      rmSync(`${outDir}.builds`, { recursive: true, force: true });
      writeFileSync(
        path.join(countdowns, "launch-2.md"),
        `---\ntitle: "Launch 2, moved"\ntarget: "${fromNow(2.5)}"\n---\n`,
      );
      expect(await restorePreviousBuild(outDir, cached)).toBe(true);
      const second = await publish(readConfig(env), { now: TEST_NOW, version: "v" });
      expect(second).toMatchObject({ ok: true, countdowns: 150, rewritten: 1 });
      // The Workers build links the packs the edit left as they were from the previous one.
      const edited = await buildForWorkers(outDir);
      expect(edited.reused).toBeGreaterThanOrEqual(1);
      expect(edited.reused).toBeLessThan(edited.packs);
      // And makes what a Workers build of everything makes, byte for byte.
      const full = await buildForWorkers(outDir, path.join(work, "full-workers"), []);
      expect(full.reused).toBe(0);
      for (let index = 0; index < full.packs; index++) {
        const pack = `assets/_worker/packs/${index}.bin`;
        expect(
          readFileSync(path.join(edited.folder, pack)).equals(readFileSync(path.join(full.folder, pack))),
          pack,
        ).toBe(true);
      }
      expect(
        readPack(
          new Uint8Array(
            readFileSync(
              path.join(edited.folder, "assets/_worker/packs", `${packOf("/launch-2/index.html", edited.packs)}.bin`),
            ),
          ),
        ).bytes("/launch-2/index.html"),
      ).toBeDefined();
    } finally {
      rmSync(work, { recursive: true, force: true });
      rmSync(`${path.join(work, "dist")}.builds`, { recursive: true, force: true });
    }
  });
});

describe("npm run serve:workers", () => {
  it(
    "serves a build of its own, for its port, which later builds do not take from under it",
    { timeout: 300_000 },
    async () => {
      const { spawn } = await import("node:child_process");
      const net = await import("node:net");
      const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), "serve-workers-")), "dist.workers");
      const port = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, "127.0.0.1", () => {
          const { port: free } = probe.address() as import("node:net").AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      const env = {
        ...process.env,
        COUNTDOWNS_DIR: TEST_ENV.COUNTDOWNS_DIR,
        SITE_FILE: TEST_ENV.SITE_FILE,
        OUT_DIR: outDir,
        PORT: String(port),
        URL: undefined,
      };
      const child = spawn("npm", ["run", "--silent", "serve:workers"], {
        cwd: ROOT,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (chunk) => (output += chunk));
      child.stderr!.on("data", (chunk) => (output += chunk));
      try {
        await expect
          .poll(() => output, { timeout: 240_000, interval: 200 })
          .toMatch(/Countdown service \(Cloudflare Workers, in workerd\) at http:\/\/127\.0\.0\.1:\d+\//);
        const site = `http://127.0.0.1:${port}`;
        // Built for the port it serves on.
        expect(
          ((await (await fetch(`${site}/api/pages`)).json()) as { url: string }[])[0]!.url.startsWith(
            `http://localhost:${port}/`,
          ),
        ).toBe(true);
        // Two more builds of its folder prune the one it was started from (run while its output is read).
        for (let i = 0; i < 2; i++) {
          const build = spawn("npm", ["run", "--silent", "build:workers"], { cwd: ROOT, env, stdio: "ignore" });
          expect(await new Promise((resolve) => build.once("exit", resolve))).toBe(0);
        }
        for (const target of [
          "/future-launch/",
          "/api/embed/future-launch",
          "/api/email/future-launch.png",
          "/api/countdown/future-launch",
        ]) {
          const answer = await fetch(`${site}${target}`).catch((error: Error) => ({
            status: `${error.message}: ${output}`,
          }));
          expect(answer.status, target).toBe(200);
        }
      } finally {
        process.kill(-child.pid!, "SIGTERM");
      }
    },
  );
});
