// The floor of the static file benchmark: a bare node:http + fs server. Like sirv in production mode
// it reads the folder's file list and stats once at start and streams the file from disk per request,
// with the headers the local server sends for that path (route table, type, length, ETag, date).
import { createReadStream, readFileSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { buildPaths } from "../../src/config.ts";
import { createLiveStore } from "../../src/live/live-store.ts";
import { headersForStaticPath, staticHeaderRules } from "../../src/routes/route-table.ts";

const paths = buildPaths(process.env.OUT_DIR!);
const { facts } = createLiveStore(JSON.parse(readFileSync(paths.liveData, "utf8")));
const rules = staticHeaderRules(facts);
const files = new Map<string, { file: string; headers: Record<string, string | number> }>();
for (const name of readdirSync(paths.site, { recursive: true, encoding: "utf8" })) {
  const file = path.join(paths.site, name);
  const stats = statSync(file);
  if (!stats.isFile()) continue;
  const pathname = `/${name.split(path.sep).join("/")}`;
  files.set(pathname, {
    file,
    headers: {
      "Content-Length": stats.size,
      "Content-Type": name.endsWith(".html") ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "Last-Modified": stats.mtime.toUTCString(),
      ETag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
      ...headersForStaticPath(rules, pathname),
    },
  });
}

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const found = files.get(query === -1 ? url : url.slice(0, query));
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, found.headers);
  createReadStream(found.file).pipe(res);
});
server.listen(0, "127.0.0.1", () => console.log(`http://localhost:${(server.address() as { port: number }).port}`));
process.once("SIGTERM", () => process.exit(0));
