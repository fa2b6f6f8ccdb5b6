// A Worker's files fetched from its assets (src/workers/asset-files.ts): kept within a budget of bytes,
// the oldest read dropped first, but never a file fetched for an answer not yet made.
import { describe, expect, it } from "vitest";
import { AssetFiles } from "../../src/workers/asset-files.ts";

/** Assets of 100 bytes each, whatever the path; the paths asked for. */
function assets() {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (request: Request) => {
      asked.push(new URL(request.url).pathname);
      return new Response(new Uint8Array(100));
    },
  };
}

describe("a Worker's asset files", () => {
  it("keeps the files fetched for an answer until it is made, over the budget if it must", async () => {
    const binding = assets();
    const files = new AssetFiles(binding, "/_worker/live", 250);
    await files.fetchAll(["a"]);
    // Two more answers' files, fetched while the first is being made: over the budget, and all kept.
    await files.fetchAll(["b"]);
    await files.fetchAll(["c"]);
    expect(files.bytes("c")?.length).toBe(100);
    expect(files.bytes("a")?.length).toBe(100);
    expect(files.bytes("b")?.length).toBe(100);
    // The answers made: the oldest read goes for the next file, as far as the budget says.
    files.release(["a"]);
    files.release(["b"]);
    files.release(["c"]);
    await files.fetchAll(["d"]);
    expect(() => files.bytes("a")).toThrow(/\/_worker\/live\/a was read before it was fetched/);
    expect(files.bytes("b")?.length).toBe(100);
    expect(() => files.bytes("c")).toThrow(/was read before it was fetched/);
    expect(binding.asked).toEqual(["/_worker/live/a", "/_worker/live/b", "/_worker/live/c", "/_worker/live/d"]);
  });

  it("fetches a file it holds no more, and not one it holds", async () => {
    const binding = assets();
    const files = new AssetFiles(binding, "/_worker/fonts", 1000);
    await files.fetchAll(["x", "x"]);
    await files.fetchAll(["x"]);
    expect(binding.asked).toEqual(["/_worker/fonts/x"]);
  });
});
