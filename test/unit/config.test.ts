// Configuration and data safety: every setting is read in one place and checked there; an
// empty or unusable value stops the command, naming the variable and the fix, before anything is
// written; the build replaces only a folder that is its own.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_MARKER, ConfigError, readConfig, requireCountdownsDir } from "../../src/config.ts";
import { ROOT } from "../support/paths.ts";

const temporary = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`));
const configError = (env: Record<string, string>, root = ROOT) => {
  try {
    readConfig(env, { root });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return undefined;
};

describe("reads every setting once, with defaults", () => {
  it("builds into dist/ from countdowns/ for http://localhost:8080 when nothing is set", () => {
    const config = readConfig({});
    expect(config.outDir).toBe(path.join(ROOT, "dist"));
    expect(config.countdownsDir).toBe(path.join(ROOT, "countdowns"));
    expect(config.site).toEqual({ origin: "http://localhost:8080", basePath: "" });
    expect(config.port).toBe(8080);
    expect(config.host).toBeUndefined();
    expect(config.accessLog).toBe(true);
  });

  it("builds for the port it is given, and takes URL, with or without a path", () => {
    expect(readConfig({ PORT: "9000" }).site.origin).toBe("http://localhost:9000");
    expect(readConfig({ URL: "https://countdowns.example.org/" }).site).toEqual({
      origin: "https://countdowns.example.org",
      basePath: "",
    });
    expect(readConfig({ URL: "https://example.org/countdowns/" }).site).toEqual({
      origin: "https://example.org",
      basePath: "/countdowns",
    });
    expect(readConfig({ URL: "http://example.org:8443/a/b" }).site).toEqual({
      origin: "http://example.org:8443",
      basePath: "/a/b",
    });
  });

  it("uses a Netlify deploy preview's or branch deploy's own address, keeping URL's path", () => {
    const preview = {
      URL: "https://site.example",
      DEPLOY_PRIME_URL: "https://deploy-preview-3--site.netlify.app",
      CONTEXT: "deploy-preview",
    };
    expect(readConfig(preview).site.origin).toBe("https://deploy-preview-3--site.netlify.app");
    expect(readConfig({ ...preview, CONTEXT: "branch-deploy" }).site.origin).toBe(
      "https://deploy-preview-3--site.netlify.app",
    );
    expect(readConfig({ ...preview, CONTEXT: "production" }).site.origin).toBe("https://site.example");
    expect(readConfig({ ...preview, URL: "https://site.example/sub" }).site).toEqual({
      origin: "https://deploy-preview-3--site.netlify.app",
      basePath: "/sub",
    });
  });
});

describe("stops on an empty or unusable setting, naming it and the fix", () => {
  it("refuses every variable set but empty", () => {
    for (const name of [
      "OUT_DIR",
      "COUNTDOWNS_DIR",
      "URL",
      "PORT",
      "HOST",
      "ACCESS_LOG",
      "DEPLOY_PRIME_URL",
      "CONTEXT",
      "COMMIT_REF",
      "SOURCE_DATE_EPOCH",
    ]) {
      for (const empty of ["", "  "])
        expect(configError({ [name]: empty }), name).toMatch(new RegExp(`^${name} is set but empty\\. `));
    }
    expect(configError({ OUT_DIR: "" })).toMatch(/Unset it to build into dist\//);
  });

  it("refuses addresses and ports it cannot use", () => {
    for (const url of [
      "example.org",
      "ftp://example.org",
      "https://user:pw@example.org",
      "https://example.org/?a=1",
      "https://example.org/#x",
      "https://example.org/a b",
    ]) {
      expect(configError({ URL: url }), url).toMatch(
        /^URL=".*" .*https:\/\/countdowns\.example\.org|^URL=".*" has a path/,
      );
    }
    for (const port of ["http", "-1", "65536", "80.5", "1e3"])
      expect(configError({ PORT: port }), port).toMatch(/^PORT=".*" is not a port number/);
    expect(configError({ ACCESS_LOG: "maybe" })).toMatch(/^ACCESS_LOG="maybe" is not "on" or "off"/);
    for (const epoch of ["yesterday", "1.5", "-1", "2026-11-22"]) {
      expect(configError({ SOURCE_DATE_EPOCH: epoch })).toMatch(
        new RegExp(`^SOURCE_DATE_EPOCH="${epoch}" is not a whole number of seconds since 1970`),
      );
    }
    expect(readConfig({ SOURCE_DATE_EPOCH: "1795305600" }).buildTime).toBe(1_795_305_600_000);
    expect(readConfig({}).buildTime).toBeUndefined();
    expect(readConfig({ PORT: "0" }).port).toBe(0);
    expect(readConfig({ ACCESS_LOG: "off" }).accessLog).toBe(false);
  });

  it("never takes the project, a folder above it, or the countdowns as the build folder", () => {
    expect(configError({ OUT_DIR: "." })).toMatch(/is the project folder or a folder above it/);
    expect(configError({ OUT_DIR: ROOT })).toMatch(/is the project folder or a folder above it/);
    expect(configError({ OUT_DIR: ".." })).toMatch(/is the project folder or a folder above it/);
    expect(configError({ OUT_DIR: "/" })).toMatch(/is the project folder or a folder above it/);
    expect(configError({ OUT_DIR: "countdowns" })).toMatch(/overlaps the countdowns folder/);
    expect(configError({ OUT_DIR: "countdowns/dist" })).toMatch(/overlaps the countdowns folder/);
    const outside = temporary("overlap");
    expect(configError({ OUT_DIR: outside, COUNTDOWNS_DIR: path.join(outside, "countdowns") })).toMatch(
      /overlaps the countdowns folder/,
    );
  });

  it("replaces only a folder that is missing, empty, or an earlier build", () => {
    const parent = temporary("out");
    expect(configError({ OUT_DIR: path.join(parent, "missing") })).toBeUndefined();
    mkdirSync(path.join(parent, "empty"));
    expect(configError({ OUT_DIR: path.join(parent, "empty") })).toBeUndefined();
    mkdirSync(path.join(parent, "earlier-build"));
    writeFileSync(path.join(parent, "earlier-build", BUILD_MARKER), "");
    expect(configError({ OUT_DIR: path.join(parent, "earlier-build") })).toBeUndefined();
    mkdirSync(path.join(parent, "photos"));
    writeFileSync(path.join(parent, "photos", "holiday.jpg"), "");
    expect(configError({ OUT_DIR: path.join(parent, "photos") })).toMatch(
      /holds files that are not a build of this service .* leaves this one alone/,
    );
    writeFileSync(path.join(parent, "a-file"), "");
    expect(configError({ OUT_DIR: path.join(parent, "a-file") })).toMatch(/is a file, not a folder/);
  });

  it("treats a missing countdowns folder as an error, never as an empty site", () => {
    expect(() => requireCountdownsDir(readConfig({ COUNTDOWNS_DIR: "countdownz" }))).toThrow(
      /COUNTDOWNS_DIR=".*countdownz" does not exist/,
    );
    const file = path.join(temporary("file"), "countdowns.md");
    writeFileSync(file, "");
    expect(() => requireCountdownsDir(readConfig({ COUNTDOWNS_DIR: file }))).toThrow(/is a file, not a folder/);
  });
});
