// Countdowns as authors write them: the front matter rules and their messages.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem, formatWarning, type Problem } from "../../src/authoring/countdown.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { loadCountdowns } from "../../src/authoring/load-countdowns.ts";
import { publishedCountdown } from "../../src/eleventy/records.ts";
import { fromNow } from "../support/fixtures.ts";
import { TEST_NOW } from "../support/paths.ts";

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
    const result = parse(
      file(
        `title: "  Launch  "\ntarget: "2026-12-31T20:00:00"\ntimezone: "America/New_York"\ndone: "Lift-off"`,
        "\nThe *body*.\n",
      ),
    );
    expect(result.countdown).toEqual({
      slug: "launch",
      title: "Launch",
      targetMs: Date.parse("2027-01-01T01:00:00Z"),
      targetDate: "2027-01-01T01:00:00Z",
      timezone: "America/New_York",
      doneMessage: "Lift-off",
      description: "The *body*.",
      schedule: { start: { year: 2026, month: 12, day: 31, hour: 20, minute: 0, second: 0 }, zone: "America/New_York" },
      lang: "en",
      status: "scheduled",
      widget: "",
      email: "",
    });
  });

  it("defaults to UTC and to a done message", () => {
    const { countdown } = parse(file(`title: T\ntarget: "2030-05-01T08:30"`));
    expect(countdown?.targetDate).toBe("2030-05-01T08:30:00Z");
    expect(countdown?.timezone).toBe("UTC");
    expect(countdown?.doneMessage).toBe("The countdown has ended.");
  });

  it("takes a Z or an offset as that instant, whatever the zone", () => {
    expect(
      parse(file(`title: T\ntarget: "2030-05-01T08:30:00+02:00"\ntimezone: "Asia/Tokyo"`)).countdown?.targetDate,
    ).toBe("2030-05-01T06:30:00Z");
    expect(parse(file(`title: T\ntarget: "2030-05-01T08:30:00Z"\ntimezone: "Asia/Tokyo"`)).countdown?.targetDate).toBe(
      "2030-05-01T08:30:00Z",
    );
  });

  it("keeps the author's zone for an unquoted date-time (YAML does not turn it into UTC)", () => {
    const { countdown } = parse(file(`title: T\ntarget: 2026-12-31T20:00:00\ntimezone: America/New_York`));
    expect(countdown?.targetDate).toBe("2027-01-01T01:00:00Z");
  });

  it("converts across daylight saving time with the zone's rules", () => {
    expect(
      parse(file(`title: T\ntarget: "2026-07-01T12:00:00"\ntimezone: "Europe/Berlin"`)).countdown?.targetDate,
    ).toBe("2026-07-01T10:00:00Z");
    expect(
      parse(file(`title: T\ntarget: "2026-12-01T12:00:00"\ntimezone: "Europe/Berlin"`)).countdown?.targetDate,
    ).toBe("2026-12-01T11:00:00Z");
  });

  it("takes the earlier instant for a wall-clock time that happens twice (fall-back)", () => {
    // 02:30 on 25 Oct 2026 happens at +02:00 (00:30Z) and again at +01:00 (01:30Z).
    expect(
      parse(file(`title: T\ntarget: "2026-10-25T02:30:00"\ntimezone: "Europe/Berlin"`)).countdown?.targetDate,
    ).toBe("2026-10-25T00:30:00Z");
    // New York falls back at 02:00 EDT: 01:30 happens at -04:00 (05:30Z) and at -05:00 (06:30Z).
    expect(
      parse(file(`title: T\ntarget: "2026-11-01T01:30:00"\ntimezone: "America/New_York"`)).countdown?.targetDate,
    ).toBe("2026-11-01T05:30:00Z");
  });

  it("spells a zone canonically", () => {
    expect(parse(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "europe/berlin"`)).countdown?.timezone).toBe(
      "Europe/Berlin",
    );
  });

  it("gives every file its own zone answer when many files name the same zones", () => {
    // Zone checks are remembered per name: the second file of each zone must get the same answer.
    for (let round = 0; round < 2; round++) {
      expect(parse(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "asia/tokyo"`)).countdown?.targetDate).toBe(
        "2029-12-31T15:00:00Z",
      );
      expect(
        parse(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "America/Sao_Paulo"`)).countdown?.targetDate,
      ).toBe("2030-01-01T03:00:00Z");
      expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "Mars/Olympus"`), "timezone")).toMatch(
        /"Mars\/Olympus" is not a time zone/,
      );
    }
  });

  it("accepts any Unicode title up to 200 characters", () => {
    const title = "🚀".repeat(200);
    expect(parse(file(`title: "${title}"\ntarget: "2030-01-01T00:00:00Z"`)).countdown?.title).toBe(title);
  });
});

