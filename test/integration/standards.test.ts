// The tools others trust that run on Node: Redocly's and Spectral's OpenAPI rules on the published
// description, and the MDN HTTP Observatory's tests against the Node server. (Netlify's own parsers
// and matcher: route-parity.test.ts; the W3C checker and Lighthouse: test/e2e/standards.test.ts.)
import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { ROOT, TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await server?.stop();
});

const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const OPENAPI = path.join(TEST_SITE_DIR, "api/openapi.json");

describe("the OpenAPI description", () => {
  it("is clean under Redocly's recommended rules (redocly.yaml gives the reason for each rule turned off)", async () => {
    const { stdout } = await run(
      bin("redocly"),
      ["lint", OPENAPI, "--config", path.join(ROOT, "redocly.yaml"), "--format", "json"],
      { cwd: ROOT },
    ).catch((error: { stdout: string }) => error);
    const problems = (
      JSON.parse(stdout) as { problems: { ruleId: string; message: string; location: { pointer: string }[] }[] }
    ).problems;
    expect(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it("is clean under Spectral's spectral:oas rules (.spectral.yaml gives the reason for each rule turned off)", async () => {
    const { stdout } = await run(
      bin("spectral"),
      [
        "lint",
        OPENAPI,
        "--ruleset",
        path.join(ROOT, ".spectral.yaml"),
        "--format",
        "json",
        "--fail-severity",
        "hint",
        "--quiet",
      ],
      { cwd: ROOT },
    ).catch((error: { stdout: string }) => error);
    const problems = JSON.parse(stdout) as { code: string; message: string; path: string[] }[];
    expect(problems.map((p) => `${p.code} ${p.path.join(".")}: ${p.message}`)).toEqual([]);
  });
});

describe("the MDN HTTP Observatory", () => {
  /**
   * The scanner's tests, run on the Node server. Its scan() only reaches ports 80 and 443, so this
   * calls its retriever with the server's port and runs its list of tests, as scan() does.
   */
  async function observatory(pathname: string): Promise<{ test: string; pass: boolean; result: string }[]> {
    const module = path.join(ROOT, "node_modules/@mdn/mdn-http-observatory");
    // The package downloads Chromium's HSTS preload list when installed (a network call CI does not
    // allow); localhost is on no such list, so an empty one gives the same results.
    const preload = path.join(module, "conf/hsts-preload.json");
    if (!existsSync(preload)) writeFileSync(preload, "{}\n");
    const { retrieve } = await import(path.join(module, "src/retriever/retriever.js"));
    const { ALL_TESTS } = await import(path.join(module, "src/constants.js"));
    const { port } = new URL(server.url);
    const retrieved = await retrieve("localhost", { httpPort: Number(port), httpsPort: 1, path: pathname });
    return (ALL_TESTS as ((r: unknown) => { pass: boolean; result: string })[]).map((test) => ({
      test: test.name,
      ...test(retrieved),
    }));
  }
  /** What only a deployment with TLS can pass: redirecting http to https, and HSTS. */
  const NEEDS_TLS = ["redirectionTest", "strictTransportSecurityTest"];

  it("passes every test but the two that need TLS, on the index, a countdown's page and the 404 page", async () => {
    for (const pathname of ["/", "/future-launch/", "/no-such-page"]) {
      const results = await observatory(pathname);
      expect(results.length, pathname).toBeGreaterThanOrEqual(10);
      expect(
        results
          .filter((r) => !r.pass)
          .map((r) => r.test)
          .sort(),
        pathname,
      ).toEqual([...NEEDS_TLS].sort());
      expect(results.find((r) => r.test === "xFrameOptionsTest")?.result, pathname).toBe(
        "x-frame-options-implemented-via-csp",
      );
      expect(results.find((r) => r.test === "contentSecurityPolicyTest")?.result, pathname).toBe(
        "csp-implemented-with-no-unsafe-default-src-none",
      );
    }
  });
});
