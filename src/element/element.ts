// `<countdown-timer>`: a countdown in the host page itself, without an iframe (docs/element.md). The
// module /api/element.js, compiled by esbuild and terser (src/eleventy/assets.ts) from this file and the
// widget's time code: the time left (src/time/time-left.ts), the one clock (src/time/ticking.ts), the
// dates (src/text/dates.ts) and the options' rules (src/widget/options.ts). Written for bytes: every
// page that uses it loads it, within 4,096 bytes gzipped (a test holds it there). One timer for every
// element of the page (tickEverySecond): it draws every element just after each second boundary of the
// corrected clock, nothing while the tab is hidden, the right value at once when it shows again. An
// element out of view is not redrawn; it only keeps its accessible name and its end event.
import { dataPath, elementPartPath, type ElementPart } from "../paths.ts";
import type { PublishedRecord, RecordMessages } from "../published-record.ts";
import { dateWords } from "../text/dates.ts";
import type { UnitWords } from "../text/language-words.ts";
import { tickEverySecond } from "../time/ticking.ts";
import { unitsShown } from "../widget/options.ts";
import { secondsLeft, unitDigits, unitsLeft, type Labels } from "../time/time-left.ts";
import type { Cell, Shown } from "./shown.ts";

/** Set by the bundler: optionPattern(ELEMENT_RENAMED) of src/widget/options.ts (`heading` for `title`, no `sync`). */
declare const OPTION_PATTERN: string;
const pattern = new RegExp(OPTION_PATTERN);

/** `/api/data/<slug>.json`: the record (src/published-record.ts) and its messages; or an inline element's attributes as one. */
type Fields = "title" | "evergreen" | "until" | "lang" | "status" | "unitWords" | "doneImage";
interface Data extends Pick<PublishedRecord, Fields> {
  /** The target (an evergreen record has none: each element counts from its own viewer's start). */
  targetDate: NonNullable<PublishedRecord["targetDate"]>;
  /** The author's zone (an inline element's: its nearest `zone` attribute's, null where none is). */
  zone?: PublishedRecord["zone"] | null;
  /** A record's rule and first occurrence; an inline element's rule alone (its target is the first). */
  repeat?: PublishedRecord["repeat"] | string;
  messages: RecordMessages;
  /** The walk through its occurrences, shared by the elements of one record. */
  walk?: (nowMs: number) => number;
}

/** The site of this module: `https://example.org/` for https://example.org/api/element.js (a base path kept). */
const SITE = new URL("..", import.meta.url).href;
/** One of the element's parts, the modules it loads only where an element needs one (src/element/, one file each). */
const part = (name: ElementPart) => import(SITE + elementPartPath(name).slice(1));
/** Set by the bundler: elementOptionNames() of src/widget/options.ts, the widget's options the element reads, by their names (`heading` is the widget's `title`). */
declare const ELEMENT_OPTIONS: string[];
const OPTIONS = ELEMENT_OPTIONS;
const UNITS = ["day", "hour", "minute", "second"];
/** The element's own content shows: its fallback. */
const SLOT = "<slot>";

/** Every element on the page that is connected. */
const timers = new Set<CountdownTimer>();
/** One request per data URL for the whole page. */
const loads: Record<string, Promise<Data>> = {};
/** The looks' styles (themes, fonts, layouts), once loaded. */
let layouts: Promise<CSSStyleSheet> | undefined;
// By site (as elements name it), the server's clock minus this one: what its answers' `Date` (plus a
// cache's `Age`) allow. Each answer bounds it within [low, high] (`Date` and `Age` are whole seconds,
// read somewhere within the round trip); an answer kept by a cache for more than a minute is not used.
// The bounds start at two hours either way, so no answer moves a clock further; each answer narrows
// them, and one that disagrees with them is not taken. While 0 is inside a site's bounds this clock is
// taken as right, else their middle is: within half a second and half a round trip of the truth. A
// site's answers correct only its own elements (inline ones count on this module's site).
const MOST_SKEW = 72e5;
const clocks: Record<string, [low: number, high: number]> = {};
const offset = (site: string, [low, high] = clocks[site] || [0, 0]) => (low > 0 || high < 0 ? (low + high) / 2 : 0);

const tick = tickEverySecond(
  (nowMs) => {
    let again = false;
    for (const timer of timers) {
      // An element that cannot draw stops alone, never the timer of every other.
      try {
        again = timer.draw(nowMs - offset(SITE) + offset(timer.clock)) || again;
      } catch {
        timers.delete(timer);
      }
    }
    return again;
  },
  () => offset(SITE),
);
let queued = 0;
/** Draws every element once the current task is done (many connect in one parse). */
const soon = () =>
  (queued ||= requestAnimationFrame(() => {
    queued = 0;
    tick();
  }));

