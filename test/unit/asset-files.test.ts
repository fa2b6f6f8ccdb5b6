// A Worker's files fetched from its assets (src/workers/asset-files.ts): kept within a budget of bytes,
// the oldest read dropped first, but never a file an answer has fetched and not yet read.
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
const macrotask = () => new Promise((resolve) => setTimeout(resolve));

describe("a Worker's asset files", () => {
  it("keeps a file fetched for an answer until the answer has read it, over the budget if it must", async () => {
    const binding = assets();
    const files = new AssetFiles(binding, "/_worker/live", 150);
    await files.fetchAll(["a"]);
    // Another answer's file, fetched before the first answer reads its own: over the budget, and kept.
    await files.fetchAll(["b"]);
    expect(files.bytes("a")?.length).toBe(100);
    expect(files.bytes("b")?.length).toBe(100);
    // Once both have been read, the oldest read goes for the next file.
    await macrotask();
    await files.fetchAll(["c"]);
    expect(() => files.bytes("a")).toThrow(/\/_worker\/live\/a was read before it was fetched/);
    expect(binding.asked).toEqual(["/_worker/live/a", "/_worker/live/b", "/_worker/live/c"]);
  });

  it("fetches a file it holds no more, and not one it holds", async () => {
    const binding = assets();
    const files = new AssetFiles(binding, "/_worker/fonts", 1000);
    await files.fetchAll(["x", "x"]);
    await files.fetchAll(["x"]);
    expect(binding.asked).toEqual(["/_worker/fonts/x"]);
  });
});
