// The widget's script: compiled by esbuild at build time and inlined, the same bytes in every widget
// (each countdown's data sits in attributes), so one CSP hash pins it. It runs at the end of the
// document, before the first frame, so the widget is drawn with its options in force from the start.
// Every widget carries it, so it is written for bytes (README: the widget's weight).
//
// The markup it drives (src/widget/embed.njk):
//   <main data-countdown="2026-12-31T23:00:00Z"   the target instant (whole seconds, UTC): for a
//         data-repeat="weekly" data-start=...    repeating countdown the next occurrence at build time,
//                                                 and its schedule (src/time/ticking.ts, countingTo)
//         data-options="theme=dark&lang=de"      the countdown's defaults (valid options), which the
//                                                 query string overrides (src/widget/options.ts)
//         data-zone="Europe/Berlin"              the author's zone, for `date=author`
//         data-live="/api/countdown/<slug>"      the live JSON, for the `sync` option
//         data-words='{"hour":{"one":"Stunde"…}}' the countdown's own words for its units (`unit_words`)
//         data-status="postponed"                not ticking: [data-done] shows the status instead
//         data-evergreen="259200000" data-key=...>  an evergreen countdown instead of data-countdown: its
//                                                 duration and slug; dated for the viewer from the link's
//                                                 ?start= or their first visit (src/time/evergreen.ts)
//     and its children, in this order: <h1>, [data-done] the done message (hidden until the target),
//     [data-left] the time left (hidden until drawn), <time> the target (UTC text without JavaScript),
//     then what the build wrote and nothing here changes: a repeating countdown's rule, a postponed
//     one's "new date to be announced", the countdown's link; last, with `controls=pause`, the pause
//     button this script adds (its word the build's `data-pause`).
import { formatTimeLeft, secondsLeft, unitDigits, unitsLeft, type Labels } from "../time/time-left.ts";
import { liveRegion, milestone } from "../text/milestones.ts";
import { countText, unitWord } from "../text/language-words.ts";
import { countingTo, tickEverySecond } from "../time/ticking.ts";
import { dateForViewer } from "../time/evergreen.ts";
import { dateWords } from "../text/dates.ts";
import { resolveOptions, unitsShown } from "./options.ts";
import { digitalStyle, paint } from "./shapes.ts";
import { ringFraction } from "../time/shape-rules.ts";
import { inWarnSpan, warnSpanMs } from "../time/warn.ts";

/** Set by the bundler: optionPattern() of src/widget/options.ts. */
declare const OPTION_PATTERN: string;
/** Set by the bundler: a pattern of the names of INLINE_OPTIONS (src/widget/options.ts), the options the inline ticker draws. */
declare const INLINE_OPTION_PATTERN: string;
/**
 * Set by the bundler: the options whose code this build carries. The inline ticker carries none of
 * them: a widget whose options ask for one loads the site's widget script (`MORE_SRC`, every option's
 * code, the same source built with all of these true) and leaves the drawing to it. So most widgets
 * are one request, and the options they do not use are not in their bytes.
 */
declare const WITH: {
  /** `labels` other than `auto`, and `separator=colon`. */
  labels: boolean;
  /** `units` other than `dhms`, and `updates` other than `second`. */
  units: boolean;
  /** A repeating countdown's occurrences (src/time/ticking.ts: the bundler's REPEATS is this). */
  repeat: boolean;
  /** An evergreen countdown's deadline for the viewer. */
  evergreen: boolean;
  /** `layout=units|tiles|ring|flip|digital`: a cell per unit, with the unit's word (src/widget/shapes.ts draws the last three). */
  layouts: boolean;
  /** `after=countup`. */
  countup: boolean;
  /** `controls=pause`. */
  pause: boolean;
  /** `sync=1`. */
  sync: boolean;
  /** `announce=milestones`. */
  announce: boolean;
  /** `color`, `accent`, `bg`: the custom colours and the contrast check. */
  colours: boolean;
  /** `warn`: the time left in the warning colour for its last span. */
  warn: boolean;
};
/** Set by the bundler: true in the inline ticker (no option's code), false in the site's widget script, which it loads. */
declare const INLINE: boolean;
/** Set by the bundler: the site's widget script, relative to the widget's own URL. */
declare const MORE_SRC: string;
/** Set by the bundler: in the site's widget script, the styles of its layouts and pause button (src/widget/widget-more.css). */
declare const MORE_CSS: string;

