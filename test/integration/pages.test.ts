// The pages people see and the documents integrators read: index, countdown pages with the embed
// snippets, the calendar file, the OpenAPI description and the front matter JSON Schema.
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { PAGE_LANGUAGES } from "../../src/text/page-words.ts";
import { netlifyFunction, shareFunction } from "../support/netlify-function.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { frontMatterJsonSchema } from "../../src/authoring/front-matter-schema.ts";
import { EMAIL_OPTION_NAMES } from "../../src/images/email-options.ts";
import { START_TAGS } from "../../src/eleventy/start-tags.ts";
import { OPTION_NAMES } from "../../src/widget/options.ts";
import { EVERGREEN, WEEKLY_BERLIN, WIDGET_DEFAULTS } from "../support/fixtures.ts";
import { HOSTILE_TITLE } from "../support/fixtures.ts";
import { ROOT, TEST_BASE_URL, TEST_COUNTDOWNS_DIR, TEST_SITE_DIR } from "../support/paths.ts";

const read = (file: string) => readFileSync(path.join(TEST_SITE_DIR, file), "utf8");
/** The text of an element, HTML entities decoded, as a reader (or a Copy button) sees it. */
const decode = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
const codeById = (html: string, id: string) =>
  decode(new RegExp(`<code id="${id}"[^>]*>([\\s\\S]*?)</code>`).exec(html)![1]!);

describe("the index", () => {
  const index = read("index.html");

  it("lists every countdown with a link to its page, a live mini countdown, when in the author's zone, and a line for the visitor's own time", () => {
    const pages = JSON.parse(read("api/pages")) as { slug: string }[];
    for (const { slug } of pages) {
      const item = new RegExp(
        `<li data-(countdown|evergreen)="[^"]+"[^>]*>\\s*<a href="/${slug}/"( lang="[\\w-]+")?>[\\s\\S]*?</li>`,
      ).exec(index)?.[0];
      expect(item, slug).toBeDefined();
      // A postponed or cancelled countdown says so instead of ticking.
      const status = /data-status="(\w+)"/.exec(item!)?.[1];
      if (status)
        expect(item).toMatch(
          new RegExp(`<span class="mini status-${status}">${status[0]!.toUpperCase()}${status.slice(1)}</span>`),
        );
      else expect(item).toMatch(/role="timer"[^>]*data-left/);
      // An evergreen countdown's duration where a date would be: the page's script dates it for the visitor.
      if (slug === EVERGREEN.slug)
        expect(item).toContain('<span data-when lang="de">3 Tage ab Ihrem ersten Besuch</span>');
      else
        expect(item).toMatch(
          /<time datetime="[^"]+Z" data-when( lang="[\w-]+")?>[^<]+ (UTC|[A-Z]*\s?\([^()/_]+\))<\/time>/,
        );
      expect(item).toContain('<p class="when your-time js-only pending" data-your-time></p>');
    }
  });

  it("shows upcoming countdowns first, soonest first, and ended ones after", () => {
    const upcoming = index.indexOf('id="upcoming"');
    const ended = index.indexOf('id="ended"');
    expect(upcoming).toBeGreaterThan(-1);
    expect(ended).toBeGreaterThan(upcoming);
    expect(index.indexOf('href="/future-launch/"')).toBeLessThan(index.indexOf('href="/tie-a/"'));
    expect(index.indexOf('href="/tie-a/"')).toBeLessThan(ended);
    expect(index.indexOf('href="/long-past/"')).toBeGreaterThan(ended);
    expect(index.indexOf('href="/recently-ended/"')).toBeGreaterThan(ended);
    expect(index.indexOf('href="/recently-ended/"')).toBeLessThan(index.indexOf('href="/long-past/"'));
  });

  it("loads one script, the pages' own module file, and no framework; the script's words come as data", () => {
    expect(index.match(/<script/g)).toHaveLength(2);
    expect(index).toContain('<script type="module" src="/assets/site.js"></script>');
    const words = JSON.parse(/<script type="application\/json" id="page-words">([^<]*)<\/script>/.exec(index)![1]!);
    expect(words).toMatchObject({ copied: "Copied.", yourTime: "{time} your time" });
  });
});

