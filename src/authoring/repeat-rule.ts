// A `repeat:` as an author writes it: one of the four words, an RFC 5545 RRULE of the subset
// src/time/rule.ts walks, or an English phrase for one ("weekdays", "first Monday monthly", "every 2
// weeks"); checked part by part, each problem said with its fix (docs/authoring.md, "repeat").
import { REPEATS } from "../vocabulary.ts";
import { WEEKDAYS } from "../time/rule.ts";

/** The parts of a rule the countdowns take, in the order the checked text writes them. */
const RULE_PARTS = ["FREQ", "INTERVAL", "COUNT", "BYMONTH", "BYMONTHDAY", "BYDAY", "BYSETPOS", "WKST"];
/** The largest INTERVAL and COUNT. */
const RULE_NUMBER_MAX = 1000;

const FREQS = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"];
const NUMBER = /^[+-]?\d{1,4}$/;

/** What is wrong with one part's value, or undefined. */
function partProblem(name: string, value: string, freq: string): string | undefined {
  const items = value.split(",");
  const each = (test: (item: string) => boolean, what: string) =>
    items.map((item) => (test(item) ? undefined : `${name}=${value}: "${item}" is not ${what}`)).find(Boolean);
  const inRange = (item: string, low: number, high: number, signed = false) =>
    NUMBER.test(item) && Math.abs(+item) >= low && Math.abs(+item) <= high && (signed || +item > 0);
  switch (name) {
    case "FREQ":
      return FREQS.includes(value) ? undefined : `FREQ=${value} is not taken; FREQ is one of ${FREQS.join(", ")}`;
    case "INTERVAL":
    case "COUNT":
      return inRange(value, 1, RULE_NUMBER_MAX) && !value.includes(",")
        ? undefined
        : `${name}=${value}: ${name} is a whole number from 1 to ${RULE_NUMBER_MAX}`;
    case "BYMONTH":
      return each((item) => inRange(item, 1, 12), "a month from 1 to 12");
    case "BYMONTHDAY":
      if (freq == "WEEKLY") return "BYMONTHDAY is not taken with FREQ=WEEKLY (RFC 5545); use BYDAY";
      return each((item) => inRange(item, 1, 31, true), "a day from 1 to 31 or -1 to -31 (from the month's end)");
    case "BYSETPOS":
      return each((item) => inRange(item, 1, 366, true), "a position from 1 to 366 or -1 to -366");
    case "WKST":
      return WEEKDAYS.includes(value) ? undefined : `WKST=${value}: WKST is one of ${WEEKDAYS.join(", ")}`;
  }
  // BYDAY: weekdays, each with an ordinal only in a monthly or yearly rule ("1MO", "-1FR").
  const ordinals = freq == "MONTHLY" || freq == "YEARLY";
  return each(
    (item) => {
      const [, n, day] = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item) ?? [];
      return (
        WEEKDAYS.includes(day!) && (n === undefined || (ordinals && inRange(n, 1, freq == "YEARLY" ? 53 : 5, true)))
      );
    },
    `a weekday (MO, TU, WE, TH, FR, SA, SU)${ordinals ? ", with an ordinal like 1MO or -1FR" : " (an ordinal like 1MO needs FREQ=MONTHLY or YEARLY)"}`,
  );
}

/**
 * A rule's text checked: the parts in RULE_PARTS's order, upper case, without "RRULE:"; or what is wrong
 * with it, for the `repeat` field's message.
 */