const html = document.documentElement;
const style = html.style;
const root = document.querySelector("main")!;
const data = root.dataset;
const [title, done, left, when] = root.children as unknown as [HTMLElement, HTMLElement, HTMLElement, HTMLTimeElement];
const options = resolveOptions(data.options!, location.search, new RegExp(OPTION_PATTERN));
// Before the first frame, by the inline ticker whichever script draws (the site's widget script finds
// them done): the countdown's own words (its title, its done message or status) stay in its language,
// said for screen readers, and the labels and the date follow `lang`; the options the stylesheet reads
// (data-theme, data-font, data-layout, data-title, data-date), the direction of the language's script
// (as Intl knows it), and the custom colours (a custom text colour is the secondary text's too; the
// site's widget script checks their contrast).
if (INLINE) {
  title.lang = done.lang = html.lang;
  html.lang = options.lang ?? html.lang;
  Object.assign(html.dataset, options);
  html.dir = /Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg/.test(new Intl.Locale(html.lang).maximize().script!) ? "rtl" : "ltr";
  for (const [names, hex] of [
    ["fm", options.color],
    ["a", options.accent],
    ["b", options.bg],
  ]) {
    for (const name of hex ? names! : "") style.setProperty("--" + name, "#" + hex);
  }
}
const lang = html.lang;
// A kind of countdown, or an option, whose code the inline ticker leaves out: the site's widget script
// draws this widget instead. Any option but those the inline ticker draws counts, at any value: the
// build's defaults and the configurator's addresses name only values that differ from the defaults.
if (
  (!WITH.repeat && data.repeat) ||
  (!WITH.evergreen && data.evergreen) ||
  (INLINE && Object.keys(options).some((name) => !new RegExp(INLINE_OPTION_PATTERN).test(name)))
) {
  document.body.appendChild(document.createElement("script")).src = MORE_SRC;
} else {
  // An evergreen countdown counts to this viewer's own deadline (only in its own build), and its go
  // link carries the start that makes it (its deadline less its duration: the cap, if any, is kept).
  if (WITH.evergreen) {
    dateForViewer(data, new URLSearchParams(location.search).get("start"));
    const go = document.querySelector<HTMLAnchorElement>("[data-go]");
    if (go) go.search = "start=" + (Date.parse(data.countdown!) - +data.evergreen!) / 1e3;
  }
  const target = countingTo(data);
  /** Server time minus this machine's time, once `sync` has measured it. */
  let offsetMs = 0;

  // (The digital layout's digits: their segments' styles, from the seven-segment map.)
  if (MORE_CSS)
    document.head.appendChild(document.createElement("style")).textContent =
      MORE_CSS + (options.layout == "digital" ? digitalStyle("[data-left]") : "");

  /**
   * WCAG relative luminance of an element's computed colour (`rgb(r, g, b)`), with the sRGB curve's
   * short linear start taken as the power curve (a difference below 0.001); NaN for a colour with
   * alpha (`rgba(...)`, a transparent background), which nothing can be judged against.
   */
  const luminance = (element: Element, property: "color" | "backgroundColor" = "color") =>
    getComputedStyle(element)
      [property].match(/\d+/g)!
      .reduce((sum, c, i) => sum + [0.2126, 0.7152, 0.0722][i]! * ((+c / 255 + 0.055) / 1.055) ** 2.4, 0);

  // A colour that reads too little against the background (WCAG AA, 4.5:1) is replaced by black or
  // white, whichever reads better: "fm" the text, "a" the accent, "w" the warning colour (read on the
  // time left while it is marked; the configurator tells the owner, from the custom properties set
  // here). The secondary text stands for the text: in both themes it reads less well than the text.
  // The themes' own colours always pass.
  if (WITH.colours) {
    const bg = luminance(html, "backgroundColor");
    left.toggleAttribute("data-warning", WITH.warn);
    for (const [element, names] of [
      [when, "fm"],
      [done, "a"],
      [left, WITH.warn ? "w" : ""],
    ] as const) {
      const ratio = (luminance(element) + 0.05) / (bg + 0.05);
      if (ratio < 4.5 && ratio * 4.5 > 1) {
        for (const name of names) style.setProperty("--" + name, bg > 0.18 ? "#000" : "#fff");
      }
    }
    left.removeAttribute("data-warning");
  }

  // The date line, as every surface says a date (src/text/dates.ts), in the visitor's zone (local: named
  // by its abbreviation or offset, no city), the countdown's author's, or UTC.
  // (The visitor's zone is Intl's default: no zone given.)
  const dateZone = options.date == "utc" ? "UTC" : options.date == "author" ? data.zone! : undefined!;
  const dateCity = options.date == "author";
  /**
   * The `units` layout: per unit its number, its label and the format of the label: the unit's word for
   * that number in the language (plural-correct; Arabic and Hebrew have words of their own for one and
   * two, with no number in them). The numbers are ASCII digits, as in the published pattern.
   */
  // (Every layout but `text`, the default, has a second letter after "e".)
  /** The units shown, largest first (`units` and `updates`, src/widget/options.ts). */
  const run = WITH.units ? unitsShown(options) : "dhms";
  // (Each cell keeps its unit's index in unitsLeft's order: the units not shown have no cell.)
  const units =
    WITH.layouts &&
    (options.layout?.[1] as string) > "e" &&
    ["day", "hour", "minute", "second"].flatMap((unit, i) =>
      run.includes("dhms"[i]!)
        ? [
            [
              left.appendChild(document.createElement("span")),
              left.appendChild(document.createElement("small")),
              unit,
              i,
            ] as const,
          ]
        : [],
    );

  /** The ring of days: out of an evergreen countdown's duration, in days (src/widget/shapes.ts). */
  const spanDays = WITH.evergreen && data.evergreen ? +data.evergreen / 864e5 : undefined;
  /** The countdown's own words for its units (`data-words`), where the widget is in its language. */
  const words = (WITH.labels || WITH.layouts) && title.lang == lang && data.words ? JSON.parse(data.words) : undefined;
  /** Paused by the visitor (`controls=pause`): nothing is drawn or scheduled until they press again. */
  let paused: boolean | undefined;
  /** `announce=milestones`: the live region (src/text/milestones.ts), and the seconds left at the last draw. */
  const said = WITH.announce && options.announce == "milestones" && liveRegion(document.body);
  let before: number | undefined;
  /** `warn`: its span, in ms (src/time/warn.ts); undefined without it. */
  const warnSpan = WITH.warn ? warnSpanMs(options.warn) : undefined;
  const tick = tickEverySecond(
    (nowMs) => {
      if (WITH.pause && paused) return false;
      const targetMs = target(nowMs);
      const over = nowMs >= targetMs;
      const countUp = WITH.countup && over && options.after == "countup";
      const shown = countUp ? unitsLeft(nowMs, targetMs, run) : unitsLeft(targetMs, nowMs, run);
      // The date line follows the target (a repeating countdown's moves on).
      if (when.dateTime != (when.dateTime = new Date(targetMs).toISOString()))
        when.textContent = dateWords(targetMs, dateZone, lang, dateCity);
      // Postponed or cancelled: [data-done] shows the status (the build leaves it visible); nothing ticks.
      if (data.status) return false;
      left.hidden = false;
      // `warn`: in the last span (judged by the time the count shows, as the email image's frames), the
      // time left takes the warning colour (widget-more.css).
      if (WITH.warn) left.toggleAttribute("data-warning", inWarnSpan(secondsLeft(targetMs, nowMs), warnSpan));
      // The count's type is sized by its length (widget.css): the largest unit's digits, less what each
      // unit fewer than the published pattern's four takes (two digits of a cell); in text, its characters.
      if (WITH.layouts && units) {
        const digits = ("" + shown["dhms".indexOf(run[0]!)]).length;
        // (`labels=none`: the labels are not shown, widget-more.css.)
        units.forEach(([number, label, unit, i]) => {
          paint(number, options.layout!, unitDigits(shown[i]!, i, run), ringFraction(shown[i]!, i, spanDays));
          label.textContent = unitWord(lang, unit, shown[i]!, options.labels == "short" ? "short" : "long", words);
        });
        style.setProperty("--n", "" + (digits + 2 * (run.length - 4)));
      } else {
        left.textContent =
          (countUp ? "+" : "") +
          (WITH.labels
            ? countText(shown, run, lang, options.labels as Labels, options.separator as "colon", words, true)
            : formatTimeLeft(shown, run));
        // (The text's length, less the 13 characters of the pattern around one digit of days.)
        style.setProperty("--n", "" + (left.textContent.length - 13));
      }
      // From the target on, the done message shows (widget.css puts the time left under it), and the
      // frame is fitted again.
      if (done.hidden != (done.hidden = !over)) fit();
      if (WITH.announce && said) {
        const words = milestone(
          before,
          (before = secondsLeft(targetMs, nowMs)),
          lang,
          title.textContent!,
          done.textContent!,
        );
        if (words) said.textContent = words;
      }
      return !over || countUp;
    },
    WITH.sync ? () => offsetMs : undefined,
  );

  /**
   * Fits everything in the frame: where it does not (a long title, a long done message and a link in a
   * low frame), or where the title or the done message is cut at its three lines, all the type is
   * smaller, a tenth at a time (--k, widget.css), down to half; only then, if the frame still overflows,
   * do the title and the done message get fewer lines (--l). So a text the frame could show whole in
   * smaller type is never cut short: what a smaller frame shows whole, a larger one does too.
   */
  function fit() {
    let step = 0;
    // Cut: a line or more hidden (a glyph that reaches past its line, CJK's in Firefox, is not a line).
    const cut = (text: HTMLElement) =>
      text.scrollHeight - text.clientHeight > parseFloat(getComputedStyle(text).fontSize) / 2;
    do {
      root.style.setProperty("--k", "" + (1 - Math.min(step, 5) / 10));
      root.style.setProperty("--l", "" + Math.max(1, Math.min(3, 8 - step)));
    } while (
      (root.scrollHeight > root.clientHeight ||
        left.scrollWidth > left.clientWidth ||
        (step < 5 && (cut(title) || cut(done)))) &&
      ++step < 8
    );
  }
  // `controls=pause`: a button last in the widget, its word the build's (`data-pause`, in the
  // countdown's language), where the count ticks (not for a postponed or cancelled countdown); pressed,
  // the updates stop; pressed again, the count is drawn at once and ticks on.
  if (WITH.pause && options.controls == "pause" && !data.status) {
    const pause = root.appendChild(document.createElement("button"));
    pause.type = "button";
    pause.textContent = data.pause!;
    pause.setAttribute("aria-pressed", "false");
    pause.onclick = () => {
      pause.setAttribute("aria-pressed", "" + (paused = !paused));
      tick();
    };
  }
  fit();
  addEventListener("resize", fit);
  // Again whenever the title's or the done message's box changes by itself: a script whose font the
  // system finds late (emoji, Devanagari) sets their lines again after the first fit. (Fitting ends
  // where it began, so it wakes the observer no more.)
  const refit = new ResizeObserver(fit);
  refit.observe(title);
  refit.observe(done);

  // `sync`: one request for serverTime, taken as read halfway through the round trip.
  if (WITH.sync && options.sync == "1") {
    const sent = Date.now();
    // (An evergreen countdown's JSON needs the start: its deadline less its duration, in Unix seconds.)
    fetch(
      data.live! +
        (WITH.evergreen && data.evergreen ? "?start=" + (Date.parse(data.countdown!) - +data.evergreen!) / 1e3 : ""),
      {
        cache: "no-store",
      },
    )
      .then((response) => response.json())
      .then((body) => {
        offsetMs = Date.parse(body.serverTime) - (sent + Date.now()) / 2 || 0;
        tick();
      })
      .catch(() => {});
  }
}
