// CONTRACT, "Countdowns, as authors write them": the front matter rules and their messages.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem, parseCountdownFile, type Problem } from "../src/countdown/countdown-file.ts";
import { loadCountdowns } from "../src/countdown/load-countdowns.ts";

const file = (frontMatter: string, body = "") => `---\n${frontMatter}\n---\n${body}`;
const parse = (text: string, name = "countdowns/launch.md") => parseCountdownFile(name, text);

function problemsOf(text: string, name?: string): Problem[] {
  const result = parse(text, name);
  expect(result.countdown).toBeUndefined();
  return result.problems;
}

function onlyProblem(text: string, field: string, name = "countdowns/launch.md"): string {
  const problems = problemsOf(text, name);
  expect(problems.map((p) => p.field)).toEqual([field]);
  expect(problems[0]!.file).toBe(name);
  return formatProblem(problems[0]!);
}

describe("a valid countdown file", () => {
  it("gives slug, title, target in UTC, zone, done message and description", () => {
    const result = parse(file(`title: "  Launch  "\ntarget: "2026-12-31T20:00:00"\ntimezone: "America/New_York"\ndone: "Lift-off"`, "\nThe *body*.\n"));
    expect(result.countdown).toEqual({
      slug: "launch",
      title: "Launch",
      targetMs: Date.parse("2027-01-01T01:00:00Z"),
      targetDate: "2027-01-01T01:00:00Z",
      timezone: "America/New_York",
      doneMessage: "Lift-off",
      description: "The *body*.",
    });
  });

  it("defaults to UTC and to a done message", () => {
    const { countdown } = parse(file(`title: T\ntarget: "2030-05-01T08:30"`));
    expect(countdown?.targetDate).toBe("2030-05-01T08:30:00Z");
    expect(countdown?.timezone).toBe("UTC");
    expect(countdown?.doneMessage).toBe("The countdown has ended.");
  });

  it("takes a Z or an offset as that instant, whatever the zone", () => {
    expect(parse(file(`title: T\ntarget: "2030-05-01T08:30:00+02:00"\ntimezone: "Asia/Tokyo"`)).countdown?.targetDate).toBe("2030-05-01T06:30:00Z");
    expect(parse(file(`title: T\ntarget: "2030-05-01T08:30:00Z"\ntimezone: "Asia/Tokyo"`)).countdown?.targetDate).toBe("2030-05-01T08:30:00Z");
  });

  it("keeps the author's zone for an unquoted date-time (YAML does not turn it into UTC)", () => {
    const { countdown } = parse(file(`title: T\ntarget: 2026-12-31T20:00:00\ntimezone: America/New_York`));
    expect(countdown?.targetDate).toBe("2027-01-01T01:00:00Z");
  });

  it("converts across daylight saving time with the zone's rules", () => {
    expect(parse(file(`title: T\ntarget: "2026-07-01T12:00:00"\ntimezone: "Europe/Berlin"`)).countdown?.targetDate).toBe("2026-07-01T10:00:00Z");
    expect(parse(file(`title: T\ntarget: "2026-12-01T12:00:00"\ntimezone: "Europe/Berlin"`)).countdown?.targetDate).toBe("2026-12-01T11:00:00Z");
  });

  it("takes the earlier instant for a wall-clock time that happens twice (fall-back)", () => {
    // 02:30 on 25 Oct 2026 happens at +02:00 (00:30Z) and again at +01:00 (01:30Z).
    expect(parse(file(`title: T\ntarget: "2026-10-25T02:30:00"\ntimezone: "Europe/Berlin"`)).countdown?.targetDate).toBe("2026-10-25T00:30:00Z");
    // New York falls back at 02:00 EDT: 01:30 happens at -04:00 (05:30Z) and at -05:00 (06:30Z).
    expect(parse(file(`title: T\ntarget: "2026-11-01T01:30:00"\ntimezone: "America/New_York"`)).countdown?.targetDate).toBe("2026-11-01T05:30:00Z");
  });

  it("spells a zone canonically", () => {
    expect(parse(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "europe/berlin"`)).countdown?.timezone).toBe("Europe/Berlin");
  });

  it("gives every file its own zone answer when many files name the same zones", () => {
    // Zone checks are remembered per name: the second file of each zone must get the same answer.
    for (let round = 0; round < 2; round++) {
      expect(parse(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "asia/tokyo"`)).countdown?.targetDate).toBe("2029-12-31T15:00:00Z");
      expect(parse(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "America/Sao_Paulo"`)).countdown?.targetDate).toBe("2030-01-01T03:00:00Z");
      expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "Mars/Olympus"`), "timezone")).toMatch(/"Mars\/Olympus" is not a time zone/);
    }
  });

  it("accepts any Unicode title up to 200 characters", () => {
    const title = "🚀".repeat(200);
    expect(parse(file(`title: "${title}"\ntarget: "2030-01-01T00:00:00Z"`)).countdown?.title).toBe(title);
  });
});

