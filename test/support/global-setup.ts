// Builds the fixture countdowns once for the whole run; the tests read that build or serve it.
import { rmSync } from "node:fs";
import { buildSite } from "../../src/build/build-site.ts";
import { writeFixtureCountdowns } from "./fixtures.ts";
import { TEST_BASE_URL, TEST_COUNTDOWNS_DIR, TEST_OUT_DIR, TEST_WORK_DIR } from "./paths.ts";

export default async function setup(): Promise<() => void> {
  writeFixtureCountdowns(TEST_COUNTDOWNS_DIR);
  const result = await buildSite({
    countdownsDir: TEST_COUNTDOWNS_DIR,
    outDir: TEST_OUT_DIR,
    baseUrl: TEST_BASE_URL,
    version: "test+0000000",
  });
  if (!result.ok) throw new Error(`fixture build failed: ${JSON.stringify(result.problems)}`);
  return () => rmSync(TEST_WORK_DIR, { recursive: true, force: true });
}
