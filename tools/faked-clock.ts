// How far a clock faked by libfaketime (CI runs every tier 400 days ahead under `faketime`) is ahead
// of the machine's: what a program started without it (workerd, Firefox) is told or given.
import { execFileSync } from "node:child_process";

/** The faked clock's lead over the machine's in ms, and the preload that fakes it; undefined when this process's clock is not faked. */
export function fakedClock(): { offset: number; preload: string } | undefined {
  const preload = process.env.LD_PRELOAD;
  if (!preload?.includes("faketime")) return undefined;
  const { LD_PRELOAD: _, ...machine } = process.env;
  const real = Number(execFileSync("date", ["+%s%3N"], { env: machine, encoding: "utf8" }).trim());
  return { offset: Date.now() - real, preload };
}
