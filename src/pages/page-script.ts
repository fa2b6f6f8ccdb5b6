// The script of the site's pages (not of the widget), loaded as a module file: the live countdowns of
// the index and of a countdown's page, targets in the visitor's local time, the embed snippets'
// configurator and Copy buttons.
// Over 400 lines: one module file for every page, so a page loads one script its CSP hash pins.
import { blackOrWhite, contrastRatio, hexOf, readableOn, rgbOf } from "../colour/colour.ts";
import { dateWords, visitorWords } from "../text/dates.ts";
import { countText, unitWord, type UnitWords } from "../text/language-words.ts";
import { fill, type ScriptWords } from "../text/page-words.ts";
import { secondsLeft, unitDigits, unitsLeft, type Labels } from "../time/time-left.ts";
import { liveRegion, milestone } from "../text/milestones.ts";
import { countingTo, tickEverySecond } from "../time/ticking.ts";
import { inWarnSpan, warnSpanMs } from "../time/warn.ts";
import { EMAIL_CHOICES, EMAIL_RANGES } from "../images/email-options.ts";
import { calendarEvent, dateForViewer } from "../time/evergreen.ts";
import {
  CHOICES,
  OPTION_NAMES,
  elementAttributes,
  optionPattern,
  isValidOption,
  resolveOptions,
  unitsShown,
  type OptionName,
  type WidgetOptions,
} from "../widget/options.ts";

/** The page's words for what this script says, in the page's language (written into the page as JSON). */
const words: ScriptWords = JSON.parse(document.getElementById("page-words")?.textContent || "{}");

/**
 * Every `[data-countdown]` element (not postponed or cancelled) shows the time left in its
 * `[data-left]` and, from the target on, its `[data-done]`. Both keep their place in the layout
 * until then (class `pending`: invisible), so nothing moves when they show. A repeating countdown
 * moves on to its next occurrence (src/time/ticking.ts), and its `<time>` elements with it.
 */
/**
 * A countdown page's big count: a number and a label per unit, the label the unit's word for that
 * number in the countdown's language (plural-correct, from Intl, as the widget's units layout).
 */
const UNIT_NAMES = ["day", "hour", "minute", "second"];
/**
 * The cells of the units of `run` (the build writes four; those of the others are taken out), their
 * labels as `labels` asks (`none`: none; `short`: the language's shortest word).
 */
function unitsOf(root: HTMLElement, run: string, labels?: Labels, words?: UnitWords) {
  const numbers = [...root.querySelectorAll<HTMLElement>("[data-unit]")];
  if (numbers.length === 0) return undefined;
  const lang = root.dataset.lang || "en";
  return numbers.flatMap((number, i) => {
    if (run.includes("dhms"[i]!)) {
      return [
        {
          unit: i,
          number,
          label: number.nextElementSibling as HTMLElement,
          word: (n: number) =>
            labels == "none" ? "" : unitWord(lang, UNIT_NAMES[i]!, n, labels == "short" ? "short" : "long", words),
        },
      ];
    }
    number.parentElement!.remove();
    return [];
  });
}

// Evergreen countdowns first get this visitor's deadline: the link's ?start= where the page shows one
// countdown (its own page, its owner's), else their first visit.
const evergreen = document.querySelectorAll<HTMLElement>("[data-evergreen]");
const linkStart = evergreen.length == 1 ? new URLSearchParams(location.search).get("start") : null;
for (const root of evergreen) dateForViewer(root.dataset, linkStart);
// The owner's page: its JSON's address with this visitor's start, in Unix seconds.
for (const template of document.querySelectorAll<HTMLElement>("[data-start-template]")) {
  const start = String((Date.parse(evergreen[0]!.dataset.countdown!) - Number(evergreen[0]!.dataset.evergreen)) / 1000);
  const text = template.querySelector("code") ?? template;
  text.textContent = text.textContent!.replace("{start}", start);
  if (template instanceof HTMLAnchorElement) template.href = template.href.replace(/%7Bstart%7D|\{start\}/, start);
}

