// Child processes of the benchmarks: servers under test and one-shot measurements, each in its own
// Node process so the load generator never shares an event loop (or, on 2 cores, a core) with them.
import { execFileSync, spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { PROJECT_ROOT } from "../src/config.ts";

export interface ServerChild {
  /** `http://127.0.0.1:<port>` */
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Asks the child to stop (SIGTERM), then kills it if it has not exited within 5 s. */
  stop: () => Promise<void>;
}

/** `node --import tsx <script>`: the benchmarks' children run TypeScript exactly as `npm run serve` does. */
function spawnTsx(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdio: StdioOptions,
  nodeOptions: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeOptions, "--import", "tsx", script, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio,
  });
}

/**
 * Starts a server script and resolves once it prints its address. Every server of the benchmarks
 * prints `http://localhost:<port>` (src/server/main.ts does too), listening on 127.0.0.1 only.
 */
export async function startServerChild(
  script: string,
  options: {
    args?: string[];
    env?: NodeJS.ProcessEnv;
    ipc?: boolean;
    nodeOptions?: string[];
    startTimeoutMs?: number;
  } = {},
): Promise<ServerChild> {
  const stdio: StdioOptions = options.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"];
  const child = spawnTsx(
    script,
    options.args ?? [],
    { PORT: "0", HOST: "127.0.0.1", ...options.env },
    stdio,
    options.nodeOptions,
  );
  // The last 64 KB of what it printed: a server with its access log on prints a line per request.
  let output = "";
  const keep = (chunk: Buffer) => void (output = (output + chunk).slice(-65_536));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const timeoutMs = options.startTimeoutMs ?? 20_000;
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const look = () => {
      const match = /http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off("data", look);
      resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on("data", look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${script} exited before it listened:\n${output}`));
    });
  });

  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

export interface ChildResult {
  /** The last line the child printed on stdout, parsed as JSON. */
  result: unknown;
  /** From spawning the process to its exit, as seen by the parent. */
  wallMs: number;
  stderr: string;
}

/** Runs a one-shot script to its end (at most `timeoutMs`); it reports by printing one JSON line last. */
export async function runChild(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; tsx?: boolean } = {},
): Promise<ChildResult> {
  const started = performance.now();
  const child =
    options.tsx === false
      ? spawn(command, args, {
          cwd: PROJECT_ROOT,
          env: { ...process.env, ...options.env },
          stdio: ["ignore", "pipe", "pipe"],
        })
      : spawnTsx(command, args, options.env ?? {}, ["ignore", "pipe", "pipe"]);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${stderr.slice(-2000)}`);
  const lastLine = stdout.trim().split("\n").at(-1) ?? "";
  return { result: JSON.parse(lastLine), wallMs, stderr };
}

/**
 * Binds a process and all its threads to some CPUs (Linux `taskset`, e.g. "0" or "0-1"). False
 * where that cannot be done (no taskset, another system): the benchmark then runs unpinned.
 */
export function pinToCpus(pid: number, cpus: string): boolean {
  try {
    execFileSync("taskset", ["--all-tasks", "--pid", "--cpu-list", cpus, String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
