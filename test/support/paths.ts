// Where the tests build the fixture countdowns, shared by the Vitest config and the global setup.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// One folder per run, named by the process that loads the Vitest config first; its test workers
// inherit the variable. Two runs at once (an editor's and a terminal's) never share a build.
process.env.COUNTDOWN_TEST_DIR ??= path.join(ROOT, ".test-build", `run-${process.pid}`);
export const TEST_WORK_DIR = process.env.COUNTDOWN_TEST_DIR;
export const TEST_COUNTDOWNS_DIR = path.join(TEST_WORK_DIR, "countdowns");
export const TEST_OUT_DIR = path.join(TEST_WORK_DIR, "dist");
export const TEST_SITE_DIR = path.join(TEST_OUT_DIR, "site");
export const TEST_LIVE_DATA = path.join(TEST_OUT_DIR, "live", "countdowns.json");
export const TEST_BASE_URL = "https://countdowns.example.test";
