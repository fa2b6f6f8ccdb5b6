// The floor of the live JSON benchmark: a bare node:http server that answers /api/countdown/<slug>
// with the same bytes as the Node server (the same body function, computed per request for the
// current instant, and the same headers), with no URL parser, no Request/Response and no routing.
import http from "node:http";
import { buildPaths } from "../../src/config.ts";
import { countdownBody } from "../../src/live/countdown.ts";
import { openLiveFolder } from "../../src/node/live-folder.ts";
import { LIVE_ROUTES } from "../../src/http/routes.ts";

const store = openLiveFolder(buildPaths(process.env.OUT_DIR!).live);
const headers = LIVE_ROUTES.find((route) => route.name === "countdown")!.headers;
const PREFIX = "/api/countdown/".length;

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const entry = store.get(url.slice(PREFIX, query === -1 ? undefined : query));
  if (!entry) {
    res.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(countdownBody(entry, Date.now()));
  res.writeHead(200, { ...headers, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`http://localhost:${(server.address() as { port: number }).port}`));
process.once("SIGTERM", () => process.exit(0));
