// The live data of a build: the countdowns as the live runtime reads them (src/live/live-store.ts),
// made from the checked countdowns, and written beside the published site.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Countdown } from "../authoring/countdown-file.ts";
import { messagesFor } from "../text/messages.ts";
import { META_FILE, liveDataFiles, type LiveCountdown, type LiveData } from "../live/live-store.ts";
import type { SiteInput } from "../site/site-input.ts";
import { publishedCountdown } from "../site/records.ts";

/**
 * A countdown as the live runtime holds it: its public record (what `/api/data/<slug>.json`
 * publishes), and what only the live routes need.
 */
export function liveCountdown(countdown: Countdown): LiveCountdown {
  const { doneMessage, lang, email } = countdown;
  return {
    ...publishedCountdown(countdown),
    ...(doneMessage !== messagesFor(lang).done ? { done: doneMessage } : {}),
    ...(email ? { email } : {}),
  };
}

/** The time zone data this Node converts wall-clock times with (docs/deploying.md, "Time zone data"). */
export const TZ_VERSION = process.versions.tz ?? "unknown";

export function liveData(input: SiteInput): LiveData {
  return {
    version: input.version,
    site: input.config.site,
    siteName: input.identity.name,
    tz: TZ_VERSION,
    countdowns: input.countdowns.map(liveCountdown),
  };
}

/** Writes the live data folder: the shards, then meta.json, which readers take as the sign it is complete. */
export async function writeLiveData(dir: string, data: LiveData): Promise<void> {
  const files = liveDataFiles(data);
  await mkdir(path.join(dir, "shards"), { recursive: true });
  for (const [name, text] of files) if (name !== META_FILE) await writeFile(path.join(dir, name), text);
  await writeFile(path.join(dir, META_FILE), files.get(META_FILE)!);
}
