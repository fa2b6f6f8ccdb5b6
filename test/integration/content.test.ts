// Careless or hostile content in countdown files (HTML, </script>, quotes, RTL marks, emoji, template
// syntax, at the length limit) comes out escaped right in every output, each in its own context.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { netlifyFunction } from "../support/netlify-function.ts";
import { HOSTILE_DONE, HOSTILE_LONG_TITLE } from "../support/fixtures.ts";
import { TEST_SITE_DIR } from "../support/paths.ts";

const read = (file: string) => readFileSync(path.join(TEST_SITE_DIR, file), "utf8");
/** HTML text or attribute value back to the characters a browser reads. */
const decode = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
const TITLE = HOSTILE_LONG_TITLE;

/** The attributes of a page's scripts that run: all but its data (JSON, JSON-LD). */
const executableScripts = (page: string) =>
  [...page.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1]!)
    .filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes));

describe("a hostile title, done message and description", () => {
  it("are valid at the limit of 200 characters, so they are published", () => {
    expect(JSON.parse(read("api/data/hostile-content.json")).title).toBe(TITLE);
  });

  it("are escaped in the widget: <title>, description, heading and done message, with only the ticker as script", () => {
    const embed = read("api/embed/hostile-content.html");
    expect(decode(/<title>([\s\S]*?)<\/title>/.exec(embed)![1]!)).toBe(TITLE);
    expect(decode(/<meta name="description" content="([^"]*)">/.exec(embed)![1]!)).toContain(TITLE);
    // The heading and the done message, whole in their tooltips too (the widget may clamp their lines).
    const heading = /<h1 id="title" title="([^"]*)">([\s\S]*?)<\/h1>/.exec(embed)!;
    expect([decode(heading[1]!), decode(heading[2]!)]).toEqual([TITLE, TITLE]);
    const done = /<p data-done hidden title="([^"]*)">([\s\S]*?)<\/p>/.exec(embed)!;
    expect([decode(done[1]!), decode(done[2]!)]).toEqual([HOSTILE_DONE, HOSTILE_DONE]);
    expect(embed.match(/<script/g)).toHaveLength(1);
    expect(embed).not.toMatch(/<img|<!-- -->/);
  });

  it("are escaped in the countdown's page: text, attributes, description, calendar links, JSON-LD", () => {
    const page = read("hostile-content/index.html");
    expect(decode(/<h1>([\s\S]*?)<\/h1>/.exec(page)![1]!)).toBe(TITLE);
    // (The site's name after it: "Countdowns" is the default's.)
    expect(decode(/<title>([\s\S]*?)<\/title>/.exec(page)![1]!)).toBe(`${TITLE} · Countdowns`);
    expect(decode(/<meta name="description" content="([^"]*)">/.exec(page)![1]!)).toContain(TITLE);
    expect(decode(/aria-label="Time left until ([^"]*)"/.exec(page)![1]!)).toBe(TITLE);
    // The description is Markdown without raw HTML: tags show as text, javascript: links are not links.
    expect(page).toContain("&lt;script&gt;alert(3)&lt;/script&gt;");
    expect(page).toContain("<strong>bold</strong>");
    expect(page).not.toMatch(/href="javascript:/);
    // The calendar links carry the title as a query value; the JSON-LD as a JSON string, with no "<" to end its script.
    expect(
      new URL(decode(/href="([^"]+)" rel="noopener">Google Calendar/.exec(page)![1]!)).searchParams.get("text"),
    ).toBe(TITLE);
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((match) => match[1])).toEqual([
      ' type="application/ld+json"',
      ' type="module" src="/assets/site.js"',
      ' type="application/json" id="page-words"',
    ]);
    expect(scripts[0]![2]).not.toContain("<");
    expect(JSON.parse(scripts[0]![2]!).name).toBe(TITLE);
    expect(page.match(/<script/g)).toHaveLength(3);
    // Its one image is the site's logo (the fixtures' site file has one); none comes from the content.
    expect([...page.matchAll(/<img\b[^>]*>/g)].map((match) => match[0])).toEqual([
      '<img src="/assets/logo.svg" alt="" width="90" height="30">',
    ]);
    expect(page).not.toMatch(/<\/textarea>|<!-- -->/);
  });

  it("are escaped in the owner's page: text, attributes, snippets", () => {
    const page = read("hostile-content/embed/index.html");
    expect(decode(/<iframe class="preview" [^>]*title="Preview: ([^"]*)"/.exec(page)![1]!)).toBe(TITLE);
    // In the snippets (text of a <code>), the title is an attribute value people paste: escaped for it.
    const snippet = decode(/<code id="snippet-wide"[^>]*>([\s\S]*?)<\/code>/.exec(page)![1]!);
    expect(decode(/ title="([^"]*)"/.exec(snippet)![1]!)).toBe(TITLE);
    expect(executableScripts(page)).toEqual([' type="module" src="/assets/site.js"']);
    // The page's images are the site's logo, its own badge and email image; none comes from the content.
    const images = [...page.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((match) => match[1]);
    expect(images).toEqual(["/assets/logo.svg", "/api/email/hostile-content.gif", "/api/badge/hostile-content.svg"]);
    expect(page.match(/<img\b/g)).toHaveLength(3);
    expect(page).not.toMatch(/<img src=x|<\/textarea>|<!-- -->/);
  });

  it("are escaped in the index: link text and the timer's name", () => {
    const index = read("index.html");
    const item =
      /<li data-countdown="[^"]+"[^>]*>\s*<a href="\/hostile-content\/">([\s\S]*?)<\/a>\s*<span class="mini js-only pending" role="timer" aria-label="([^"]*)"/.exec(
        index,
      )!;
    expect(decode(item[1]!)).toBe(TITLE);
    expect(decode(item[2]!)).toBe(`Time left until ${TITLE}`);
    expect(executableScripts(index)).toEqual([' type="module" src="/assets/site.js"']);
  });

  it("round-trip exactly through every JSON output", async () => {
    const pages = JSON.parse(read("api/pages")) as { slug: string; title: string }[];
    expect(pages.find((page) => page.slug === "hostile-content")!.title).toBe(TITLE);
    expect(read("api/pages")).not.toContain("</script>");
    const live = await (await netlifyFunction(new Request("https://x.test/api/countdown/hostile-content"))).json();
    expect(live.title).toBe(TITLE);
  });

  it("are escaped in the calendar file", () => {
    const ics = read("hostile-content/hostile-content.ics").replace(/\r\n /g, "");
    const summary = /^SUMMARY:(.*)$/m.exec(ics.replace(/\r/g, ""))![1]!;
    const unescaped = summary.replace(/\\([\\;,])/g, "$1").replace(/\\n/g, "\n");
    expect(unescaped).toBe(TITLE);
    expect(summary).not.toMatch(/(^|[^\\]),/);
  });
});
