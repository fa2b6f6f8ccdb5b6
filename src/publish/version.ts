// The version a build stamps into the live data, shown by /api/health as `version`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** `<package version>+<commit>`: the commit Netlify names (COMMIT_REF), else the local git HEAD. */
export function buildVersion(commit?: string): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  const ref = commit?.slice(0, 12) || gitHead();
  return ref ? `${pkg.version}+${ref}` : pkg.version;
}

function gitHead(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}
