// The browser ticker of the widget: compiled by esbuild at build time and inlined, the same bytes in
// every embed (each countdown's data sits in attributes), so one CSP hash pins it.
//
// Markup it drives, for every element with `data-countdown-target`:
//   <… data-countdown-target="2026-12-31T23:00:00Z">
//     <… data-countdown-left hidden></…>   the time left, shown once the script runs
//     <… data-countdown-done hidden></…>   the done message, shown from the target on
import { formatTimeLeft, isExpired, msToNextSecond, timeLeft } from "../time/time-left.ts";

interface Ticking {
  targetMs: number;
  left: HTMLElement;
  done: HTMLElement | null;
}

const countdowns: Ticking[] = [];
for (const root of document.querySelectorAll<HTMLElement>("[data-countdown-target]")) {
  const left = root.querySelector<HTMLElement>("[data-countdown-left]");
  const targetMs = Date.parse(root.dataset.countdownTarget ?? "");
  if (!left || Number.isNaN(targetMs)) continue;
  left.hidden = false;
  countdowns.push({ targetMs, left, done: root.querySelector<HTMLElement>("[data-countdown-done]") });
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Recomputes every countdown from its absolute target (never a decremented counter). */
function render(nowMs: number): void {
  for (const countdown of countdowns) {
    const text = formatTimeLeft(timeLeft(countdown.targetMs, nowMs));
    if (countdown.left.textContent !== text) countdown.left.textContent = text;
    if (countdown.done) countdown.done.hidden = !isExpired(countdown.targetMs, nowMs);
  }
}

/** Draws now, then wakes just after the next second boundary; nothing is scheduled while hidden. */
function tick(): void {
  clearTimeout(timer);
  timer = undefined;
  const nowMs = Date.now();
  render(nowMs);
  if (document.hidden || countdowns.every((c) => isExpired(c.targetMs, nowMs))) return;
  // Targets are whole seconds, so every countdown on the page changes at the same boundary.
  timer = setTimeout(tick, msToNextSecond(countdowns[0]!.targetMs, nowMs) + 1);
}

if (countdowns.length > 0) {
  tick();
  document.addEventListener("visibilitychange", tick);
  // Back from the back/forward cache, or from a frozen tab: show the right value at once.
  addEventListener("pageshow", tick);
  addEventListener("focus", tick);
}
