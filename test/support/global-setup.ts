// Builds the fixture countdowns once for the whole run, at the run's clock; the tests read that build
// or serve it.
import { rmSync } from "node:fs";
import { readConfig } from "../../src/config.ts";
import { publish } from "../../src/publish/publish.ts";
import { writeFixtureCountdowns, writeFixtureSite } from "./fixtures.ts";
import { TEST_COUNTDOWNS_DIR, TEST_ENV, TEST_NOW, TEST_SITE_FILE, TEST_WORK_DIR } from "./paths.ts";

export default async function setup(): Promise<() => void> {
  writeFixtureCountdowns(TEST_COUNTDOWNS_DIR);
  writeFixtureSite(TEST_SITE_FILE);
  const result = await publish(readConfig(TEST_ENV), { now: TEST_NOW, version: "test+0000000" });
  if (!result.ok) throw new Error(`fixture build failed: ${JSON.stringify(result.problems)}`);
  return () => rmSync(TEST_WORK_DIR, { recursive: true, force: true });
}
