// A countdown as an event for the places a visitor keeps events: the calendar links of its page
// (Google Calendar, Outlook on the web) and its schema.org Event for search engines. The `.ics` file
// beside the page is src/authoring/calendar.ts; these say the same instant, rule and words.
import type { Status } from "../vocabulary.ts";
import { DateTime } from "luxon";
import { icsDateTime, plainText, repeatRule } from "../authoring/calendar.ts";
import type { SiteCountdown } from "./site-input.ts";

/** A calendar's description: the page's address, then the description as plain text (a few hundred characters at most). */
function details(countdown: SiteCountdown, pageUrl: string): string {
  const text = plainText(countdown.description).trim();
  const chars = [...text];
  const short = chars.length <= 500 ? text : `${chars.slice(0, 499).join("").trimEnd()}…`;
  return short ? `${pageUrl}\n\n${short}` : pageUrl;
}

/**
 * Google Calendar's "create event" link (`calendar.google.com/calendar/render?action=TEMPLATE`),
 * filled in: the title, the next occurrence as an instant (`dates=<UTC>/<UTC>`, the same start and end
 * as the `.ics`), a repeating countdown's rule and zone (`recur`, `ctz`), and the page in the details.
 */
export function googleCalendarUrl(countdown: SiteCountdown, pageUrl: string): string {
  const at = icsDateTime(countdown.nextDate);
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: countdown.title,
    dates: `${at}/${at}`,
    details: details(countdown, pageUrl),
  });
  if (countdown.schedule.repeat) {
    params.set("recur", `RRULE:${repeatRule(countdown.schedule)}`);
    params.set("ctz", countdown.schedule.zone);
  }
  return `https://calendar.google.com/calendar/render?${params}`;
}

/**
 * Outlook on the web's compose-event link (`outlook.live.com/calendar/0/action/compose`), filled in:
 * the title, start and end as UTC instants, the page in the body. It takes no repeat rule: the `.ics`
 * carries that.
 */
export function outlookCalendarUrl(countdown: SiteCountdown, pageUrl: string): string {
  const at = countdown.nextDate;
  const params = new URLSearchParams({
    rru: "addevent",
    path: "/calendar/action/compose",
    subject: countdown.title,
    startdt: at,
    enddt: at,
    body: details(countdown, pageUrl),
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params}`;
}

const EVENT_STATUS = {
  scheduled: "EventScheduled",
  postponed: "EventPostponed",
  cancelled: "EventCancelled",
} as const satisfies Record<Status, string>;

/**
 * The countdown as a schema.org `Event` (https://schema.org/Event), for the page's JSON-LD: its name,
 * its start with the offset of its zone at that instant, its status, its page, preview image and
 * description. A postponed event keeps the date announced before, as schema.org asks.
 */
export function eventData(
  countdown: SiteCountdown,
  { pageUrl, imageUrl, description }: { pageUrl: string; imageUrl: string; description: string },
) {
  const start = DateTime.fromMillis(countdown.nextMs, { zone: countdown.timezone }).toISO({
    suppressMilliseconds: true,
  });
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: countdown.title,
    startDate: start,
    eventStatus: `https://schema.org/${EVENT_STATUS[countdown.status]}`,
    url: pageUrl,
    image: imageUrl,
    description,
    ...(countdown.lang ? { inLanguage: countdown.lang } : {}),
  };
}
