// What a repeating countdown's RRULE (src/time/rule.ts) says, in words of its language: Intl's
// weekday and month names, lists and units, and four short templates per language (below) for what
// Intl has no words for: "Every 2 weeks", "first Monday", "last Friday", "3 left out".
import { readRule } from "../time/rule.ts";
import type { Schedule } from "../time/occurrence.ts";
import { formatOf } from "./dates.ts";

/** Per language: every {n} units, the {n}th {day}, the last {day}, {n} occurrences left out. */
const TEMPLATES: Record<string, [every: string, nth: string, last: string, except: string]> = {
  ar: ["كل {n}", "{day} رقم {n}", "آخر {day}", "مستثناة: {n}"],
  cs: ["Interval: {n}", "{n}. {day}", "poslední {day}", "vynecháno: {n}"],
  da: ["Hver {n}", "{n}. {day}", "sidste {day}", "udeladt: {n}"],
  de: ["Alle {n}", "{n}. {day}", "letzter {day}", "{n} ausgelassen"],
  en: ["Every {n}", "{n} {day}", "last {day}", "{n} left out"],
  es: ["Cada {n}", "{n}.º {day}", "último {day}", "excepciones: {n}"],
  fi: ["Väli: {n}", "{n}. {day}", "viimeinen {day}", "pois jätetty: {n}"],
  fr: ["Intervalle : {n}", "{n}e {day}", "dernier {day}", "exceptions : {n}"],
  he: ["כל {n}", "{day} ה-{n}", "{day} האחרון", "חריגות: {n}"],
  hi: ["हर {n}", "{n}वाँ {day}", "अंतिम {day}", "अपवाद: {n}"],
  it: ["Ogni {n}", "{n}º {day}", "ultimo {day}", "eccezioni: {n}"],
  ja: ["{n}ごと", "第{n}{day}", "最終{day}", "除外: {n}"],
  ko: ["{n}마다", "{n}번째 {day}", "마지막 {day}", "제외: {n}"],
  nb: ["Hver {n}", "{n}. {day}", "siste {day}", "unntak: {n}"],
  nl: ["Om de {n}", "{n}e {day}", "laatste {day}", "uitzonderingen: {n}"],
  pl: ["Co {n}", "{n}. {day}", "ostatni {day}", "wyjątki: {n}"],
  pt: ["A cada {n}", "{n}º {day}", "último {day}", "exceções: {n}"],
  ru: ["Каждые {n}", "{n}-й {day}", "последний {day}", "исключения: {n}"],
  sv: ["Intervall: {n}", "{n}:e {day}", "sista {day}", "undantag: {n}"],
  tr: ["{n} arayla", "{n}. {day}", "son {day}", "istisna: {n}"],
  uk: ["Кожні {n}", "{n}-й {day}", "останній {day}", "винятки: {n}"],
  zh: ["每{n}", "第{n}个{day}", "最后一个{day}", "排除: {n}"],
};

const UNITS = ["day", "week", "month", "year"];
const fill = (template: string, n: string, day = "") => template.replace("{n}", n).replace("{day}", day);

/** English ordinals: 1st, 2nd, 3rd, 4th. */
const ordinal = (lang: string, n: number) =>
  lang == "en"
    ? n +
      { one: "st", two: "nd", few: "rd", other: "th" }[
        new Intl.PluralRules("en", { type: "ordinal" }).select(n) as "one"
      ]
    : String(n);

/**
 * The parts of a rule's words after the first: how often (when INTERVAL is over 1, in place of
 * `every`), which days, which months: ["Every 2 weeks", "Monday and Thursday"].
 */
export function ruleParts({ start, repeat }: Schedule, lang: string, every: string): string[] {
  const base = lang.split("-")[0]!;
  const [everyN, nth, last] = TEMPLATES[base] ?? TEMPLATES.en!;
  const rule = readRule(repeat!, start);
  const name = (options: Intl.DateTimeFormatOptions, ms: number) => formatOf(lang, "UTC", options).format(ms);
  const list = (items: string[], type: Intl.ListFormatType = "conjunction") =>
    new Intl.ListFormat(lang, { type }).format(items);
  const at = (n: number, day: string) =>
    n == -1 ? fill(last, "", day) : n ? fill(nth, n < 0 ? String(n) : ordinal(base, n), day) : day;
  // 2023-01-01 is a Sunday: weekday w is 2023-01-(1 + w).
  const weekday = ([n, w]: number[]) => at(n!, name({ weekday: "long" }, Date.UTC(2023, 0, 1 + w!)));
  const dayWord = new Intl.DisplayNames(lang, { type: "dateTimeField" }).of("day")!;
  const monthDay = (d: number) => (d > 0 ? name({ day: "numeric" }, Date.UTC(2000, 0, d)) : at(d, dayWord));
  const days = [
    ...(rule.byday.length ? [list(rule.byday.map(weekday), rule.bysetpos.length ? "disjunction" : "conjunction")] : []),
    ...(rule.bymonthday.length ? [list(rule.bymonthday.map(monthDay))] : []),
  ];
  const pos = rule.bysetpos.map((p) => at(p, "").trim());
  const interval = rule.interval > 1;
  const unit = new Intl.NumberFormat(lang, { style: "unit", unit: UNITS[rule.freq]!, unitDisplay: "long" });
  return [
    interval ? fill(everyN, unit.format(rule.interval)) : every,
    ...(pos.length ? [`${list(pos)} ${days.join(" · ")}`] : days),
    ...(rule.bymonth.length ? [list(rule.bymonth.map((m) => name({ month: "long" }, Date.UTC(2000, m - 1, 1))))] : []),
  ];
}

/** How many occurrences are left out, in words of `lang`: "3 left out". */
export const exceptWords = (lang: string, n: number) =>
  fill((TEMPLATES[lang.split("-")[0]!] ?? TEMPLATES.en!)[3], new Intl.NumberFormat(lang).format(n));
