// Vitest: every test under test/, after one build of the fixture countdowns (test/support/global-setup.ts).
import { defineConfig } from "vitest/config";
import "./test/support/paths.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