describe("a countdown's page, for its visitors", () => {
  const page = read("future-launch/index.html");

  it("shows the count large, as labelled units in the countdown's language sized by the days' digits, the description, and when in the author's zone with a line for the visitor's own time", () => {
    expect(page).toMatch(
      /<div data-countdown="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z" data-zone="[A-Za-z_/]+" data-options="" data-lang="en" data-title="[^"]+">\s*<div class="event">\s*<h1>/,
    );
    const timer =
      /<div role="timer" aria-label="Time left until [^"]+" class="units js-only pending" data-left data-digits="1">([\s\S]*?)<\/div>\s*<p class="done/.exec(
        page,
      )![1]!;
    expect(
      [...timer.matchAll(/<span class="n" data-unit>00<\/span><span class="label">([^<]+)<\/span>/g)].map(
        (match) => match[1],
      ),
    ).toEqual(["days", "hours", "minutes", "seconds"]);
    expect(read("longest-title/index.html")).toContain('data-left data-digits="4"');
    expect(page).toContain("<strong>launch</strong>");
    // The fixture's target is in UTC: "Mon, Nov 30, 2026, 10:26 AM UTC".
    expect(page).toMatch(
      /<p class="date"><time datetime="[^"]+" data-when>\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M UTC<\/time><\/p>\s*<p class="your-time js-only pending" data-your-time><\/p>/,
    );
    expect(read("berlin-wall-clock/index.html")).toMatch(
      /<time datetime="2099-07-01T10:00:00Z" data-when>Wed, Jul 1, 2099, 12:00\sPM CEST \(Berlin\)<\/time>/,
    );
    // The labels are Intl's words in the countdown's language, written right to left where it is, and
    // its own words (`unit_words`) where it has them.
    const german = read(`${WIDGET_DEFAULTS.slug}/index.html`);
    expect([...german.matchAll(/<span class="label">([^<]+)<\/span>/g)].map((match) => match[1])).toEqual([
      "Tage",
      "Std.",
      "Min.",
      "Sekunden",
    ]);
  });

  it("marks the countdown's own words with its language where it is not the site's, on its page and the index", () => {
    expect(page).toMatch(/<h1>Launch /);
    const german = read(`${WIDGET_DEFAULTS.slug}/index.html`);
    expect(german).toMatch(/^<html lang="en" dir="ltr">$/m);
    expect(german).toContain('<h1 lang="de">Eigene Voreinstellungen</h1>');
    expect(german).toContain('data-done lang="de">Geschafft</p>');
    expect(read("index.html")).toMatch(
      new RegExp(`<a href="[^"]*/${WIDGET_DEFAULTS.slug}/" lang="de">Eigene Voreinstellungen</a>`),
    );
  });

  it("adds to a calendar: the .ics, and Google Calendar's and Outlook's new-event forms filled in with the same instant", () => {
    expect(page).toContain('<a class="button" href="/future-launch/future-launch.ics" download>');
    const at = /<time datetime="([^"]+)" data-when>/.exec(page)![1]!;
    const google = new URL(
      decode(/<a class="button" href="([^"]+)" rel="noopener">Google Calendar<\/a>/.exec(page)![1]!),
    );
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    const compact = at.replace(/[-:]/g, "");
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      action: "TEMPLATE",
      text: HOSTILE_TITLE,
      dates: `${compact}/${compact}`,
    });
    expect(google.searchParams.get("details")).toMatch(new RegExp(`^${TEST_BASE_URL}/future-launch/\n\n`));
    const outlook = new URL(decode(/<a class="button" href="([^"]+)" rel="noopener">Outlook<\/a>/.exec(page)![1]!));
    expect(outlook.origin + outlook.pathname).toBe("https://outlook.live.com/calendar/0/action/compose");
    expect(Object.fromEntries(outlook.searchParams)).toMatchObject({ rru: "addevent", startdt: at, enddt: at });
    // A repeating countdown's link repeats by the same rule as its .ics, in its zone.
    const weekly = read(`${WEEKLY_BERLIN.slug}/index.html`);
    const recurring = new URL(decode(/href="([^"]+)" rel="noopener">Google Calendar/.exec(weekly)![1]!));
    const ics = read(`${WEEKLY_BERLIN.slug}/${WEEKLY_BERLIN.slug}.ics`).split("BEGIN:VEVENT")[1]!;
    expect(recurring.searchParams.get("recur")).toBe(/^RRULE:.*$/m.exec(ics.replace(/\r/g, ""))![0]);
    expect(recurring.searchParams.get("ctz")).toBe("Europe/Berlin");
  });

  it("offers Share and full screen, and only a discreet link to the owner's tools: no snippet, configurator or image", () => {
    expect(page).toContain('<button type="button" class="js-only" data-share>Share</button>');
    expect(page).toContain(
      '<button type="button" class="js-only pending" data-fullscreen aria-keyshortcuts="F">Full screen</button>',
    );
    expect(page).toContain('<p class="owner"><a href="/future-launch/embed/">Embed or share</a></p>');
    // (The header's one image is the site's logo.)
    expect(/<main>[\s\S]*<\/main>/.exec(page)![0]).not.toMatch(/<form|<pre|<iframe|<img/);
  });

  it("describes the event as schema.org JSON-LD: start with its offset, status, page, image", () => {
    const event = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    const data = event(page);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      eventStatus: "https://schema.org/EventScheduled",
      url: `${TEST_BASE_URL}/future-launch/`,
      image: `${TEST_BASE_URL}/api/og/future-launch.png`,
    });
    expect(Date.parse(data.startDate)).toBe(Date.parse(/<time datetime="([^"]+)" data-when>/.exec(page)![1]!));
    // In the author's zone, with its offset at that instant.
    const weekly = event(read(`${WEEKLY_BERLIN.slug}/index.html`));
    expect(weekly.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T17:00:00\+0[12]:00$/);
    expect(event(read("postponed-de/index.html")).eventStatus).toBe("https://schema.org/EventPostponed");
    expect(event(read("cancelled-fr/index.html")).eventStatus).toBe("https://schema.org/EventCancelled");
  });

  it("of a postponed countdown strikes the date announced before and says a new one is to come; a cancelled one says it will not take place", () => {
    const postponed = read("postponed-de/index.html");
    expect(postponed).toContain('<p class="status-postponed">Postponed</p>\n  <p>New date to be announced</p>');
    expect(postponed).toContain('<div class="when struck">');
    expect(postponed).not.toContain("Google Calendar");
    expect(postponed).not.toContain('role="timer"');
    const cancelled = read("cancelled-fr/index.html");
    expect(cancelled).toContain('<p class="status-cancelled">Cancelled</p>\n  <p>It will not take place.</p>');
    expect(cancelled).toContain('<div class="when struck">');
  });
});

