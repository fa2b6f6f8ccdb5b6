// What the browser tests look at inside a page, in any engine (test/support/engines.ts): each check
// runs as a function in the page, so it sees what a visitor's browser sees.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { EnginePage } from "./engines.ts";
import { ROOT } from "./paths.ts";

/**
 * Every change of the timer's text during `ms`, with `Date.now()` in the page at that moment: a text
 * other than the one before it (the text at the start counts as the one before the first), so a redraw
 * of the same text is no change.
 */
export function recordTimerChanges(page: EnginePage, ms: number): Promise<[string, number][]> {
  return page.evaluate(
    (duration: number) =>
      new Promise<[string, number][]>((resolve) => {
        const left = document.querySelector("[data-left]");
        const seen: [string, number][] = [];
        if (left) {
          let last = left.textContent;
          new MutationObserver(() => {
            if (left.textContent !== last) seen.push([(last = left.textContent!), Date.now()]);
          }).observe(left, { childList: true, characterData: true, subtree: true });
        }
        setTimeout(() => resolve(seen), duration);
      }),
    ms,
  );
}

/**
 * Waits, in the page, until `probe` gives a truthy value, and gives that value; or throws after `ms`.
 * It looks again on every change of the document, and every 100 ms for what changes no node of it (a
 * frame's own document loading, a computed style). `probe` travels as source (as
 * `evaluate`'s functions do); the page's CSP allows no eval, so it becomes part of the function sent.
 */
export async function waitInPage<T>(page: EnginePage, probe: () => T, ms = 5000): Promise<T> {
  const waiter = new Function(
    "timeout",
    `return new Promise((resolve) => {
      const probe = ${probe.toString()};
      const done = (result) => { observer.disconnect(); clearTimeout(timer); clearInterval(poll); resolve(result); };
      const check = () => { const value = probe(); if (value) done({ value }); };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      const poll = setInterval(() => { try { check(); } catch {} }, 100);
      const timer = setTimeout(() => done({ timedOut: true }), timeout);
      check();
    });`,
  ) as (timeout: number) => Promise<{ value: T } | { timedOut: true }>;
  const result = await page.evaluate(waiter, ms);
  if ("timedOut" in result) throw new Error(`the page never showed ${probe.toString()} within ${ms} ms`);
  return result.value;
}

/**
 * A script for `beforeLoad`: `Date.now()` reads `atMs` when the page starts, and runs on from there
 * (timers keep their real durations). Enough for the widget, whose only clock is `Date.now()`.
 */
export const fakeClockSource = (atMs: number) =>
  `{ const shift = ${atMs} - Date.now(); const now = Date.now; Date.now = () => now.call(Date) + shift; }`;

/**
 * Sets the page's clock to `atMs` after it has loaded, and tells the widget as a browser does when a
 * page comes back from the back/forward cache (a `pageshow` event): it draws the value of that
 * instant at once and ticks on from there. For an engine that cannot run a script before load.
 */
export async function setClockAfterLoad(page: EnginePage, atMs: number): Promise<void> {
  await setPageClock(page, atMs);
  await page.evaluate(() => dispatchEvent(new Event("pageshow")));
}

/** Sets the page's clock (`Date.now()`) to `atMs`; it runs on from there. */
export async function setPageClock(page: EnginePage, atMs: number): Promise<void> {
  await page.evaluate((at: number) => {
    const shift = at - Date.now();
    const now = Date.now;
    Date.now = () => now.call(Date) + shift;
  }, atMs);
}

/**
 * A script for `beforeLoad` that records what the widget shows at the first animation frame (before
 * the first paint), and the layout shifts from then on. What is recorded was drawn without a timer:
 * when the widget's first timer comes sooner than the first frame (its first tick is due within a
 * frame's time when it loads just before a second boundary), the record is taken just before that
 * timer runs, and says so in `before`.
 */
export const FIRST_FRAME_SOURCE = `{
  const w = window;
  let first;
  const record = (before) => {
    const left = document.querySelector("[data-left]");
    return first ??= {
      before,
      text: left ? left.textContent : null,
      hidden: left ? left.hidden : null,
      cells: left ? [...left.children].map((cell) => cell.textContent) : [],
      dataset: { ...document.documentElement.dataset },
      dir: document.documentElement.dir,
      now: Date.now(),
    };
  };
  w.timersFired = 0;
  const setTimeout = w.setTimeout;
  w.setTimeout = (callback, ...rest) => setTimeout(() => { record("the first timer"); w.timersFired++; callback(); }, ...rest);
  w.shifts = 0;
  if (PerformanceObserver.supportedEntryTypes.includes("layout-shift")) {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) w.shifts += entry.value; }).observe({ type: "layout-shift", buffered: true });
  } else w.shifts = null;
  // The first frame with the widget in it: under load, Firefox may run a frame before the document's
  // body is parsed, which shows nothing at all.
  w.firstFrame = new Promise((resolve) => {
    const look = () => (document.querySelector("[data-left]") ? resolve(record("the first frame")) : requestAnimationFrame(look));
    requestAnimationFrame(look);
  });
}`;

