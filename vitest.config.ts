// Vitest: every test under test/, after one build of the fixture countdowns (test/support/global-setup.ts).
import { defineConfig } from "vitest/config";
import { TEST_LIVE_DATA } from "./test/support/paths.ts";

export default defineConfig({
  resolve: {
    // The Netlify Function imports the live data of a build; in tests, that of the fixture build.
    alias: { "#live-data": TEST_LIVE_DATA },
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
