// The production server : the build's server.mjs run by plain node, with no
// TypeScript loader, from a build folder anywhere; one access-log line per request, which ACCESS_LOG=off
// turns off.
import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync } from "node:fs";
import type http from "node:http";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { accessLogLine } from "../../src/server/access-log.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { rawRequest } from "../support/http.ts";
import { POLL_LIMIT, ROOT, TEST_ENV, TEST_NOW } from "../support/paths.ts";

/** A build in a folder outside the project, as a self-hoster might keep it (/srv/countdowns). */
let outDir: string;
beforeAll(async () => {
  outDir = path.join(mkdtempSync(path.join(tmpdir(), "production-")), "dist");
  expect((await publish(readConfig({ ...TEST_ENV, OUT_DIR: outDir }), { now: TEST_NOW, version: "prod" })).ok).toBe(
    true,
  );
});

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});
async function serve(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const server = await startServer(outDir, env, { bundled: true });
  servers.push(server);
  return server;
}

describe("the production server", () => {
  it("runs with plain node from its build folder, and answers every kind of route", async () => {
    const server = await serve();
    for (const [target, type] of [
      ["/", "text/html"],
      ["/api/embed/future-launch", "text/html"],
      ["/api/countdown/future-launch", "application/json"],
      ["/api/health", "application/json"],
      ["/api/badge/future-launch.svg", "image/svg+xml"],
      ["/api/og/future-launch.png", "image/png"],
      ["/api/oembed?url=https%3A%2F%2Fcountdowns.example.test%2Ffuture-launch%2F", "application/json"],
      // Drawn on its worker thread, the bundled email-worker.mjs beside it.
      ["/api/email/future-launch.gif", "image/gif"],
    ] as const) {
      const response = await fetch(`${server.url}${target}`);
      expect(response.status, target).toBe(200);
      expect(response.headers.get("content-type"), target).toContain(type);
    }
  });

  it("serves the folder it sits in when OUT_DIR is not set", async () => {
    const server = await serve({ OUT_DIR: undefined });
    expect(server.output()).toContain(`(serving ${outDir})`);
  });

  it("draws its email images on worker threads from its start's code after two builds prune the folder it started from", async () => {
    const own = path.join(mkdtempSync(path.join(tmpdir(), "production-pruned-")), "dist");
    const build = async (version: string) =>
      expect(
        (await publish(readConfig({ ...TEST_ENV, OUT_DIR: own }), { now: TEST_NOW, version, full: true })).ok,
      ).toBe(true);
    await build("first");
    const started = realpathSync(own);
    const server = await startServer(own, {}, { bundled: true });
    servers.push(server);
    await build("second");
    await build("third");
    expect(existsSync(started)).toBe(false);
    const health = async () =>
      (await (await fetch(`${server.url}/api/health`)).json()) as { version: string; warnings?: string[] };
    await expect.poll(async () => (await health()).version, { timeout: POLL_LIMIT }).toBe("third");
    // Threads of the process before and after its first drawing: the drawing thread is one more (Linux's /proc).
    const threads = () => readdirSync(`/proc/${server.process.pid}/task`).length;
    const before = threads();
    const response = await fetch(`${server.url}/api/email/future-launch.gif`);
    expect([response.status, response.headers.get("content-type")], server.output()).toEqual([200, "image/gif"]);
    expect(threads()).toBeGreaterThan(before);
    // The link preview, drawn in the main thread, finds its fonts too (found when the server started).
    expect((await fetch(`${server.url}/api/og/future-launch.png`)).status).toBe(200);
    expect((await health()).warnings).toBeUndefined();
    expect(server.output()).not.toMatch(/could not start/);
  });

  it("needs no TypeScript loader and no development package: every package it imports is a dependency", () => {
    const bundle = readFileSync(path.join(outDir, "server.mjs"), "utf8");
    // What it imports, requires and resolves at run time.
    const packages = [
      ...bundle.matchAll(
        /^(?:import|export)\b[^;"]*?\bfrom\s*"([^"]+)"|\bimport\("([^"]+)"\)|\brequire\("([^"]+)"\)|\brequire\.resolve\(`([^`$]+)/gm,
      ),
    ]
      .map((match) => match[1] ?? match[2] ?? match[3] ?? match[4]!)
      .filter((name) => !name.startsWith("node:") && !builtinModules.includes(name))
      .map((name) => (name.startsWith("@") ? name.split("/").slice(0, 2).join("/") : name.split("/")[0]!));
    const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(packages.length).toBeGreaterThan(0);
    for (const name of new Set(packages)) expect(Object.keys(dependencies), name).toContain(name);
    // (No module imported as TypeScript: a module the bundle starts lazily keeps its file's name as a label.)
    const typescript = /(?:\bfrom\s*|\bimport\s*)"tsx|(?:\bfrom\s*|\bimport\s*\(?|\brequire\()"[^"]*\.ts"/;
    expect(bundle).not.toMatch(typescript);
    expect(readFileSync(path.join(outDir, "email-worker.mjs"), "utf8")).not.toMatch(typescript);
  });
});

describe("the access log", () => {
  it("has one line per request in the Combined Log Format, with the path as asked and hostile text escaped", async () => {
    const server = await serve();
    // Each read to its end, so that each is logged (when its answer is out) before the next is sent.
    await (
      await fetch(`${server.url}/api/pages`, {
        headers: { "User-Agent": 'probe "quoted" agent', Referer: "https://ref.example/" },
      })
    ).text();
    await (await fetch(`${server.url}/future-launch/`)).text();
    await (await fetch(`${server.url}/no-such-page`)).text();
    await expect
      .poll(
        () =>
          server
            .output()
            .split("\n")
            .filter((line) => / - - \[/.test(line)).length,
        { timeout: POLL_LIMIT },
      )
      .toBe(3);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => / - - \[/.test(line));
    const combined =
      /^\S+ - - \[\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000\] "(GET \S+ HTTP\/1\.1)" (\d{3}) (\d+) "([^"]*)" "([^"]*)" \d+\.\dms$/;
    const parsed = lines.map((line) => combined.exec(line)?.slice(1));
    expect(parsed).toEqual([
      [
        "GET /api/pages HTTP/1.1",
        "200",
        expect.stringMatching(/^\d+$/),
        "https://ref.example/",
        "probe \\x22quoted\\x22 agent",
      ],
      ["GET /future-launch/ HTTP/1.1", "200", expect.any(String), "-", expect.any(String)],
      ["GET /no-such-page HTTP/1.1", "404", expect.any(String), "-", expect.any(String)],
    ]);
  });

  it("logs what Node's parser refuses before it is a request, answered as Node answers it: 400 for a malformed line, 431 for headers past the limit", async () => {
    const server = await serve();
    const bad = await rawRequest(server.url, "GARBAGE\r\n\r\n");
    expect(bad.status).toBe(400);
    const huge = await rawRequest(
      server.url,
      `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"x".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(huge.status).toBe(431);
    await expect
      .poll(
        () =>
          server
            .output()
            .split("\n")
            .filter((line) => / - - \[/.test(line)).length,
        { timeout: POLL_LIMIT },
      )
      .toBe(2);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => / - - \[/.test(line));
    expect(lines.map((line) => / "-" (\d{3}) \d+ "-" "-" /.exec(line)?.[1])).toEqual(["400", "431"]);
    // The server keeps answering.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it("names an IPv4 client as such on a dual-stack socket, and IPv6 ones as they are", () => {
    const req = { method: "GET", httpVersion: "1.1", rawHeaders: [] } as unknown as http.IncomingMessage;
    const res = { headersSent: true, statusCode: 200, writableEnded: true } as unknown as http.ServerResponse;
    const line = (remoteAddress: string) =>
      accessLogLine(req, res, { url: "/", remoteAddress, bytes: 1, ms: 1 }, Date.UTC(2030, 0, 2, 3, 4, 5));
    expect(line("::ffff:203.0.113.7")).toBe(
      '203.0.113.7 - - [02/Jan/2030:03:04:05 +0000] "GET / HTTP/1.1" 200 1 "-" "-" 1.0ms\n',
    );
    expect(line("2001:db8::1")).toMatch(/^2001:db8::1 - - \[/);
  });

  it("is off with ACCESS_LOG=off", async () => {
    const server = await serve({ ACCESS_LOG: "off" });
    await fetch(`${server.url}/api/pages`);
    await fetch(`${server.url}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).not.toMatch(/ - - \[/);
  });
});
