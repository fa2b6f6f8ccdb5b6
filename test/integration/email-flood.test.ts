// The Node server under a flood of email images nobody waits for (a security probe's finding): each
// request for a heavy drawing of its own is abandoned 5 ms after it is sent. Through a real HTTP server
// and real sockets, with the drawings on the server's worker threads: what the flood costs is counted
// by the server (drawings made, dropped, refused), not timed, so the verdict is the same on any machine.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionServer, type ProductionServer } from "../../src/server/production-server.ts";
import { decodeGif } from "../support/image-reader.ts";
import { EVERGREEN } from "../support/fixtures.ts";
import { POLL_LIMIT, TEST_NOW, TEST_OUT_DIR } from "../support/paths.ts";

let local: ProductionServer;
let origin: string;
beforeAll(async () => {
  // (A drawing may take as long as the machine needs: the server's limit for one is not what is tested.)
  local = createProductionServer({ outDir: TEST_OUT_DIR, log: () => {}, emailDrawingLimitMs: 15 * POLL_LIMIT });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  const address = local.server.address() as net.AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => local.close());

/** Sends `target` on a socket of its own and closes it `afterMs` later, answered or not. */
function abandon(port: number, target: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      setTimeout(() => socket.destroy(), afterMs);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

describe("a flood of abandoned email requests on the Node server", () => {
  it(
    "costs no new recipient more than the drawings already started: 1,500 heavy drawings abandoned after 5 ms are dropped unstarted",
    // (The drawings started before their clients left are finished first: on a machine busy with
    // other work, each of them takes many times as long (a CI run beside two builds' browser tests
    // took 16 minutes), so the bound is wide: it ends a run that hangs, the counts give the verdict.)
    { timeout: 15 * POLL_LIMIT },
    async () => {
      const port = (local.server.address() as net.AddressInfo).port;
      // An evergreen campaign's heaviest look, each open another start (Unix seconds: no redirect), each a drawing of its own.
      const startSeconds = Math.floor(TEST_NOW / 1000) - 3600;
      const heavy = (i: number) =>
        `/api/email/${EVERGREEN.slug}.gif?width=1200&density=2&layout=units&lang=ko&start=${startSeconds - i}`;
      const FLOOD = 1500;
      // The email requests the server read: one whose socket closed before the server read it costs nothing, and is not counted.
      let read = 0;
      local.server.on("request", (request) => request.url?.startsWith("/api/email/") && read++);
      for (let sent = 0; sent < FLOOD; sent += 250)
        await Promise.all(Array.from({ length: 250 }, (_, i) => abandon(port, heavy(sent + i), 5)));
      // A new recipient's image: drawn whole, once the drawings already started are done.
      const response = await fetch(`${origin}${heavy(FLOOD)}`);
      expect(response.status).toBe(200);
      expect(decodeGif(new Uint8Array(await response.arrayBuffer())).frames).toHaveLength(60);
      // Every request read is accounted for: drawn (started before its client left), dropped unstarted, or
      // refused as busy. (A request read late, after its client left, may still be on its way to the
      // drawings when the new recipient's image is done: its count is waited for, never timed.)
      const accounted = () => {
        const { drawn, abandoned, refused, failed } = local.emailStats();
        return drawn + abandoned + refused + failed;
      };
      while (accounted() < read) await new Promise((resolve) => setTimeout(resolve, 20));
      const stats = local.emailStats();
      expect(stats.drawn + stats.abandoned + stats.refused).toBe(read);
      expect(stats.failed).toBe(0);
      expect(read).toBeGreaterThan(FLOOD / 2);
      expect(stats.abandoned).toBeGreaterThan(FLOOD / 2);
      expect(stats.drawn).toBeLessThan(FLOOD / 5);
      expect([stats.waiting, stats.drawing]).toEqual([0, 0]);
      // Meanwhile and after, the live JSON answers.
      expect((await fetch(`${origin}/api/countdown/${EVERGREEN.slug}?start=${startSeconds}`)).status).toBe(200);
    },
  );
});
