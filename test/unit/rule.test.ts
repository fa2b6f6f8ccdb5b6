// Repeats as people and calendars write them (src/time/rule.ts, src/authoring/repeat-rule.ts,
// src/authoring/repeat-field.ts): RFC 5545 rules checked by hand across DST changes, their
// exceptions, COUNT, the messages of rules outside the subset, the English phrases, the record, the
// calendar file (read back by ical.js) and the words. Every instant is fixed: nothing reads the clock.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { formatProblem } from "../../src/authoring/countdown.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { countdownFileText } from "../../src/authoring/countdown-text.ts";
import { phraseRule } from "../../src/authoring/repeat-rule.ts";
import { dataRecord } from "../../src/eleventy/records.ts";
import { ruleWords } from "../../src/text/repeat-words.ts";
import { lastOccurrence, nextOccurrence, type Schedule } from "../../src/time/occurrence.ts";
import { icsOf, unfold } from "../support/calendar.ts";

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().slice(0, 19) + "Z");
const at = (text: string) => Date.parse(text);

/** A file's countdown, or its problems as the author reads them. */
function parsed(fields: Record<string, string | string[]>) {
  const yaml = Object.entries({ title: "Meeting", ...fields }).map(
    ([key, value]) => `${key}: ${JSON.stringify(value)}`,
  );
  return parseCountdownFile("countdowns/meeting.md", `---\n${yaml.join("\n")}\n---\n`);
}
function countdownOf(fields: Record<string, string | string[]>) {
  const result = parsed(fields);
  if (!result.countdown) throw new Error(JSON.stringify(result.problems));
  return result.countdown;
}
const problems = (fields: Record<string, string | string[]>) => parsed(fields).problems.map(formatProblem);

/** The first `n` occurrences from `fromMs`, each found at once. */
function series(schedule: Schedule, n: number, fromMs = 0): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  for (let ms = nextOccurrence(schedule, fromMs); found.length < n; ms = ms && nextOccurrence(schedule, ms + 1))
    found.push(iso(ms));
  return found;
}