const seen = new IntersectionObserver((entries) => {
  for (const entry of entries) ((entry.target as CountdownTimer).v = entry.isIntersecting) && soon();
});

/** A data URL's record, read once per page; each answer bounds its site's clock. */
function load(url: string, site: string): Promise<Data> {
  return (loads[url] ??= (async () => {
    const sent = Date.now();
    const response = await fetch(url, { cache: "no-store" });
    // (The console shows the Response: its URL and status.)
    if (!response.ok) throw response;
    const got = Date.now();
    const age = +response.headers.get("age")!;
    const date = Date.parse(response.headers.get("date")!) + 1e3 * age;
    const [low, high] = clocks[site] || [-MOST_SKEW, MOST_SKEW];
    const least = date - got;
    const most = date + 1e3 + (age && 1e3) - sent;
    if (age <= 60 && least <= high && most >= low) {
      clocks[site] = [Math.max(low, least), Math.min(high, most)];
      // A corrected clock moves targets past: what was drawn before tells nothing of an end.
      if (offset(site)) for (const timer of timers) timer.ahead = false;
    }
    return response.json();
  })());
}

/** A language tag the options allow and Intl knows, else undefined. */
const language = (tag?: string | null) => {
  try {
    return tag && pattern.test("lang=" + tag) && new Intl.Locale(tag) && tag;
  } catch {}
};

const STYLE = new CSSStyleSheet();
STYLE.replaceSync(
  // Part of the host page: its font, colour and alignment, no box; a theme makes a card of the widget's colours.
  `:host{display:block}[hidden],:host([heading=hide]) [part=title],:host([date=none]) [part=date]{display:none!important}` +
    `div{padding:var(--p);border-radius:.75em;background:var(--b);color:var(--f)}` +
    `div>*{display:block;margin:var(--countdown-gap,.2em) 0 0;overflow-wrap:anywhere}[part=title]{font-weight:600;margin:0}[part=message],p{font-weight:700}[part=message],[part=number]{color:var(--countdown-accent,var(--a))}[part=message]{white-space:pre-line}` +
    `[part=date],[part=unit]{color:var(--countdown-muted);font-size:.85em}[data-status=postponed] [part=date]{text-decoration:line-through}` +
    `p{font-size:var(--countdown-size,2em);font-variant-numeric:tabular-nums}[data-up] p:before{content:"+"}`,
);

class CountdownTimer extends HTMLElement {
  static observedAttributes = [
    "slug",
    "site",
    "target",
    "name",
    "zone",
    "repeat",
    "status",
    "done",
    "start",
    ...OPTIONS,
  ];
  private internals = this.attachInternals();
  private root = this.attachShadow({ mode: "open" });
  // (Declared, not initialised: setup() and begin() set them before anything reads them; no bytes for them.)
  /** What begin() made and draw() fills: the nodes, the language and zone, what was drawn last. */
  declare private shown: Shown;
  declare private options: Record<string, string>;
  declare record?: Data;
  /** The target as a function of now (the next occurrence of a repeating countdown); none until begin(). */
  declare private next?: (nowMs: number) => number;
  /** The target of the last draw, and whether it was still ahead then: the end is seen when it passes (`at` is read only once `ahead`). */
  declare private at: number;
  ahead = false;
  /** In view (or not yet known): drawn every second. */
  v = true;
  /** Paused by its visitor (`controls="pause"`): nothing is drawn until they press again. */
  paused?: boolean;
  /** `labels` in words or none, or `separator="colon"`: the labels' module (src/element/element-labels.ts). */
  declare private lettering?: typeof import("./element-labels.ts").default;
  /** The site whose clock it counts on: its record's (as its `site` names it), else this module's; set by setup(). */
  declare clock: string;

  constructor() {
    super();
    this.internals.role = "timer";
    this.root.adoptedStyleSheets = [STYLE];
    // Until its countdown is known (or if it cannot be), the element shows its own content: the fallback.
    this.root.innerHTML = SLOT;
  }

  connectedCallback() {
    timers.add(this);
    seen.observe(this);
    this.setup();
  }

  disconnectedCallback() {
    timers.delete(this);
    seen.unobserve(this);
  }

  // (Called for each attribute before connectedCallback, too: only a change once connected counts.)
  attributeChangedCallback() {
    if (timers.has(this)) this.setup();
  }