export interface FirstFrame {
  text: string | null;
  hidden: boolean | null;
  cells: string[];
  dataset: Record<string, string>;
  dir: string;
  now: number;
  /** When it was recorded: at "the first frame", or before "the first timer" when that came sooner. */
  before: "the first frame" | "the first timer";
}

/** A script for `beforeLoad` that collects every CSP violation of the page in `window.violations`. */
export const CSP_WATCH_SOURCE = `{
  window.violations = [];
  document.addEventListener("securitypolicyviolation", (event) => window.violations.push(event.violatedDirective + " " + event.blockedURI));
}`;

/** Starts collecting CSP violations after load (what an engine without before-load scripts can do). */
export function watchCspAfterLoad(page: EnginePage): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { violations?: string[] };
    if (w.violations) return;
    w.violations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      w.violations!.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

/** The CSP violations collected so far (by CSP_WATCH_SOURCE or watchCspAfterLoad). */
export const cspViolations = (page: EnginePage) =>
  page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? null);

/** Appends an inline script the page's CSP does not allow, and says whether it ran. */
export function injectedScriptRuns(page: EnginePage): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
        // A script that runs does so as it is inserted; a blocked one never does.
        setTimeout(() => resolve((window as unknown as { injected?: boolean }).injected === true), 50);
      }),
  );
}

const axeSource = readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
// A function whose source holds axe-core's, so the driver sends it as the page's own code: the page's
// CSP, rightly, stops any script the page itself would add.
const runAxe = new Function(
  `${axeSource}
  // Judge the settled page: mid fade-in, the done message's contrast is not yet its own.
  return Promise.all(document.getAnimations().map((animation) => animation.finished))
    .then(() => axe.run(document, { iframes: false }))
    .then((results) => results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id + " " + JSON.stringify(violation.nodes.map((node) => node.target))));`,
) as () => Promise<string[]>;

/** axe-core's serious and critical violations on the page as it is, as "rule [targets]". */
export const seriousAxeViolations = (page: EnginePage) => page.evaluate(runAxe);

/**
 * What of the widget does not fit its frame: a scrollbar, an element outside the viewport, text
 * clipped by its box. Checks every visible element of <main>, the units' numbers and labels too.
 */
export function layoutProblems(page: EnginePage): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth || root.scrollHeight > root.clientHeight) problems.push("the page scrolls");
    for (const element of document.querySelectorAll<HTMLElement>("main, main *")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) {
        problems.push(
          `${element.tagName} ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)} is outside ${innerWidth}x${innerHeight}`,
        );
      }
      // (A title or done message clamped on purpose, its whole text in its tooltip, may hide its last line's end.)
      const clamped =
        getComputedStyle(element).getPropertyValue("-webkit-line-clamp") !== "none" &&
        element.title === element.textContent;
      if (!clamped && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).display !== "inline")
        problems.push(`${element.tagName} is clipped (${element.scrollWidth} > ${element.clientWidth})`);
      // Text that cannot be read: under 12 CSS px.
      const size = parseFloat(getComputedStyle(element).fontSize);
      if ([...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim()) && size < 11.99)
        problems.push(`${element.tagName} "${element.textContent!.slice(0, 20)}" is ${size}px, under 12px`);
    }
    return problems;
  });
}

/** What a test reads in a document: `fn` runs with that document and its window (and `args`, as JSON). */
export type DocumentReader = <T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a function of any parameters (unknown[] would take none)
  fn: (document: Document, window: Window & typeof globalThis, ...args: any[]) => T,
  ...args: unknown[]
) => Promise<T>;

/** Reads `page`'s own document. */
export const readPage =
  (page: EnginePage): DocumentReader =>
  (fn, ...args) =>
    page.evaluate(
      new Function("...args", `return (${fn.toString()})(document, window, ...args);`) as (...args: unknown[]) => never,
      ...args,
    );

