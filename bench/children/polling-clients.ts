// Simulated widget clients, in a process of their own: each polls one countdown every second over
// its own keep-alive connection, as a browser tab would, some adding random query strings that a
// cache keyed on `shape` only must ignore. Prints one JSON line: what the clients saw.
import http from "node:http";
import { randomBytes } from "node:crypto";

const [base, slugList, clientsArg, secondsArg, randomShareArg] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const slugs = slugList.split(",");
const CLIENTS = Number(clientsArg);
const SECONDS = Number(secondsArg);
const RANDOM_SHARE = Number(randomShareArg);
const SHAPES = ["", "a", "b"] as const;

interface Client {
  agent: http.Agent;
  slug: string;
  shape: (typeof SHAPES)[number];
  randomQuery: boolean;
}

const clients: Client[] = Array.from({ length: CLIENTS }, (_, index) => ({
  agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  slug: slugs[index % slugs.length]!,
  // Every (slug, shape) pair gets the same number of clients.
  shape: SHAPES[Math.floor(index / slugs.length) % SHAPES.length]!,
  randomQuery: (index * 7919) % 100 < RANDOM_SHARE * 100,
}));

function pathFor(client: Client): string {
  const random = randomBytes(6).toString("hex");
  const path = `/api/countdown/${client.slug}`;
  if (client.shape === "") return client.randomQuery ? `${path}?utm=${random}` : path;
  return client.randomQuery ? `${path}?shape=${client.shape}&x=${random}` : `${path}?shape=${client.shape}`;
}

const latencies: number[] = [];
const ages: number[] = [];
const statuses = new Map<string, number>();
const cacheStatuses = new Map<string, number>();
let failures = 0;
let sent = 0;

function poll(client: Client): Promise<void> {
  sent++;
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(`${base}${pathFor(client)}`, { agent: client.agent, timeout: 5_000 }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        latencies.push(performance.now() - started);
        // Only the default shape carries serverTime: how old the answer was when it arrived.
        if (client.shape === "" && response.statusCode === 200)
          ages.push(Date.now() - Date.parse((JSON.parse(body) as { serverTime: string }).serverTime));
        statuses.set(String(response.statusCode), (statuses.get(String(response.statusCode)) ?? 0) + 1);
        const cache = String(response.headers["x-cache-status"] ?? "none");
        cacheStatuses.set(cache, (cacheStatuses.get(cache) ?? 0) + 1);
        resolve();
      });
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => {
      failures++;
      resolve();
    });
  });
}

const startedAt = performance.now();
await Promise.all(
  clients.map(async (client) => {
    // Clients start spread over the first second, then each polls once a second on its own clock.
    const offset = Math.random() * 1000;
    for (let tick = 0; tick < SECONDS; tick++) {
      const due = startedAt + offset + tick * 1000;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await poll(client);
    }
    client.agent.destroy();
  }),
);
const elapsedMs = performance.now() - startedAt;
latencies.sort((a, b) => a - b);
ages.sort((a, b) => a - b);
const at = (fraction: number, sorted = latencies) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
console.log(
  JSON.stringify({
    clients: CLIENTS,
    sent,
    answered: latencies.length,
    failures,
    elapsedMs,
    p50: at(0.5),
    p99: at(0.99),
    ageP50: at(0.5, ages),
    ageMax: ages.at(-1) ?? NaN,
    statuses: Object.fromEntries(statuses),
    cacheStatuses: Object.fromEntries(cacheStatuses),
  }),
);
