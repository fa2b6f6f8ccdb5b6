// The live data of a build: the countdowns as the live runtime reads them (src/live/live-store.ts),
// made from the checked countdowns, and written beside the published site.
import { existsSync, linkSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { META_FILE, SHARDS_FOLDER, shardCount, shardFile, shardOf } from "../shards.ts";
import type { Countdown } from "../authoring/countdown.ts";
import { messagesFor } from "../text/messages.ts";
import { liveDataFiles, type LiveCountdown, type LiveData, type LiveMeta } from "../live/live-store.ts";
import type { SiteInput } from "../eleventy/site-input.ts";
import { publishedCountdown } from "../eleventy/records.ts";
import { previewDraws, writeLiveImages } from "./done-images.ts";
import { headerImagePath, siteFontFile } from "../paths.ts";

/**
 * A countdown as the live runtime holds it: its public record (what `/api/data/<slug>.json`
 * publishes), and what only the live routes need.
 */
function liveCountdown(countdown: Countdown): LiveCountdown {
  const { doneMessage, lang, email, go, image } = countdown;
  return {
    ...publishedCountdown(countdown),
    ...(doneMessage !== messagesFor(lang).done ? { done: doneMessage } : {}),
    ...(email ? { email } : {}),
    ...(go ? { go } : {}),
    ...(image && previewDraws(image) ? { image: headerImagePath(image) } : {}),
  };
}

/** The time zone data this Node converts wall-clock times with (docs/deploying.md, "Time zone data"). */
const TZ_VERSION = process.versions.tz ?? "unknown";

export function liveData(input: SiteInput): LiveData {
  return {
    version: input.version,
    site: input.config.site,
    siteName: input.identity.name,
    siteLanguage: input.identity.language,
    siteAccent: input.identity.accent,
    ...(input.identity.font?.drawn ? { siteFont: siteFontFile(input.identity.font.drawn) } : {}),
    tz: TZ_VERSION,
    countdowns: input.countdowns.map(liveCountdown),
  };
}

/** The files the live data is made from beside the build's input: the countdowns' pictures (from the folder that holds the countdowns), the site's font. */
export const liveSources = ({ config, countdowns, identity }: SiteInput) => ({
  countdowns,
  root: path.dirname(config.countdownsDir),
  ...(identity.font?.drawn ? { siteFont: path.join(path.dirname(config.siteFile), identity.font.drawn.file) } : {}),
});

/**
 * Writes the live data folder: the shards, the done images' bitmaps and the preview's backgrounds (of `images`: the countdowns,
 * their files named from `root`), then meta.json, which readers take as the sign it is complete. With
 * `base` (the live data folder of the build this one is made from, in as many shards, and the
 * countdowns changed or removed since), a shard that holds none of them is the base's file, linked.
 */
export async function writeLiveData(
  dir: string,
  data: LiveData,
  base?: { dir: string; slugs: Iterable<string> },
  images?: { countdowns: readonly Countdown[]; root: string; siteFont?: string },
): Promise<void> {
  const shards = shardCount(data.countdowns.length);
  const from =
    base &&
    existsSync(path.join(base.dir, META_FILE)) &&
    (JSON.parse(readFileSync(path.join(base.dir, META_FILE), "utf8")) as LiveMeta).shards === shards
      ? base
      : undefined;
  const written = from && new Set([...from.slugs].map((slug) => shardOf(slug, shards)));
  const files = liveDataFiles(data, written);
  await mkdir(path.join(dir, SHARDS_FOLDER), { recursive: true });
  for (let index = 0; index < shards && written; index++)
    if (!written.has(index)) linkSync(path.join(from!.dir, shardFile(index)), path.join(dir, shardFile(index)));
  for (const [name, text] of files) if (name !== META_FILE) await writeFile(path.join(dir, name), text);
  if (images) await writeLiveImages(dir, images.countdowns, images.root);
  // The site's font for the images (`images.siteFont`: its file), which every runtime reads as it reads the rest.
  if (data.siteFont && images?.siteFont) {
    await mkdir(path.dirname(path.join(dir, data.siteFont)), { recursive: true });
    await writeFile(
      path.join(dir, data.siteFont),
      JSON.stringify({ base64: readFileSync(images.siteFont).toString("base64") }),
    );
  }
  await writeFile(path.join(dir, META_FILE), files.get(META_FILE)!);
}