/**
 * Loads `url` (of the same origin as `page`) into a frame of `page` sandboxed with `sandbox`, and reads
 * that frame's document. Without "allow-scripts" the frame's scripts do not run, as for a visitor
 * without JavaScript, while "allow-same-origin" keeps its origin, so the page may look into it
 * (contentDocument, and contentWindow's computed styles). For a driver that cannot turn JavaScript off;
 * the page's CSP must allow the frame (frame-src), and the framed document's, its page (frame-ancestors).
 */
export async function readSandboxedFrame(
  page: EnginePage,
  url: string,
  sandbox = "allow-same-origin",
  width = 600,
  height = 250,
): Promise<DocumentReader> {
  const loaded = await page.evaluate(
    (src: string, flags: string, w: number, h: number) =>
      new Promise<string>((resolve) => {
        document.getElementById("sandboxed")?.remove();
        const frame = document.createElement("iframe");
        frame.id = "sandboxed";
        frame.setAttribute("sandbox", flags);
        frame.width = String(w);
        frame.height = String(h);
        const wanted = new URL(src, location.href).href;
        // The frame's first document may be about:blank: wait for the one asked for.
        frame.addEventListener("load", () => {
          if (frame.contentDocument?.URL === wanted) resolve("loaded");
        });
        setTimeout(
          () =>
            resolve(
              `not loaded after 5 s: the frame shows ${frame.contentDocument?.URL ?? "a document it may not read"}`,
            ),
          5000,
        );
        frame.src = src;
        document.body.append(frame);
      }),
    url,
    sandbox,
    width,
    height,
  );
  if (loaded !== "loaded") throw new Error(`${url} in a frame sandboxed "${sandbox}": ${loaded}`);
  return (fn, ...args) =>
    page.evaluate(
      new Function(
        "...args",
        `const frame = document.getElementById("sandboxed");
        return (${fn.toString()})(frame.contentDocument, frame.contentWindow, ...args);`,
      ) as (...args: unknown[]) => never,
      ...args,
    );
}

/**
 * What of a page or a widget does not hold its content, as "what: why" lines: a horizontal scrollbar;
 * a visible element outside its parent's box (or, fixed or absolute, outside the viewport); a line of
 * text outside the viewport (across, and down too in a `frame`, a widget's iframe) or cut off by an
 * ancestor that clips it, unless that ancestor clamps its lines on purpose and carries the whole text
 * in its `title` (the widget's long title and done message). Boxes are compared with a pixel to spare.
 */