describe("a bad countdown file fails with a message naming file and field", () => {
  it("refuses a missing title", () => {
    expect(onlyProblem(file(`target: "2030-01-01T00:00:00Z"`), "title")).toMatch(
      /^countdowns\/launch\.md: title: is missing/,
    );
  });

  it("refuses an empty or blank title", () => {
    expect(onlyProblem(file(`title: "   "\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/title: is empty/);
    expect(onlyProblem(file(`title:\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/title: is missing/);
  });

  it("refuses a title over 200 characters or on several lines", () => {
    expect(onlyProblem(file(`title: "${"x".repeat(201)}"\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(
      /201 characters long; the limit is 200/,
    );
    expect(onlyProblem(file(`title: "one\\ntwo"\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(/line break/);
  });

  it("refuses a title that is not text", () => {
    expect(onlyProblem(file(`title: [a, b]\ntarget: "2030-01-01T00:00:00Z"`), "title")).toMatch(
      /must be text in quotes, not a list/,
    );
  });

  it("refuses a missing target", () => {
    expect(onlyProblem(file(`title: T`), "target")).toMatch(/^countdowns\/launch\.md: target: is missing/);
  });

  it("refuses a target that is not a date and time, and says how to write one", () => {
    expect(onlyProblem(file(`title: T\ntarget: "next friday"`), "target")).toMatch(
      /"next friday" is not a date and time; write it like "2026-12-31 23:59"/,
    );
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00.5Z"`), "target")).toMatch(/not a date and time/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01 109:00"`), "target")).toMatch(/not a date and time/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01Z"`), "target")).toMatch(/not a date and time/);
  });

  it("takes dates as people write them: a space instead of T, seconds or not, a date alone (midnight in the zone)", () => {
    const target = (text: string, zone = "Europe/Berlin") =>
      parse(file(`title: T\ntarget: "${text}"\ntimezone: "${zone}"`)).countdown?.targetDate;
    expect(target("2030-07-01 09:00")).toBe("2030-07-01T07:00:00Z");
    expect(target("2030-07-01 09:00:30")).toBe("2030-07-01T07:00:30Z");
    expect(target("2030-07-01T09:00")).toBe("2030-07-01T07:00:00Z");
    expect(target("2030-07-01")).toBe("2030-06-30T22:00:00Z");
    expect(target("2030-12-01")).toBe("2030-11-30T23:00:00Z");
    expect(target("2030-07-01 09:00+02:00", "UTC")).toBe("2030-07-01T07:00:00Z");
    // Unquoted, YAML keeps them as text too (the core schema has no timestamps).
    expect(parse(file(`title: T\ntarget: 2030-07-01 09:00`)).countdown?.targetDate).toBe("2030-07-01T09:00:00Z");
    expect(parse(file(`title: T\ntarget: 2030-07-01`)).countdown?.targetDate).toBe("2030-07-01T00:00:00Z");
    expect(onlyProblem(file(`title: T\ntarget: 20300101`), "target")).toMatch(
      /must be text in quotes, not the number 20300101/,
    );
  });

  it("refuses a date or time that does not exist on any calendar", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2030-02-30T00:00:00Z"`), "target")).toMatch(/is not a real date-time/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T24:00:00Z"`), "target")).toMatch(/is not a real date-time/);
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00+25:00"`), "target")).toMatch(
      /impossible UTC offset/,
    );
  });

  it("refuses an unknown time zone", () => {
    expect(
      onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00"\ntimezone: "Mars/Olympus_Mons"`), "timezone"),
    ).toMatch(/timezone: "Mars\/Olympus_Mons" is not a time zone; use an IANA name/);
  });

  it("refuses a wall-clock time skipped by a spring-forward gap", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2026-03-29T02:30:00"\ntimezone: "Europe/Berlin"`), "target")).toMatch(
      /target: "2026-03-29T02:30:00" does not exist in Europe\/Berlin: the clocks skip it/,
    );
  });

  it("refuses a bad slug, naming the file", () => {
    for (const name of [
      "Launch.md",
      "launch_day.md",
      "-launch.md",
      "launch-.md",
      `${"a".repeat(65)}.md`,
      "lanzamiento-ñ.md",
    ]) {
      expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), "slug", `countdowns/${name}`)).toMatch(
        /is not a valid slug/,
      );
    }
    expect(
      parse(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), `countdowns/${"a".repeat(64)}.md`).countdown,
    ).toBeDefined();
  });

  it("refuses a slug the site itself uses", () => {
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), "slug", "countdowns/api.md")).toMatch(
      /"api" is reserved for the site itself/,
    );
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"`), "slug", "countdowns/assets.md")).toMatch(
      /reserved/,
    );
  });

  it("refuses unknown fields, so a typo is not silently ignored", () => {
    // A typo names the field meant; a word far from every field gets the list of them.
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"\ntimzone: "Europe/Berlin"`), "timzone")).toMatch(
      /unknown field; did you mean "timezone"\?$/,
    );
    expect(onlyProblem(file(`titel: T\ntitle: T\ntarget: "2030-01-01T00:00:00Z"`), "titel")).toMatch(
      /unknown field; did you mean "title"\?$/,
    );
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"\nLang: de`), "Lang")).toMatch(
      /unknown field; did you mean "lang"\?$/,
    );
    expect(onlyProblem(file(`title: T\ntarget: "2030-01-01T00:00:00Z"\nvenue: "Park"`), "venue")).toMatch(
      /unknown field; the fields are title, target, evergreen, timezone, done/,
    );
  });

  it("refuses a file without front matter, saying how to start one", () => {
    expect(onlyProblem("# Launch\n", "line 1")).toMatch(/the file has no front matter; start it with a "---" line/);
  });

  it("reports every problem of a file at once", () => {
    const problems = problemsOf(
      file(`title: ""\ntarget: "soon"\ntimezone: "Nowhere/Land"\ncolour: red`),
      "countdowns/Bad_Name.md",
    );
    expect(problems.map((p) => p.field).sort()).toEqual(["colour", "slug", "target", "timezone", "title"]);
    expect(problems.every((p) => p.file === "countdowns/Bad_Name.md")).toBe(true);
  });
});

