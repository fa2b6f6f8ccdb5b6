// The public records the site publishes as JSON: a countdown's record (`/api/data/<slug>.json`) and the
// list of pages (`/api/pages`). Types of their own, documented in OpenAPI (openapi.ts), made from the
// checked countdowns field by field, so no internal change can alter what clients read.
import { listed, type Countdown } from "../authoring/countdown.ts";
import { absoluteUrl, doneImagePath, pagePath, type SiteAddress } from "../paths.ts";
import { lastOccurrence } from "../time/occurrence.ts";
import type { PublishedRecord, RecordMessages } from "../published-record.ts";
import { messagesFor } from "../text/messages.ts";
import { isoSeconds } from "../time/time-left.ts";
import { wallClockText } from "../time/zone.ts";

/** `/api/data/<slug>.json` without its messages: the record defined in src/published-record.ts. */
export function publishedCountdown({
  slug,
  title,
  targetDate,
  evergreenMs,
  evergreenUntilMs,
  timezone,
  lang,
  status,
  schedule,
  unitWords,
  doneImage,
}: Countdown): PublishedRecord {
  const { start, repeat, untilMs, except } = schedule;
  return {
    slug,
    title,
    ...(evergreenMs ? { evergreen: evergreenMs / 1000 } : { targetDate }),
    ...(evergreenUntilMs !== undefined ? { until: isoSeconds(evergreenUntilMs) } : {}),
    ...(timezone !== "UTC" ? { zone: timezone } : {}),
    ...(lang !== "en" ? { lang } : {}),
    ...(status !== "scheduled" ? { status } : {}),
    ...(unitWords ? { unitWords: unitWords as PublishedRecord["unitWords"] } : {}),
    ...(doneImage ? { doneImage: doneImagePath(doneImage) } : {}),
    ...(repeat
      ? {
          repeat: {
            rule: repeat,
            start: wallClockText(start),
            // A rule's COUNT ends it at its last occurrence: no `until` of the author's.
            ...(untilMs !== undefined
              ? {
                  ...(/COUNT=/.test(repeat) ? {} : { until: isoSeconds(untilMs) }),
                  last: isoSeconds(lastOccurrence(schedule)!),
                }
              : {}),
            ...(except ? { except: except.map(isoSeconds) } : {}),
          },
        }
      : {}),
  };
}

/** The file `/api/data/<slug>.json`: the public record and its messages (the live data keeps the record alone). */
export function dataRecord(countdown: Countdown): PublishedRecord & { messages: RecordMessages } {
  const { status, lang, doneMessage } = countdown;
  const messages = messagesFor(lang);
  return {
    ...publishedCountdown(countdown),
    messages: {
      done: doneMessage,
      ...(status !== "scheduled" ? { status: messages[status] } : {}),
      ...(status === "postponed" ? { newDate: messages.newDate } : {}),
    },
  };
}

/** An item of `/api/pages`. */
interface PageItem {
  slug: string;
  title: string;
  /** The absolute URL of the countdown's page. */
  url: string;
}

/** The list behind `/api/pages`: the listed countdowns in the order they come in (soonest first), absolute URLs. */
export function pagesList(countdowns: readonly Countdown[], site: SiteAddress): PageItem[] {
  return listed(countdowns).map(({ slug, title }) => ({ slug, title, url: absoluteUrl(site, pagePath(slug)) }));
}