  /** Reads the attributes: the countdown from `slug` (its record) or from `target` and the rest. */
  async setup() {
    const attribute = (name: string) => this.getAttribute(name)!;
    const slug = attribute("slug");
    const site = attribute("site");
    const status = attribute("status");
    const done = attribute("done");
    this.options = {};
    for (const name of OPTIONS) {
      const value = attribute(name);
      if (pattern.test(name + "=" + value)) this.options[name] = value;
    }
    this.clock = (slug && site) || SITE;
    try {
      const data: Data = slug
        ? await load(new URL(dataPath(slug).slice(1), this.clock).href, this.clock)
        : {
            title: attribute("name"),
            targetDate: attribute("target"),
            zone: this.closest("[zone]")?.getAttribute("zone"),
            // (An unknown rule has no occurrence after the first: the countdown ends there.)
            repeat: attribute("repeat"),
            status: status == "postponed" || status == "cancelled" ? status : undefined,
            messages: { done, status: done ?? status },
          };
      // Evergreen: this viewer's deadline, from the `start` attribute or their first visit (kept under
      // `<site> <slug>`), by the module loaded only for that (src/element/element-evergreen.ts).
      const deadline =
        data.evergreen && (await part("evergreen")).default(data, attribute("start"), this.clock + " " + slug);
      // Repeating: the walk through its occurrences, shared by the elements of one record, by the
      // module loaded only for that (src/element/element-repeat.ts).
      const walk =
        data.repeat && (data.walk ??= (await part("repeat")).default(data.targetDate, data.zone ?? "UTC", data.repeat));
      // The styles of the themes, the fonts and the layouts, in a module of their own loaded once for
      // the page where one is asked for (src/element/element-looks.ts); every layout but `text` has a
      // second letter after "e". The ring, flip and digital layouts (which sort before `text`) draw
      // their numbers by a module of their own (src/element/element-shapes.ts).
      const shapes = this.options.layout! < "text" && (await part("shapes")).default;
      this.root.adoptedStyleSheets = [
        STYLE,
        ...(this.options.theme || this.options.font || (this.options.layout?.[1] as string) > "e"
          ? [await (layouts ??= part("looks").then(({ default: css }) => new CSSStyleSheet().replace(css)))]
          : []),
      ];
      // Each by the module loaded only for it (src/element/, one file each): the pause button where the
      // count ticks, and what nears the end (the live region of the milestones, `warn`'s colour); labels
      // in words or none, colons, or own words.
      const controls = this.options.controls == "pause" && !data.status && (await part("controls")).default;
      const nearEnd =
        (this.options.announce == "milestones" || this.options.warn) &&
        !data.status &&
        (await part("near-end")).default;
      this.lettering =
        this.options.labels! > "auto" || this.options.separator == "colon" || data.unitWords
          ? (await part("labels")).default
          : undefined;
      this.begin(data, !!slug, deadline, walk);
      if (shapes) this.shown.paint = shapes(this.root, this.options.layout!, data.evergreen);
      if (controls) controls(this, this.shown.box, this.shown.lang, soon);
      if (nearEnd) this.shown.say = nearEnd(this.shown.box, this.shown.lang, data.title, this.options);
    } catch (error) {
      this.next = undefined;
      this.root.innerHTML = SLOT;
      console.warn(error);
    }
  }

