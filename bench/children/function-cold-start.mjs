// A fresh Node process that does what Netlify's runtime does on a cold start: import the bundled
// function and call it with a Request. Plain JavaScript, run by plain `node` (no TypeScript loader),
// so that nothing but Node and the bundle is timed. Prints one JSON line of timings in ms.
import { pathToFileURL } from "node:url";

// From the process's time origin (its start) to here: Node's own boot, before any of our code.
const bootMs = performance.now();
const [bundlePath, url, warm] = process.argv.slice(2);
if (!bundlePath || !url) throw new Error("usage: function-cold-start.mjs <bundle.mjs> <url> [warm-response]");

// The first Request loads Node's fetch classes (undici); on Netlify the runtime makes the Request,
// so this is timed apart from the function.
const request = new Request(url);
const requestMs = performance.now();
// With "warm-response", a first Response is made and read before the function's turn, to show how
// much of a function's first answer is Node loading what a Response body needs (web streams).
if (warm === "warm-response") await new Response("{}").text();
const warmedMs = performance.now();

const { default: handler } = await import(pathToFileURL(bundlePath).href);
const importedMs = performance.now();
const response = await handler(request, {});
const body = await response.text();
const answeredMs = performance.now();

console.log(
  JSON.stringify({
    bootMs,
    requestClassesMs: requestMs - bootMs,
    responseClassesMs: warmedMs - requestMs,
    importMs: importedMs - warmedMs,
    firstCallMs: answeredMs - importedMs,
    status: response.status,
    bodyBytes: Buffer.byteLength(body),
  }),
);
