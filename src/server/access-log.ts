// The access log: one line per request in the Combined Log Format that log tools read (GoAccess,
// AWStats), with the time taken at the end.
import type http from "node:http";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");
/** A request's text in a log line: quotes, backslashes and control characters escaped, so no line can be forged. */
const logText = (text: string | undefined) => (text ?? "-").slice(0, 2000).replace(/["\\\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);

/**
 * One request's line:
 * `127.0.0.1 - - [22/Nov/2026:13:00:00 +0000] "GET /api/pages HTTP/1.1" 200 1234 "-" "curl/8.5" 0.4ms`.
 * The size is the bytes sent, headers included (Apache's %O); an answer cut short says "aborted".
 */
export function accessLogLine(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { url, remoteAddress, bytes, ms }: { url: string | undefined; remoteAddress: string | undefined; bytes: number; ms: number },
  at = new Date(),
): string {
  const time = `${two(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000`;
  const request = `${logText(req.method)} ${logText(url)} HTTP/${req.httpVersion}`;
  const status = res.headersSent ? res.statusCode : 0;
  return `${remoteAddress?.replace(/^::ffff:/, "") ?? "-"} - - [${time}] "${request}" ${status} ${bytes} "${logText(req.headers.referer)}" "${logText(req.headers["user-agent"])}" ${ms.toFixed(1)}ms${res.writableEnded ? "" : " aborted"}\n`;
}

/** Writes log lines to a stream, the lines of one turn of the event loop in one write. */
export function accessLogWriter(stream: NodeJS.WritableStream): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    stream.write(pending.join(""));
    pending = [];
  };
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

/** Logs each request of `server` once it has finished, or closed before it could. */
export function logRequests(server: http.Server, write: (line: string) => void): void {
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = performance.now();
    const { url } = req;
    const { remoteAddress, bytesWritten } = req.socket;
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      write(accessLogLine(req, res, { url, remoteAddress, bytes: req.socket.bytesWritten - bytesWritten, ms: performance.now() - started }));
    };
    // Finished, or closed before it could finish (the client went away): one line either way.
    res.once("finish", log);
    res.once("close", log);
  });
}
