// The live data the tests answer from, in memory: the countdowns given, and the rest of a build's
// live data set to fixed values (a version, the tzdata the build names, the site).
import { memoryLiveStore, type LiveCountdown, type LiveStore } from "../../src/live/live-store.ts";

export function testLiveStore(
  countdowns: LiveCountdown[],
  { version = "test", origin = "https://example.test" }: { version?: string; origin?: string } = {},
): LiveStore {
  return memoryLiveStore({ version, tz: "2025c", siteName: "Countdowns", site: { origin, basePath: "" }, countdowns });
}