describe("a countdown's page for its owner", () => {
  const page = read("future-launch/embed/index.html");
  const embedSrc = `${TEST_BASE_URL}/api/embed/future-launch`;

  it("is kept out of search engines, and links the visitor's page", () => {
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('<a href="/future-launch/">Launch ');
  });

  it("offers both published snippets, with an absolute src and a title naming the countdown (escaped for an attribute)", () => {
    const title = HOSTILE_TITLE.replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;");
    expect(codeById(page, "snippet-wide")).toBe(
      `<iframe src="${embedSrc}" width="100%" height="250" frameborder="0" style="border-radius:12px" title="${title}"></iframe>`,
    );
    expect(codeById(page, "snippet-small")).toBe(
      `<iframe src="${embedSrc}" width="320" height="180" frameborder="0" style="border-radius:12px" title="${title}"></iframe>`,
    );
  });

  it("offers <countdown-timer>: the module, then the element with its site and its fallback (a link, the date in <time>), the countdown's widget defaults as attributes", () => {
    const title = HOSTILE_TITLE.replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;");
    const snippet = codeById(page, "snippet-element");
    expect(snippet).toMatch(
      new RegExp(
        `^<script type="module" src="${TEST_BASE_URL}/api/element\\.js"></script>\n<countdown-timer slug="future-launch" site="${TEST_BASE_URL}/"><a href="${TEST_BASE_URL}/future-launch/">`,
      ),
    );
    expect(snippet).toContain(`${title}: <time datetime="`);
    // The template the configurator fills is the same snippet.
    const template = decode(/<code id="snippet-element" data-element-snippet="([^"]*)"/.exec(page)![1]!);
    expect(template.replace("{attributes}", "")).toBe(snippet);
    const own = codeById(read(`${WIDGET_DEFAULTS.slug}/embed/index.html`), "snippet-element");
    expect(own).toContain(
      `<countdown-timer slug="${WIDGET_DEFAULTS.slug}" site="${TEST_BASE_URL}/" theme="dark" accent="fb7185" font="serif" layout="units" units="hm" date="utc">`,
    );
  });

  it("links the email image to the countdown's page, or to its call to action where it has one (escaped as HTML)", () => {
    expect(codeById(page, "snippet-email")).toMatch(new RegExp(`^<a href="${TEST_BASE_URL}/future-launch/"><img `));
    const own = codeById(read(`${WIDGET_DEFAULTS.slug}/embed/index.html`), "snippet-email");
    expect(own).toMatch(/^<a href="https:\/\/tickets\.example\/concert\?a=1&amp;b=2"><img /);
  });

  it("keeps the snippets for the theme choice in the same published form", () => {
    for (const id of ["snippet-wide", "snippet-small"]) {
      const template = decode(new RegExp(`<code id="${id}" data-snippet="([^"]*)"`).exec(page)![1]!);
      expect(template.replace("{src}", embedSrc)).toBe(codeById(page, id));
    }
  });

  it("has a configurator with a control for every widget option, Copy buttons, and live previews at both sizes", () => {
    const form = /<form class="configurator js-only"[\s\S]*?<\/form>/.exec(page)![0];
    expect(form).toContain(`data-embed-src="${embedSrc}"`);
    for (const name of OPTION_NAMES) expect(form, name).toMatch(new RegExp(`name="${name}"`));
    expect(form.match(/<input type="radio" name="theme" value="(auto|light|dark|transparent)"/g)).toHaveLength(4);
    for (const id of ["snippet-wide", "snippet-small", "fetch-example"]) {
      expect(page).toMatch(new RegExp(`<button type="button" class="js-only" data-copy="${id}"[^>]*>Copy</button>`));
      expect(page).toContain(`<p class="status" id="${id}-status" role="status"></p>`);
    }
    expect(page).toMatch(/<iframe class="preview" data-preview tabindex="-1" src="\/api\/embed\/future-launch" title=/);
    expect(page).toMatch(
      /<iframe class="preview small" data-preview tabindex="-1" src="\/api\/embed\/future-launch" title=/,
    );
  });

  it("gives the JSON URL and a fetch example", () => {
    expect(page).toContain(`<code>${TEST_BASE_URL}/api/countdown/future-launch</code>`);
    expect(codeById(page, "fetch-example")).toContain(`await fetch("${TEST_BASE_URL}/api/countdown/future-launch")`);
    expect(page).toContain('href="/api/openapi.json"');
  });
});

