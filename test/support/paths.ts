// Where the tests build their fixture countdowns, and the one clock of the run, shared by the Vitest
// config, the global setup and every test worker (which inherit these variables).
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// One folder per run, named by the process that loads the Vitest config first. Two runs at once (an
// editor's and a terminal's) never share a build.
process.env.COUNTDOWN_TEST_DIR ??= path.join(ROOT, ".test-build", `run-${process.pid}`);
// The instant the fixtures are relative to: the start of the run, whatever the date.
process.env.COUNTDOWN_TEST_NOW ??= String(Math.floor(Date.now() / 1000) * 1000);

export const TEST_WORK_DIR = process.env.COUNTDOWN_TEST_DIR;
export const TEST_NOW = Number(process.env.COUNTDOWN_TEST_NOW);
export const TEST_COUNTDOWNS_DIR = path.join(TEST_WORK_DIR, "countdowns");
export const TEST_OUT_DIR = path.join(TEST_WORK_DIR, "dist");
export const TEST_SITE_DIR = path.join(TEST_OUT_DIR, "site");
export const TEST_LIVE_DIR = path.join(TEST_OUT_DIR, "live");
export const TEST_BASE_URL = "https://countdowns.example.test";
/** The fixtures' site file: the defaults, and a logo beside it (test/support/fixtures.ts). */
export const TEST_SITE_FILE = path.join(TEST_WORK_DIR, "_data", "site.json");
/** The environment of a command run on the fixtures. */
export const TEST_ENV = {
  COUNTDOWNS_DIR: TEST_COUNTDOWNS_DIR,
  OUT_DIR: TEST_OUT_DIR,
  URL: TEST_BASE_URL,
  SITE_FILE: TEST_SITE_FILE,
};

/**
 * How long a test waits for what it polls for (a rebuild, a log line, a server's answer): a guard
 * against a hang, never a measure of speed. Wide enough for a 2-core laptop busy with other work
 * (docs/testing.md: the suite measured beside two CPU-bound processes).
 */
export const POLL_LIMIT = 120_000;