function checkRule(written: string): { rule: string; count?: number } | { error: string } {
  const text = written
    .trim()
    .replace(/^RRULE:/i, "")
    .toUpperCase();
  const parts = new Map<string, string>();
  for (const part of text.split(";").filter(Boolean)) {
    const [name = "", value, extra] = part.split("=").map((piece) => piece.trim());
    if (!value || extra !== undefined)
      return { error: `"${part}" is not a NAME=VALUE part of a rule, like FREQ=WEEKLY` };
    if (name == "UNTIL")
      return {
        error: `UNTIL is not taken inside the rule; remove it and end the countdown with the "until:" field, written like the target (until: "2027-12-31 23:59")`,
      };
    if (/^BY(HOUR|MINUTE|SECOND)$/.test(name))
      return { error: `${name} is not supported: every occurrence is at the target's wall-clock time; remove it` };
    if (!RULE_PARTS.includes(name))
      return { error: `${name} is not supported; supported parts: ${RULE_PARTS.join(", ")}` };
    if (parts.has(name)) return { error: `${name} is given twice; give it once` };
    parts.set(name, value);
  }
  const freq = parts.get("FREQ");
  if (freq === undefined) return { error: `a rule needs FREQ (${FREQS.join(", ")}), like FREQ=WEEKLY;BYDAY=MO,TH` };
  for (const [name, value] of parts) {
    const problem = partProblem(name, value, freq);
    if (problem) return { error: problem };
  }
  if (parts.has("BYSETPOS") && !["BYDAY", "BYMONTHDAY", "BYMONTH"].some((name) => parts.has(name)))
    return { error: "BYSETPOS picks among the days of BYDAY, BYMONTHDAY or BYMONTH; add one of them" };
  const rule = RULE_PARTS.filter((name) => parts.has(name))
    .map((name) => `${name}=${parts.get(name)}`)
    .join(";");
  return parts.has("COUNT") ? { rule, count: +parts.get("COUNT")! } : { rule };
}

const DAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: -1, "second-last": -2 };
const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, other: 2 };
const UNITS: Record<string, string> = { day: "DAILY", week: "WEEKLY", month: "MONTHLY", year: "YEARLY" };

/** A weekday's code from its English name or its first three letters ("mon", "Monday", "mondays"). */
const weekday = (word: string) => {
  const index = DAY_NAMES.findIndex((name) => word.length >= 3 && name.startsWith(word.replace(/s$/, "")));
  return index < 0 ? undefined : WEEKDAYS[index];
};

/**
 * The rule an English phrase means (docs/authoring.md lists them), or undefined: "weekdays", "weekends",
 * "every 2 weeks", "every other day", "every Monday and Thursday", "first Monday monthly", "last Friday
 * of the month", "last weekday monthly", "every 3 days".
 */
export function phraseRule(phrase: string): string | undefined {
  const words = phrase
    .toLowerCase()
    .replace(/,|\band\b/g, " ")
    .split(/\s+/)
    .filter((word) => word && !["of", "the", "on", "each", "month's"].includes(word));
  if (words[0] == "every") words.shift();
  const text = words.join(" ");
  if (/^weekdays?$/.test(text)) return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR";
  if (/^weekends?$/.test(text)) return "FREQ=WEEKLY;BYDAY=SA,SU";
  // "2 weeks", "two weeks", "other day", "day", "month"
  const every = /^(?:(\d{1,3}|\w+) )?(day|week|month|year)s?$/.exec(text);
  const n = every && (every[1] === undefined ? 1 : (COUNTS[every[1]] ?? +every[1]));
  // "every week" is the word "weekly".
  if (n == 1) return REPEATS[Object.keys(UNITS).indexOf(every![2]!)];
  if (n && n <= RULE_NUMBER_MAX) return `FREQ=${UNITS[every![2]!]};INTERVAL=${n}`;
  // "first monday monthly", "last friday month", "last weekday monthly"
  const nth = /^(first|second|third|fourth|last|second-last) (\w+) (monthly|month)$/.exec(text);
  if (nth) {
    const n = ORDINALS[nth[1]!]!;
    if (nth[2] == "weekday") return `FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=${n}`;
    const day = weekday(nth[2]!);
    return day && `FREQ=MONTHLY;BYDAY=${n}${day}`;
  }
  // "monday thursday", "mondays", "mon wed fri"
  const days = words.map(weekday);
  if (days.length && days.every(Boolean)) return `FREQ=WEEKLY;BYDAY=${[...new Set(days)].join(",")}`;
  return undefined;
}

/** A `repeat` value as the file keeps it: a word as it is, a rule checked, a phrase as its rule. */
export function readRepeat(written: string): { rule: string; count?: number } | { error: string } {
  const text = written.trim();
  if ((REPEATS as readonly string[]).includes(text)) return { rule: text };
  if (/=/.test(text)) return checkRule(text);
  const phrase = phraseRule(text);
  if (phrase) return { rule: phrase };
  return {
    error: `"${text}" is not one of daily, weekly, monthly, yearly, an RFC 5545 rule like FREQ=MONTHLY;BYDAY=1MO, or a phrase like "weekdays", "every 2 weeks", "every Monday and Thursday" or "first Monday monthly"`,
  };
}