describe("the creator page", () => {
  const page = read("new/index.html");

  it("labels every control it shows, visibly, and is kept out of search engines", () => {
    const form = /<form class="creator js-only"[\s\S]*?<\/form>/.exec(page)![0];
    const ids = [...form.matchAll(/<(?:input|select|textarea) id="([^"]+)"/g)].map((match) => match[1]!);
    expect(ids).toEqual([
      "f-title",
      "f-slug",
      "f-date",
      "f-time",
      "f-timezone",
      "f-evergreen",
      "f-repeat",
      "f-until",
      "f-status",
      "f-lang",
      "f-done",
      "f-description",
    ]);
    for (const id of ids) expect(form, id).toMatch(new RegExp(`<label for="${id}">[^<]+</label>`));
    // The widget's look: each select inside its label.
    expect(form.match(/<label>(Theme|Layout) <select name="(theme|layout)">/g)).toHaveLength(2);
    expect(page).toContain(
      '<h2><label for="countdown-file">Countdown file</label></h2>\n<textarea id="countdown-file" readonly',
    );
    expect(page).toContain('<meta name="robots" content="noindex">');
  });

  it("loads the build's checks as a script of the site's own", () => {
    expect(page).toContain('<script type="module" src="/assets/new.js"></script>');
    const script = read("assets/new.js");
    // The build's own messages are in it, not a copy written for the browser.
    expect(script).toContain("Zone names are a region and a city");
    expect(script).toContain("which YAML reads as another");
  });
});

describe("one way to write a date", () => {
  it("says the same instant in the same words on every surface: the page, the index, the owner's page, the widget without JavaScript, the email image's alt text, the link preview", () => {
    const words = "Wed, Jul 1, 2099, 12:00 PM CEST (Berlin)";
    const surfaces = {
      page: read("berlin-wall-clock/index.html"),
      index: read("index.html"),
      owner: read("berlin-wall-clock/embed/index.html"),
      widget: read("api/embed/berlin-wall-clock.html"),
    };
    for (const [surface, html] of Object.entries(surfaces))
      expect(html, surface).toMatch(
        new RegExp(
          `<time[^>]*datetime="2099-07-01T10:00:00Z"[^>]*>${words.replace(/[()]/g, "\\$&").replace(/ /g, "\\s")}</time>`,
        ),
      );
    expect(decode(/<img class="email-preview"[^>]* alt="([^"]*)"/.exec(surfaces.owner)![1]!)).toBe(
      `Berlin wall clock – ${words}`,
    );
    expect(decode(/<meta property="og:description" content="([^"]*)">/.exec(surfaces.page)![1]!)).toBe(
      `Countdown to Berlin wall clock: ${words}.`,
    );
    // No page says UTC for a countdown whose author did not choose it (but for the widget's option of
    // that name), nor names a zone by its ID.
    for (const html of [surfaces.page, surfaces.owner, surfaces.widget])
      expect(
        html.replace(/<script[\s\S]*?<\/script>|<pre[\s\S]*?<\/pre>|<select[\s\S]*?<\/select>|"[^"]*"/g, ""),
      ).not.toMatch(/UTC|Europe\/Berlin/);
  });
});

