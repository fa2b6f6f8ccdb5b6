// The clock of every live countdown in a browser, the widget's and the pages': draw now, then again
// just after each second boundary, never on a decremented counter; nothing while the page is hidden,
// the right value at once when it shows again or wakes.
import { nextOccurrence, type Schedule } from "./occurrence.ts";
import { msToNextSecond } from "./time-left.ts";

/** Set by the bundler: false in the widget of a countdown that does not repeat (src/eleventy/assets.ts). */
declare const REPEATS: boolean;

/**
 * Calls `draw(nowMs)` now and then just after every second boundary while it returns true. `offset()`
 * is added to this machine's clock (the server's clock minus it, once measured). Returns the
 * function that draws at once (and schedules again), for a changed offset.
 */
export function tickEverySecond(draw: (nowMs: number) => boolean, offset = () => 0): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    clearTimeout(timer);
    const nowMs = Date.now() + offset();
    // Every target is a whole second, so the time left changes just after the clock's own boundaries.
    if (draw(nowMs) && !document.hidden) timer = setTimeout(tick, msToNextSecond(nowMs));
  };
  tick();
  document.addEventListener("visibilitychange", tick);
  // Back from the back/forward cache or a frozen tab: the right value at once.
  addEventListener("pageshow", tick);
  return tick;
}

/**
 * A repeating countdown's schedule from the attributes the build writes (src/eleventy/filters.ts,
 * countdownData): `data-repeat`, `data-zone`, `data-start` (the wall clock of the occurrence
 * `data-countdown` is, so the schedule starts there; a rule's own start) and, when it ends, `data-last`
 * (its last occurrence, which bounds it as its `until` does) and `data-except` (the instants left out,
 * space-separated).
 */
function scheduleOf(data: DOMStringMap): Schedule {
  // data-start is written as wallClockText writes it ("2027-03-05T17:00:00"): its six numbers in order.
  const [year, month, day, hour, minute, second] = data.start!.split(/\D/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    start: { year, month, day, hour, minute, second },
    zone: data.zone!,
    repeat: data.repeat,
    untilMs: data.last ? Date.parse(data.last) : undefined,
    except: data.except?.split(" ").map(Date.parse),
  };
}

/**
 * What a `[data-countdown]` element counts to, as a function of now: its `data-countdown` instant; for
 * a repeating countdown the next occurrence as each passes (`nextOccurrence` of `scheduleOf`), the
 * last one once none is ahead. `REPEATS` is false in a widget whose countdown does not repeat, so its
 * bundle leaves the occurrence code out; the pages' script has it always (an index page holds up to 100 countdowns, each perhaps years past its build).
 */
export function countingTo(data: DOMStringMap): (nowMs: number) => number {
  let target = Date.parse(data.countdown!);
  if (!REPEATS || !data.repeat) return () => target;
  const schedule = scheduleOf(data);
  // At an occurrence's own instant it is the one after it that counts.
  return (nowMs) => (nowMs >= target ? (target = nextOccurrence(schedule, nowMs + 1) ?? schedule.untilMs!) : target);
}
