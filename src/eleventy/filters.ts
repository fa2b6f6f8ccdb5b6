// The templates' filters: the URL map, dates as every surface says them (src/text/dates.ts), the pages'
// words, JSON for inline data, the Markdown body, and the split of the index into upcoming and ended
// countdowns.
import { imageBackgroundCss } from "../widget/background.ts";
import type { UserConfig } from "@11ty/eleventy";
import MarkdownIt from "markdown-it";
import { plainText } from "../authoring/calendar.ts";
import type { Countdown } from "../authoring/countdown.ts";
import {
  ELEMENT_SCRIPT_PATH,
  INDEX_PATH,
  absoluteUrl,
  badgePath,
  goPath,
  doneImagePath,
  headerImagePath,
  calendarPath,
  dataPath,
  emailImagePath,
  embedFile,
  embedPath,
  indexPagePath,
  livePath,
  oembedUrl,
  ownerPagePath,
  pagePath,
  previewImagePath,
  publicPath,
  type SiteAddress,
} from "../paths.ts";
import { attributeText, jsonText } from "../text/escape.ts";
import { durationWords, evergreenWords, messagesFor } from "../text/messages.ts";
import { dateWords } from "../text/dates.ts";
import { fill, pageLanguage, pageWordsFor, type PageWords } from "../text/page-words.ts";
import { ruleWords } from "../text/repeat-words.ts";
import type { DoneImage } from "../authoring/done-image.ts";
import { pauseWord } from "../text/pause-words.ts";
import { isRightToLeftLanguage, unitWord } from "../text/language-words.ts";
import { editFileUrl } from "../authoring/repository.ts";
import type { SiteIdentity } from "../site-identity.ts";
import { lastOccurrence, nextOccurrenceOf, startOf } from "../time/occurrence.ts";
import { isRule } from "../time/rule.ts";
import { isoSeconds } from "../time/time-left.ts";
import { DAY } from "../time/units.ts";
import { wallClockText } from "../time/zone.ts";
import { elementAttributes, optionPattern, resolveOptions } from "../widget/options.ts";
import { eventData, googleCalendarUrl, outlookCalendarUrl } from "./event.ts";
import type { SiteCountdown } from "./site-input.ts";

const markdown = new MarkdownIt({ html: false, linkify: true });
/** The widget's options, as the widget judges them: made once, not per owner page. */
const WIDGET_OPTIONS = new RegExp(optionPattern());

/**
 * Registers the filters. `site` answers where the current build is published and `identity` the
 * site file's fields (both change from one build to the next in a watching process). Over 80 lines:
 * a list of registrations, each filter a few lines, sharing `site` and `identity`.
 */