describe("the pages' own words", () => {
  const work = mkdtempSync(path.join(tmpdir(), "countdown-words-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** A site of one countdown (and `more`, by slug) with the site file `site`, built; its pages by file. */
  async function site(
    name: string,
    fields: Record<string, unknown>,
    more: Record<string, string> = {},
  ): Promise<(file: string) => string> {
    const dir = path.join(work, name);
    mkdirSync(path.join(dir, "countdowns"), { recursive: true });
    writeFileSync(
      path.join(dir, "countdowns", "konzert.md"),
      `---\ntitle: "Konzert"\ntarget: "2099-07-01 20:00"\ntimezone: "Europe/Berlin"\nlang: de\n---\n`,
    );
    for (const [slug, text] of Object.entries(more)) writeFileSync(path.join(dir, "countdowns", `${slug}.md`), text);
    writeFileSync(path.join(dir, "site.json"), JSON.stringify(fields));
    const built = await publish(
      readConfig({
        COUNTDOWNS_DIR: path.join(dir, "countdowns"),
        OUT_DIR: path.join(dir, "dist"),
        SITE_FILE: path.join(dir, "site.json"),
      }),
      { now: Date.UTC(2030, 0, 1) },
    );
    expect(built.ok).toBe(true);
    return (file) => readFileSync(path.join(dir, "dist", "site", file), "utf8");
  }

  it("are in the site file's language, with <html lang>: a German site gets German pages, the 404 page and the creator included", async () => {
    const german = await site("de", { language: "de", tools: ["creator"] });
    const page = german("konzert/index.html");
    expect(page).toMatch(/^<html lang="de" dir="ltr">$/m);
    expect(page).toContain(">Zum Kalender hinzufügen (.ics)</a>");
    expect(page).toContain("data-share>Teilen</button>");
    expect(page).toContain(">Einbetten oder teilen</a>");
    // The countdown is German too: its words carry no lang of their own.
    expect(page).toContain("<h1>Konzert</h1>");
    expect(page).toContain('"yourTime":"{time} bei Ihnen"');
    expect(german("404.html")).toContain("<h1>Nicht gefunden</h1>");
    expect(german("new/index.html")).toContain('<label for="f-title">Titel</label>');
    expect(german("konzert/embed/index.html")).toContain('<h2 id="embed">Einbetten</h2>');
    expect(german("index.html")).toContain('<a href="/new/">Neuer Countdown</a>');
    expect(german("index.html")).toContain(">Abonnieren</a>");
    expect(german("index.html")).toContain(">Alle Countdowns in Ihrer Kalender-App abonnieren</a>");
  });

  it("link an http site's feed by its URL, to copy into a calendar app, and leave unlisted countdowns out of it", async () => {
    const local = await site(
      "feed",
      { name: "Lokal" },
      {
        versteckt: `---\ntitle: "Versteckt"\ntarget: "2099-08-01T12:00:00Z"\nunlisted: true\n---\n`,
        willkommen: `---\ntitle: "Willkommen"\nevergreen: "48h"\n---\n`,
      },
    );
    const index = local("index.html");
    const url = /<link rel="alternate" type="text\/calendar" href="(http:\/\/[^"]+\/calendar\.ics)"/.exec(index)![1];
    expect(index).toContain(
      `<a href="${url}" title="Copy this address into your calendar app to subscribe to every countdown" data-subscribe>Subscribe</a>`,
    );
    expect(index).not.toContain("webcal:");
    const feed = local("calendar.ics");
    expect(feed).toContain("UID:konzert@");
    expect(feed).toContain("X-WR-CALNAME:Lokal\r\n");
    expect(feed).not.toMatch(/versteckt|willkommen/);
  });

  it("run right to left on a site in Arabic, and are English for a language the pages do not speak", async () => {
    const arabic = await site("ar", { language: "ar" });
    expect(arabic("konzert/index.html")).toMatch(/^<html lang="ar" dir="rtl">$/m);
    expect(arabic("konzert/index.html")).toContain('<h1 lang="de" dir="ltr">Konzert</h1>');
    const swahili = await site("sw", { language: "sw", name: "Siku" });
    const page = swahili("konzert/index.html");
    expect(page).toMatch(/^<html lang="en" dir="ltr">$/m);
    expect(page).toContain("Add to calendar (.ics)");
    expect(page).toContain('<a href="/" lang="sw">Siku</a>');
  });

  it("link visitors to no JSON and no developer tool unless the site file lists them; the owner's page keeps every tool", async () => {
    for (const file of ["index.html", "future-launch/index.html", "404.html", "new/index.html"]) {
      expect(read(file), file).not.toMatch(/<a [^>]*href="[^"]*(\/api\/|\.json|\/new\/")/);
    }
    expect(read("future-launch/embed/index.html")).toContain('href="/api/openapi.json"');
    const tools = await site("tools", { tools: ["pages", "api", "creator"] });
    expect(/<nav aria-label="Site">([\s\S]*?)<\/nav>/.exec(tools("index.html"))![1]).toMatch(
      /^<a href="\/new\/">New countdown<\/a><a href="\/api\/pages">All countdowns \(JSON\)<\/a><a href="\/api\/openapi.json">API \(OpenAPI\)<\/a><a href="http:[^"]+\/calendar\.ics" title="[^"]+" data-subscribe>Subscribe<\/a>\n$/,
    );
  });

  it("are every one of them in each of the pages' languages, with the same placeholders as in English, and each is said somewhere", () => {
    const english = PAGE_LANGUAGES.en!;
    const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((match) => match[0]).sort();
    expect(Object.keys(PAGE_LANGUAGES).sort()).toEqual([
      "ar",
      "cs",
      "da",
      "de",
      "en",
      "es",
      "fi",
      "fr",
      "he",
      "hi",
      "it",
      "ja",
      "ko",
      "nb",
      "nl",
      "pl",
      "pt",
      "ru",
      "sv",
      "tr",
      "uk",
      "zh",
    ]);
    for (const [lang, words] of Object.entries(PAGE_LANGUAGES)) {
      expect(Object.keys(words), lang).toEqual(Object.keys(english));
      for (const [key, text] of Object.entries(words))
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english[key as keyof typeof english]));
      // Translated: all but a few words many languages share ("API (OpenAPI)", "Layout", "Download").
      const same = Object.keys(english).filter(
        (key) => words[key as keyof typeof words] === english[key as keyof typeof english],
      );
      if (lang !== "en") expect(same.length, `${lang}: ${same.join(", ")}`).toBeLessThanOrEqual(6);
    }
    const sources = ["src/pages", "src/eleventy", "src/authoring"]
      .flatMap((dir) =>
        readdirSync(path.join(ROOT, dir)).map((file) => readFileSync(path.join(ROOT, dir, file), "utf8")),
      )
      .join("\n");
    for (const key of Object.keys(english))
      expect(sources, key).toMatch(new RegExp(`\\b(w|words|ui\\.words)\\.${key}\\b|"${key}"`));
  });
});