// The units each count shows, their labels and what stands between them: its countdown's own (its
// widget's defaults, `data-options`: `units`, `updates`, `labels`, `separator`), and where the page
// shows one countdown, its address's query over them (`?units=hms&labels=none`).
const optionsPattern = new RegExp(optionPattern());
/** A live region in a count's root, and what says in it the milestones passed: its title, its done message. */
function announcer(root: HTMLElement) {
  const region = liveRegion(root);
  const title = root.dataset.title!;
  let before: number | undefined;
  return (left: number) => {
    const words = milestone(
      before,
      (before = left),
      root.dataset.lang || "en",
      title,
      root.querySelector("[data-done]")?.textContent?.trim() ?? "",
    );
    if (words) region.textContent = words;
  };
}
const counts = document.querySelectorAll<HTMLElement>("[data-countdown]:not([data-status])");
const live = [...counts].map((root) => {
  const options = resolveOptions(root.dataset.options ?? "", counts.length == 1 ? location.search : "", optionsPattern);
  const run = unitsShown(options);
  const labels = options.labels as Labels | undefined;
  if (options.separator) root.dataset.separator = options.separator;
  if (labels) root.dataset.labels = labels;
  /** The countdown's own words for its units (its file's `unit_words`): the pages are in its language. */
  const words: UnitWords | undefined = root.dataset.words ? JSON.parse(root.dataset.words) : undefined;
  return {
    lang: root.dataset.lang || "en",
    labels,
    words,
    separator: options.separator as "colon" | undefined,
    target: countingTo(root.dataset),
    run,
    /** The instant its `<time>` elements name: the build's, until it moves on. */
    shown: Date.parse(root.dataset.countdown!),
    root,
    left: root.querySelector<HTMLElement>("[data-left]")!,
    done: root.querySelector<HTMLElement>("[data-done]"),
    units: unitsOf(root, run, labels, words),
    /** `announce=milestones`: what says the milestones passed (src/text/milestones.ts). */
    say: options.announce == "milestones" ? announcer(root) : undefined,
    /** `warn`: its span, in ms (src/time/warn.ts). */
    warn: warnSpanMs(options.warn),
  };
});

/**
 * When each countdown is: `time[data-when]` in the author's zone and the countdown's language (as the
 * build wrote it, again once a repeating countdown moves on), and `[data-your-time]` the visitor's own
 * time where it reads differently (src/text/dates.ts).
 */
const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
function showTimes(root: HTMLElement, ms: number, moved: boolean): void {
  const { zone = "UTC", lang = "en" } = root.dataset;
  const iso = new Date(ms).toISOString().replace(".000", "");
  for (const time of root.querySelectorAll<HTMLTimeElement>("[data-when]")) {
    if (moved) time.textContent = dateWords(ms, zone, lang);
    // (An evergreen countdown's is a <span>: its words were the duration, now they are the date.)
    if (time.dateTime !== undefined) time.dateTime = iso;
  }
  // The visitor's time is the page's sentence, in the page's language.
  const yours = visitorZone ? visitorWords(ms, zone, visitorZone, document.documentElement.lang || "en") : undefined;
  for (const line of root.querySelectorAll<HTMLElement>("[data-your-time]")) {
    // Where the visitor's time reads as the author's, the line stays empty: it keeps the room the
    // page gave it (pages.css), so nothing below it moves.
    line.textContent = yours ? fill(words.yourTime, { time: yours }) : "";
    line.classList.remove("pending");
  }
  // The chat snippets of a countdown's page name the same instant.
  if (!moved) return;
  const utc = iso.replace("Z", " UTC").replace("T", " ");
  for (const chat of document.querySelectorAll<HTMLElement>("[data-chat]")) {
    chat.textContent = chat.dataset.chat!.replaceAll("{unix}", String(ms / 1000)).replaceAll("{utc}", utc);
  }
}
for (const root of document.querySelectorAll<HTMLElement>("[data-countdown]"))
  showTimes(root, Date.parse(root.dataset.countdown!), !!root.dataset.evergreen);