export function siteFilters(eleventyConfig: UserConfig, site: () => SiteAddress, identity: () => SiteIdentity): void {
  // The URL map (src/paths.ts): paths inside the site, for permalinks ...
  eleventyConfig.addFilter("pagePath", pagePath);
  eleventyConfig.addFilter("embedPath", embedPath);
  eleventyConfig.addFilter("embedFile", embedFile);
  eleventyConfig.addFilter("livePath", livePath);
  eleventyConfig.addFilter("dataPath", dataPath);
  eleventyConfig.addFilter("indexPagePath", indexPagePath);
  eleventyConfig.addFilter("calendarPath", calendarPath);
  eleventyConfig.addFilter("ownerPagePath", ownerPagePath);
  // ... and as visitors request them: under the site's base path, or absolute.
  eleventyConfig.addFilter("href", (sitePath: string) => publicPath(site(), sitePath));
  eleventyConfig.addFilter("absoluteUrl", (sitePath: string) => absoluteUrl(site(), sitePath));
  /** A countdown's done image, as the site serves it. */
  eleventyConfig.addFilter("doneImageHref", (image: DoneImage) => publicPath(site(), doneImagePath(image)));
  /** A countdown's image (`image`), as the site serves it; and its widget's style with `background=image`. */
  eleventyConfig.addFilter("imageHref", (image: DoneImage) => publicPath(site(), headerImagePath(image)));
  eleventyConfig.addFilter("imageBackgroundStyle", (image: DoneImage) =>
    imageBackgroundCss(publicPath(site(), headerImagePath(image))),
  );

  /**
   * When a countdown is (its next occurrence), as people read it (src/text/dates.ts): the author's
   * wall clock in the countdown's language, with the zone people know: "Sun, Mar 7, 2027, 9:10 AM JST
   * (Tokyo)". The pages of one countdown say it several times; each is made once.
   */
  const said = new WeakMap<SiteCountdown, string>();
  const when = (countdown: SiteCountdown) => {
    let words = said.get(countdown);
    if (words === undefined)
      said.set(
        countdown,
        (words = countdown.evergreenMs
          ? [
              evergreenWords(countdown.evergreenMs, countdown.lang),
              // Its cap: "72 hours from your first visit · until Thu, Dec 31, 2026, 11:59 PM CET (Berlin)".
              countdown.evergreenUntilMs !== undefined &&
                messagesFor(countdown.lang).until.replace(
                  "{date}",
                  dateWords(countdown.evergreenUntilMs, countdown.timezone, countdown.lang),
                ),
            ]
              .filter(Boolean)
              .join(" · ")
          : dateWords(countdown.nextMs, countdown.timezone, countdown.lang)),
      );
    return words;
  };
  eleventyConfig.addFilter("when", when);
  /**
   * When, as the pages mark it up (`[data-when]`, which their script dates again): a `<time>` of the
   * next occurrence; an evergreen countdown's duration in words, which its script replaces with the
   * visitor's own deadline. `attributes`: the element's other attributes (its `lang`).
   */
  eleventyConfig.addFilter("whenTag", (countdown: SiteCountdown, attributes = "") =>
    countdown.evergreenMs
      ? `<span data-when${attributes}>${attributeText(when(countdown))}</span>`
      : `<time datetime="${countdown.nextDate}" data-when${attributes}>${attributeText(when(countdown))}</time>`,
  );
  /** When a countdown is, in its language: a repeating one's rule, else its next occurrence. */
  const whenOrRule = (countdown: SiteCountdown) =>
    ruleWords(countdown.schedule, countdown.lang, countdown.nextMs) || when(countdown);
  /** The absolute URLs a countdown is shared by: its preview image (Open Graph), its badge, its oEmbed answer. */
  eleventyConfig.addFilter("previewImageUrl", (slug: string) => absoluteUrl(site(), previewImagePath(slug)));
  eleventyConfig.addFilter("badgeUrl", (slug: string) => absoluteUrl(site(), badgePath(slug)));
  eleventyConfig.addFilter("badgePath", badgePath);
  /** A countdown's go link, absolute: before the deadline to `go.before`, after it to `go.after` (src/live/go.ts). */
  eleventyConfig.addFilter("goUrl", (countdown: SiteCountdown) => absoluteUrl(site(), goPath(countdown.slug)));
  /** The email image: its path in the site, and its absolute URL for the snippet. */
  eleventyConfig.addFilter("emailImagePath", (slug: string, format: "gif" | "png" = "gif") =>
    emailImagePath(slug, format),
  );
  eleventyConfig.addFilter("emailImageUrl", (slug: string, format: "gif" | "png" = "gif") =>
    absoluteUrl(site(), emailImagePath(slug, format)),
  );
  /** The email image's alt text: the title and when, as the image says it ("Summer sale – Fri, Jan 15, 2027, 6:00 PM CET (Berlin)"). */
  // (An evergreen countdown's image counts from each recipient's start: its duration, not a first visit.)
  eleventyConfig.addFilter(
    "emailAlt",
    (countdown: SiteCountdown) =>
      `${countdown.title} – ${countdown.evergreenMs ? durationWords(countdown.evergreenMs, countdown.lang) : whenOrRule(countdown)}${countdown.status === "scheduled" ? "" : ` (${messagesFor(countdown.lang)[countdown.status]})`}`,
  );
  /**
   * The `<countdown-timer>` snippet (docs/element.md): the module, then the element, whose content is
   * what reads without JavaScript (a link to the countdown's page, the target in a `<time datetime>`,
   * as the pages say it). `{attributes}` is where the owner page's configurator puts the options.
   */
  eleventyConfig.addFilter("elementAttributes", (countdown: SiteCountdown) =>
    elementAttributes(resolveOptions(countdown.widget, "", WIDGET_OPTIONS)),
  );
  eleventyConfig.addFilter("elementSnippet", (countdown: SiteCountdown) => {
    const url = (sitePath: string) => attributeText(absoluteUrl(site(), sitePath));
    return (
      `<script type="module" src="${url(ELEMENT_SCRIPT_PATH)}"></script>\n` +
      `<countdown-timer slug="${countdown.slug}" site="${url(INDEX_PATH)}"{attributes}><a href="${url(pagePath(countdown.slug))}">${attributeText(countdown.title)}: ` +
      `${countdown.evergreenMs ? attributeText(when(countdown)) : `<time datetime="${countdown.nextDate}">${attributeText(when(countdown))}</time>`}</a></countdown-timer>`
    );
  });
  /** Links that open a calendar's new-event form with the countdown filled in, and its schema.org Event as JSON text. */
  eleventyConfig.addFilter("googleCalendarUrl", (countdown: SiteCountdown) =>
    googleCalendarUrl(countdown, absoluteUrl(site(), pagePath(countdown.slug))),
  );
  eleventyConfig.addFilter("outlookCalendarUrl", (countdown: SiteCountdown) =>
    outlookCalendarUrl(countdown, absoluteUrl(site(), pagePath(countdown.slug))),
  );
  eleventyConfig.addFilter("eventJsonLd", (countdown: SiteCountdown) => {
    const data = eventData(countdown, {
      pageUrl: absoluteUrl(site(), pagePath(countdown.slug)),
      imageUrl: absoluteUrl(site(), previewImagePath(countdown.slug)),
      description: summaryOf(countdown),
    });
    return jsonText(data);
  });
  /** How many digits the days left have at `nowMs` (at least 1): the page sizes its count's numbers by them, and its script keeps them right. */
  eleventyConfig.addFilter(
    "dayDigits",
    (countdown: SiteCountdown, nowMs: number) =>
      String(Math.floor((countdown.evergreenMs ?? Math.max(0, countdown.nextMs - nowMs)) / DAY)).length,
  );
  /** A unit's word for a number in a language, plural-correct, from Intl ("days", "Tage"): the labels of the big countdown before its first tick. */
  eleventyConfig.addFilter("unitWord", unitWord);
  /** The pause button's word in a language (the widget's `controls=pause`, the visitor page's own). */
  eleventyConfig.addFilter("pauseWord", pauseWord);
  /** The repository host's page that edits a countdown's file, when the site knows its repository; "" otherwise. */
  eleventyConfig.addFilter(
    "editUrl",
    (countdown: Countdown, site: SiteIdentity & { countdownsFolder: string }) =>
      (site.repository && editFileUrl(site.repository, site.branch, `${site.countdownsFolder}/${countdown.slug}.md`)) ||
      "",
  );
  eleventyConfig.addFilter("oembedUrl", (slug: string) => oembedUrl(site(), slug));
  /** A countdown in one line of plain text for link previews: its description's start, else its target. */
  const summaries = new WeakMap<SiteCountdown, string>();
  const summaryOf = (countdown: SiteCountdown) => {
    if (!summaries.has(countdown))
      summaries.set(countdown, summary(countdown, pageWordsFor(pageLanguageNow()), whenOrRule(countdown)));
    return summaries.get(countdown)!;
  };
  eleventyConfig.addFilter("summary", summaryOf);
  /** Text for Markdown's link text: its brackets and backslashes escaped. */
  eleventyConfig.addFilter("markdownText", (text: string) => text.replace(/[\\[\]]/g, "\\$&"));
  /** Seconds since the epoch, for the chat platforms' timestamps. */
  eleventyConfig.addFilter("unixSeconds", (iso: string) => String(Date.parse(iso) / 1000));
  /** The widget's built-in messages in a language. */
  eleventyConfig.addFilter("messages", (lang: string) => messagesFor(lang));
  /**
   * The widget's type scales, smaller the longer the text: `--h` its title's, `--d` its done
   * message's, as a style attribute where they are not 1 (widget.css's default); "" for none.
   */
  eleventyConfig.addFilter("typeStyle", (countdown: Countdown) => {
    const scale = (text: string) => {
      const length = [...text].length;
      return length <= 24 ? 1 : length <= 60 ? 0.8 : length <= 120 ? 0.62 : 0.48;
    };
    const scales = [`--h:${scale(countdown.title)}`, `--d:${scale(countdown.doneMessage)}`].filter(
      (scale) => !scale.endsWith(":1"),
    );
    return scales.length ? ` style="${scales.join(";")}"` : "";
  });
  /**
   * One of the pages' words with its `{name}`s filled in: `values` are text, escaped here, except
   * those named in `html`, which the template made (a link) and which go in as they are.
   */
  eleventyConfig.addFilter(
    "fill",
    (text: string, values: Record<string, string | number> = {}, html: Record<string, string> = {}) => {
      const escaped = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, attributeText(String(value))]),
      );
      return fill(attributeText(text), { ...escaped, ...html });
    },
  );
  /** Text as an HTML attribute's value, for snippets that people paste into their pages. */
  eleventyConfig.addFilter("attr", attributeText);
  /** JSON for inline data; `<` and `>` escaped so no output can close a tag it is embedded in. */
  eleventyConfig.addFilter("json", (value: unknown) => jsonText(value));
  /** The description: Markdown with raw HTML disabled, so authors cannot inject markup. */
  eleventyConfig.addFilter("markdown", (text: string) => markdown.render(text ?? ""));
  /** Of a list of countdowns, those still running at the build's instant, and those over then (in the list's order). */
  eleventyConfig.addFilter("upcoming", (countdowns: SiteCountdown[]) => countdowns.filter((c) => !c.over));
  eleventyConfig.addFilter("ended", (countdowns: SiteCountdown[]) => countdowns.filter((c) => c.over));
  /**
   * The attributes the browser scripts count from: the next occurrence at build time, a repeating
   * countdown's rule (src/time/occurrence.ts), a status shown instead of ticking.
   */
  eleventyConfig.addFilter("countdownData", (countdown: SiteCountdown) => {
    const { schedule, status } = countdown;
    // An evergreen countdown's deadline is each viewer's own: the scripts date it (src/time/evergreen.ts) from its duration and cap, keeping the visitor's first visit under its slug.
    const attributes: Record<string, string> = countdown.evergreenMs
      ? {
          "data-evergreen": String(countdown.evergreenMs),
          "data-key": countdown.slug,
          ...(countdown.evergreenUntilMs !== undefined ? { "data-until": isoSeconds(countdown.evergreenUntilMs) } : {}),
        }
      : { "data-countdown": countdown.nextDate };
    if (schedule.repeat) {
      // The wall clock of the occurrence data-countdown is: the browser walks on from it (src/time/ticking.ts).
      // (nextMs is an occurrence: its next at or after it is itself.)
      // A rule's own start: its periods (INTERVAL, BYSETPOS) count from it.
      const [k] = nextOccurrenceOf(schedule, countdown.nextMs) ?? [0];
      const start = isRule(schedule.repeat) ? schedule.start : startOf(schedule, k);
      Object.assign(attributes, { "data-repeat": schedule.repeat, "data-start": wallClockText(start) });
      if (schedule.except) attributes["data-except"] = schedule.except.map(isoSeconds).join(" ");
      // The browser needs no until: no occurrence is after the last one.
      const last = lastOccurrence(schedule);
      if (last !== undefined) attributes["data-last"] = isoSeconds(last);
    }
    // The author's zone: a repeating countdown's occurrences are in it; the widget's `date=author` names it.
    attributes["data-zone"] = schedule.zone;
    if (status !== "scheduled") attributes["data-status"] = status;
    // Every value is a word, a rule (letters, digits, "=;,-"), a zone name or dates: nothing to escape.
    return Object.entries(attributes)
      .map(([name, value]) => `${name}="${value}"`)
      .join(" ");
  });
  /** ` lang="<tag>"` for a countdown's own words (title, done message, description) where its language is not the pages' own; else nothing. */
  // The pages' language, worked out once per site language (a build's filters run thousands of times).
  let pageLang = { of: "", is: "" };
  const pageLanguageNow = () =>
    pageLang.of === identity().language
      ? pageLang.is
      : (pageLang = { of: identity().language, is: pageLanguage(identity().language) }).is;
  eleventyConfig.addFilter("ownLang", (countdown: Countdown) => langAttribute(countdown.lang, pageLanguageNow()));
  /** The same for the site's own words (its name, description and links, `_data/site.json`). */
  eleventyConfig.addFilter("siteLang", (site: SiteIdentity) =>
    langAttribute(site.language, pageLanguage(site.language)),
  );
  /** A repeating countdown's rule in its own language: "Weekly · Friday · 5:00 PM CET (Berlin)". */
  eleventyConfig.addFilter("ruleWords", (countdown: SiteCountdown) =>
    ruleWords(countdown.schedule, countdown.lang, countdown.nextMs),
  );
}