describe("rules checked by hand", () => {
  it("first Monday monthly at 17:00 in Berlin: 16:00 UTC in winter, 15:00 UTC in summer (CEST from 2027-03-28)", () => {
    const { schedule } = countdownOf({
      target: "2027-02-01 17:00",
      timezone: "Europe/Berlin",
      repeat: "first Monday monthly",
    });
    expect(schedule.repeat).toBe("FREQ=MONTHLY;BYDAY=1MO");
    expect(series(schedule, 5)).toEqual([
      "2027-02-01T16:00:00Z",
      "2027-03-01T16:00:00Z",
      "2027-04-05T15:00:00Z",
      "2027-05-03T15:00:00Z",
      "2027-06-07T15:00:00Z",
    ]);
    // Found at once, years on: the first Monday of November 2030 is the 4th, after the clocks went back.
    expect(iso(nextOccurrence(schedule, at("2030-10-08T00:00:00Z")))).toBe("2030-11-04T16:00:00Z");
  });

  it("first Monday monthly at 17:00 in New York: EDT from 2027-03-14, EST again from 2027-11-07", () => {
    const { schedule } = countdownOf({
      target: "2027-03-01 17:00",
      timezone: "America/New_York",
      repeat: "RRULE:FREQ=MONTHLY;BYDAY=1MO",
    });
    expect(series(schedule, 2)).toEqual(["2027-03-01T22:00:00Z", "2027-04-05T21:00:00Z"]);
    expect(series(schedule, 2, at("2027-10-05T00:00:00Z"))).toEqual(["2027-11-01T21:00:00Z", "2027-12-06T22:00:00Z"]);
  });

  it("weekdays at 14:00 in Berlin, Christmas Day left out: the Thursday's cut-off, then Monday's", () => {
    const { schedule } = countdownOf({
      target: "2026-12-21 14:00",
      timezone: "Europe/Berlin",
      repeat: "weekdays",
      except: ["2026-12-25"],
    });
    expect(schedule.repeat).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    expect(schedule.except).toEqual([at("2026-12-25T13:00:00Z")]);
    expect(series(schedule, 5)).toEqual([
      "2026-12-21T13:00:00Z",
      "2026-12-22T13:00:00Z",
      "2026-12-23T13:00:00Z",
      "2026-12-24T13:00:00Z",
      "2026-12-28T13:00:00Z",
    ]);
    expect(iso(nextOccurrence(schedule, at("2026-12-24T13:00:01Z")))).toBe("2026-12-28T13:00:00Z");
  });

  it("every two weeks, from a Wednesday", () => {
    const { schedule } = countdownOf({ target: "2027-01-06 09:00", repeat: "every 2 weeks" });
    expect(schedule.repeat).toBe("FREQ=WEEKLY;INTERVAL=2");
    expect(series(schedule, 3)).toEqual(["2027-01-06T09:00:00Z", "2027-01-20T09:00:00Z", "2027-02-03T09:00:00Z"]);
    expect(iso(nextOccurrence(schedule, at("2027-01-07T00:00:00Z")))).toBe("2027-01-20T09:00:00Z");
  });

  it("the month's last day (BYMONTHDAY=-1): February's 28th, and the 29th in a leap year", () => {
    const { schedule } = countdownOf({ target: "2027-01-31 09:00", repeat: "FREQ=MONTHLY;BYMONTHDAY=-1" });
    expect(series(schedule, 4)).toEqual([
      "2027-01-31T09:00:00Z",
      "2027-02-28T09:00:00Z",
      "2027-03-31T09:00:00Z",
      "2027-04-30T09:00:00Z",
    ]);
    expect(iso(nextOccurrence(schedule, at("2028-02-01T00:00:00Z")))).toBe("2028-02-29T09:00:00Z");
  });

  it("the month's last weekday (BYDAY=MO,...,FR;BYSETPOS=-1): a Friday when the month ends on a weekend", () => {
    const { schedule } = countdownOf({ target: "2027-01-29 18:00", repeat: "last weekday monthly" });
    expect(schedule.repeat).toBe("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1");
    expect(series(schedule, 4)).toEqual([
      "2027-01-29T18:00:00Z",
      "2027-02-26T18:00:00Z",
      "2027-03-31T18:00:00Z",
      "2027-04-30T18:00:00Z",
    ]);
    expect(iso(nextOccurrence(schedule, at("2027-07-01T00:00:00Z")))).toBe("2027-07-30T18:00:00Z");
  });

  it("COUNT ends the series at its last occurrence: the record's `last`, no `until`", () => {
    const countdown = countdownOf({ target: "2027-01-06 09:00", repeat: "FREQ=WEEKLY;COUNT=3" });
    expect(iso(lastOccurrence(countdown.schedule))).toBe("2027-01-20T09:00:00Z");
    expect(nextOccurrence(countdown.schedule, at("2027-01-20T09:00:01Z"))).toBeUndefined();
    expect(dataRecord(countdown).repeat).toEqual({
      rule: "FREQ=WEEKLY;COUNT=3",
      start: "2027-01-06T09:00:00",
      last: "2027-01-20T09:00:00Z",
    });
  });

  it("an exception left out of a COUNT still counts (RFC 5545), and the last one left out ends it earlier", () => {
    const { schedule } = countdownOf({
      target: "2027-01-06 09:00",
      repeat: "FREQ=WEEKLY;COUNT=3",
      except: ["2027-01-20"],
    });
    expect(iso(lastOccurrence(schedule))).toBe("2027-01-13T09:00:00Z");
    expect(
      dataRecord(countdownOf({ target: "2027-01-06 09:00", repeat: "weekly", except: ["2027-01-13 09:00"] })).repeat,
    ).toEqual({ rule: "weekly", start: "2027-01-06T09:00:00", except: ["2027-01-13T09:00:00Z"] });
  });
});