// An evergreen countdown's page offers the visitor's own deadline as a calendar file.
const calendar = document.querySelector<HTMLAnchorElement>("[data-calendar]");
const dated = document.querySelector<HTMLElement>("[data-evergreen]");
if (calendar && dated) {
  calendar.href =
    "data:text/calendar;charset=utf-8," +
    encodeURIComponent(
      calendarEvent(
        document.querySelector("h1")!.textContent!,
        Date.parse(dated.dataset.countdown!),
        location.href.split("?")[0]!,
      ),
    );
}

if (live.length > 0) {
  for (const { left } of live) left.classList.remove("pending");
  /** Paused by the visitor (a countdown's page's pause button): nothing is drawn until they press again. */
  let paused = false;
  // Every target is a whole second, so all change at the same boundary.
  const tick = tickEverySecond((nowMs) => {
    if (paused) return false;
    let ticking = false;
    for (const item of live) {
      const targetMs = item.target(nowMs);
      if (targetMs !== item.shown) showTimes(item.root, targetMs, true);
      item.shown = targetMs;
      const { run } = item;
      const left = unitsLeft(targetMs, nowMs, run);
      if (item.units) {
        // The numbers are sized by the largest unit's digits (pages.css): "345" is smaller than "45".
        const digits = String(left["dhms".indexOf(run[0]!)]).length;
        if (item.left.dataset.digits !== String(digits)) item.left.dataset.digits = String(digits);
        item.units.forEach(({ unit, number, label, word: wordFor }) => {
          const digits = unitDigits(left[unit]!, unit, run);
          if (number.textContent !== digits) number.textContent = digits;
          const word = wordFor(left[unit]!);
          if (label.textContent !== word) label.textContent = word;
        });
      } else {
        const text = countText(left, run, item.lang, item.labels, item.separator, item.words);
        if (item.left.textContent !== text) item.left.textContent = text;
      }
      const seconds = secondsLeft(targetMs, nowMs);
      item.say?.(seconds);
      // `warn`: in its last span (by the seconds the count shows) the count takes the warning colour (pages.css).
      item.left.toggleAttribute("data-warning", inWarnSpan(seconds, item.warn));
      // The count gives its place to the done message (they share it: one shows, never both).
      item.done?.classList.toggle("pending", nowMs < targetMs);
      if (item.done) item.left.classList.toggle("pending", nowMs >= targetMs);
      ticking ||= nowMs < targetMs;
    }
    return ticking;
  });
  // The pause button (WCAG 2.2.2): pressed, the count stops; pressed again, it is right at once and ticks on.
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-pause]")) {
    button.classList.remove("pending");
    button.onclick = () => {
      button.setAttribute("aria-pressed", String((paused = !paused)));
      tick();
    };
  }
}

/**
 * The configurator: a control per widget option. The previews and both snippets follow it; the
 * address carries the options that differ from the countdown's own defaults, which the widget
 * applies by itself. A colour the widget had to replace for contrast is named under the colours.
 */
