// Vitest: the tests in three tiers (docs/testing.md). unit: pure code, Node alone, no build;
// integration: the build, the Node server, Netlify's own parsers, matcher and bundler, the dev loop,
// git hooks (Node, npm packages, git); e2e: the tools from Debian (three browsers, Lighthouse, the W3C
// checker, nginx, Caddy, systemd, Python's icalendar). The last two share one build of the fixture
// countdowns (test/support/global-setup.ts).
import { defineConfig } from "vitest/config";
import "./test/support/paths.ts";

const built = { globalSetup: ["test/support/global-setup.ts"] };

export default defineConfig({
  test: {
    // Guards against a hang, never a measure of speed: a test's verdict must not depend on how busy
    // the machine is (docs/testing.md). Speed is measured by `npm run bench`.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Both cores: the integration tier's servers and builds wait on each other as much as they compute.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["test/integration/**/*.test.ts"], ...built } },
      // One file at a time: each drives browsers or servers of its own that need the machine.
      { extends: true, test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], fileParallelism: false, ...built } },
    ],
  },
});
