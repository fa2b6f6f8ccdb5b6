// The countdowns as the live runtime holds them: built by the site build into `_live/countdowns.json`,
// checked here when loaded, so a corrupt file is refused with a reason rather than served wrong.

export interface LiveCountdown {
  slug: string;
  title: string;
  /** `YYYY-MM-DDThh:mm:ssZ` */
  targetDate: string;
}

/** The file the build writes for the live runtime (`dist/live/countdowns.json`). */
export interface LiveDataFile {
  /** The release, for `/api/health`. */
  version: string;
  /** The widget ticker's CSP hash, which the local server's embed headers need. */
  tickerHash: string;
  countdowns: LiveCountdown[];
}

export interface LiveEntry extends LiveCountdown {
  targetMs: number;
}

export interface LiveStore {
  version: string;
  tickerHash: string;
  count: number;
  get(slug: string): LiveEntry | undefined;
}

export class LiveDataError extends Error {
  override name = "LiveDataError";
}

const TARGET_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Checks what the build wrote and indexes it by slug. Throws `LiveDataError` saying what is wrong. */
export function createLiveStore(data: unknown): LiveStore {
  const file = data as Partial<LiveDataFile> | null;
  if (typeof file !== "object" || file === null || typeof file.version !== "string" || typeof file.tickerHash !== "string" || !Array.isArray(file.countdowns)) {
    throw new LiveDataError("live data is not an object with a version, a tickerHash and a list of countdowns");
  }
  const bySlug = new Map<string, LiveEntry>();
  file.countdowns.forEach((countdown: Partial<LiveCountdown>, index) => {
    const targetMs = typeof countdown?.targetDate === "string" && TARGET_DATE.test(countdown.targetDate) ? Date.parse(countdown.targetDate) : NaN;
    if (typeof countdown?.slug !== "string" || typeof countdown.title !== "string" || Number.isNaN(targetMs)) {
      throw new LiveDataError(`live data countdown #${index} needs a slug, a title and a targetDate like 2026-12-31T23:59:59Z`);
    }
    bySlug.set(countdown.slug, { slug: countdown.slug, title: countdown.title, targetDate: countdown.targetDate!, targetMs });
  });
  return { version: file.version, tickerHash: file.tickerHash, count: bySlug.size, get: (slug) => bySlug.get(slug) };
}