/**
 * ` lang="<tag>"` for words in another language than the page's, with ` dir` where its script runs the
 * other way (Arabic words on a German page); "" for the page's. Tags are checked, canonical BCP 47: nothing to escape.
 */
function langAttribute(lang: string, pageLang: string): string {
  if (lang === pageLang) return "";
  const rtl = isRightToLeftLanguage(lang);
  return rtl === isRightToLeftLanguage(pageLang) ? ` lang="${lang}"` : ` lang="${lang}" dir="${rtl ? "rtl" : "ltr"}"`;
}

/**
 * One line for link previews, at most 200 characters: when (`when`: the next occurrence, or the rule in
 * words) and the status, then the start of the description; without one, the title.
 */
function summary(countdown: SiteCountdown, words: PageWords, when: string): string {
  const lead = `${when}${countdown.status === "scheduled" ? "" : ` (${messagesFor(countdown.lang)[countdown.status]})`}.`;
  const text = plainText(countdown.description).replace(/\s+/g, " ").trim();
  if (!text) return `${fill(words.countdownTo, { title: countdown.title })}: ${lead}`;
  const line = `${lead} ${text}`;
  const chars = [...line];
  return chars.length <= 200 ? line : `${chars.slice(0, 199).join("").trimEnd()}…`;
}