describe("an evergreen countdown: a duration each viewer counts from their own start", () => {
  const duration = (written: string) => parse(file(`title: Offer\nevergreen: "${written}"`)).countdown?.evergreenMs;

  it("takes the duration as authors write it: number and unit, several of them, or ISO 8601", () => {
    const HOUR = 3_600_000;
    const cases: [string, number][] = [
      ["72h", 72 * HOUR],
      ["3 days", 72 * HOUR],
      ["1d 12h", 36 * HOUR],
      ["1 day, 12 hours", 36 * HOUR],
      ["90 minutes", 1.5 * HOUR],
      ["2 weeks", 336 * HOUR],
      ["1h 30m 60s", 1.5 * HOUR + 60_000],
      ["P3D", 72 * HOUR],
      ["PT72H", 72 * HOUR],
      ["P1DT12H", 36 * HOUR],
      ["pt90m", 1.5 * HOUR],
      ["P365D", 365 * 24 * HOUR],
    ];
    for (const [written, ms] of cases) expect([written, duration(written)]).toEqual([written, ms]);
  });

  it("has no date: it sorts after every dated countdown, and keeps its zone for starts written without an offset", () => {
    const { countdown } = parse(file(`title: Offer\nevergreen: "72h"\ntimezone: "Europe/Berlin"\nlang: de`));
    expect(countdown).toMatchObject({
      slug: "launch",
      title: "Offer",
      evergreenMs: 259_200_000,
      targetDate: "",
      timezone: "Europe/Berlin",
      lang: "de",
      status: "scheduled",
    });
    expect(countdown!.targetMs).toBeGreaterThan(Date.parse("9999-12-31T00:00:00Z"));
    expect(countdown!.schedule.repeat).toBeUndefined();
  });

  it("refuses what is no fixed duration, or none it can count, saying how to write it", () => {
    expect(onlyProblem(file(`title: Offer\nevergreen: "1 month"`), "evergreen")).toMatch(
      /"1 month" counts in month, which have no fixed length; write days, like "30 days"/,
    );
    expect(onlyProblem(file(`title: Offer\nevergreen: "P1M"`), "evergreen")).toMatch(
      /months and years have no fixed length; write days, like "P30D"/,
    );
    expect(onlyProblem(file(`title: Offer\nevergreen: "3 fortnights"`), "evergreen")).toMatch(
      /the unit "fortnights", which is not one of weeks, days, hours, minutes, seconds; write it like "72h"/,
    );
    // Milliseconds are no minutes.
    expect(onlyProblem(file(`title: Offer\nevergreen: "500ms"`), "evergreen")).toMatch(
      /the unit "ms", which is not one of/,
    );
    expect(onlyProblem(file(`title: Offer\nevergreen: 72`), "evergreen")).toMatch(
      /72 has no unit; write it like "72h"/,
    );
    expect(onlyProblem(file(`title: Offer\nevergreen: "soon"`), "evergreen")).toMatch(
      /"soon" is not a duration; write it like/,
    );
    expect(onlyProblem(file(`title: Offer\nevergreen: "30s"`), "evergreen")).toMatch(
      /shorter than 1 minute; an evergreen countdown lasts from 1 minute to 365 days/,
    );
    expect(onlyProblem(file(`title: Offer\nevergreen: "366 days"`), "evergreen")).toMatch(/longer than 365 days/);
    expect(onlyProblem(file(`title: Offer\nevergreen: "90s"`), "evergreen")).toMatch(/not a whole number of minutes/);
  });

  it("refuses a target or a repeat rule beside it: it counts from each viewer, not to a date", () => {
    const problems = problemsOf(
      file(`title: Offer\nevergreen: "72h"\ntarget: "2027-01-01"\nrepeat: weekly\nuntil: "2028-01-01"`),
    );
    expect(problems.map((problem) => problem.field)).toEqual(["target", "repeat"]);
    expect(formatProblem(problems[0]!)).toMatch(
      /target: cannot be given with "evergreen".*remove "target", or remove "evergreen" to count to the date/,
    );
    // Neither: the target is what is missing.
    expect(onlyProblem(file(`title: Offer`), "target")).toMatch(/is missing; add a "target:" line/);
  });
});

describe("an evergreen countdown with until", () => {
  it("is capped at until, read in its zone; a cap in the past is warned about, the countdown published as ended", () => {
    const capped = parse(file(`title: Offer\nevergreen: "72h"\nuntil: "2030-12-31 23:59"\ntimezone: "Europe/Berlin"`));
    expect([capped.problems, capped.countdown?.evergreenUntilMs]).toEqual([[], Date.parse("2030-12-31T22:59:00Z")]);
    expect(capped.countdown && publishedCountdown(capped.countdown).until).toBe("2030-12-31T22:59:00Z");
    const past = parseCountdownFile(
      "countdowns/launch.md",
      file(`title: Offer\nevergreen: "72h"\nuntil: "2030-01-01T00:00:00Z"`),
      {
        now: Date.parse("2030-06-01T00:00:00Z"),
      },
    );
    expect(past.warnings.map(formatProblem)).toEqual([
      `countdowns/launch.md: until: "2030-01-01T00:00:00Z" is in the past: every viewer's deadline is over, so the countdown is published as ended; move "until" later, or remove it`,
    ]);
    expect(onlyProblem(file(`title: Offer\nevergreen: "72h"\nuntil: "someday"`), "until")).toMatch(/someday/);
  });
});

describe("loading a folder of countdowns", () => {
  it("reports the problems of every file, and files that are not countdowns, passing over hidden files and editors' backups", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "countdowns-")), "countdowns");
    mkdirSync(path.join(dir, "nested"), { recursive: true });
    writeFileSync(path.join(dir, "good.md"), file(`title: Good\ntarget: "2030-01-01T00:00:00Z"`));
    writeFileSync(path.join(dir, "no-title.md"), file(`target: "2030-01-01T00:00:00Z"`));
    writeFileSync(path.join(dir, "bad-zone.md"), file(`title: Z\ntarget: "2030-01-01T00:00"\ntimezone: "Nope/Nope"`));
    writeFileSync(path.join(dir, "notes.txt"), "not a countdown");
    writeFileSync(path.join(dir, ".gitkeep"), "");
    // Editors' backups of a countdown are passed over, not refused.
    for (const name of ["good.md~", "#good.md#", ".good.md.swp"])
      writeFileSync(path.join(dir, name), "title: [unclosed");

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