const form = document.querySelector<HTMLFormElement>("[data-configurator]");
if (form) {
  const defaults = resolveOptions(form.dataset.defaults!, "", new RegExp(optionPattern()));
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | RadioNodeList | null;
  // Start from the countdown's defaults.
  for (const [name, value] of Object.entries(defaults)) {
    const control = field(name);
    if (control instanceof RadioNodeList || control instanceof HTMLSelectElement) control.value = value;
    else if (control?.type === "color") {
      control.value = `#${value.length === 3 ? value.replace(/./g, "$&$&") : value}`;
      control.disabled = false;
      form.querySelector<HTMLInputElement>(`[data-colour="${name}"]`)!.checked = true;
    } else if (control?.type === "checkbox") control.checked = control.value === value;
    else if (control) control.value = value;
  }
  /** The options the controls say, those that differ from `fallbackOf` them. */
  const chosenOptions = (fallbackOf: (name: OptionName) => string | undefined): WidgetOptions => {
    const options: WidgetOptions = {};
    for (const name of OPTION_NAMES) {
      const control = field(name);
      let value: string | undefined;
      if (control instanceof RadioNodeList || control instanceof HTMLSelectElement) value = control.value;
      else if (control?.type === "color") value = control.disabled ? undefined : control.value.slice(1);
      else if (control?.type === "checkbox")
        value = control.checked ? control.value : (CHOICES[name as keyof typeof CHOICES]?.[0] ?? undefined);
      else value = control?.value.trim() || undefined;
      if (value !== undefined && value !== fallbackOf(name) && isValidOption(name, value)) options[name] = value;
    }
    return options;
  };
  const choiceDefault = (name: OptionName) => CHOICES[name as keyof typeof CHOICES]?.[0];
  // The widget applies the countdown's own defaults by itself; the element knows only its attributes.
  const chosen = () =>
    new URLSearchParams(
      chosenOptions((name) => defaults[name] ?? choiceDefault(name)) as Record<string, string>,
    ).toString();
  const elementSnippet = document.querySelector<HTMLElement>("[data-element-snippet]");
  const previews = [...document.querySelectorAll<HTMLIFrameElement>("iframe[data-preview]")];
  const embedSrc = form.dataset.embedSrc!;
  const previewPath = new URL(previews[0]!.src).pathname;
  const contrast = document.getElementById("contrast")!;
  const langStatus = document.getElementById("lang-status");
  const update = () => {
    // A language the widget would ignore is said so, not dropped silently.
    const lang = (field("lang") as HTMLInputElement | null)?.value.trim() ?? "";
    if (langStatus)
      langStatus.textContent = lang && !isValidOption("lang", lang) ? fill(words.notALanguage, { lang }) : "";
    const query = chosen();
    const src = query ? `${embedSrc}?${query}` : embedSrc;
    for (const code of document.querySelectorAll<HTMLElement>("[data-snippet]"))
      code.textContent = code.dataset.snippet!.replace("{src}", src.replace(/&/g, "&amp;"));
    if (elementSnippet)
      elementSnippet.textContent = elementSnippet.dataset.elementSnippet!.replace(
        "{attributes}",
        elementAttributes(chosenOptions(choiceDefault)),
      );
    for (const preview of previews) {
      const next = query ? `${previewPath}?${query}` : previewPath;
      if (new URL(preview.src).pathname + new URL(preview.src).search !== next) preview.src = next;
    }
  };
  // A colour not yet chosen starts from the theme's own (the widget's light or dark colours), so
  // ticking "Time left" on the dark theme does not bring in the light theme's blue.
  for (const toggle of form.querySelectorAll<HTMLInputElement>("[data-colour]")) {
    const input = field(toggle.dataset.colour!) as HTMLInputElement;
    const light = input.value;
    let chosen = !input.disabled;
    input.addEventListener("input", () => (chosen = true));
    toggle.addEventListener("change", () => {
      input.disabled = !toggle.checked;
      if (toggle.checked && !chosen)
        input.value = (field("theme") as RadioNodeList).value === "dark" ? input.dataset.dark! : light;
    });
  }
  // WebKit can drop a preview's navigation that was asked for while an earlier one was loading (a colour
  // picker dragged: many in a row), and show the earlier widget: once it has loaded, the one wanted is
  // asked for again (once per address, so an answer at another address cannot loop).
  for (const preview of previews) {
    let retried = "";
    preview.addEventListener("load", () => {
      const shown = preview.contentDocument?.location;
      const wanted = new URL(preview.src);
      if (!shown || shown.pathname + shown.search === wanted.pathname + wanted.search || retried === wanted.href)
        return;
      retried = wanted.href;
      preview.contentWindow!.location.replace(wanted.href);
    });
  }
  // Transparent: the owner says what the page behind it looks like; the previews show that colour, and
  // the text and the time left get colours that read on it (WCAG AA, 4.5:1): black or white for the
  // text, and for the time left the colour chosen if it reads, else the text's.
  const hostColour = form.querySelector<HTMLElement>("[data-host-colour]")!;
  const hostInput = field("host") as HTMLInputElement;
  const hostStatus = document.getElementById("host-status")!;
  const fitHost = () => {
    const transparent = (field("theme") as RadioNodeList).value === "transparent";
    hostColour.hidden = !transparent;
    for (const preview of previews) preview.style.background = transparent ? hostInput.value : "";
    if (!transparent) return (hostStatus.textContent = "");
    const host = hostInput.value;
    const hostRgb = rgbOf(host)!;
    const text = hexOf(blackOrWhite(hostRgb));
    const accentInput = field("accent") as HTMLInputElement;
    const accent = accentInput.disabled ? text : hexOf(readableOn(rgbOf(accentInput.value)!, hostRgb));
    const ratio = (hex: string) => contrastRatio(hostRgb, rgbOf(hex)!).toFixed(1);
    for (const [name, value] of [
      ["color", text],
      ["accent", accent],
    ] as const) {
      const input = field(name) as HTMLInputElement;
      input.value = value;
      input.disabled = false;
      form.querySelector<HTMLInputElement>(`[data-colour="${name}"]`)!.checked = true;
    }
    hostStatus.textContent = fill(words.hostColours, {
      host,
      text,
      textRatio: ratio(text),
      accent,
      accentRatio: ratio(accent),
    });
  };
  hostInput.addEventListener("input", fitHost);
  for (const radio of field("theme") as RadioNodeList) radio.addEventListener("change", fitHost);
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  // Whether the widget replaced a colour that read too little: it sets a colour's custom property
  // (--f for the text, --a for the time left) to the one asked for, or, replacing it, to black or white.
  previews[0]!.addEventListener("load", () => {
    const widget = previews[0]!.contentDocument;
    const main = widget?.querySelector("main");
    if (!widget || !main) return;
    const asked = resolveOptions(main.dataset.options ?? "", widget.location.search, new RegExp(optionPattern()));
    const replaced = (
      [
        ["f", asked.color, words.text],
        ["a", asked.accent, words.timeLeft],
      ] as const
    )
      .filter(([name, hex]) => widget.documentElement.style.getPropertyValue(`--${name}`) !== (hex ? `#${hex}` : ""))
      .map(([, , what]) => what);
    contrast.textContent = replaced.length
      ? fill(words.tooLittleContrast, { what: new Intl.ListFormat(document.documentElement.lang).format(replaced) })
      : "";
  });
  update();
}

