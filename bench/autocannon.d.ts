// The part of autocannon's API the benchmarks use (the package ships no type declarations).
declare module "autocannon" {
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
  }
  export interface AutocannonResult {
    /** Seconds, as measured by autocannon. */
    duration: number;
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    /** `ms` is the response time at full precision. */
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
  }
  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