describe("a countdown's language, status, repeat rule and widget defaults", () => {
  const fields = (yamlText: string) => parse(file(`title: T\ntarget: "2030-05-01T08:30"\n${yamlText}`));
  const problems = (yamlText: string) => fields(yamlText).problems.map(formatProblem);

  it("defaults to English, scheduled, once, and no widget defaults", () => {
    expect(fields("").countdown).toMatchObject({ lang: "en", status: "scheduled", widget: "" });
    expect(fields("").countdown?.schedule).toEqual({
      start: { year: 2030, month: 5, day: 1, hour: 8, minute: 30, second: 0 },
      zone: "UTC",
    });
  });

  it("takes a language tag, canonical, and the built-in done message in that language", () => {
    expect(fields(`lang: "de"`).countdown).toMatchObject({ lang: "de", doneMessage: "Der Countdown ist abgelaufen." });
    expect(fields(`lang: "pt-br"`).countdown).toMatchObject({
      lang: "pt-BR",
      doneMessage: "A contagem regressiva terminou.",
    });
    expect(fields(`lang: "sw"\ndone: "Imekwisha"`).countdown).toMatchObject({ lang: "sw", doneMessage: "Imekwisha" });
    expect(fields(`lang: "sw"`).countdown?.doneMessage).toBe("The countdown has ended.");
    expect(problems(`lang: "english please"`)).toEqual([
      `countdowns/launch.md: lang: "english please" is not a language tag; write one like "en", "de" or "pt-BR"`,
    ]);
    // Well-formed tags, but no language Intl knows: a language's name, or a made-up code.
    expect(problems(`lang: "German"`)).toEqual([
      `countdowns/launch.md: lang: "German" is not a language code Intl knows; for German write "de"`,
    ]);
    expect(problems(`widget:\n  lang: "German"`)).toEqual([
      `countdowns/launch.md: widget.lang: "German" is not a language code Intl knows; for German write "de"`,
    ]);
    expect(problems(`lang: "qqx-DE"`)).toEqual([
      `countdowns/launch.md: lang: "qqx-DE" is not a language code Intl knows; write one like "en", "de" or "pt-BR"`,
    ]);
    // A language Intl knows by name but has no dates or labels for: said, not refused.
    expect(fields(`lang: "tlh"`).warnings.map(formatProblem)).toEqual([
      `countdowns/launch.md: lang: "tlh" (Klingon) has no dates or labels in this platform's Intl, so browsers will most likely show them in English`,
    ]);
    expect(fields(`lang: "sw"`).warnings).toEqual([]);
  });

  it("takes a status and a repeat rule from their lists, and says which words are allowed", () => {
    expect(fields(`status: postponed\nrepeat: weekly`).countdown).toMatchObject({
      status: "postponed",
      schedule: { repeat: "weekly" },
    });
    expect(problems(`status: delayed`)).toEqual([
      'countdowns/launch.md: status: "delayed" is not one of scheduled, postponed, cancelled',
    ]);
    expect(problems(`repeat: sometimes`)).toEqual([
      `countdowns/launch.md: repeat: "sometimes" is not one of daily, weekly, monthly, yearly, an RFC 5545 rule like FREQ=MONTHLY;BYDAY=1MO, or a phrase like "weekdays", "every 2 weeks", "every Monday and Thursday" or "first Monday monthly"`,
    ]);
  });

  it("takes until only with a repeat rule, written like the target, not before it", () => {
    expect(fields(`repeat: daily\nuntil: "2030-06-01T08:30"`).countdown?.schedule).toMatchObject({
      repeat: "daily",
      untilMs: Date.parse("2030-06-01T08:30:00Z"),
    });
    // A target with an offset repeats at its wall-clock time in the countdown's zone.
    expect(
      parse(file(`title: T\ntarget: "2030-05-01T08:30:00Z"\ntimezone: "Asia/Tokyo"\nrepeat: daily`)).countdown?.schedule
        .start,
    ).toEqual({ year: 2030, month: 5, day: 1, hour: 17, minute: 30, second: 0 });
    expect(problems(`until: "2030-06-01T08:30"`)).toEqual([
      `countdowns/launch.md: until: ends a repeating countdown or caps an evergreen one; add "repeat:" (daily, weekly, monthly, yearly or a rule) or "evergreen:", or remove "until"`,
    ]);
    expect(problems(`repeat: daily\nuntil: "2030-04-01T08:30"`)).toEqual([
      "countdowns/launch.md: until: is before the target; the last occurrence cannot come before the first",
    ]);
    expect(problems(`repeat: daily\nuntil: "soon"`)[0]).toMatch(
      /^countdowns\/launch\.md: until: "soon" is not a date and time/,
    );
  });

  it("reads the countdown's own words for its units as forms by plural category, and says how to write a wrong one", () => {
    expect(
      fields(
        `unit_words:\n  day: [Tag, Tage]\n  hour: Std.\n  minute: { one: minuta, few: minuty, many: minut, other: minuty }`,
      ).countdown?.unitWords,
    ).toEqual({
      day: { one: "Tag", other: "Tage" },
      hour: { other: "Std." },
      minute: { one: "minuta", few: "minuty", many: "minut", other: "minuty" },
    });
    expect(fields(`title: T`).countdown?.unitWords).toBeUndefined();
    expect(
      problems(
        `unit_words:\n  days: Tage\n  hour: [a, b, c]\n  minute: { one: x }\n  second: ""\n  day: { one: Tag, lots: Tage, other: Tage }`,
      ),
    ).toEqual([
      'countdowns/launch.md: unit_words.days: unknown unit; did you mean "day"? the units are day, hour, minute, second',
      "countdowns/launch.md: unit_words.hour: is a list of 3: write the singular and the plural, like hour: [Stunde, Stunden]",
      'countdowns/launch.md: unit_words.minute: has no "other": the form for any number the others do not name is needed',
      'countdowns/launch.md: unit_words.second: "" is not a word: write 1 to 24 characters on one line, like hour: [Stunde, Stunden]',
      "countdowns/launch.md: unit_words.day.lots: is not a plural category; use zero, one, two, few, many, other",
    ]);
    expect(problems(`unit_words: Tage`)).toEqual([
      'countdowns/launch.md: unit_words: must be the units\' words indented under it, like hour: [Stunde, Stunden], not the string "Tage"',
    ]);
  });

  it("checks every widget default with the widget's own rules, and keeps them as the embed's query", () => {
    expect(fields(`widget:\n  theme: dark\n  accent: "e11d48"\n  layout: units\n  lang: de`).countdown?.widget).toBe(
      "theme=dark&accent=e11d48&layout=units&lang=de",
    );
    expect(fields(`widget:\n  theme: light`).countdown?.widget).toBe("");
    expect(fields(`widget:\n  theme: auto`).countdown?.widget).toBe("theme=auto");
    expect(problems(`widget:\n  theme: neon\n  accent: red\n  size: big\n  bg: 123456`)).toEqual([
      'countdowns/launch.md: widget.theme: "neon" is not a value of theme; use one of light, auto, dark, transparent',
      'countdowns/launch.md: widget.accent: "red" is not a value of accent; write a hex colour without "#", like "e11d48" or "0af"',
      "countdowns/launch.md: widget.size: unknown widget option; the options are theme, accent, color, bg, font, layout, units, labels, separator, lang, date, title, after, controls, updates, announce, sync, background, warn, and link",
      'countdowns/launch.md: widget.bg: must be text in quotes, not the number 123456; write it like bg: "ffffff"',
    ]);
    expect(problems(`widget:\n  sync: true`)).toEqual([
      'countdowns/launch.md: widget.sync: must be text in quotes, not the boolean true; write it like sync: "1"',
    ]);
    // An option written as a field of its own.
    expect(problems(`color: "e11d48"`)).toEqual([
      expect.stringMatching(
        /^countdowns\/launch\.md: color: unknown field; "color" is a widget option: indent it under "widget:"$/,
      ),
    ]);
    expect(problems(`widget: dark`)).toEqual([
      'countdowns/launch.md: widget: must be a set of "option: value" lines, indented under "widget:", not the string "dark"',
    ]);
  });

  it("takes the widget's link from the front matter: a short text and an https address, never in the options' query", () => {
    const countdown = fields(
      `widget:\n  theme: dark\n  link: { text: " Get tickets ", url: "https://example.com/t?a=1&b=2" }`,
    ).countdown;
    expect(countdown?.link).toEqual({ text: "Get tickets", url: "https://example.com/t?a=1&b=2" });
    expect(countdown?.widget).toBe("theme=dark");
    expect(fields(`widget:\n  theme: dark`).countdown?.link).toBeUndefined();
    expect(problems(`widget:\n  link: "https://example.com"`)).toEqual([
      'countdowns/launch.md: widget.link: must be a text and a URL, like link: { text: "Get tickets", url: "https://example.com/tickets" }, not the string "https://example.com"',
    ]);
    expect(problems(`widget:\n  link: { text: Go, url: "http://example.com" }`)).toEqual([
      'countdowns/launch.md: widget.link.url: "http://example.com" is not an https address; the widget links only to https://... pages, like link: { text: "Get tickets", url: "https://example.com/tickets" }',
    ]);
    expect(problems(`widget:\n  link: { text: Go, url: "javascript:alert(1)" }`)[0]).toMatch(
      /widget\.link\.url: "javascript:alert\(1\)" is not an https address/,
    );
    expect(problems(`widget:\n  link: { url: "https://example.com", target: _blank }`)).toEqual([
      'countdowns/launch.md: widget.link.target: unknown field; a link has a text and a url, like link: { text: "Get tickets", url: "https://example.com/tickets" }',
      'countdowns/launch.md: widget.link.text: is missing; write the link\'s words, like link: { text: "Get tickets", url: "https://example.com/tickets" }',
    ]);
    expect(problems(`widget:\n  link: { text: "${"x".repeat(41)}", url: "https://example.com" }`)).toEqual([
      "countdowns/launch.md: widget.link.text: must be one line of at most 40 characters (it is a button's words), not 41 characters",
    ]);
  });

  it("checks every email default with the email image's own rules, numbers bare or quoted, and keeps them as the image's query", () => {
    expect(
      fields(`email:\n  theme: dark\n  layout: units\n  width: 480\n  density: "2"\n  frames: 30\n  lang: de`).countdown
        ?.email,
    ).toBe("theme=dark&layout=units&lang=de&width=480&density=2&frames=30");
    // Defaults are left out of the query.
    expect(fields(`email:\n  theme: light\n  width: 600`).countdown?.email).toBe("");
    expect(
      problems(`email:\n  width: 2000\n  frames: 0\n  theme: auto\n  size: big\n  accent: red\n  lang: German`),
    ).toEqual([
      "countdowns/launch.md: email.width: 2000 is not a value of width; use a whole number from 240 to 1200",
      "countdowns/launch.md: email.frames: 0 is not a value of frames; use a whole number from 1 to 60",
      'countdowns/launch.md: email.theme: "auto" is not a value of theme; use one of light, dark',
      "countdowns/launch.md: email.size: unknown email option; the options are theme, accent, color, bg, layout, units, labels, separator, lang, title, width, density, frames, warn",
      'countdowns/launch.md: email.accent: "red" is not a value of accent; write a hex colour without "#", like "e11d48" or "0af"',
      'countdowns/launch.md: email.lang: "German" is not a language code Intl knows; for German write "de"',
    ]);
    expect(problems(`email:\n  width: 600.5`)).toEqual([
      "countdowns/launch.md: email.width: must be text or a whole number, not the number 600.5; use a whole number from 240 to 1200",
    ]);
    expect(problems(`email: dark`)).toEqual([
      'countdowns/launch.md: email: must be a set of "option: value" lines, indented under "email:", not the string "dark"',
    ]);
  });
});