  private begin(data: Data, fromRecord: boolean, deadline?: number, walk?: (nowMs: number) => number) {
    const ms = deadline || Date.parse(data.targetDate);
    const zone = data.zone ?? "UTC";
    // NaN: no target, or one Date cannot read. An unknown zone throws here (Intl's RangeError), so
    // that nothing can stop the one timer of every element later.
    if (!(ms == ms)) throw Error(data.targetDate);
    Intl.DateTimeFormat("en", { timeZone: zone });
    const lang =
      language(this.options.lang) ||
      language((this.parentElement?.closest("[lang]") as HTMLElement | null)?.lang) ||
      data.lang ||
      "en";
    const layout = this.options.layout ?? "text";
    // Four cells: a number and its label ("d", or the unit's word in `lang` for the other layouts), each
    // a text node written only when it changes (the cell keeps what it shows). A unit the run leaves out
    // keeps its cell, hidden.
    const run = unitsShown(this.options);
    const words = this.lettering?.(
      lang,
      this.options.labels as Labels,
      this.options.separator as "colon",
      layout == "text",
      lang == (data.lang ?? "en") ? (data.unitWords as UnitWords) : undefined, // its own words, in its language
    );
    this.root.innerHTML = `<div part=box data-layout=${layout}><span part=title></span><span part=message></span><p>${[..."dhms"].map((unit) => `${run.includes(unit) && unit != run[0] ? (words ? words.between : " ") : ""}<b${run.includes(unit) ? "" : " hidden"}><span part=number> </span><span part=unit>${layout == "text" ? unit : " "}</span></b>`).join("")}</p><time part=date></time></div>`;
    const box = this.root.firstChild as HTMLElement;
    const [title, note, count, line] = box.children as unknown as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    title!.textContent = data.title;
    // The countdown's own words stay in its language (a record without `lang` is in English). Nothing
    // of a record is ever parsed as markup: another site's record is data, not code.
    if (fromRecord) title!.lang = note!.lang = data.lang ?? "en";
    const cells = UNITS.map((unit, i) => [
      ...[...count!.children[i]!.children].map((span) => span.firstChild),
      new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }),
      "",
    ]) as Cell[];
    // In the direction of the language's script; the published pattern reads left to right in every one.
    box.dir = /Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg/.test(new Intl.Locale(lang).maximize().script!) ? "rtl" : "ltr";
    // (Words, `long` or `short`, read in the language's direction, as the units and tiles layouts.)
    if (layout == "text" && this.options.labels != "long" && this.options.labels != "short") count!.dir = "ltr";
    ["accent", "color", "bg"].forEach(
      (name, i) => this.options[name] && box.style.setProperty("--" + "afb"[i], "#" + this.options[name]),
    );
    if (data.status) box.dataset.status = data.status;
    this.record = data;
    // (An evergreen countdown's deadline is this element's own.)
    this.next = walk || (() => ms);
    this.ahead = this.paused = false;
    this.shown = { lang, zone, note, count, line, cells, box, labelled: layout != "text", run, cell: words?.cell };
    soon();
  }

  /** Draws the count at `nowMs` (the corrected clock); false once nothing will change any more. */
  draw(nowMs: number): boolean {
    if (!this.next) return false;
    if (this.paused) return true;
    const shown = this.shown;
    const { note, count, line, cells, box, lang, run } = shown;
    const data = this.record!;
    const { status, messages } = data;
    const targetMs = this.next(nowMs);
    const over = nowMs >= targetMs;
    const countUp = over && this.options.after == "countup";
    // The target of the last draw has passed since: the end (of that occurrence, for a repeating one),
    // told once this draw is done.
    const ended =
      this.ahead &&
      nowMs >= this.at &&
      new CustomEvent("countdown-end", { bubbles: true, composed: true, detail: { target: new Date(this.at) } });
    this.at = targetMs;
    this.ahead = !status && !over;
    // The accessible name: the title, then the time left rounded up, to the hour while a day or more
    // is left, else to the minute (a change an hour, then a minute, at most); or the done message, or
    // the status.
    const left = secondsLeft(targetMs, nowMs);
    shown.say?.(left, messages.done);
    const step = left < 86400 ? 60 : 3600;
    const words = status ? messages.status : over ? messages.done : Math.ceil(left / step) * step;
    if (shown.words !== words) {
      shown.words = words;
      const said =
        typeof words == "number"
          ? unitsLeft(words * 1e3, 0, run)
              .flatMap((n, i) => (n ? [cells[i]![2].format(n)] : []))
              .join(" ")
          : words;
      this.internals.ariaLabel = [data.title, said].filter(Boolean).join(", ");
    }
    if (this.v || !shown.state) {
      // (Only a postponed countdown's record has `newDate`.)
      const text = status
        ? messages.status + (messages.newDate ? "\n" + messages.newDate : "")
        : over
          ? messages.done
          : "";
      const state = targetMs + text + countUp;
      if (shown.state != state) {
        shown.state = state;
        const choice = this.options.date;
        // The visitor's zone is Intl's default (no zone given).
        line.textContent = dateWords(
          targetMs,
          choice == "utc" ? "UTC" : choice == "author" ? shown.zone : undefined!,
          lang,
          choice == "author",
        );
        note.textContent = text;
        note.hidden = !text;
        // At zero, a done image (the record's `doneImage`) in place of the zeros: the words stay, unseen.
        const image = over && !status && data.doneImage && `url(${new URL(data.doneImage.slice(1), this.clock)})`;
        note.style.cssText = image ? `background:center/contain no-repeat ${image};color:#0000;min-height:6em` : "";
        count.hidden = !!status || !!image;
        box.toggleAttribute("data-up", countUp);
      }
      (countUp ? unitsLeft(nowMs, targetMs, run) : unitsLeft(targetMs, nowMs, run)).forEach((n, i) => {
        const cell = cells[i]!;
        const digits = unitDigits(n, i, run);
        if (cell[3] != digits) {
          cell[0].data = cell[3] = digits;
          if (shown.cell) [cell[0].data, cell[1].data] = shown.cell(n, i, run);
          else if (shown.labelled) cell[1].data = cell[2].formatToParts(n).find((part) => part.type == "unit")!.value;
          shown.paint?.(cell[0], digits, n, i);
        }
      });
    }
    if (ended) this.dispatchEvent(ended);
    return !status && (!over || countUp);
  }
}

customElements.get("countdown-timer") || customElements.define("countdown-timer", CountdownTimer);
