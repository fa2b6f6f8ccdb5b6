// The clock of every live countdown in a browser, the widget's and the pages': draw now, then again
// just after each second boundary of the target, never on a decremented counter; nothing while the
// page is hidden, the right value at once when it shows again or wakes.
import { msToNextSecond } from "./time-left.ts";

/**
 * Calls `draw(nowMs)` now and then just after every second boundary of `targetMs()` while it returns
 * true. `offset()` is added to this machine's clock (the server's clock minus it, once measured).
 * Returns the function that draws at once (and schedules again), for a changed offset.
 */
export function tickEverySecond(draw: (nowMs: number) => boolean, targetMs: () => number, offset: () => number = () => 0): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    clearTimeout(timer);
    const nowMs = Date.now() + offset();
    // Targets are whole seconds, so every countdown on a page changes at the same boundary.
    if (draw(nowMs) && !document.hidden) timer = setTimeout(tick, msToNextSecond(targetMs(), nowMs));
  };
  tick();
  document.addEventListener("visibilitychange", tick);
  // Back from the back/forward cache or a frozen tab: the right value at once.
  addEventListener("pageshow", tick);
  return tick;
}
