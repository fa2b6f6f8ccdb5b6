// Checks the browser tests run inside a page: timer changes, script injection, axe-core.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Frame, Page } from "playwright-core";
import { ROOT } from "./paths.ts";

/** Every change of the timer's text during `ms`, with `Date.now()` in the page at that moment. */
export async function recordTimerChanges(page: Page, ms: number): Promise<[string, number][]> {
  return (await page.evaluate(
    (duration) =>
      new Promise((resolve) => {
        const left = document.querySelector("[data-left]")!;
        const seen: [string, number][] = [];
        new MutationObserver(() => seen.push([left.textContent!, Date.now()])).observe(left, { childList: true, characterData: true, subtree: true });
        setTimeout(() => resolve(seen), duration);
      }),
    ms,
  )) as [string, number][];
}

/** Appends an inline script the page's CSP does not allow; true if it ran. */
export async function injectedScriptRuns(page: Page): Promise<boolean> {
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
  });
  return (await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)) === true;
}

const axeSource = readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

/**
 * axe-core's serious and critical violations, as "rule [targets]". The page's CSP rightly forbids
 * the injected axe script: open the page with `bypassCSP` for this check.
 */
export async function seriousAxeViolations(page: Page | Frame): Promise<string[]> {
  // Judge the settled page: mid fade-in, the done message's contrast is not yet its own.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await page.addScriptTag({ content: axeSource });
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(document, { iframes: false }),
  )) as { violations: { id: string; impact: string; nodes: { target: unknown }[] }[] };
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}