describe("the calendar file", () => {
  const ics = read("future-launch/future-launch.ics");
  const unfolded = ics.replace(/\r\n /g, "");
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(unfolded.replace(/\r/g, ""))?.[1];
  const targetDate = JSON.parse(read("api/data/future-launch.json")).targetDate as string;

  it("is one confirmed VEVENT starting exactly at the target, in UTC", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(field("DTSTART")).toBe(targetDate.replace(/[-:]/g, ""));
    expect(field("DTSTART")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(field("STATUS")).toBe("CONFIRMED");
  });

  it("has a stable UID, the page URL, the title escaped, and the description as plain text", () => {
    expect(field("UID")).toBe("future-launch@countdowns.example.test");
    expect(field("URL")).toBe(`${TEST_BASE_URL}/future-launch/`);
    expect(field("SUMMARY")).toBe(HOSTILE_TITLE.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,"));
    // The body is `The **launch** <em>party</em>.`: Markdown's emphasis goes, text that is not Markdown stays.
    expect(field("DESCRIPTION")).toBe(`The launch <em>party</em>.\\n\\n${TEST_BASE_URL}/future-launch/`);
  });

  it("uses CRLF and folds lines at 75 octets", () => {
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const long = read("longest-title/longest-title.ics");
    expect(long.split("\r\n").some((line) => line.startsWith(" "))).toBe(true);
  });
});

describe("the calendar feed", () => {
  const feed = read("calendar.ics");
  const lines = feed.replace(/\r\n /g, "").split("\r\n");
  const events = (ics: string) => ics.match(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g) ?? [];

  it("holds every listed countdown with a date, each VEVENT as in its own file; the evergreen one left out", () => {
    const slugs = (JSON.parse(read("api/pages")) as { slug: string }[])
      .map(({ slug }) => slug)
      .filter((slug) => slug !== EVERGREEN.slug);
    expect(lines.filter((line) => line.startsWith("UID:"))).toEqual(
      slugs.map((slug) => `UID:${slug}@countdowns.example.test`).sort(),
    );
    for (const slug of slugs) expect(events(feed), slug).toContain(events(read(`${slug}/${slug}.ics`))[0]);
    expect(feed).not.toContain(`${EVERGREEN.slug}@`);
    expect(lines).toContain("STATUS:TENTATIVE");
    expect(lines).toContain("STATUS:CANCELLED");
  });

  it("is named after the site, says how often to fetch it again, and describes each zone once", () => {
    expect(lines).toContain("NAME:Countdowns");
    expect(lines).toContain("X-WR-CALNAME:Countdowns");
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(lines).toContain("X-PUBLISHED-TTL:PT1H");
    expect(lines).toContain(`SOURCE;VALUE=URI:${TEST_BASE_URL}/calendar.ics`);
    const zones = lines.filter((line) => line.startsWith("TZID:"));
    expect(zones).toEqual(["TZID:America/New_York", "TZID:Europe/Berlin"]);
  });

  it("is linked from every page's header and from the index as webcal://, and named in the index's head", () => {
    const link = `<a href="webcal://countdowns.example.test/calendar.ics" title="Subscribe to every countdown in your calendar app" data-subscribe>Subscribe</a>`;
    for (const file of ["index.html", "future-launch/index.html", "404.html", "future-launch/embed/index.html"])
      expect(/<nav aria-label="Site">([\s\S]*?)<\/nav>/.exec(read(file))![1], file).toContain(link);
    const index = read("index.html");
    expect(index).toContain(
      `<link rel="alternate" type="text/calendar" href="${TEST_BASE_URL}/calendar.ics" title="Countdowns">`,
    );
    expect(index).toContain(
      '<p><a href="webcal://countdowns.example.test/calendar.ics" data-subscribe>Subscribe to every countdown in your calendar app</a></p>',
    );
  });
});

describe("an evergreen countdown's files", () => {
  const page = read(`${EVERGREEN.slug}/index.html`);
  const owner = read(`${EVERGREEN.slug}/embed/index.html`);
  const widget = read(`api/embed/${EVERGREEN.slug}.html`);

  it("say its duration from the first visit where a date would be, which the scripts date for each visitor", () => {
    for (const html of [page, owner]) {
      expect(html).toContain(
        `data-evergreen="${EVERGREEN.hours * 3_600_000}" data-key="${EVERGREEN.slug}" data-zone="${EVERGREEN.zone}"`,
      );
      expect(html).toContain('<span data-when lang="de">3 Tage ab Ihrem ersten Besuch</span>');
      expect(html).not.toMatch(/data-countdown=|<time datetime/);
    }
    expect(widget).toContain('<span id="when">3 Tage ab Ihrem ersten Besuch</span>');
    expect(widget).not.toContain("data-countdown=");
    // No schema.org Event and no calendar forms: it has no date; its .ics link is there, dated by the page's script.
    expect(page).not.toContain("application/ld+json");
    expect(page).not.toMatch(/calendar\.google\.com|outlook\.live\.com/);
    expect(page).toContain(`<a class="button" href="/${EVERGREEN.slug}/${EVERGREEN.slug}.ics" download data-calendar>`);
    expect(page).toMatch(/<meta name="description" content="[^"]*: 3 Tage ab Ihrem ersten Besuch\.">/);
  });

  it("have a calendar file that says what it is instead of a date: a to-do without one", () => {
    const ics = read(`${EVERGREEN.slug}/${EVERGREEN.slug}.ics`).replace(/\r\n /g, "");
    expect(ics).toContain("BEGIN:VTODO\r\n");
    expect(ics).not.toMatch(/VEVENT|DTSTART|DUE/);
    expect(ics).toContain(`SUMMARY:${EVERGREEN.title} (3 Tage ab Ihrem ersten Besuch)\r\n`);
    expect(ics).toContain(`URL:${TEST_BASE_URL}/${EVERGREEN.slug}/\r\n`);
  });

  it("give the owner an email snippet whose image carries each recipient's start, the chosen mailing tool's merge tag, and no chat dates", () => {
    expect(codeById(owner, "snippet-email")).toContain(
      `<img src="${TEST_BASE_URL}/api/email/${EVERGREEN.slug}.gif?start=*|DATE:Y-m-d|*" width="600" alt="${EVERGREEN.title} – 3 Tage"`,
    );
    const select = /<select name="start">(.*?)<\/select>/.exec(owner)![1]!;
    const tools = [...select.matchAll(/<option value="([^"]+)">([^<]+)<\/option>/g)].map(([, tag, tool]) => [
      decode(tool!),
      decode(tag!),
    ]);
    expect(tools).toEqual(START_TAGS.map(({ tool, tag }) => [tool, tag]));
    expect(tools.map(([tool]) => tool)).toEqual(["Mailchimp", "Klaviyo", "Brevo", "MailerLite", "HubSpot"]);
    expect(owner).not.toMatch(/id="chat-discord"|id="chat-slack"/);
    // Its JSON needs a start: the page's script writes the visitor's in place of {start}.
    expect(codeById(owner, "fetch-example")).toContain(
      `fetch("${TEST_BASE_URL}/api/countdown/${EVERGREEN.slug}?start={start}")`,
    );
    expect(owner).toContain(`<a href="/api/countdown/${EVERGREEN.slug}?start=%7Bstart%7D" data-start-template>`);
    // A countdown with a date has no such choice.
    expect(read("future-launch/embed/index.html")).not.toContain('name="start"');
  });
});