/**
 * The email image's options: the live preview and the `<img>` snippet follow them, with the size the
 * image is drawn at (read from the preview once loaded: the height follows the title and layout).
 */
const emailForm = document.querySelector<HTMLFormElement>("[data-email-options]");
if (emailForm) {
  const preview = document.querySelector<HTMLImageElement>("[data-email-preview]")!;
  const snippet = document.querySelector<HTMLElement>("[data-email-snippet]")!;
  const previewPath = new URL(preview.src).pathname;
  const defaults = new URLSearchParams(emailForm.dataset.defaults);
  const field = (name: string) => emailForm.elements.namedItem(name) as HTMLInputElement | RadioNodeList;
  /** A control whose value is the option's (radio buttons, a number, a list), or a checkbox. */
  const valueOf = (control: HTMLInputElement | RadioNodeList): string | boolean =>
    control instanceof RadioNodeList || control.type !== "checkbox" ? control.value : control.checked;
  for (const [name, value] of defaults) {
    const control = field(name);
    if (!control) continue;
    if (typeof valueOf(control) == "string") control.value = value;
    else (control as HTMLInputElement).checked = control.value === value;
  }
  const query = () => {
    const params = new URLSearchParams();
    for (const name of [
      "theme",
      "layout",
      "units",
      "labels",
      "separator",
      "title",
      "width",
      "density",
      "warn",
    ] as const) {
      const control = field(name);
      const fallback =
        name === "width" ? String(EMAIL_RANGES.width.default) : name === "warn" ? "" : EMAIL_CHOICES[name][0];
      // (A checkbox is its option's other value, or the default.)
      const chosen = valueOf(control);
      const value = typeof chosen == "string" ? chosen : chosen ? control.value : fallback;
      if (value && value !== (defaults.get(name) ?? fallback)) params.set(name, value);
    }
    return params.toString();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const next = query();
    const width = Number(field("width").value) || 600;
    // An evergreen countdown's image: the chosen mailing tool's merge tag as the start, written raw
    // (the tool fills it in), last; its preview here counts from now.
    const tag = (field("start") as HTMLInputElement | null)?.value;
    const startOf = (start: string) => (tag ? `${next ? "&" : "?"}start=${start}` : "");
    const write = (height?: number) => {
      const src = `${emailForm.dataset.emailSrc}${next ? `?${next}` : ""}${startOf(tag!)}`.replace(/&/g, "&amp;");
      snippet.textContent = snippet.dataset
        .emailSnippet!.replace("{src}", src)
        // The go link of an evergreen countdown: the recipient's start, as the image's.
        .replace("{start}", tag ? `?start=${tag}` : "")
        .replace("{width}", String(width))
        .replace("{height}", height ? ` height="${height}"` : "");
    };
    write();
    // The preview is drawn anew at most twice a second while a width is typed.
    clearTimeout(timer);
    timer = setTimeout(() => {
      const measured = () =>
        preview.naturalWidth > 0 && write(Math.round((preview.naturalHeight * width) / preview.naturalWidth));
      const src = `${previewPath}${next ? `?${next}` : ""}${startOf(String(Math.floor(Date.now() / 1000)))}`;
      preview.onload = measured;
      preview.width = width;
      if (new URL(preview.src).pathname + new URL(preview.src).search !== src) preview.src = src;
      else if (preview.complete) measured();
    }, 500);
  };
  emailForm.addEventListener("input", update);
  emailForm.addEventListener("change", update);
  update();
}

