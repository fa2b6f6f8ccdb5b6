// The editor at /admin/ (docs/editing.md), as an author uses it with `npm run cms`: Decap CMS in a real
// browser on the local backend of the dev loop (offline, no account), which lists the countdowns on
// disk, creates one through its form and edits another's title; the files it writes then pass the
// build's own checks, and the dev loop's rebuilt site shows them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCountdowns } from "../../src/authoring/load-countdowns.ts";
import { launchEngine, type Engine, type EnginePage, type EngineName } from "../support/engines.ts";
import { startTestDevLoop } from "../support/dev-loop.ts";

/** Chromium and Firefox: the two engines the editor supports (Decap CMS names no WebKit support for its editing). */
const EDITOR_ENGINES: EngineName[] = ["chromium", "firefox"];

type Loop = Awaited<ReturnType<typeof startTestDevLoop>>;

/** Waits until `done` holds (the file the editor saves through the backend). */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not done within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the page's text matches `pattern`, logging in first where the local backend asks for its one click. */
async function waitForText(page: EnginePage, pattern: RegExp, ms = 60_000): Promise<string> {
  const end = Date.now() + ms;
  let text = "";
  while (Date.now() < end) {
    text = await page.evaluate(() => document.body.innerText);
    if (pattern.test(text)) return text;
    // The local backend's login screen: one button, no account.
    if (/^\s*Login\s/m.test(text) && (await page.evaluate(() => document.querySelectorAll("button").length)) <= 2)
      await page.click("button");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the editor never showed ${pattern}; it shows:\n${text.slice(0, 600)}`);
}

/** Types `value` into the field labelled `label` as React sees typing: the native setter, then an input event. */
const fill = (page: EnginePage, label: string, value: string) =>
  page.evaluate(
    (label: string, value: string) => {
      const labelled = [...document.querySelectorAll("label")].find((node) =>
        node.textContent!.trim().startsWith(label),
      );
      const input = document.getElementById(labelled!.htmlFor) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
      input.focus();
    },
    label,
    value,
  );

/** Clicks, as a user does, the first element whose own text is `text` (marked for the engine's click by a data attribute). */
async function clickText(page: EnginePage, text: string, tag = "*"): Promise<void> {
  await page.evaluate(
    (text: string, tag: string) => {
      for (const node of document.querySelectorAll("[data-test-target]")) node.removeAttribute("data-test-target");
      const found = [...document.querySelectorAll<HTMLElement>(tag)].find(
        (node) => node.textContent!.trim() === text && node.offsetParent !== null,
      );
      if (!found) throw new Error(`nothing reads "${text}"`);
      found.setAttribute("data-test-target", "");
    },
    text,
    tag,
  );
  await page.click("[data-test-target]");
}

/** Publishes the entry open in the editor: "Publish", then "Publish now". */
async function publish(page: EnginePage): Promise<void> {
  await clickText(page, "Publish", "span");
  await clickText(page, "Publish now");
}

describe.each(EDITOR_ENGINES)("the editor in %s", (name) => {
  let engine: Engine;
  let dev: Loop;
  let page: EnginePage;

  beforeAll(async () => {
    dev = await startTestDevLoop({ siteFile: true, editor: true });
    engine = await launchEngine(name);
    page = await engine.open(`${dev.base}/admin/#/collections/countdowns`, { width: 1200, height: 900 });
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await dev?.loop.close();
  });

  it("lists the countdowns on disk", async () => {
    const text = await waitForText(page, /Launch day[\s\S]*Party/);
    expect(text).toContain("Countdowns");
  });

  it("creates a countdown through the form: a file the build accepts, and its page", async () => {
    await page.goto(`${dev.base}/admin/?new=${Date.now()}#/collections/countdowns/new`);
    await waitForText(page, /Title/i);
    await fill(page, "Title", "Sommerfest im Park");
    await fill(page, "Target", "2031-06-20T18:30");
    // The zone: a searchable list; typing filters it, and the option is chosen by a click.
    await fill(page, "Timezone", "Europe/Berl");
    await clickText(page, "Europe/Berlin");
    await publish(page);
    const file = path.join(dev.countdowns, "sommerfest-im-park.md");
    // Written whole: its front matter closed.
    await waitFor(() => existsSync(file) && /\n---/.test(readFileSync(file, "utf8")), 30_000);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/^title: Sommerfest im Park$/m);
    expect(text).toMatch(/^target: ["']?2031-06-20T18:30:00["']?$/m);
    expect(text).toMatch(/^timezone: Europe\/Berlin$/m);
    // Only what the author chose: no option's default written out.
    expect(text.split("\n").filter((line) => /^\w+:/.test(line))).toHaveLength(3);
    // The build's own rules: no problem in any file of the folder.
    const loaded = await loadCountdowns(dev.countdowns, { now: Date.now() });
    expect(loaded.problems).toEqual([]);
    const created = loaded.countdowns.find((countdown) => countdown.slug === "sommerfest-im-park");
    expect(created?.targetMs).toBe(Date.parse("2031-06-20T16:30:00Z"));
    // The dev loop rebuilt the site with it.
    await dev.loop.settled();
    const response = await fetch(`${dev.base}/sommerfest-im-park/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Sommerfest im Park");
  });

  it("edits another countdown's title and leaves its other fields as they were", async () => {
    const file = path.join(dev.countdowns, "party.md");
    const before = readFileSync(file, "utf8");
    await page.goto(`${dev.base}/admin/?edit#/collections/countdowns/entries/party`);
    await waitForText(page, /Title/i);
    // The entry's own title in its field: the file is read.
    const shown = () =>
      page.evaluate(() => (document.querySelector("input[id^='title-field']") as HTMLInputElement | null)?.value ?? "");
    for (let tries = 0; (await shown()) !== "Party"; tries++) {
      if (tries > 200) throw new Error(`the title field shows ${JSON.stringify(await shown())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await fill(page, "Title", "Party im Hof");
    await publish(page);
    await waitFor(() => readFileSync(file, "utf8").includes("Party im Hof"), 30_000);
    const after = readFileSync(file, "utf8");
    const target = (text: string) => /^target: ["']?([^"'\n]+)/m.exec(text)![1]!;
    expect(new Date(target(after)).getTime()).toBe(new Date(target(before)).getTime());
    expect((await loadCountdowns(dev.countdowns, { now: Date.now() })).problems).toEqual([]);
    await dev.loop.settled();
    expect(await (await fetch(`${dev.base}/party/`)).text()).toContain("Party im Hof");
  });

  it("refuses a file the build would refuse, with the build's message, and writes nothing", async () => {
    await page.goto(`${dev.base}/admin/?new=${Date.now()}#/collections/countdowns/new`);
    await waitForText(page, /Title/i);
    await fill(page, "Title", "Kaputt");
    await fill(page, "Evergreen", "72h");
    await fill(page, "Target", "2031-06-20T18:30");
    await publish(page);
    // Both a target and a duration: the build's message, shown by the editor.
    const text = await waitForText(page, /Not saved, as the build would refuse it/);
    expect(text).toMatch(/kaputt\.md: (target|evergreen)/);
    expect(existsSync(path.join(dev.countdowns, "kaputt.md"))).toBe(false);
  });
});
