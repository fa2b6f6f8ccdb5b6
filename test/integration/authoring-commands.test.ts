// The authoring commands: `npm run new` writes a countdown file only when it is valid and new;
// `npm run check` validates with exactly the build's rules and messages.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { slugFromTitle } from "../../src/authoring/write-countdown.ts";
import { DONE_IMAGE, fromNow, writeFixtureCountdowns } from "../support/fixtures.ts";
import { ROOT } from "../support/paths.ts";

const exec = promisify(execFile);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(
  script: string,
  args: string[],
  countdownsDir: string,
  env: Record<string, string> = {},
): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "scripts", script), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, COUNTDOWNS_DIR: countdownsDir, ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

const emptyFolder = () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "authoring-")), "countdowns");
  mkdirSync(dir);
  return dir;
};
/** `npm run new` with `args`; an object among them is the command's environment. */
const newCountdown = (dir: string, ...args: (string | Record<string, string>)[]) =>
  run(
    "new-countdown.ts",
    args.filter((arg): arg is string => typeof arg === "string"),
    dir,
    args.find((arg): arg is Record<string, string> => typeof arg === "object") ?? {},
  );

describe("npm run new", () => {
  it("writes countdowns/<slug>.md with the slug from the title, and prints its path and UTC target", async () => {
    const dir = emptyFolder();
    const result = await newCountdown(
      dir,
      "--title",
      "Fête de l'été 2027",
      "--target",
      "2027-06-21T12:00",
      "--timezone",
      "Europe/Paris",
      "--done",
      "C'est l'été !",
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("Wrote countdowns/fete-de-l-ete-2027.md\nTarget: 2027-06-21T10:00:00Z (UTC)\n");
    const text = readFileSync(path.join(dir, "fete-de-l-ete-2027.md"), "utf8");
    const parsed = parseCountdownFile("countdowns/fete-de-l-ete-2027.md", text);
    expect(parsed.countdown).toMatchObject({
      title: "Fête de l'été 2027",
      targetDate: "2027-06-21T10:00:00Z",
      timezone: "Europe/Paris",
      doneMessage: "C'est l'été !",
    });
  });

  it("writes the description, language, status, repeat rule and end, read back as the build reads them", async () => {
    const dir = emptyFolder();
    const result = await newCountdown(
      dir,
      ...[
        "--title",
        "Freitags-Stream",
        "--target",
        "2030-03-01 17:00",
        "--timezone",
        "Europe/Berlin",
        "--repeat",
        "weekly",
        "--until",
        "2030-12-31",
      ],
      ...["--status", "postponed", "--lang", "de", "--description", "Jeden *Freitag*: live.", "--slug", "stream"],
    );
    expect(result.code).toBe(0);
    const text = readFileSync(path.join(dir, "stream.md"), "utf8");
    expect(text).toBe(
      `---\ntitle: "Freitags-Stream"\ntarget: "2030-03-01 17:00"\ntimezone: "Europe/Berlin"\nlang: "de"\nstatus: "postponed"\nrepeat: "weekly"\nuntil: "2030-12-31"\n---\n\nJeden *Freitag*: live.\n`,
    );
    expect(parseCountdownFile("countdowns/stream.md", text).countdown).toMatchObject({
      description: "Jeden *Freitag*: live.",
      lang: "de",
      status: "postponed",
      schedule: { repeat: "weekly", untilMs: Date.parse("2030-12-30T23:00:00Z"), zone: "Europe/Berlin" },
    });
  });

  it("warns, without failing, about a target in the past, and writes the file", async () => {
    const dir = emptyFolder();
    const past = fromNow(-1);
    const result = await newCountdown(dir, "--title", "Yesterday", "--target", past);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning: countdowns/yesterday.md: target: "${past}" is in the past`);
    expect(readdirSync(dir)).toEqual(["yesterday.md"]);
  });

  it("lists every option in --help", async () => {
    const help = await newCountdown(emptyFolder(), "--help");
    expect(help.code).toBe(0);
    for (const option of [
      "title",
      "target",
      "timezone",
      "description",
      "done",
      "lang",
      "status",
      "repeat",
      "until",
      "slug",
      "help",
    ]) {
      expect(help.stdout, option).toMatch(new RegExp(`^  (?:-h, )?--${option} `, "m"));
    }
  });

  it("takes --slug, and UTC when no zone is given", async () => {
    const dir = emptyFolder();
    const result = await newCountdown(
      dir,
      "--title",
      "Launch",
      "--target",
      "2030-01-01T00:00:00Z",
      "--slug",
      "big-launch",
    );
    expect(result.code).toBe(0);
    expect(readdirSync(dir)).toEqual(["big-launch.md"]);
    expect(result.stdout).toContain("Target: 2030-01-01T00:00:00Z (UTC)");
  });

  it("refuses a slug that is taken and leaves the existing file alone", async () => {
    const dir = emptyFolder();
    await newCountdown(dir, "--title", "Launch", "--target", "2030-01-01T00:00:00Z");
    const before = readFileSync(path.join(dir, "launch.md"), "utf8");
    const result = await newCountdown(dir, "--title", "Launch", "--target", "2031-01-01T00:00:00Z");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Nothing was written:");
    expect(result.stderr).toContain('countdowns/launch.md: slug: "launch" is taken');
    expect(readFileSync(path.join(dir, "launch.md"), "utf8")).toBe(before);
  });

  it("refuses every invalid value with the build's messages, and writes nothing", async () => {
    const cases: [string[], RegExp][] = [
      [["--title", "", "--target", "2030-01-01T00:00"], /title: is empty/],
      [["--title", "x".repeat(201), "--target", "2030-01-01T00:00", "--slug", "long"], /title: is 201 characters long/],
      [["--title", "T", "--target", "tomorrow"], /target: "tomorrow" is not a date and time/],
      [["--title", "T", "--target", "2030-02-30T00:00"], /target: "2030-02-30T00:00" is not a real date-time/],
      [
        ["--title", "T", "--target", "2030-01-01T00:00", "--timezone", "Mars/Base"],
        /timezone: "Mars\/Base" is not a time zone/,
      ],
      [
        ["--title", "T", "--target", "2027-03-28T02:30", "--timezone", "Europe/Berlin"],
        /target: "2027-03-28T02:30" does not exist in Europe\/Berlin/,
      ],
      [["--title", "T", "--target", "2030-01-01T00:00", "--slug", "Bad_Slug"], /slug: "Bad_Slug" is not a valid slug/],
      [["--title", "T", "--target", "2030-01-01T00:00", "--slug", "api"], /slug: "api" is reserved/],
      [
        ["--title", "🎉🎉", "--target", "2030-01-01T00:00"],
        /slug: cannot be made from this title: .* give one with --slug/,
      ],
      [
        ["--title", "花火大会", "--target", "2030-01-01T00:00"],
        /slug: cannot be made from this title: a slug .* takes Latin letters a-z, digits and hyphens, .* like --slug hanabi-2027/,
      ],
      // A title partly in another script would give a fragment of itself ("2027"): an address is asked for.
      [
        ["--title", "東京マラソン 2027", "--target", "2030-01-01T00:00"],
        /slug: cannot be made from this title: only its Latin letters and digits .* they give "2027", a fragment of it; give one with --slug/,
      ],
      [
        ["--title", "Tokyo 東京", "--target", "2030-01-01T00:00"],
        /slug: cannot be made from this title: .* they give "tokyo", a fragment of it/,
      ],
      [
        ["--title", "T", "--target", "2030-01-01T00:00", "--slug", "2027"],
        /slug: "2027" is only digits: .* add words, like "tokyo-marathon-2027"/,
      ],
      [
        ["--title", "Standup", "--target", "2030-06-01T09:00", "--timezone", "EST", "--slug", "standup"],
        /timezone: "EST" is UTC-5 all year, .* like "America\/New_York"/,
      ],
      [["--title", "T", "--target", "2030-01-01T00:00", "--done", ""], /done: is empty/],
      [
        ["--title", "T", "--target", "2030-01-01T00:00", "--until", "2031-01-01"],
        /until: ends a repeating countdown or caps an evergreen one; add "repeat:"/,
      ],
    ];
    for (const [args, message] of cases) {
      const dir = emptyFolder();
      const result = await newCountdown(dir, ...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr, args.join(" ")).toMatch(message);
      expect(result.stderr).toContain("Nothing was written");
      expect(readdirSync(dir), args.join(" ")).toEqual([]);
    }
  });

  it("reports every problem at once, in the order a person fills the fields in: the title first, then the address", async () => {
    const result = await newCountdown(
      emptyFolder(),
      "--title",
      "",
      "--target",
      "2030-13-01T00:00",
      "--timezone",
      "Nowhere/Land",
      "--slug",
      "ok",
    );
    expect(result.stderr.match(/^ {2}countdowns\/ok\.md: /gm)).toHaveLength(3);
    const untitled = await newCountdown(emptyFolder(), "--title", "", "--target", "2030-01-01T00:00");
    expect(
      untitled.stderr
        .split("\n")
        .filter((line) => line.startsWith("  "))
        .map((line) => /: (\w+): /.exec(line)?.[1]),
    ).toEqual(["title", "slug"]);
  });

  it("takes an hour of one digit as people write it (9:10 is 09:10)", async () => {
    const dir = emptyFolder();
    const result = await newCountdown(
      dir,
      "--title",
      "Morning",
      "--target",
      "2030-01-01 9:10",
      "--timezone",
      "Asia/Tokyo",
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Target: 2030-01-01T00:10:00Z (UTC)");
  });

  it("checks --lang, --status, --repeat and --until with the build's messages, and writes nothing", async () => {
    const dir = emptyFolder();
    const result = await newCountdown(
      dir,
      "--title",
      "T",
      "--target",
      "2030-01-01",
      "--lang",
      "english please",
      "--status",
      "late",
      "--repeat",
      "fortnightly",
      "--until",
      "soon",
    );
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n").filter((line) => line.startsWith("  "))).toEqual([
      '  countdowns/t.md: lang: "english please" is not a language tag; write one like "en", "de" or "pt-BR"',
      '  countdowns/t.md: status: "late" is not one of scheduled, postponed, cancelled',
      expect.stringMatching(
        /^ {2}countdowns\/t\.md: repeat: "fortnightly" is not one of daily, weekly, monthly, yearly, an RFC 5545 rule/,
      ),
      expect.stringMatching(/^ {2}countdowns\/t\.md: until: "soon" is not a date and time; write it like/),
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses to make a countdowns folder that does not exist (a mistyped COUNTDOWNS_DIR)", async () => {
    const missing = path.join(mkdtempSync(path.join(tmpdir(), "authoring-")), "countdownz");
    const result = await newCountdown(missing, "--title", "T", "--target", "2030-01-01T00:00");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/COUNTDOWNS_DIR=".*countdownz" does not exist/);
    expect(existsSync(missing)).toBe(false);
  });

  it("writes an evergreen countdown (--evergreen instead of --target) and an unlisted one (--unlisted)", async () => {
    const dir = emptyFolder();
    const result = await newCountdown(
      dir,
      "--title",
      "Welcome offer",
      "--evergreen",
      "72h",
      "--timezone",
      "Europe/Berlin",
      "--unlisted",
    );
    expect([result.code, result.stdout]).toEqual([
      0,
      "Wrote countdowns/welcome-offer.md\nEvergreen: each viewer counts from a start of their own\n",
    ]);
    const text = readFileSync(path.join(dir, "welcome-offer.md"), "utf8");
    expect(text).toBe(
      '---\ntitle: "Welcome offer"\nevergreen: "72h"\ntimezone: "Europe/Berlin"\nunlisted: true\n---\n',
    );
    expect(parseCountdownFile("countdowns/welcome-offer.md", text).countdown).toMatchObject({
      evergreenMs: 72 * 3_600_000,
      unlisted: true,
    });
    // With a target too it is refused, as the build refuses it.
    const both = await newCountdown(
      emptyFolder(),
      "--title",
      "T",
      "--target",
      "2030-01-01T00:00",
      "--evergreen",
      "72h",
    );
    expect([both.code, both.stderr]).toEqual([1, expect.stringContaining('target: cannot be given with "evergreen"')]);
  });

  it("writes a countdown of a German site in the site's language: no lang of its own, a slug spelled as German spells it", async () => {
    const dir = emptyFolder();
    const siteFile = path.join(path.dirname(dir), "site.json");
    writeFileSync(siteFile, JSON.stringify({ language: "de" }));
    const result = await newCountdown(
      dir,
      "--title",
      "Glühweinstand öffnet",
      "--target",
      "2030-11-27 17:00",
      "--timezone",
      "Europe/Berlin",
      { SITE_FILE: siteFile },
    );
    expect([result.code, result.stdout.split("\n")[0]]).toEqual([0, "Wrote countdowns/gluehweinstand-oeffnet.md"]);
    const text = readFileSync(path.join(dir, "gluehweinstand-oeffnet.md"), "utf8");
    expect(text).not.toMatch(/^lang:/m);
    expect(
      parseCountdownFile("countdowns/gluehweinstand-oeffnet.md", text, { defaultLang: "de" }).countdown,
    ).toMatchObject({ lang: "de", doneMessage: "Der Countdown ist abgelaufen." });
    // A date written the German way is answered with its reading.
    const dotted = await newCountdown(emptyFolder(), "--title", "Markt", "--target", "18.12.2026 18:00", {
      SITE_FILE: siteFile,
    });
    expect(dotted.stderr).toContain(
      'target: "18.12.2026 18:00" reads as 18 December 2026, 18:00; the file takes it written "2026-12-18 18:00"',
    );
  });

  it("explains its usage when a required option or an unknown one is given", async () => {
    const missing = await newCountdown(emptyFolder(), "--title", "T");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Missing --target \(or --evergreen\)\. Nothing was written\.\nUsage: npm run new/);
    const unknown = await newCountdown(emptyFolder(), "--title", "T", "--target", "2030-01-01T00:00", "--zone", "UTC");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--zone'/);
  });

  it("derives readable slugs", () => {
    expect(slugFromTitle("Hello, World!")).toBe("hello-world");
    expect(slugFromTitle("  Ünïcödé  Straße 2027 ")).toBe("unicode-strasse-2027");
    expect(slugFromTitle("🚀 Launch 🚀")).toBe("launch");
    // Markup is not words of the title; a title in another script gives no slug, and the message says why.
    expect(slugFromTitle("<b>Big</b> launch")).toBe("big-launch");
    expect(slugFromTitle("日本語のタイトル")).toBe("");
    const long = slugFromTitle("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
  });
});

describe("npm run check", () => {
  it("passes valid countdowns, warning (on stderr, marked, exit 0) about those already over", async () => {
    const dir = emptyFolder();
    writeFixtureCountdowns(dir);
    const result = await run("check.ts", [], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^All \d+ countdown\(s\) are valid\.$/m);
    expect(result.stderr.split("\n").filter((line) => line.startsWith("warning: "))).toEqual([
      'warning: countdowns/daily-until.md: until: "2024-03-12 12:00" (2024-03-12T16:00:00Z) is in the past: every occurrence is over, so the countdown is published as ended; move "until" later, or remove it to repeat for ever',
      expect.stringMatching(/^warning: countdowns\/go-ended\.md: target: ".*" is in the past/),
      'warning: countdowns/long-past.md: target: "2000-01-01T00:00:00Z" is in the past, so the countdown is published as ended; if it should still count down, set a later date',
      expect.stringMatching(/^warning: countdowns\/recently-ended\.md: target: ".*" is in the past/),
    ]);
    expect(result.stderr).toMatch(/^4 warning\(s\); they do not fail the build\.$/m);
    // A done image named but not there is a problem, as the build says it.
    rmSync(path.join(path.dirname(dir), DONE_IMAGE.file));
    const missing = await run("check.ts", [], dir);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      expect.stringContaining(
        `countdowns/go-ended.md: done_image: "${DONE_IMAGE.file}" is not a file in the repository`,
      ),
    ]);
    // So it is when the file is named, under the name it was given.
    const named = path.join(dir, "go-ended.md");
    const one = await run("check.ts", [named], dir);
    expect([one.code, one.stderr]).toEqual([
      1,
      expect.stringContaining(`${named}: done_image: "${DONE_IMAGE.file}" is not a file in the repository`),
    ]);
  });

  it("checks just the files given, wherever they are, a file's slug from its name", async () => {
    const dir = emptyFolder();
    writeFileSync(path.join(dir, "broken.md"), "no front matter");
    const drafts = mkdtempSync(path.join(tmpdir(), "drafts-"));
    writeFileSync(path.join(drafts, "summer-party.md"), `---\ntitle: "Summer party"\ntarget: "${fromNow(10)}"\n---\n`);
    const result = await run("check.ts", [path.join(drafts, "summer-party.md")], dir);
    expect(result).toEqual({ code: 0, stdout: "All 1 countdown(s) are valid.\n", stderr: "" });
  });

  it("lists every problem of every file given at once, at the line of each mistake, and exits 1", async () => {
    const drafts = mkdtempSync(path.join(tmpdir(), "drafts-"));
    const colon = path.join(drafts, "colon.md");
    const quote = path.join(drafts, "quote.md");
    writeFileSync(colon, `---\ntitle: Launch: day one\ntarget: "2030-07-01 09:00"\n---\n`);
    writeFileSync(quote, `---\ntarget: "2030-07-01 09:00"\ntimezone: Europe/Berlin\ntitle: "Launch day\n---\n`);
    const result = await run("check.ts", [colon, quote, path.join(drafts, "Missing.md")], emptyFolder());
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n").filter((line) => line.startsWith("  "))).toEqual([
      `  ${colon}: line 2: the value of "title" has ": " in it, which YAML reads as another "key: value"; put the value in quotes: title: "Launch: day one"`,
      `  ${quote}: line 4: the value of "title" opens a quote (") that is never closed; end the value with a matching quote: title: "Launch day"`,
      `  ${path.join(drafts, "Missing.md")}: file: does not exist; give the path of a countdown file, like countdowns/launch.md`,
    ]);
  });

  it("fails with exactly the build's problem lines", async () => {
    const dir = emptyFolder();
    writeFixtureCountdowns(dir);
    writeFileSync(
      path.join(dir, "bad-zone.md"),
      `---\ntitle: Z\ntarget: "2030-01-01T00:00"\ntimezone: "Nope/Nope"\n---\n`,
    );
    writeFileSync(path.join(dir, "no-target.md"), `---\ntitle: T\n---\n`);
    const check = await run("check.ts", [], dir);
    const build = await exec(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/build.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        COUNTDOWNS_DIR: dir,
        OUT_DIR: path.join(mkdtempSync(path.join(tmpdir(), "out-")), "dist"),
      },
    }).then(
      () => ({ stderr: "" }),
      (error: { stderr: string }) => error,
    );
    const problemLines = (text: string) => text.split("\n").filter((line) => line.startsWith("  "));
    expect(check.code).toBe(1);
    expect(problemLines(check.stderr)).toHaveLength(2);
    expect(problemLines(check.stderr)).toEqual(problemLines(build.stderr));
  });
});
