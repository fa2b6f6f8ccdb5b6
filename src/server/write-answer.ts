// The Node adapter of the HTTP kernel: writes an `Answer` (src/http/kernel.ts) to Node's response,
// with its length, and no body to a HEAD request.
import type http from "node:http";
import { byteLength, type Answer } from "../http/kernel.ts";

export function writeAnswer(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer): void {
  const headers: http.OutgoingHttpHeaders = { ...answer.headers };
  if (answer.body !== undefined) headers["Content-Length"] = byteLength(answer.body);
  res.writeHead(answer.status, headers);
  res.end(req.method === "HEAD" ? undefined : answer.body);
}
