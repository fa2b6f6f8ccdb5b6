// `npm run test:all`: every tier of tests with the real tools (docs/testing.md). The e2e tier drives
// tools from Debian, listed in test/e2e/debian-packages.txt: any missing is installed with apt-get
// when this runs as root on a machine that has it; otherwise this stops at once, naming the exact
// `apt-get install` line. A check is never skipped.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";
import { takeNoArgument } from "./arguments.ts";

takeNoArgument("test:all", "a tier alone: npm run test:unit, test:integration or test:e2e");

const LIST = path.join(PROJECT_ROOT, "test/e2e/debian-packages.txt");

/** Each package of the list with the check that shows it is there. */
function debianPackages(): { name: string; check: string }[] {
  return readFileSync(LIST, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [name, check] = line.trim().split(/\s+/) as [string, string];
      return { name, check };
    });
}

function present(check: string): boolean {
  if (check.startsWith("python3:"))
    return (
      spawnSync("/usr/bin/python3", ["-c", `import ${check.slice("python3:".length)}`], { stdio: "ignore" }).status ===
      0
    );
  if (check.startsWith("/")) return existsSync(check);
  return spawnSync("sh", ["-c", `command -v ${check}`], { stdio: "ignore" }).status === 0;
}

const missing = debianPackages()
  .filter(({ check }) => !present(check))
  .map(({ name }) => name);
if (missing.length > 0) {
  const line = `apt-get install -y ${missing.join(" ")}`;
  const canInstall =
    process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!canInstall) {
    console.error(
      `The e2e tests need Debian packages that are not installed. Install them, then run npm run test:all again:\n\n  sudo ${line}\n`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} (${line})`);
  execFileSync("sh", ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${line} -qq`], { stdio: "inherit" });
}

// The unit and integration tiers together, then the e2e tier alone: the browsers need the machine.
const steps: [string, string[]][] = [
  ["tsc", ["--noEmit"]],
  ["prettier", ["--check", "."]],
  ["eslint", ["."]],
  ["knip", []],
  ["vitest", ["run", "--project", "unit", "--project", "integration"]],
  ["vitest", ["run", "--project", "e2e"]],
];
for (const [tool, toolArgs] of steps) {
  const result = spawnSync(path.join(PROJECT_ROOT, "node_modules/.bin", tool), toolArgs, {
    stdio: "inherit",
    cwd: PROJECT_ROOT,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