describe("rules outside the subset, and targets and exceptions that are no occurrence", () => {
  it("names the part, where it is, and what to do", () => {
    expect(problems({ target: "2027-01-04 09:00", repeat: "FREQ=WEEKLY;BYWEEKNO=3" })).toEqual([
      "countdowns/meeting.md: repeat: BYWEEKNO is not supported; supported parts: FREQ, INTERVAL, COUNT, BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS, WKST",
    ]);
    expect(problems({ target: "2027-01-04 09:00", repeat: "FREQ=DAILY;UNTIL=20271231T000000Z" })).toEqual([
      `countdowns/meeting.md: repeat: UNTIL is not taken inside the rule; remove it and end the countdown with the "until:" field, written like the target (until: "2027-12-31 23:59")`,
    ]);
    expect(problems({ target: "2027-01-04 09:00", repeat: "FREQ=HOURLY" })).toEqual([
      "countdowns/meeting.md: repeat: FREQ=HOURLY is not taken; FREQ is one of DAILY, WEEKLY, MONTHLY, YEARLY",
    ]);
    expect(problems({ target: "2027-01-04 09:00", repeat: "FREQ=DAILY;BYHOUR=9" })).toEqual([
      "countdowns/meeting.md: repeat: BYHOUR is not supported: every occurrence is at the target's wall-clock time; remove it",
    ]);
    expect(problems({ target: "2027-01-04 09:00", repeat: "FREQ=WEEKLY;BYDAY=1MO" })).toEqual([
      'countdowns/meeting.md: repeat: BYDAY=1MO: "1MO" is not a weekday (MO, TU, WE, TH, FR, SA, SU) (an ordinal like 1MO needs FREQ=MONTHLY or YEARLY)',
    ]);
    expect(problems({ target: "2027-01-04 09:00", repeat: "FREQ=MONTHLY;BYMONTHDAY=32" })).toEqual([
      'countdowns/meeting.md: repeat: BYMONTHDAY=32: "32" is not a day from 1 to 31 or -1 to -31 (from the month\'s end)',
    ]);
    expect(problems({ target: "2027-01-04 09:00", repeat: "FREQ=WEEKLY;COUNT=2", until: "2027-02-01" })).toEqual([
      "countdowns/meeting.md: until: cannot be given with the rule's COUNT (RFC 5545 takes one end); remove one of them",
    ]);
  });

  it("says what the first occurrence would be when the target is none", () => {
    expect(problems({ target: "2027-02-02 17:00", timezone: "Europe/Berlin", repeat: "first Monday monthly" })).toEqual(
      [
        `countdowns/meeting.md: repeat: the target is not an occurrence of FREQ=MONTHLY;BYDAY=1MO; its first occurrence after the target is "2027-03-01 17:00": make that the target`,
      ],
    );
  });

  it("names the exception that is no occurrence, and bounds them", () => {
    expect(problems({ target: "2026-12-21 14:00", repeat: "weekdays", except: ["2026-12-26"] })).toEqual([
      `countdowns/meeting.md: except: "2026-12-26" is not an occurrence of the rule; the next one after it is "2026-12-28 14:00"`,
    ]);
    const many = Array.from({ length: 101 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10));
    expect(problems({ target: "2027-01-01 09:00", repeat: "daily", except: many })).toEqual([
      "countdowns/meeting.md: except: lists 101 occurrences; the limit is 100",
    ]);
    expect(problems({ target: "2027-01-01 09:00", except: ["2027-01-02"] })).toEqual([
      'countdowns/meeting.md: except: leaves out occurrences of a repeating countdown; add "repeat:", or remove "except"',
    ]);
    expect(problems({ target: "2027-01-06 09:00", repeat: "FREQ=WEEKLY;COUNT=1", except: ["2027-01-06"] })).toEqual([
      "countdowns/meeting.md: except: leaves out every occurrence; remove some, or end the countdown later",
    ]);
  });
});

