// The site's calendar feed (CALENDAR_FEED_PATH, /calendar.ics): one calendar of every listed countdown
// with a date, which a calendar app subscribes to once and fetches again every FEED_REFRESH. Each
// countdown's VEVENT is the one of its own file (calendar.ts), its UID among them, so an event
// imported from that file is the feed's; each zone's VTIMEZONE is written once, over the years every
// event in it needs. Unlisted countdowns are left out, and so are evergreen ones (no date: each
// visitor's deadline is their own); postponed and cancelled ones say so, as in their files. A site
// of more than FEED_MOST of them keeps the first it is given (the build gives the index's order).
import { listed, type Countdown } from "./countdown.ts";
import { CALENDAR_START, calendarEvent, calendarText, icsText, zoneLines, type ZoneYears } from "./calendar.ts";

/** How often a subscribed calendar app asks for the feed again (RFC 7986's REFRESH-INTERVAL, and X-PUBLISHED-TTL for Outlook). */
const FEED_REFRESH = "PT1H";
/**
 * The most events the feed holds: some 4 MB of them (without long descriptions), which calendar apps
 * still read, far from the 25 MiB a Worker's asset may be (`/api/pages` reaches that first, at about
 * 210,000 countdowns).
 */
const FEED_MOST = 10_000;

interface FeedOptions {
  /** The calendar's name in the app (the site's), and what it is. */
  name: string;
  description: string;
  /** The index page and the feed itself, absolute. */
  siteUrl: string;
  feedUrl: string;
  /** A countdown's page, absolute, and when its event was made (DTSTAMP): as its own file says them. */
  pageUrl: (slug: string) => string;
  stamp: (slug: string) => string;
  /** The most events it holds (FEED_MOST unless given). */
  most?: number;
}

/** The feed of `countdowns`, the first FEED_MOST of them kept where there are more. */
export function calendarFeed(countdowns: readonly Countdown[], options: FeedOptions): string {
  const zones = new Map<string, ZoneYears>();
  const events: string[] = [];
  // By slug: the feed changes only where a countdown does, not with the order of the next occurrences.
  const dated = listed(countdowns)
    .filter((countdown) => !countdown.evergreenMs)
    .slice(0, options.most ?? FEED_MOST)
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  for (const countdown of dated) {
    const { zone, lines } = calendarEvent(countdown, {
      pageUrl: options.pageUrl(countdown.slug),
      stamp: options.stamp(countdown.slug),
    });
    const seen = zone && zones.get(zone.zone);
    if (zone)
      zones.set(
        zone.zone,
        seen
          ? {
              zone: zone.zone,
              firstYear: Math.min(seen.firstYear, zone.firstYear),
              lastYear: Math.max(seen.lastYear, zone.lastYear),
            }
          : zone,
      );
    events.push(...lines);
  }
  const about = options.description ? icsText(options.description) : undefined;
  return calendarText([
    ...CALENDAR_START,
    // RFC 7986's names, and those of the apps that predate it (Apple, Google, Outlook).
    `NAME:${icsText(options.name)}`,
    `X-WR-CALNAME:${icsText(options.name)}`,
    ...(about ? [`DESCRIPTION:${about}`, `X-WR-CALDESC:${about}`] : []),
    `URL:${options.siteUrl}`,
    `SOURCE;VALUE=URI:${options.feedUrl}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
    `X-PUBLISHED-TTL:${FEED_REFRESH}`,
    ...[...zones.values()].sort((a, b) => (a.zone < b.zone ? -1 : 1)).flatMap(zoneLines),
    ...events,
    "END:VCALENDAR",
  ]);
}
