// The site file, _data/site.json: the site's name, description, language, accent, links and
// repository, checked like a countdown file, every problem at once with its field and fix.
import { describe, expect, it } from "vitest";
import { parseSiteFile } from "../../src/authoring/site-file.ts";
import { SITE_DEFAULTS } from "../../src/text/site-identity.ts";

const parse = (value: unknown) => parseSiteFile("_data/site.json", typeof value === "string" ? value : JSON.stringify(value));

describe("the site file", () => {
  it("gives the defaults for what it leaves out, and reads what it sets", () => {
    expect(parse({})).toEqual({ site: SITE_DEFAULTS, problems: [] });
    const { site } = parse({ name: " Launch Central ", description: "All our launches.", language: "de-de", accent: "#A11", links: [{ text: "Impressum", url: "https://example.org/impressum" }], repository: "https://github.com/you/countdowns.git", branch: "live" });
    expect(site).toEqual({ name: "Launch Central", description: "All our launches.", language: "de-DE", accent: "#aa1111", links: [{ text: "Impressum", url: "https://example.org/impressum" }], repository: "https://github.com/you/countdowns", branch: "live" });
  });

  it("reports every problem at once, each with its field and how to fix it", () => {
    const { problems } = parse({ name: "", langauge: "de", accent: "#ffff00", language: "german", links: [{ text: "x", url: "ftp://a" }, { url: "https://ok.example" }], repository: "github.com/you", branch: "../x" });
    expect(problems.map((problem) => problem.field)).toEqual(["langauge", "name", "language", "accent", "links[0].url", "links[1].text", "repository", "branch"]);
    const by = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
    expect(by.langauge).toMatch(/unknown field; the fields are name, description, language, accent, links, repository, branch/);
    expect(by.language).toMatch(/for German write "de"/);
    expect(by.accent).toMatch(/contrast 1\.07:1.*choose a darker colour, like #[0-9a-f]{6}/);
    expect(problems.every((problem) => problem.file === "_data/site.json")).toBe(true);
  });

  it("suggests an accent that does read on white", () => {
    const suggested = /like (#[0-9a-f]{6})/.exec(parse({ accent: "#7fb3ff" }).problems[0]!.message)![1]!;
    expect(parse({ accent: suggested }).problems).toEqual([]);
  });

  it("says on which line JSON cannot be read", () => {
    const { problems } = parse('{\n  "name": "Mine",\n  "description": "no comma"\n  "language": "en"\n}\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe("line 4");
    expect(problems[0]!.message).toMatch(/is not valid JSON/);
  });

  it("refuses a name over its limit or a line break in it", () => {
    expect(parse({ name: "x".repeat(81) }).problems[0]!.message).toMatch(/81 characters long; the limit is 80/);
    expect(parse({ name: "two\nlines" }).problems[0]!.message).toMatch(/line break/);
  });
});