describe("the English phrases", () => {
  it.each([
    ["weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ["weekends", "FREQ=WEEKLY;BYDAY=SA,SU"],
    ["first Monday monthly", "FREQ=MONTHLY;BYDAY=1MO"],
    ["last Friday monthly", "FREQ=MONTHLY;BYDAY=-1FR"],
    ["last Friday of the month", "FREQ=MONTHLY;BYDAY=-1FR"],
    ["last weekday monthly", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"],
    ["every two weeks", "FREQ=WEEKLY;INTERVAL=2"],
    ["every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"],
    ["every other day", "FREQ=DAILY;INTERVAL=2"],
    ["every 3 days", "FREQ=DAILY;INTERVAL=3"],
    ["every Monday and Thursday", "FREQ=WEEKLY;BYDAY=MO,TH"],
    ["Mondays, Wednesdays and Fridays", "FREQ=WEEKLY;BYDAY=MO,WE,FR"],
    ["every week", "weekly"],
    ["every month", "monthly"],
  ])("%s: %s", (phrase, rule) => expect(phraseRule(phrase)).toBe(rule));

  it("means nothing for words it does not know, and a file writes a phrase as its rule", () => {
    expect(phraseRule("sometimes")).toBeUndefined();
    expect(phraseRule("every 0 days")).toBeUndefined();
    expect(countdownFileText({ title: "Stand-up", target: "2027-01-04 09:00", repeat: "weekdays" })).toContain(
      'repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"',
    );
    expect(countdownFileText({ title: "Stand-up", target: "2027-01-04 09:00", repeat: "weekly" })).toContain(
      'repeat: "weekly"',
    );
  });
});

describe("a rule's other faces", () => {
  const countdown = countdownOf({
    target: "2027-02-01 17:00",
    timezone: "Europe/Berlin",
    repeat: "first Monday monthly",
    except: ["2027-04-05"],
    until: "2027-12-31",
  });

  it("the calendar file: the rule with UNTIL, the exception as DTSTART is written; ical.js expands it alike", () => {
    const lines = unfold(icsOf(countdown));
    expect(lines).toContain("RRULE:FREQ=MONTHLY;BYDAY=1MO;UNTIL=20271230T230000Z");
    expect(lines).toContain("EXDATE;TZID=Europe/Berlin:20270405T170000");
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(icsOf(countdown))).getFirstSubcomponent("vevent")!);
    const starts: number[] = [];
    for (let iterator = event.iterator(), next; (next = iterator.next());) starts.push(next.toUnixTime() * 1000);
    expect(starts.map(iso)).toEqual(series(countdown.schedule, 10).filter(Boolean));
    expect(starts).toHaveLength(10);
  });

  it("the words, from Intl and a template per language", () => {
    const first = countdown.targetMs;
    expect(ruleWords(countdown.schedule, "en", first)).toBe(
      "Monthly · 1st Monday · 5:00 PM CET (Berlin) · until Dec 31, 2027 · 1 left out",
    );
    expect(ruleWords(countdown.schedule, "de", first)).toBe(
      "Monatlich · 1. Montag · 17:00 MEZ (Berlin) · bis 31. Dez. 2027 · 1 ausgelassen",
    );
    const weekdays = countdownOf({ target: "2027-01-04 14:00", timezone: "Europe/Berlin", repeat: "weekdays" });
    expect(ruleWords(weekdays.schedule, "en", weekdays.targetMs)).toBe(
      "Weekly · Monday, Tuesday, Wednesday, Thursday, and Friday · 2:00 PM CET (Berlin)",
    );
    const fortnightly = countdownOf({ target: "2027-01-06 09:00", repeat: "every 2 weeks" });
    expect(ruleWords(fortnightly.schedule, "en", fortnightly.targetMs)).toBe("Every 2 weeks · Wednesday · 9:00 AM UTC");
  });
});

describe("the live JSON of a rule's countdown", () => {
  it("counts to the next occurrence that is not left out, from the record the build publishes", async () => {
    const { countdownBody } = await import("../../src/live/countdown.ts");
    const { testLiveStore } = await import("../support/live-store.ts");
    const countdown = countdownOf({
      target: "2027-01-29 18:00",
      timezone: "America/New_York",
      repeat: "last weekday monthly",
      except: ["2027-02-26"],
    });
    const entry = testLiveStore([{ ...dataRecord(countdown), messages: undefined } as never]).get("meeting")!;
    const body = (now: string) => countdownBody(entry, at(now)) as { targetDate: string; repeat: string };
    expect(body("2027-01-30T00:00:00Z")).toMatchObject({
      targetDate: "2027-03-31T22:00:00Z",
      repeat: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    });
    expect(body("2027-04-01T00:00:00Z").targetDate).toBe("2027-04-30T22:00:00Z");
  });
});
