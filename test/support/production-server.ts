// Starts the real Node server (src/server/main.ts, as `npm run serve` does) on a free port.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { POLL_LIMIT, ROOT } from "./paths.ts";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended (null if a signal ended it). */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts the server from source on `outDir`; with `bundled`, the build's own `server.mjs` run by plain
 * node instead, as in production.
 */
export async function startServer(
  outDir: string,
  env: Record<string, string | undefined> = {},
  { bundled = false } = {},
): Promise<RunningServer> {
  const args = bundled ? [path.join(outDir, "server.mjs")] : ["--import", "tsx", path.join(ROOT, "src/server/main.ts")];
  // A variable given as undefined is left unset.
  const variables = Object.fromEntries(
    Object.entries({ ...process.env, PORT: "0", HOST: "127.0.0.1", OUT_DIR: outDir, ...env }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: variables,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), POLL_LIMIT);
    child.stdout!.on("data", () => {
      const match = /Countdown service at (http:\/\/[^/\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });

  return {
    url,
    process: child,
    output: () => output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
