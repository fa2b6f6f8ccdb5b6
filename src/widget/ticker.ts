// The widget's script: compiled by esbuild at build time and inlined, the same bytes in every widget
// (each countdown's data sits in attributes), so one CSP hash pins it. It runs at the end of the
// document, before the first frame, so the widget is drawn with its options in force from the start.
// Every widget carries it, so it is written for bytes: BENCHMARKS.md has the budget.
//
// The markup it drives (src/widget/embed.njk):
//   <main data-countdown="2026-12-31T23:00:00Z"   the target instant (whole seconds, UTC): for a
//         data-repeat="weekly" data-start=...    repeating countdown the next occurrence at build time,
//                                                 and its schedule (src/time/ticking.ts, countingTo)
//         data-options="theme=dark&lang=de"      the countdown's defaults (valid options), which the
//                                                 query string overrides (src/widget/options.ts)
//         data-live="/api/countdown/<slug>"      the live JSON, for the `sync` option
//         data-status="postponed">               shown instead of ticking (its text is [data-done]'s)
//     <h1>, [data-left] the time left (hidden until drawn), <time data-when> the target (UTC text
//     without JavaScript), [data-done] the done message
import { formatTimeLeft, timeLeft } from "../time/time-left.ts";
import { countingTo, tickEverySecond } from "../time/ticking.ts";
import { resolveOptions } from "./options.ts";

const html = document.documentElement;
const root = document.querySelector("main")!;
const find = (selector: string) => root.querySelector<HTMLElement>(selector)!;
const left = find("[data-left]");
const done = find("[data-done]");
const when = find("[data-when]") as HTMLTimeElement;
const options = resolveOptions(root.dataset.options!, location.search);
const lang = options.lang ?? html.lang;
const target = countingTo(root.dataset);
const utc = options.date === "utc";
/** Server time minus this machine's time, once `sync` has measured it. */
let offsetMs = 0;

/**
 * WCAG relative luminance of a computed colour (`rgb(r, g, b)`), with the sRGB curve's short linear
 * start taken as the power curve (a difference below 0.001); NaN for a transparent one.
 */
const luminance = (colour: string) =>
  /, 0\)$/.test(colour) ? NaN : colour.match(/\d+/g)!.slice(0, 3).reduce((sum, c, i) => sum + [0.2126, 0.7152, 0.0722][i]! * ((+c / 255 + 0.055) / 1.055) ** 2.4, 0);

// The options, before the first frame: theme and font (CSS), colours, language and direction (right
// to left for a language written in a right-to-left script, as Intl expects it), title, date line.
html.dataset.t = options.theme;
html.dataset.f = options.font;
for (const [name, hex] of [["f", options.color], ["m", options.color], ["a", options.accent], ["b", options.bg]]) {
  if (hex) html.style.setProperty(`--${name}`, `#${hex}`);
}
html.lang = lang;
html.dir = /^(Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg)$/.test(new Intl.Locale(lang).maximize().script!) ? "rtl" : "ltr";
find("h1").hidden = options.title === "hide";
when.parentElement!.hidden = options.date === "none";
const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: utc ? "UTC" : undefined });
let dated = 0;
/** The date line shows the target counted to (a repeating countdown's moves on). */
const showDate = (targetMs: number) => {
  if (targetMs != dated) {
    dated = targetMs;
    when.dateTime = new Date(targetMs).toISOString();
    when.textContent = dateFormat.format(targetMs) + (utc ? " UTC" : "");
  }
};
showDate(target(Date.now()));

// A custom colour that reads too little against the background (WCAG AA: 4.5:1 for text, 3:1 for the
// large numbers) is replaced by black or white, whichever reads better; `data-adjusted` names it.
if (options.color || options.accent || options.bg) {
  const bg = luminance(getComputedStyle(html).backgroundColor);
  for (const [name, element, minimum] of [["f", html, 4.5], ["a", left, 3]] as const) {
    const fg = luminance(getComputedStyle(element).color);
    if ((Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05) < minimum) {
      html.style.setProperty(`--${name}`, bg > 0.18 ? "#000" : "#fff");
      html.style.setProperty("--m", "inherit");
      html.dataset.adjusted = (html.dataset.adjusted ?? "") + name;
    }
  }
}

/** The `units` layout: per unit its number and label elements, and its formatter. */
const units =
  options.layout === "units"
    ? ["day", "hour", "minute", "second"].map((unit, i) => {
        const cell = left.appendChild(document.createElement("span"));
        const format = new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long", minimumIntegerDigits: i ? 2 : 1 });
        return [cell.appendChild(document.createElement("b")), cell.appendChild(document.createElement("small")), format] as const;
      })
    : undefined;

function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

if (root.dataset.status) {
  // Postponed or cancelled: the status instead of the time left.
  root.dataset.s = "done";
  done.hidden = false;
} else {
  left.className = units ? "u" : "";
  // The published pattern reads left to right in every language.
  if (!units) left.dir = "ltr";
  left.hidden = false;
  const tick = tickEverySecond(
    (nowMs) => {
      const targetMs = target(nowMs);
      const over = nowMs >= targetMs;
      showDate(targetMs);
      const countUp = over && options.after === "countup";
      const shown = countUp ? timeLeft(nowMs, targetMs) : timeLeft(targetMs, nowMs);
      const sign = countUp ? "+" : "";
      if (!units) setText(left, sign + formatTimeLeft(shown));
      else {
        const values = [shown.days, shown.hours, shown.minutes, shown.seconds];
        units.forEach(([number, label, format], i) => {
          const parts = format.formatToParts(values[i]!);
          const text = (type: string) => parts.filter((part) => part.type === type).map((part) => part.value).join("");
          setText(number, sign + text("integer"));
          setText(label, text("unit"));
        });
      }
      root.dataset.s = over ? "done" : "";
      done.hidden = !over;
      return !over || countUp;
    },
    () => target(Date.now() + offsetMs),
    () => offsetMs,
  );
  // `sync`: one request for serverTime; the answer is taken as made halfway through the round trip.
  if (options.sync === "1") {
    const sent = Date.now();
    fetch(root.dataset.live!, { cache: "no-store" })
      .then((response) => response.json())
      .then((body: { serverTime: string }) => {
        const received = Date.now();
        const serverMs = Date.parse(body.serverTime);
        if (serverMs >= 0) offsetMs = serverMs + (received - sent) / 2 - received;
        tick();
      })
      .catch(() => {});
  }
}
