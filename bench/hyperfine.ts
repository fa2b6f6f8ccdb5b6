// Whole commands timed by hyperfine (Debian's package): warm-up runs, alternation is up to the caller,
// and each command's run times come back from hyperfine's JSON export.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";

export interface Timed {
  command: string;
  /** Seconds. */
  median: number;
  min: number;
  max: number;
  times: number[];
}

export function hasHyperfine(): boolean {
  try {
    execFileSync("hyperfine", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs each command `runs` times (after `warmup` runs not counted), with `prepare` before each run,
 * from the project folder, and returns hyperfine's figures per command.
 */
export function hyperfine(
  commands: string[],
  options: { runs: number; warmup?: number; prepare?: string; env?: NodeJS.ProcessEnv },
): Timed[] {
  const dir = mkdtempSync(path.join(tmpdir(), "countdown-hyperfine-"));
  try {
    const json = path.join(dir, "results.json");
    const args = [
      "--runs",
      String(options.runs),
      "--warmup",
      String(options.warmup ?? 0),
      "--export-json",
      json,
      "--style",
      "none",
    ];
    if (options.prepare) args.push("--prepare", options.prepare);
    execFileSync("hyperfine", [...args, ...commands], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const results = (JSON.parse(readFileSync(json, "utf8")) as { results: Timed[] }).results;
    return results.map(({ command, median, min, max, times }) => ({ command, median, min, max, times }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
