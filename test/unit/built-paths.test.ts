// How a path resolves to a built file (src/http/built-paths.ts): a runtime that fetches its files
// first (the Worker) fetches `candidateFiles(path)`, so `resolve` must never ask for another.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateFiles, resolve } from "../../src/http/built-paths.ts";

const segment = fc.oneof(fc.constantFrom("launch", "index", "api", "embed", "a.b", "x.html", ""), fc.string());
const sitePath = fc
  .tuple(fc.array(segment, { maxLength: 4 }), fc.boolean())
  .map(([parts, slash]) => `/${parts.join("/")}${slash ? "/" : ""}`);

describe("the files a path may be", () => {
  it("are every file resolve asks for, whatever the build holds", () => {
    fc.assert(
      fc.property(sitePath, fc.func(fc.boolean()), (path, holds) => {
        const asked: string[] = [];
        resolve((file) => {
          asked.push(file);
          return holds(file) ? [1, "h", 0, 0] : undefined;
        }, path);
        expect(asked.filter((file) => !candidateFiles(path).includes(file))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("are the folder's index for a path with a slash, and the file, its .html and its folder's index otherwise", () => {
    expect(candidateFiles("/launch/")).toEqual(["/launch/index.html"]);
    expect(candidateFiles("/launch")).toEqual(["/launch", "/launch.html", "/launch/index.html"]);
    expect(candidateFiles("/api/data/launch.json")).toEqual([
      "/api/data/launch.json",
      "/api/data/launch.json/index.html",
    ]);
    expect(candidateFiles("/_headers")).toEqual([]);
  });
});
