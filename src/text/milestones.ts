// `announce=milestones`: what a polite live region, apart from the timer, says as a count passes an
// hour, ten minutes and a minute left, and its end; never every second. The widget, `<countdown-timer>`
// and the visitor's pages say the same words (the language's own, from Intl.RelativeTimeFormat).

/** The seconds left at which the count is announced, largest first; 0 is the end. */
const MILESTONES = [3600, 600, 60, 0];

/**
 * What to announce as the seconds left go from `before` to `left`: the milestone just passed (within
 * the last few seconds: a tick late under load; not one a sleeping machine or a hidden tab passed long
 * ago), as "<title>: in 10 minutes" in `lang`, or "<title>: <done>" at the end, however late (the
 * language's "now" where there is no done message; no title where there is none); "" where none was,
 * and at the first draw (`before` undefined), so that loading a page says nothing.
 */
export function milestone(
  before: number | undefined,
  left: number,
  lang: string,
  title: string | null,
  done: string | null,
): string {
  // The end: the count reached zero, or (a repeating countdown) moved on from its last seconds to the next occurrence.
  const ended = before! > 0 && (left <= 0 || (before! < 5 && left > before!));
  const passed = ended ? 0 : MILESTONES.find((at) => at && before! > at && left <= at && left > at - 5);
  if (passed === undefined) return "";
  const format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const words = passed
    ? format.format(passed / (passed < 3600 ? 60 : 3600), passed < 3600 ? "minute" : "hour")
    : done || format.format(0, "second");
  return [title, words].filter(Boolean).join(": ");
}

/**
 * A live region for the announcements, at the end of `parent`: polite, apart from the timer, seen by
 * no one (visually hidden by the face's styles: `[data-said]`), and named by the words it says (a
 * child it is labelled by: Firefox names nothing by a reference to itself), so that the
 * accessibility tree shows them. Gives the child whose text is what is said.
 */
export function liveRegion(parent: Element): HTMLElement {
  const region = parent.appendChild(document.createElement("p"));
  region.setAttribute("role", "status");
  region.setAttribute("data-said", "");
  const words = region.appendChild(document.createElement("span"));
  words.id = "said-" + Math.random().toString(36).slice(2);
  region.setAttribute("aria-labelledby", words.id);
  return words;
}