/** Share: the browser's own share sheet where it has one (phones, Safari, Edge), else the page's address copied. */
const share = document.querySelector<HTMLButtonElement>("button[data-share]");
if (share) {
  const status = document.getElementById("share-status")!;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href;
  const data = { title: document.querySelector("h1")?.textContent ?? document.title, url: canonical };
  const native = () => typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true);
  if (!native()) share.textContent = words.copyLink;
  share.addEventListener("click", async () => {
    if (native()) {
      try {
        await navigator.share(data);
      } catch {
        // Dismissed: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(canonical);
      status.textContent = words.linkCopied;
    } catch {
      status.textContent = `${words.copyRefused} ${canonical}`;
    }
  });
}

/** Full screen: the title and the count alone, for screens and streams; the button, or the F key. */
const fullscreen = document.querySelector<HTMLButtonElement>("button[data-fullscreen]");
const event = document.querySelector<HTMLElement>(".event");
if (fullscreen && event && document.fullscreenEnabled) {
  fullscreen.classList.remove("pending");
  const toggle = () =>
    (document.fullscreenElement ? document.exitFullscreen() : event.requestFullscreen()).catch(() => {});
  fullscreen.addEventListener("click", toggle);
  document.addEventListener("keydown", (key) => {
    const typing =
      key.target instanceof HTMLElement && key.target.closest("input, textarea, select, [contenteditable]");
    if ((key.key === "f" || key.key === "F") && !key.ctrlKey && !key.metaKey && !key.altKey && !typing) toggle();
  });
}

/** `<button data-copy="id">` copies the text of the element with that id and says so. */
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  button.addEventListener("click", async () => {
    const source = document.getElementById(button.dataset.copy!);
    // A text area's text is its value (the creator's file); any other element's, its text.
    const text = source instanceof HTMLTextAreaElement ? source.value : (source?.textContent ?? "");
    const status = document.getElementById(`${button.dataset.copy}-status`);
    try {
      await navigator.clipboard.writeText(text);
      if (status) status.textContent = words.copied;
    } catch {
      if (status) status.textContent = words.copyRefused;
    }
  });
}
