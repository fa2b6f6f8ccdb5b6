// Faults at run time: built files that go missing or corrupt under a running server, and rebuilds
// that fail. The server answers a clean error, logs a line, keeps serving the rest, and never
// serves half a build.
import { execFile } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { buildPaths } from "../../src/config.ts";
import { writeFixtureCountdowns } from "../support/fixtures.ts";
import { rawRequest } from "../support/http.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { POLL_LIMIT, ROOT, TEST_OUT_DIR } from "../support/paths.ts";

const run = promisify(execFile);
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** A private copy of the fixture build, served by its own server. */
async function serveCopy(): Promise<{ server: RunningServer; outDir: string }> {
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), "faults-")), "dist");
  // The build itself, not the link to it that OUT_DIR is.
  cpSync(TEST_OUT_DIR, outDir, { recursive: true, dereference: true });
  const server = await startServer(outDir);
  servers.push(server);
  return { server, outDir };
}

const NO_STACK = /\bat [^\n]+:\d+|Error:|ENOENT/;

describe("a built file that goes missing while the server runs", () => {
  it("gets a clean JSON error and a log line, and the rest keeps serving", async () => {
    const { server, outDir } = await serveCopy();
    const site = buildPaths(outDir).site;
    expect((await fetch(`${server.url}/api/embed/future-launch`)).status).toBe(200);
    // Each with its compressed twins (src/publish/file-digests.ts), which would otherwise be served.
    for (const file of ["api/embed/future-launch.html", "api/pages", "future-launch/index.html"]) {
      for (const twin of ["", ".br", ".gz"]) rmSync(path.join(site, file + twin), { force: true });
    }

    for (const missing of ["/api/embed/future-launch", "/api/pages", "/future-launch/"]) {
      const response = await fetch(`${server.url}${missing}`);
      expect(response.status, missing).toBe(503);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("access-control-allow-origin"), missing).toBe(
        missing.startsWith("/api/") ? "*" : null,
      );
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe("unavailable");
      expect(text).not.toMatch(NO_STACK);
    }
    const head = await fetch(`${server.url}/api/pages`, { method: "HEAD" });
    expect(head.status).toBe(503);
    expect(await head.text()).toBe("");
    expect(server.output()).toMatch(
      /built file unavailable: \/api\/embed\/future-launch\.html: ENOENT; serving everything else/,
    );
    expect((await fetch(`${server.url}/api/embed/long-past`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/countdown/future-launch`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/embed/no-such-slug`)).status).toBe(404);
    expect(server.process.exitCode).toBeNull();
  });

  it("answers a missing file queued behind another answer on a pipelined connection without cutting into it", async () => {
    const { server, outDir } = await serveCopy();
    const site = buildPaths(outDir).site;
    const page = readFileSync(path.join(site, "future-launch/index.html"), "latin1");
    rmSync(path.join(site, "api/embed/future-launch.html"));
    const { status, headers, body } = await rawRequest(
      server.url,
      "GET /future-launch/ HTTP/1.1\r\nHost: localhost\r\n\r\nGET /api/embed/future-launch HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(status).toBe(200);
    expect(body.slice(0, Number(headers["content-length"]))).toBe(page);
    // After the page: nothing (the connection closed) or one whole 503, never bytes mixed into the page.
    const rest = body.slice(page.length);
    if (rest !== "") {
      expect(rest).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(JSON.parse(rest.split("\r\n\r\n")[1]!).error.code).toBe("unavailable");
    }
    expect((await fetch(`${server.url}/api/embed/long-past`)).status).toBe(200);
  });

  it("survives files deleted under it by the hundred while it answers", async () => {
    const { server, outDir } = await serveCopy();
    const site = buildPaths(outDir).site;
    const requests = Array.from({ length: 400 }, (_, i) =>
      fetch(`${server.url}/api/embed/${i % 2 ? "future-launch" : "long-past"}`).then(
        (r) => r.status,
        () => 0,
      ),
    );
    rmSync(path.join(site, "api/embed"), { recursive: true, force: true });
    const statuses = await Promise.all(requests);
    expect(statuses.every((status) => status === 200 || status === 503 || status === 0)).toBe(true);
    // Health tells the truth: the files a request found gone make it 503, naming them.
    const health = await fetch(`${server.url}/api/health`);
    if (statuses.includes(503))
      expect([health.status, JSON.stringify(await health.json())]).toEqual([
        503,
        expect.stringMatching(/built files: \/api\/embed\/(future-launch|long-past)\.html cannot be served/),
      ]);
    else expect(health.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });
});

describe("a built file that changes while the server runs", () => {
  it("is sent at the length its build's manifest says, so the next answer on the connection stays intact", async () => {
    const { server, outDir } = await serveCopy();
    const file = path.join(buildPaths(outDir).site, "api/pages");
    expect((await fetch(`${server.url}/api/pages`)).status).toBe(200);
    const built = readFileSync(file, "latin1");
    appendFileSync(file, "[appended after the server first sent the file]");
    const twice =
      "GET /api/pages HTTP/1.1\r\nHost: localhost\r\n\r\n" +
      "GET /api/pages HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    const { status, headers, body } = await rawRequest(server.url, twice);
    expect(status).toBe(200);
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(built, "latin1"));
    expect(body.slice(0, built.length)).toBe(built);
    // The second answer starts right where the first one's announced length ends.
    expect(body.slice(built.length)).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe("corrupt live data", () => {
  it("is refused on reload: the server keeps the build it had and says so", async () => {
    const { server, outDir } = await serveCopy();
    writeFileSync(buildPaths(outDir).liveMeta, '{"version": "half-written", "count": ');
    server.process.kill("SIGHUP");
    await expect
      .poll(() => server.output(), { timeout: POLL_LIMIT })
      .toMatch(
        /kept the build being served; the one at \S+ could not be loaded: live data file meta\.json is not valid JSON/,
      );
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health.version).toBe("test+0000000");
    expect((await fetch(`${server.url}/api/countdown/future-launch`)).status).toBe(200);
  });
});

describe("a live data shard that breaks under a running server", () => {
  it("costs only the live answers of its countdowns (503, Retry-After); every built file keeps serving; health says what is wrong", async () => {
    const { server, outDir } = await serveCopy();
    const shard = path.join(buildPaths(outDir).live, "shards", "0.json");
    for (const broken of ['{"future-launch": ', undefined]) {
      if (broken === undefined) rmSync(shard);
      else writeFileSync(shard, broken);
      const live = await fetch(`${server.url}/api/countdown/future-launch`);
      expect(live.status).toBe(503);
      expect(live.headers.get("retry-after")).toBe("10");
      expect((await live.json()).error.code).toBe("unavailable");
      for (const file of [
        "/future-launch/",
        "/future-launch/future-launch.ics",
        "/api/embed/future-launch",
        "/api/data/future-launch.json",
        "/api/pages",
        "/",
      ]) {
        expect((await fetch(`${server.url}${file}`)).status, file).toBe(200);
      }
      expect((await fetch(`${server.url}/nope/`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/embed/nope`)).status).toBe(404);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const body = await health.json();
      expect(body.status).toBe("degraded");
      expect(body.problems.join(" ")).toMatch(/shards\/0\.json (is not valid JSON|is missing)/);
      // A line for the operator, no stack trace.
      expect(server.output()).toMatch(/live data unavailable: live data file shards\/0\.json/);
      expect(server.output()).not.toMatch(/^\s+at .+:\d+:\d+/m);
      // The email image says so as an image, with the 503 and when to try again: an <img> shows no JSON.
      for (const format of ["gif", "png"]) {
        const image = await fetch(`${server.url}/api/email/future-launch.${format}`);
        expect([image.status, image.headers.get("content-type"), image.headers.get("retry-after")], format).toEqual([
          503,
          `image/${format}`,
          "10",
        ]);
        expect(
          Buffer.from(await image.arrayBuffer())
            .subarray(0, 4)
            .toString("latin1"),
          format,
        ).toBe(format === "gif" ? "GIF8" : "\x89PNG");
      }
    }
    expect(server.process.exitCode).toBeNull();
  });

  it("is reported by health until repaired, and no longer from the next check after, with no request for a countdown in between", async () => {
    const { server, outDir } = await serveCopy();
    const shard = path.join(buildPaths(outDir).live, "shards", "0.json");
    const good = readFileSync(shard);
    writeFileSync(shard, "{");
    // A request finds it broken (the shard is read when first needed).
    expect((await fetch(`${server.url}/api/countdown/future-launch`)).status).toBe(503);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
    writeFileSync(shard, good);
    // A load balancer that asks only /api/health takes the node back.
    const health = await fetch(`${server.url}/api/health`);
    expect([health.status, (await health.json()).status]).toEqual([200, "ok"]);
    expect((await fetch(`${server.url}/api/countdown/future-launch`)).status).toBe(200);
  });
});

describe("a built file that breaks under a running server", () => {
  it("answers 503, is reported by health until it is back, and no longer from the next check after", async () => {
    const { server, outDir } = await serveCopy();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const page = path.join(realpathSync(buildPaths(outDir).site), "future-launch", "index.html");
    const bytes = readFileSync(page);
    rmSync(page);
    rmSync(`${page}.br`, { force: true });
    rmSync(`${page}.gz`, { force: true });
    expect((await fetch(`${server.url}/future-launch/`)).status).toBe(503);
    const degraded = await fetch(`${server.url}/api/health`);
    expect(degraded.status).toBe(503);
    expect((await degraded.json()).problems.join(" ")).toMatch(
      /built files: \/future-launch\/index\.html cannot be served/,
    );
    writeFileSync(page, bytes);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe("the build folder moved away under a running server", () => {
  it("is reported by the health check, which answers 503 degraded", async () => {
    const { server, outDir } = await serveCopy();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    renameSync(outDir, `${outDir}-moved`);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    const body = await health.json();
    expect(body.status).toBe("degraded");
    expect(body.problems.join(" ")).toMatch(/built files|live data/);
  });
});

describe("rebuilding under a running server", () => {
  it("keeps serving the previous good build when a rebuild fails, and takes the next good one", async () => {
    const { server, outDir } = await serveCopy();
    const before = await (await fetch(`${server.url}/api/pages`)).text();
    const build = (countdownsDir: string) =>
      run(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/build.ts")], {
        cwd: ROOT,
        env: { ...process.env, OUT_DIR: outDir, COUNTDOWNS_DIR: countdownsDir, URL: "https://countdowns.example.test" },
      }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );

    const bad = path.join(mkdtempSync(path.join(tmpdir(), "bad-")), "countdowns");
    writeFixtureCountdowns(bad);
    writeFileSync(path.join(bad, "broken.md"), "---\ntitle: Broken\n---\n");
    expect(await build(bad)).toBe(1);
    expect(await (await fetch(`${server.url}/api/pages`)).text()).toBe(before);
    expect((await fetch(`${server.url}/api/embed/future-launch`)).status).toBe(200);

    const good = path.join(mkdtempSync(path.join(tmpdir(), "good-")), "countdowns");
    writeFixtureCountdowns(good);
    writeFileSync(path.join(good, "brand-new.md"), '---\ntitle: Brand new\ntarget: "2031-01-01T00:00:00Z"\n---\n');
    expect(await build(good)).toBe(0);
    await expect
      .poll(async () => (await fetch(`${server.url}/api/countdown/brand-new`)).status, { timeout: POLL_LIMIT })
      .toBe(200);
    expect((await fetch(`${server.url}/api/embed/brand-new`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/api/pages`)).text()).toContain('"slug":"brand-new"');
    expect(server.output()).toMatch(/loaded the build: \d+ countdown\(s\)/);
  });
});