describe("the OpenAPI description", () => {
  const document = JSON.parse(read("api/openapi.json"));

  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    // The site's own path: right wherever the document is served from.
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.security).toEqual([]);
  });

  it("describes every endpoint, both shapes, ?shape, the widget's options, errors and headers", () => {
    expect(Object.keys(document.paths)).toEqual([
      "/api/countdown/{slug}",
      "/api/embed/{slug}",
      "/api/pages",
      "/api/health",
      "/api/data/{slug}.json",
      "/api/oembed",
      "/api/badge/{slug}.svg",
      "/api/og/{slug}.png",
      "/api/email/{slug}.gif",
      "/api/email/{slug}.png",
      "/api/openapi.json",
      "/api/countdown.schema.json",
    ]);
    expect(document.paths["/api/oembed"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "url",
      "maxwidth",
      "maxheight",
      "format",
    ]);
    expect(Object.keys(document.paths["/api/oembed"].get.responses)).toEqual(["200", "400", "404", "501", "503"]);
    const countdown = document.paths["/api/countdown/{slug}"].get;
    expect(countdown.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "shape", in: "query", schema: { type: "string", enum: ["a", "b"] } }),
        expect.objectContaining({ name: "start", in: "query" }),
      ]),
    );
    expect(Object.keys(countdown.responses)).toEqual(["200", "400", "404", "503"]);
    expect(document.paths["/api/embed/{slug}"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      [...OPTION_NAMES].sort(),
    );
    for (const format of ["gif", "png"]) {
      const email = document.paths[`/api/email/{slug}.${format}`].get;
      expect(email.parameters.map((p: { name: string }) => p.name)).toEqual([...EMAIL_OPTION_NAMES, "start"]);
      expect(email.parameters.find((p: { name: string }) => p.name === "width").schema).toMatchObject({
        type: "integer",
        minimum: 240,
        maximum: 1200,
        default: 600,
      });
      expect(Object.keys(email.responses["404"].content)).toEqual([`image/${format}`]);
    }
    // 405 where it occurs: on every method but GET, HEAD and OPTIONS.
    for (const item of Object.values(document.paths) as Record<string, { responses: object }>[]) {
      for (const method of ["post", "put", "patch", "delete"])
        expect(Object.keys(item[method]!.responses)).toEqual(["405"]);
      expect(Object.keys(item.get!.responses)).not.toContain("405");
    }
    expect(countdown.responses["200"].headers["Cache-Control"]).toBeDefined();
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["CountdownShapeA", "CountdownShapeB", "Countdown", "Page", "Health", "Error"]),
    );
  });

  it("matches what the service answers", async () => {
    const ajv = new Ajv2020({ strict: false });
    for (const [name, schema] of Object.entries(document.components.schemas))
      ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const check = (schemaName: string, body: unknown) => {
      const valid = ajv.validate({ $ref: `#/components/schemas/${schemaName}` }, body);
      expect(valid, `${schemaName}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    };
    const live = async (target: string) => (await netlifyFunction(new Request(`https://x.test${target}`))).json();
    check("Countdown", await live("/api/countdown/future-launch"));
    check("CountdownShapeA", await live("/api/countdown/future-launch?shape=a"));
    check("CountdownShapeB", await live("/api/countdown/long-past?shape=b"));
    check("Error", await live("/api/countdown/nope"));
    check("Error", await live("/api/countdown/future-launch?shape=x"));
    check("Health", await live("/api/health"));
    for (const page of JSON.parse(read("api/pages"))) check("Page", page);
    for (const page of JSON.parse(read("api/pages")))
      check("TargetData", JSON.parse(read(`api/data/${page.slug}.json`)));
    const share = async (target: string) => (await shareFunction(new Request(`${TEST_BASE_URL}${target}`))).json();
    check("Oembed", await share(`/api/oembed?url=${encodeURIComponent(`${TEST_BASE_URL}/future-launch/`)}`));
    check(
      "Oembed",
      await share(
        `/api/oembed?maxheight=200&url=${encodeURIComponent(`${TEST_BASE_URL}/api/embed/future-launch?theme=dark`)}`,
      ),
    );
    for (const target of [
      "/api/oembed",
      "/api/oembed?url=x",
      "/api/oembed?url=https://elsewhere.example/",
      "/api/oembed?format=xml",
      "/api/oembed?maxwidth=big",
    ])
      check("Error", await share(target));
    check("Error", JSON.parse(read("api/not-found.json")));
    expect(
      ajv.validate({ $ref: "#/components/schemas/CountdownShapeA" }, await live("/api/countdown/future-launch")),
    ).toBe(false);
    const { timeLeft, ...withoutTimeLeft } = await live("/api/countdown/future-launch?shape=a");
    expect(timeLeft).toBeDefined();
    expect(ajv.validate({ $ref: "#/components/schemas/CountdownShapeA" }, withoutTimeLeft)).toBe(false);
  });
});

