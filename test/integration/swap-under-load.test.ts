// A build switched in under a running server that is answering a steady stream of requests: every
// answer is whole and of one build, never a mix, and none fails. Each build after the first edits one
// countdown, so most files are shared with the builds before (src/publish/build-folders.ts).
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { readBuilt } from "../support/builds.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { fromNow } from "../support/fixtures.ts";

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

describe("a build switched in under load", () => {
  it("never answers with a half-switched build, and no request fails", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "swap-"));
    const countdowns = path.join(work, "countdowns");
    mkdirSync(countdowns);
    const config = readConfig({
      COUNTDOWNS_DIR: countdowns,
      OUT_DIR: path.join(work, "dist"),
      URL: "https://countdowns.example.test",
    });
    const files = ["/api/pages", "/swap-0/", "/api/embed/swap-1", "/api/data/swap-2.json"];
    /** The bodies each build published, by path: what any answer may be. */
    const published = new Map<string, Set<string>>(files.map((file) => [file, new Set()]));
    const build = async (version: number) => {
      for (let n = 0; n < 3; n++) {
        if (version > 0 && n !== version % 3) continue;
        writeFileSync(
          path.join(countdowns, `swap-${n}.md`),
          `---\ntitle: "Swap ${n}, build ${version}"\ntarget: "${fromNow(n + 1)}"\n---\n${"Words. ".repeat(version * 40)}\n`,
        );
      }
      expect((await publish(config, { version: `v${version}` })).ok).toBe(true);
      for (const file of files)
        published
          .get(file)!
          .add(
            readBuilt(
              config.outDir,
              file.endsWith("/") ? `${file}index.html` : file.startsWith("/api/embed/") ? `${file}.html` : file,
            ).toString("utf8"),
          );
    };
    try {
      await build(0);
      const server = await startServer(config.outDir);
      servers.push(server);
      let stop = false;
      const answers: { file: string; status: number; body: string; etag: string | null }[] = [];
      const client = async (index: number) => {
        for (let i = index; !stop; i++) {
          const file = files[i % files.length]!;
          const response = await fetch(`${server.url}${file}`, { headers: { "accept-encoding": "identity" } }).catch(
            (error: Error) => ({ status: 0, text: async () => error.message, headers: new Headers() }),
          );
          answers.push({
            file,
            status: response.status,
            body: await response.text(),
            etag: response.headers.get("etag"),
          });
        }
      };
      const clients = Array.from({ length: 6 }, (_, index) => client(index));
      for (let version = 1; version <= 4; version++) await build(version);
      // Long enough after the last switch for the server to see it.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      stop = true;
      await Promise.all(clients);

      expect(answers.length).toBeGreaterThan(100);
      for (const { file, status, body, etag } of answers) {
        expect(status, file).toBe(200);
        expect(published.get(file)!.has(body), `${file}: an answer that no build published`).toBe(true);
        expect(etag, file).toBe(`"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`);
      }
      // It ended on the last build.
      const last = answers.filter((answer) => answer.file === "/api/pages").at(-1)!;
      expect(last.body).toContain("build 4");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
