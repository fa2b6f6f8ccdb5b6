// One bounded autocannon run against 127.0.0.1, with latencies kept at full precision and the CPU time
// the server process spent meanwhile: what the HTTP benchmarks compare.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export interface LoadRun {
  requests: number;
  seconds: number;
  rps: number;
  /** Latency percentiles in ms, from every response (autocannon's own histogram rounds to whole ms). */
  p50: number;
  p99: number;
  /** Responses that were not 2xx, plus connection errors and timeouts: must be 0 for a valid run. */
  failures: number;
  /** CPU time the server process used during the run, per request, in µs (undefined off Linux). */
  cpuUsPerRequest?: number;
  /** The server's CPU time over wall time: near 1.0 means the server, not the load generator, is the bound. */
  serverBusy?: number;
}

/** The value below which `fraction` (0 to 1) of the sorted values lie (nearest rank). */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process in ms, from /proc (Linux); undefined where there is none. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** `rate`: requests a second in all, where the run measures latency at a steady load rather than the most the server answers. */
export async function loadRun(
  url: string,
  options: { connections: number; seconds: number; serverPid?: number; rate?: number },
): Promise<LoadRun> {
  // Sized for the most responses one run can plausibly see; extra ones are still counted.
  let latencies = new Float64Array(1 << 20);
  let count = 0;
  const cpuBefore = processCpuMs(options.serverPid);
  const started = performance.now();
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = ms;
  });
  const result = await instance;
  const wallMs = performance.now() - started;
  const cpuAfter = processCpuMs(options.serverPid);
  const sorted = latencies.subarray(0, count).sort();
  const seconds = result.duration;
  const requests = result.requests.total;
  const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failures: result.non2xx + result.errors + result.timeouts,
    cpuUsPerRequest: cpuMs === undefined || requests === 0 ? undefined : (cpuMs * 1000) / requests,
    serverBusy: cpuMs === undefined ? undefined : cpuMs / wallMs,
  };
}