describe("a bad countdown file fails with a message naming file and field", () => {
  it("refuses a missing title", () => {
    expect(onlyProblem(file(`target: "2030-01-01T00:00:00Z"`), "title")).toMatch(/^countdowns\/launch\.md: title: is missing/);
  });

  it("refuses an empty or blank title", () => {
    expect(onlyProblem(file(`title: "   "\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/title: is empty/);
    expect(onlyProblem(file(`title:\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/title: is missing/);
  });

  it("refuses a title over 200 characters or on several lines", () => {
    expect(onlyProblem(file(`title: "${"x".repeat(201)}"\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/201 characters long; the limit is 200/);
    expect(onlyProblem(file(`title: "one\\ntwo"\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/line break/);
  });

  it("refuses a title that is not text", () => {
    expect(onlyProblem(file(`title: [a, b]\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/must be text in quotes, not a list/);
  });

  it("refuses a missing target", () => {
    expect(onlyProblem(file(`title: T`), "target")).toMatch(/^countdowns\/launch\.md: target: is missing/);
  });

  it("refuses a target that is not an ISO 8601 date-time", () => {
    expect(onlyProblem(file(`title: T\ntarget: "next friday"`), "target")).toMatch(/"next friday" is not an ISO 8601 date-time; write it like/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01"`), "target")).toMatch(/not an ISO 8601 date-time/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00.5Z"`), "target")).toMatch(/not an ISO 8601 date-time/);
    expect(onlyProblem(file(`title: T\ntarget: 20300101`), "target")).toMatch(/must be text in quotes, not the number 20300101/);
  });

  it("refuses a date or time that does not exist on any calendar", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2030-02-30T00:00:00Z"`), "target")).toMatch(/is not a real date-time/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T24:00:00Z"`), "target")).toMatch(/is not a real date-time/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00+25:00"`), "target")).toMatch(/impossible UTC offset/);
  });

  it("refuses an unknown time zone", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "Mars/Olympus_Mons"`), "timezone")).toMatch(
      /timezone: "Mars\/Olympus_Mons" is not a time zone Luxon knows; use an IANA name/,
    );
  });

  it("refuses a wall-clock time skipped by a spring-forward gap", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2026-03-29T02:30:00"\ntimezone: "Europe/Berlin"`), "target")).toMatch(
      /target: "2026-03-29T02:30:00" does not exist in Europe\/Berlin: the clocks skip it/,
    );
  });

  it("refuses a bad slug, naming the file", () => {
    for (const name of ["Launch.md", "launch_day.md", "-launch.md", "launch-.md", `${"a".repeat(65)}.md`, "lanzamiento-ñ.md"]) {
      expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), "slug", `countdowns/${name}`)).toMatch(/is not a valid slug/);
    }
    expect(parse(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), `countdowns/${"a".repeat(64)}.md`).countdown).toBeDefined();
  });

  it("refuses a slug the site itself uses", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), "slug", "countdowns/api.md")).toMatch(/"api" is reserved for the site itself/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), "slug", "countdowns/assets.md")).toMatch(/reserved/);
  });

  it("refuses unknown fields, so a typo is not silently ignored", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"\ntimzone: "Europe/Berlin"`), "timzone")).toMatch(/unknown field; the fields are title, target, timezone, done/);
  });

  it("refuses a file without front matter or with broken YAML", () => {
    expect(onlyProblem("# Launch\n", "front matter")).toMatch(/missing: start the file with a "---" line/);
    expect(onlyProblem(file(`title: "unclosed\ntarget: x`), "front matter")).toMatch(/is not valid YAML at line \d+/);
  });

  it("reports every problem of a file at once", () => {
    const problems = problemsOf(file(`title: ""\ntarget: "soon"\ntimezone: "Nowhere/Land"\ncolour: red`), "countdowns/Bad_Name.md");
    expect(problems.map((p) => p.field).sort()).toEqual(["colour", "slug", "target", "timezone", "title"]);
    expect(problems.every((p) => p.file === "countdowns/Bad_Name.md")).toBe(true);
  });
});

describe("loading a folder of countdowns", () => {
  it("reports the problems of every file, and files that are not countdowns", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "countdowns-")), "countdowns");
    mkdirSync(path.join(dir, "nested"), { recursive: true });
    writeFileSync(path.join(dir, "good.md"), file(`title: Good\ntarget: "2030-01-01T00:00:00Z"`));
    writeFileSync(path.join(dir, "no-title.md"), file(`target: "2030-01-01T00:00:00Z"`));
    writeFileSync(path.join(dir, "bad-zone.md"), file(`title: Z\ntarget: "2030-01-01T00:00"\ntimezone: "Nope/Nope"`));
    writeFileSync(path.join(dir, "notes.txt"), "not a countdown");
    writeFileSync(path.join(dir, ".gitkeep"), "");

    const { countdowns, problems } = await loadCountdowns(dir);
    expect(countdowns.map((c) => c.slug)).toEqual(["good"]);
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^countdowns\/bad-zone\.md: timezone: "Nope\/Nope" is not a time zone/),
      expect.stringMatching(/^countdowns\/nested: file: is a folder/),
      expect.stringMatching(/^countdowns\/no-title\.md: title: is missing/),
      expect.stringMatching(/^countdowns\/notes\.txt: file: is not a countdown/),
    ]);
  });

  it("orders countdowns soonest target first, ties by slug", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "countdowns-"));
    writeFileSync(path.join(dir, "later.md"), file(`title: L\ntarget: "2031-01-01T00:00:00Z"`));
    writeFileSync(path.join(dir, "tie-b.md"), file(`title: B\ntarget: "2030-01-01T00:00:00Z"`));
    writeFileSync(path.join(dir, "tie-a.md"), file(`title: A\ntarget: "2030-01-01T01:00:00+01:00"`));
    const { countdowns } = await loadCountdowns(dir);
    expect(countdowns.map((c) => c.slug)).toEqual(["tie-a", "tie-b", "later"]);
  });
});