describe("the front matter JSON Schema", () => {
  const schema = JSON.parse(read("api/countdown.schema.json"));
  const ajv = new Ajv2020({ strict: false });
  const validate = ajv.compile(schema);
  const frontMatter = (text: string) =>
    yaml.load(/^---\n([\s\S]*?)\n---/.exec(text)![1]!, { schema: yaml.CORE_SCHEMA });

  it("is published, and is the one generated from the validator's definition", () => {
    expect(schema).toEqual(frontMatterJsonSchema());
    expect(JSON.parse(readFileSync(path.join(ROOT, "docs/countdown.schema.json"), "utf8"))).toEqual(
      frontMatterJsonSchema(),
    );
  });

  it("accepts a file with every field", () => {
    const every = `---\ntitle: T\ntarget: "2030-01-01T17:00"\ntimezone: "Europe/Berlin"\ndone: "Done"\nlang: "de"\nstatus: postponed\nrepeat: weekly\nuntil: "2031-01-01T17:00"\nwidget:\n  theme: dark\n  accent: "e11d48"\n  layout: units\n  sync: "1"\nemail:\n  theme: dark\n  width: 480\n  density: "2"\n  lang: de\n---\n`;
    expect(parseCountdownFile("countdowns/x.md", every).problems).toEqual([]);
    expect(validate(frontMatter(every))).toBe(true);
  });

  it("accepts every valid countdown file", () => {
    for (const name of ["long-past.md", "hostile-content.md", "future-launch.md", "berlin-wall-clock.md"]) {
      expect(validate(frontMatter(readFileSync(path.join(TEST_COUNTDOWNS_DIR, name), "utf8"))), name).toBe(true);
    }
  });

  it("refuses what the build refuses for the rules a schema can state", () => {
    const cases = [
      `target: "2030-01-01T00:00"`,
      `title: ""\ntarget: "2030-01-01T00:00"`,
      `title: "   "\ntarget: "2030-01-01T00:00"`,
      `title: "${"x".repeat(201)}"\ntarget: "2030-01-01T00:00"`,
      `title: T`,
      `title: T\ntarget: "next week"`,
      `title: T\ntarget: "2030-01"`,
      `title: T\ntarget: "2030-01-01T00:00"\ntimzone: UTC`,
      `title: T\ntarget: "2030-01-01T00:00"\ndone: ""`,
      `title: T\ntarget: 20300101`,
      `title: T\ntarget: "2030-01-01T00:00"\nlang: "english please"`,
      `title: T\ntarget: "2030-01-01T00:00"\nstatus: delayed`,
      `title: T\ntarget: "2030-01-01T00:00"\nrepeat: 7`,
      `title: T\ntarget: "2030-01-01T00:00"\nexcept: ["2030-01-02"]`,
      `title: T\ntarget: "2030-01-01T00:00"\nuntil: "2031-01-01T00:00"`,
      `title: T\ntarget: "2030-01-01T00:00"\nwidget:\n  theme: neon`,
      `title: T\ntarget: "2030-01-01T00:00"\nwidget:\n  accent: red`,
      `title: T\ntarget: "2030-01-01T00:00"\nwidget:\n  size: big`,
    ];
    for (const yamlText of cases) {
      const text = `---\n${yamlText}\n---\n`;
      expect(parseCountdownFile("countdowns/x.md", text).countdown, yamlText).toBeUndefined();
      expect(validate(frontMatter(text)), yamlText).toBe(false);
    }
  });
});

describe("the 404 page", () => {
  it("says nothing is here and links home", () => {
    const notFound = read("404.html");
    expect(notFound).toContain("<h1>Not found</h1>");
    expect(notFound).toContain('<a href="/">See all countdowns</a>');
  });
});
