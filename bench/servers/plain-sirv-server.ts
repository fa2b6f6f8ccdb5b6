// The floor of the static file benchmark: sirv as its README shows it, in production mode (the folder
// listed once at start), over node:http, serving the same built files. No route table, no base path,
// no Netlify rules: what the Node server costs beyond them is the ratio.
import http from "node:http";
import sirv from "sirv";
import { buildPaths } from "../../src/config.ts";

const serve = sirv(buildPaths(process.env.OUT_DIR!).site, { etag: true });
const server = http.createServer((req, res) => serve(req, res));
server.listen(0, "127.0.0.1", () => console.log(`http://localhost:${(server.address() as { port: number }).port}`));
process.once("SIGTERM", () => process.exit(0));
