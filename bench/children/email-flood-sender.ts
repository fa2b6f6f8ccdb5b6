// A flood of abandoned email requests (bench/email-flood.ts): for `seconds`, `rate` requests a second,
// each for a heavy drawing of its own (1200 px at density 2, the units layout in Korean, a colour of
// its own), on a connection of its own closed 5 ms after the request is sent, answered or not. Prints
// one JSON line: how many were sent.
import net from "node:net";

const [origin, slug, rate, seconds] = process.argv.slice(2);
const { hostname, port } = new URL(origin!);
const ABANDON_MS = 5;
let sent = 0;
const started = performance.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * Number(rate));
    for (; sent < due; sent++) {
      const target = `/api/email/${slug}.gif?width=1200&density=2&layout=units&lang=ko&accent=${(sent * 7919).toString(16).padStart(6, "0").slice(-6)}`;
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
        setTimeout(() => socket.destroy(), ABANDON_MS);
      });
      socket.on("error", () => {});
    }
    if (performance.now() - started >= Number(seconds) * 1000) {
      clearInterval(timer);
      resolve();
    }
  }, 10);
});
console.log(JSON.stringify({ sent }));
