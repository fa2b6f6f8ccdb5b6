// The browser ticker of the widget: compiled by esbuild at build time and inlined, the same bytes in
// every embed (each countdown's data sits in attributes), so one CSP hash pins it.
//
// Markup it drives, for every element with `data-countdown`:
//   <… data-countdown="2026-12-31T23:00:00Z"   the target instant (whole seconds, UTC)
//      data-live="/api/countdown/<slug>"       optional: the live JSON, for `?sync=1`
//      data-fit>                               optional: shrink the type until it fits the frame
//     <… data-left hidden></…>   the time left, shown once the script runs
//     <… data-done hidden></…>   the done message, shown from the target on
// Query parameters of the page: `theme=light|dark|auto` (default auto) and `sync=1`, which makes the
// widget ask its live JSON (`data-live`, given by the page) for the server's time.
import { formatTimeLeft, isExpired, msToNextSecond, timeLeft } from "../time/time-left.ts";

interface Ticking {
  targetMs: number;
  left: HTMLElement;
  done: HTMLElement | null;
}

const params = new URLSearchParams(location.search);
const theme = params.get("theme");
// The colours are the system colours of `color-scheme`, so a theme is one property.
if (theme === "light" || theme === "dark") document.documentElement.style.colorScheme = theme;

const roots = [...document.querySelectorAll<HTMLElement>("[data-countdown]")];
const countdowns: Ticking[] = [];
for (const root of roots) {
  const left = root.querySelector<HTMLElement>("[data-left]");
  const targetMs = Date.parse(root.dataset.countdown!);
  if (!left || !(targetMs >= 0)) continue;
  left.hidden = false;
  countdowns.push({ targetMs, left, done: root.querySelector<HTMLElement>("[data-done]") });
}

/** Server time minus this machine's time, once `?sync=1` has measured it. */
let offsetMs = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Draws every countdown from its absolute target (never a decremented counter), then wakes just
 *  after the next second boundary. Nothing is scheduled while the page is hidden or all are over. */
function tick(): void {
  clearTimeout(timer);
  const nowMs = Date.now() + offsetMs;
  for (const countdown of countdowns) {
    const text = formatTimeLeft(timeLeft(countdown.targetMs, nowMs));
    if (countdown.left.textContent !== text) countdown.left.textContent = text;
    if (countdown.done) countdown.done.hidden = !isExpired(countdown.targetMs, nowMs);
  }
  if (document.hidden || countdowns.every((c) => isExpired(c.targetMs, nowMs))) return;
  // Targets are whole seconds, so every countdown on the page changes at the same boundary.
  timer = setTimeout(tick, msToNextSecond(countdowns[0]!.targetMs, nowMs));
}

/** Scales the type of `root` (which fills the frame) down until its content fits: no scrollbar,
 *  nothing clipped. */
function fit(root: HTMLElement): void {
  const style = root.style;
  style.removeProperty("--fit");
  for (let i = 0, scale = 1, ratio; i < 4 && (ratio = Math.min(root.clientWidth / root.scrollWidth, root.clientHeight / root.scrollHeight)) < 1; i++) {
    // Wrapping changes with the size, so scale a little below the ratio and measure again.
    style.setProperty("--fit", String((scale *= ratio * 0.97)));
  }
}

/** `?sync=1`: one request for serverTime; the answer is taken as made halfway through the round trip. */
async function sync(url: string): Promise<void> {
  const sent = Date.now();
  const serverMs = Date.parse((await (await fetch(url, { cache: "no-store" })).json()).serverTime);
  const received = Date.now();
  if (serverMs >= 0) offsetMs = serverMs + (received - sent) / 2 - received;
  tick();
}

if (countdowns.length > 0) {
  tick();
  document.addEventListener("visibilitychange", tick);
  // Back from the back/forward cache or a frozen tab: the right value at once.
  addEventListener("pageshow", tick);
  const live = roots[0]!.dataset.live;
  if (params.get("sync") === "1" && live) sync(live).catch(() => {});
}
for (const root of roots) {
  if (root.dataset.fit === undefined) continue;
  fit(root);
  addEventListener("resize", () => fit(root));
}