export function boxProblems(page: EnginePage, frame: boolean): Promise<string[]> {
  return page.evaluate((inFrame: boolean) => {
    const problems: string[] = [];
    const SPARE = 1;
    const name = (element: Element) => {
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ");
      const classes =
        typeof element.className === "string" && element.className.trim()
          ? `.${element.className.trim().split(/\s+/).join(".")}`
          : "";
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${classes}${text ? ` "${text.slice(0, 24)}${text.length > 24 ? "…" : ""}"` : ""}`;
    };
    const box = (r: DOMRect) =>
      `[${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}]`;
    const outside = (r: DOMRect, c: { left: number; top: number; right: number; bottom: number }, vertical = true) =>
      r.left < c.left - SPARE ||
      r.right > c.right + SPARE ||
      (vertical && (r.top < c.top - SPARE || r.bottom > c.bottom + SPARE));
    const viewport = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth + SPARE)
      problems.push(`the page: ${root.scrollWidth} px wide in a ${innerWidth} px viewport (a horizontal scrollbar)`);
    // Shadow roots are walked too (<countdown-timer>'s): an element's parent is its host there.
    const parentOf = (element: Element): Element | null =>
      element.parentElement ?? (element.parentNode as ShadowRoot | null)?.host ?? null;
    const shown = (element: Element) => {
      for (let e: Element | null = element; e; e = parentOf(e)) {
        const style = getComputedStyle(e);
        if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return false;
      }
      return true;
    };
    const roots: (Element | ShadowRoot)[] = [document.body];
    const elements: Element[] = [];
    for (let i = 0; i < roots.length; i++) {
      for (const element of roots[i]!.querySelectorAll("*")) {
        elements.push(element);
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "DATALIST", "OPTION", "NOSCRIPT", "BR", "SLOT"]);
    for (const element of elements) {
      if (SKIP.has(element.tagName) || !shown(element)) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const position = getComputedStyle(element).position;
      if (position === "fixed" || position === "absolute") {
        if (outside(r, viewport, inFrame))
          problems.push(`${name(element)} ${box(r)}: outside the ${innerWidth}x${innerHeight} viewport`);
        continue;
      }
      const parent = parentOf(element)!;
      if (parent === document.body && !inFrame) {
        if (outside(r, viewport, false))
          problems.push(`${name(element)} ${box(r)}: wider than the ${innerWidth} px viewport`);
        continue;
      }
      const p = parent.getBoundingClientRect();
      // An inline box may stand above or below its line's (a code span in a link): only its sides count.
      const inline = getComputedStyle(element).display === "inline";
      if (parent !== document.body && outside(r, p, !inline))
        problems.push(`${name(element)} ${box(r)}: outside its parent ${name(parent)} ${box(p)}`);
    }
    // Every line of text: where it is drawn, against what clips it, and against every other text's lines.
    const drawn: { node: Node; element: Element; line: DOMRect }[] = [];
    const texts: Node[] = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
    }
    for (const node of texts) {
      const element = node.parentElement!;
      if (!node.textContent!.trim() || SKIP.has(element.tagName) || !shown(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width === 0) continue;
        // What clips the line: an ancestor whose overflow is hidden and whose box the line leaves.
        let clipper: Element | undefined;
        for (let e: Element | null = element; e && e !== document.body && !clipper; e = parentOf(e)) {
          const style = getComputedStyle(e);
          if (
            (style.overflowX !== "visible" || style.overflowY !== "visible") &&
            outside(line, e.getBoundingClientRect())
          )
            clipper = e;
        }
        if (clipper) {
          // A clamp on purpose: lines past the last are hidden, and the whole text is the element's tooltip.
          const clamped =
            getComputedStyle(clipper).getPropertyValue("-webkit-line-clamp") !== "none" &&
            (clipper.getAttribute("title") ?? "") === (clipper.textContent ?? "");
          if (clamped) continue;
          problems.push(
            `the text of ${name(element)} ${box(line)}: cut off by ${name(clipper)} ${box(clipper.getBoundingClientRect())}`,
          );
          break;
        }
        if (outside(line, viewport, inFrame)) {
          problems.push(`the text of ${name(element)} ${box(line)}: outside the ${innerWidth}x${innerHeight} viewport`);
          break;
        }
        // (Only the lines that show: one a clamp hides is laid out, but nobody sees it.)
        drawn.push({ node, element, line });
      }
    }
    // Text over text: two texts whose lines share more than a sliver are drawn on each other. A line's
    // box is its font's whole height (ascent to descent, with room above capitals and below the
    // baseline that the glyphs rarely fill, more so in CJK fonts): its core, a sixth in from the top
    // and the bottom, is where glyphs are, and two cores may not meet.
    const OVERLAP = 2;
    const core = (r: DOMRect) => ({
      left: r.left,
      right: r.right,
      top: r.top + r.height / 6,
      bottom: r.bottom - r.height / 6,
    });
    const reported = new Set<string>();
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        const [a, b] = [drawn[i]!, drawn[j]!];
        if (a.node === b.node) continue;
        const [ca, cb] = [core(a.line), core(b.line)];
        const across = Math.min(ca.right, cb.right) - Math.max(ca.left, cb.left);
        const down = Math.min(ca.bottom, cb.bottom) - Math.max(ca.top, cb.top);
        if (across <= OVERLAP || down <= OVERLAP) continue;
        const pair = `${name(a.element)} ${box(a.line)} and ${name(b.element)} ${box(b.line)}`;
        if (!reported.has(pair)) problems.push(`text over text: ${pair}`);
        reported.add(pair);
      }
    }
    return problems;
  }, frame);
}

/**
 * The elements of a page whose lines may be clamped and that show, by a name that is the same at
 * every size, and whether a clamp hides some of their text now: where a widget clamps a text at one
 * size, it must at every smaller one, so nothing is cut that would fit whole (layout.test.ts
 * compares the sizes).
 */
export function clampedTexts(page: EnginePage): Promise<{ name: string; clamped: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("*")]
      .filter(
        (element) =>
          getComputedStyle(element).getPropertyValue("-webkit-line-clamp") !== "none" &&
          element.getClientRects().length > 0,
      )
      .map((element) => ({
        name: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${[...element.attributes]
          .filter((a) => a.name.startsWith("data-"))
          .map((a) => `[${a.name}]`)
          .join("")}`,
        // (A line or more hidden: a glyph reaching past its line box, as CJK's do in Firefox, is not a line.)
        clamped: element.scrollHeight - element.clientHeight > parseFloat(getComputedStyle(element).fontSize) / 2,
      })),
  );
}