describe("YAML mistakes are reported at the line of the mistake (the opening --- is line 1), with the usual fix", () => {
  // The file's problems, formatted, for front matter given line by line.
  // The line YAML cannot read comes first; where its fix is sure, the problems behind it follow.
  const mistake = (...lines: string[]) => {
    const problems = problemsOf(["---", ...lines, "---", ""].join("\n"));
    expect(problems[0]!.field).toMatch(/^line \d+$/);
    return formatProblem(problems[0]!);
  };

  it("an unquoted colon in a value: quote the value", () => {
    expect(mistake("title: Launch: day one", 'target: "2030-07-01 09:00"')).toBe(
      'countdowns/launch.md: line 2: the value of "title" has ": " in it, which YAML reads as another "key: value"; put the value in quotes: title: "Launch: day one"',
    );
    expect(mistake('target: "2030-07-01 09:00"', "done: We are live:")).toMatch(
      /^countdowns\/launch\.md: line 3: the value of "done" ends with ":".*done: "We are live:"$/,
    );
    // A colon without a space after it is fine unquoted.
    expect(parse(file(`title: Meet at 10:30\ntarget: "2030-07-01 09:00"`)).countdown?.title).toBe("Meet at 10:30");
  });

  it("an unclosed quote: close it (reported where it opens, not at the closing ---)", () => {
    expect(mistake('title: "Launch day', 'target: "2030-07-01 09:00"', "timezone: UTC")).toBe(
      'countdowns/launch.md: line 2: the value of "title" opens a quote (") that is never closed; end the value with a matching quote: title: "Launch day"',
    );
    expect(mistake('target: "2030-07-01 09:00"', "title: 'Launch day")).toMatch(
      /^countdowns\/launch\.md: line 3: .* opens a quote \('\) that is never closed.*title: 'Launch day'$/,
    );
    // A quoted value may go on over several lines: the mistake is the one after it.
    expect(mistake('title: "Launch', '  day"', 'target: "2030-07-01 09:00"', "done: Live: now")).toMatch(
      /^countdowns\/launch\.md: line 5: the value of "done" has ": "/,
    );
  });

  it("text after the closing quote: quote the whole value, with the other quotes around it", () => {
    expect(mistake('title: "Launch" day', 'target: "2030-07-01 09:00"')).toMatch(
      /^countdowns\/launch\.md: line 2: the value of "title" goes on after its closing quote; .* title: '"Launch" day'$/,
    );
    expect(mistake('title: "He said "hi""', 'target: "2030-07-01 09:00"')).toMatch(/line 2: .* title: 'He said "hi"'$/);
  });

  it("the closing --- is missing: add it after the last field", () => {
    expect(onlyProblem(`---\ntitle: T\ntarget: "2030-07-01 09:00"\n\nThe party.\n`, "line 1")).toBe(
      'countdowns/launch.md: line 1: the front matter that starts here never ends; add a line "---" after its last field (after line 3), then the description below it',
    );
  });

  it("a tab used for indentation: indent with spaces", () => {
    expect(mistake("title: T", 'target: "2030-07-01 09:00"', "widget:", "\ttheme: dark")).toBe(
      "countdowns/launch.md: line 5: is indented with a tab; YAML allows only spaces, so indent with spaces",
    );
  });

  it("a field indented by mistake, or unevenly under widget:", () => {
    expect(mistake("title: T", '  target: "2030-07-01 09:00"')).toMatch(
      /^countdowns\/launch\.md: line 3: "target" is indented, so YAML reads it as part of the line above; start it at the beginning of the line/,
    );
    expect(mistake("title: T", 'target: "2030-07-01 09:00"', "widget:", "  theme: dark", '   accent: "fff"')).toMatch(
      /^countdowns\/launch\.md: line 6: "accent" is indented more than "theme" above it, .* indent it by 2 spaces/,
    );
  });

  it("a value that starts with a character YAML reserves: quote it", () => {
    expect(mistake("title: @home party", 'target: "2030-07-01 09:00"')).toMatch(
      /^countdowns\/launch\.md: line 2: the value of "title" starts with "@", .* title: "@home party"$/,
    );
    expect(mistake("title: [draft] Launch", 'target: "2030-07-01 09:00"')).toMatch(
      /line 2: the value of "title" starts with "\[", .* title: "\[draft\] Launch"$/,
    );
    // "!" makes the parser complain about the line after; the mistake is still line 2.
    expect(mistake("title: !important", 'target: "2030-07-01 09:00"')).toMatch(
      /line 2: the value of "title" starts with "!"/,
    );
  });

  it("a value that starts with #, which YAML reads as a comment: quote it", () => {
    expect(onlyProblem(file(`title: #1 launch\ntarget: "2030-07-01 09:00"`), "title")).toBe(
      'countdowns/launch.md: title: on line 2 starts with "#", which YAML reads as a comment, so it is empty; put the value in quotes: title: "#1 launch"',
    );
  });

  it("no space after the colon, a line that is not a field, a field given twice", () => {
    expect(mistake("title:Launch", 'target: "2030-07-01 09:00"')).toBe(
      'countdowns/launch.md: line 2: needs a space after the colon of "title": title: Launch',
    );
    expect(mistake("title:Launch")).toBe(
      'countdowns/launch.md: line 2: needs a space after the colon of "title": title: Launch',
    );
    expect(mistake("title: T", 'target: "2030-07-01 09:00"', "The party starts at nine.")).toMatch(
      /^countdowns\/launch\.md: line 4: is not a "key: value" line, .* the description goes below the closing "---"$/,
    );
    expect(mistake("title: T", 'target: "2030-07-01 09:00"', "title: U")).toBe(
      'countdowns/launch.md: line 4: "title" is given twice (also on line 2); keep one of them',
    );
  });

  it("the text of a | block is not taken for a mistake", () => {
    expect(mistake("title: T", 'target: "2030-07-01 09:00"', "done: |", "  Done: see you", "lang: en: us")).toMatch(
      /^countdowns\/launch\.md: line 6: the value of "lang"/,
    );
  });

  it("anything else: YAML's reason, at its line, with what to look for", () => {
    expect(mistake("title: T", 'target: "2030-07-01 09:00"', "widget:", "  - dark", '  accent: "fff"')).toMatch(
      /^countdowns\/launch\.md: line \d: YAML cannot read this line \(.+\); check it and the line above for a value that needs quotes/,
    );
  });
});

describe("warnings: valid, but probably not what the author meant (they do not fail the build)", () => {
  const warningsOf = (yamlText: string, now?: number) => {
    const result = parseCountdownFile("countdowns/launch.md", file(`title: T\n${yamlText}`), { now });
    expect(result.problems).toEqual([]);
    return result.warnings.map(formatWarning);
  };

  it("a one-off target in the past, at the given clock", () => {
    const past = fromNow(-1);
    expect(warningsOf(`target: "${past}"`, TEST_NOW)).toEqual([
      `warning: countdowns/launch.md: target: "${past}" is in the past, so the countdown is published as ended; if it should still count down, set a later date`,
    ]);
    const berlin = fromNow(-2).slice(0, 10);
    // Midnight in Berlin is 22:00 or 23:00 UTC the day before: the warning gives the instant too.
    expect(warningsOf(`target: "${berlin}"\ntimezone: "Europe/Berlin"`, TEST_NOW)[0]).toMatch(
      new RegExp(`target: "${berlin}" \\(\\d{4}-\\d\\d-\\d\\dT2[23]:00:00Z\\) is in the past`),
    );
    expect(warningsOf(`target: "${fromNow(1)}"`, TEST_NOW)).toEqual([]);
    // Without a clock, nothing is said about the past.
    expect(warningsOf(`target: "${past}"`)).toEqual([]);
  });

  it("for a repeating countdown, an until in the past; a past first occurrence is normal", () => {
    expect(warningsOf(`target: "${fromNow(-30)}"\nrepeat: daily`, TEST_NOW)).toEqual([]);
    expect(warningsOf(`target: "${fromNow(-30)}"\nrepeat: daily\nuntil: "${fromNow(10)}"`, TEST_NOW)).toEqual([]);
    expect(warningsOf(`target: "${fromNow(-30)}"\nrepeat: daily\nuntil: "${fromNow(-1)}"`, TEST_NOW)).toEqual([
      `warning: countdowns/launch.md: until: "${fromNow(-1)}" is in the past: every occurrence is over, so the countdown is published as ended; move "until" later, or remove it to repeat for ever`,
    ]);
    // The last occurrence before "until" is over: a month's rule whose next date comes after it.
    expect(warningsOf(`target: "${fromNow(-40)}"\nrepeat: monthly\nuntil: "${fromNow(1)}"`, TEST_NOW)[0]).toMatch(
      /until: ".*" leaves no occurrence after now: every occurrence is over/,
    );
  });

  it("a wall-clock time that happens twice (fall-back): says both instants, that the earlier is used, and how to get the later", () => {
    expect(warningsOf(`target: "2026-10-25 02:30"\ntimezone: "Europe/Berlin"`)).toEqual([
      'warning: countdowns/launch.md: target: "2026-10-25 02:30" happens twice in Europe/Berlin, when the clocks go back: 2026-10-25T00:30:00Z (UTC+02:00) and 2026-10-25T01:30:00Z (UTC+01:00); the countdown uses the earlier; to mean the later, write its offset: target: "2026-10-25T02:30:00+01:00"',
    ]);
    // The offset it suggests does give the later instant.
    expect(parse(file(`title: T\ntarget: "2026-10-25T02:30:00+01:00"`)).countdown?.targetDate).toBe(
      "2026-10-25T01:30:00Z",
    );
    expect(warningsOf(`target: "2026-11-01 01:30"\ntimezone: "America/New_York"`)[0]).toMatch(
      /2026-11-01T05:30:00Z \(UTC-04:00\) and 2026-11-01T06:30:00Z \(UTC-05:00\); the countdown uses the earlier/,
    );
    expect(warningsOf(`target: "2026-10-25 02:30"\ntimezone: "Europe/Berlin"\nrepeat: yearly`)[0]).toMatch(
      /the first occurrence is the earlier/,
    );
    expect(
      warningsOf(`target: "2026-10-01 02:30"\ntimezone: "Europe/Berlin"\nrepeat: daily\nuntil: "2026-10-25 02:30"`),
    ).toEqual([
      'warning: countdowns/launch.md: until: "2026-10-25 02:30" happens twice in Europe/Berlin, when the clocks go back; the earlier, 2026-10-25T00:30:00Z (UTC+02:00), ends the countdown',
    ]);
    expect(warningsOf(`target: "2026-10-25 03:30"\ntimezone: "Europe/Berlin"`)).toEqual([]);
    // The day before the change: a day later the offset is another, but this time happens once.
    for (const time of ["02:30", "03:30", "23:30"])
      expect(warningsOf(`target: "2026-10-24 ${time}"\ntimezone: "Europe/Berlin"`), time).toEqual([]);
  });

  it("a timezone with no effect, because the target carries Z or an offset", () => {
    expect(warningsOf(`target: "2030-05-01T08:30:00Z"\ntimezone: "Asia/Tokyo"`)).toEqual([
      'warning: countdowns/launch.md: timezone: "Asia/Tokyo" has no effect: the target "2030-05-01T08:30:00Z" carries its own offset (Z), so it is 2030-05-01T08:30:00Z in any zone; to mean 08:30 in Asia/Tokyo, remove "Z" from the target, else remove "timezone"',
    ]);
    expect(warningsOf(`target: "2030-05-01 08:30+02:00"\ntimezone: "Europe/Berlin"`)[0]).toMatch(
      /timezone: "Europe\/Berlin" has no effect: .* \(\+02:00\)/,
    );
    // The zone matters without an offset, and for the later occurrences of a repeating countdown.
    expect(warningsOf(`target: "2030-05-01T08:30"\ntimezone: "Asia/Tokyo"`)).toEqual([]);
    expect(warningsOf(`target: "2030-05-01T08:30:00Z"\ntimezone: "Asia/Tokyo"\nrepeat: weekly`)).toEqual([]);
    expect(warningsOf(`target: "2030-05-01T08:30:00Z"`)).toEqual([]);
  });

  it('text after an unquoted " #", which YAML drops as a comment', () => {
    const result = parseCountdownFile(
      "countdowns/launch.md",
      file(`title: Launch #1\ntarget: "2030-05-01T08:30"\ndone: "We are #1"`),
    );
    expect(result.countdown?.title).toBe("Launch");
    expect(result.warnings.map(formatWarning)).toEqual([
      'warning: countdowns/launch.md: title: on line 2, YAML reads everything from " #" on as a comment, so it is "Launch"; to keep the rest, put the value in quotes: title: "Launch #1"',
    ]);
  });

  it("only for a valid file: a file with problems has only its problems", () => {
    const result = parseCountdownFile("countdowns/launch.md", file(`title: ""\ntarget: "${fromNow(-1)}"`), {
      now: TEST_NOW,
    });
    expect(result.problems).toHaveLength(1);
    expect(result.warnings).toEqual([]);
  });
});

describe("the messages people needed when they tried it", () => {
  const messages = (text: string) => {
    const result = parse(text);
    return {
      problems: result.problems.map(formatProblem),
      warnings: result.warnings.map(formatWarning),
      zone: result.countdown?.timezone,
    };
  };
  const at = (zone: string) => messages(file(`title: "Standup"\ntarget: "2030-06-03 09:00"\ntimezone: "${zone}"`));

  it("refuses a zone that is no place's time, naming the zone people mean", () => {
    for (const [zone, meant] of [
      ["EST", "America/New_York"],
      ["est", "America/New_York"],
      ["PST8PDT", "America/Los_Angeles"],
      ["CST6CDT", "America/Chicago"],
      ["CET", "Europe/Paris"],
    ]) {
      const { problems } = at(zone!);
      expect(problems, zone).toHaveLength(1);
      expect(problems[0]).toContain(`timezone: "${zone}" is `);
      expect(problems[0]).toContain(`write the zone of the place you mean, like "${meant}"`);
    }
  });

  it("warns about a fixed offset, with its real sign, and about an old or miscased name, naming the spelling to write", () => {
    expect(at("Etc/GMT+5")).toMatchObject({
      zone: "Etc/GMT+5",
      warnings: [
        expect.stringContaining(
          '"Etc/GMT+5" is UTC-5 all year, with no daylight saving time (the sign of Etc/GMT names is inverted)',
        ),
      ],
    });
    expect(at("US/Eastern")).toMatchObject({
      zone: "America/New_York",
      warnings: [
        expect.stringContaining('"US/Eastern" is an old name of "America/New_York"; write "America/New_York"'),
      ],
    });
    expect(at("america/new_york")).toMatchObject({
      zone: "America/New_York",
      warnings: [expect.stringContaining('is written "america/new_york"; write it "America/New_York"')],
    });
    expect(at("Europe/Berlin")).toMatchObject({ zone: "Europe/Berlin", warnings: [] });
    expect(at("UTC").warnings).toEqual([]);
  });

  it("takes the IANA names Intl knows by older ones (Asia/Kolkata, Europe/Kyiv) as they are, and the older ones as old names", () => {
    for (const [current, old] of [
      ["Asia/Kolkata", "Asia/Calcutta"],
      ["Europe/Kyiv", "Europe/Kiev"],
      ["Asia/Ho_Chi_Minh", "Asia/Saigon"],
      ["America/Argentina/Buenos_Aires", "America/Buenos_Aires"],
    ]) {
      expect(at(current!), current).toMatchObject({ zone: current, warnings: [] });
      expect(at(old!), old).toMatchObject({
        zone: current,
        warnings: [expect.stringContaining(`"${old}" is an old name of "${current}"`)],
      });
    }
  });

  it("suggests the zone of a city written alone", () => {
    expect(at("Tokyo").problems).toEqual([
      expect.stringContaining('timezone: "Tokyo" is not a time zone; did you mean "Asia/Tokyo"?'),
    ]);
    expect(at("new york").problems).toEqual([expect.stringContaining('did you mean "America/New_York"?')]);
  });

  it("reports every problem of a file whose YAML breaks on a value that needs quotes, in one run", () => {
    const { problems } = messages(file(`title: Launch: day one\ntarget: "2027-02-30"\ntimezone: Berlin`));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/line 2: the value of "title" has ": " in it, .* title: "Launch: day one"/);
    expect(problems[1]).toMatch(/timezone: "Berlin" is not a time zone; did you mean "Europe\/Berlin"\?/);
    expect(problems[2]).toMatch(/target: "2027-02-30" is not a real date-time/);
    // Two such lines: both said, and what is behind them.
    const two = parse(file(`title: Launch: day one\ndone: It's on: go\ntarget: "2027-02-30"`)).problems;
    expect(two.map((problem) => problem.field)).toEqual(["line 2", "line 3", "target"]);
    // A file with nothing else wrong has the one problem.
    expect(parse(file(`title: Launch: day one\ntarget: "2030-02-03 10:00"`)).problems).toHaveLength(1);
  });

  it("says that '#' starts a YAML comment when a colour reads as empty, and takes a colour written with '#' in quotes", () => {
    const { problems } = messages(file(`title: "A"\ntarget: "2030-06-03 09:00"\nwidget:\n  accent: #ff0000`));
    expect(problems).toEqual([
      expect.stringMatching(
        /widget\.accent: is empty; .* YAML reads "#" as the start of a comment: put the colour in quotes, accent: "#e11d48"/,
      ),
    ]);
    const quoted = parse(
      file(`title: "A"\ntarget: "2030-06-03 09:00"\nwidget:\n  accent: "#ff0000"\nemail:\n  bg: "#fff"`),
    );
    expect(quoted.countdown).toMatchObject({ widget: "accent=ff0000", email: "bg=fff" });
  });
});
