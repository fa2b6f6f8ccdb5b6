// The access log: one line per request in the Combined Log Format that log tools read (GoAccess,
// AWStats), with the time taken at the end, written through pino's asynchronous destination
// (sonic-boom): lines wait in memory while a write is under way, and go out together after it.
import type http from "node:http";
import { socketAnswer } from "./write-answer.ts";
import SonicBoom from "sonic-boom";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Characters a log viewer may take for a line break or a terminal's command: C0, DEL, C1, the line and paragraph separators; and `"` and `\`, which would end the field. */
const UNSAFE = /["\\\x00-\x1f\x7f-\x9f\u2028\u2029]/g;
const escaped = (char: string) => {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
};
/** Text with nothing to escape (the common case: a look, no new string). */
const SAFE = /^[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029]*$/;
/** A request's text in a log line, escaped so that no line can be forged or hide another. */
export const logText = (text: string | undefined) =>
  text === undefined
    ? "-"
    : SAFE.test(text) && text.length <= 2000
      ? text
      : text.slice(0, 2000).replace(UNSAFE, escaped);

// The time field changes once a second: written once a second.
let stampSecond = -1;
let stamp = "";
function timeField(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== stampSecond) {
    const at = new Date(second * 1000);
    stamp = `${two(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000`;
    stampSecond = second;
  }
  return stamp;
}

/**
 * One request's line:
 * `127.0.0.1 - - [22/Nov/2026:13:00:00 +0000] "GET /api/pages HTTP/1.1" 200 1234 "-" "curl/8.5" 0.4ms`.
 * The size is the bytes sent, headers included (Apache's %O); an answer cut short says "aborted".
 */
export function accessLogLine(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  {
    url,
    remoteAddress,
    bytes,
    ms,
  }: { url: string | undefined; remoteAddress: string | undefined; bytes: number; ms: number },
  at = Date.now(),
): string {
  const request = `${logText(req.method)} ${logText(url)} HTTP/${req.httpVersion}`;
  const status = res.headersSent ? res.statusCode : 0;
  const address =
    remoteAddress === undefined ? "-" : remoteAddress.startsWith("::ffff:") ? remoteAddress.slice(7) : remoteAddress;
  return `${address} - - [${timeField(at)}] "${request}" ${status} ${bytes} "${logText(rawHeader(req.rawHeaders, "referer"))}" "${logText(rawHeader(req.rawHeaders, "user-agent"))}" ${ms.toFixed(1)}ms${res.writableEnded ? "" : " aborted"}\n`;
}

/**
 * A header's first value, read from the request's raw headers: `req.headers` is built on first use,
 * which a line per request would otherwise pay for on answers that never look at it (the live JSON).
 * Node keeps the first of repeated Referer and User-Agent headers too.
 */
function rawHeader(raw: string[], lowerCaseName: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.length === lowerCaseName.length && raw[i]!.toLowerCase() === lowerCaseName) return raw[i + 1];
  return undefined;
}

/** Where access log lines go, and how the last of them are written out before the process ends. */
interface AccessLog {
  write(line: string): void;
  /** Resolves once every line written so far is out. */
  flush(): Promise<void>;
}

/**
 * Lines are written out together once this many bytes of them wait, or once a second
 * (ACCESS_LOG_FLUSH_MS), as nginx's `access_log … buffer= flush=` does: one write for about a
 * hundred lines under load instead of one for every few.
 */
const ACCESS_LOG_BATCH = 12 * 1024;
const ACCESS_LOG_FLUSH_MS = 1000;

/** Lines held in memory at most while the destination is slow; beyond this, lines are dropped, and counted. */
const ACCESS_LOG_BUFFER = 16 * 1024 * 1024;

/**
 * The access log on a file descriptor (standard output). When the reader is slower than the lines
 * come (a full pipe), they wait in memory up to ACCESS_LOG_BUFFER; beyond it new lines are dropped
 * and `dropped` is told how many, at most once a minute.
 */
export function accessLogTo(fd: number, dropped: (lines: number) => void = () => {}): AccessLog {
  const destination = new SonicBoom({
    fd,
    sync: false,
    contentMode: "buffer",
    minLength: ACCESS_LOG_BATCH,
    periodicFlush: ACCESS_LOG_FLUSH_MS,
    maxLength: ACCESS_LOG_BUFFER,
  });
  let lost = 0;
  let reported = 0;
  destination.on("drop", () => {
    lost++;
    if (Date.now() - reported < 60_000) return;
    reported = Date.now();
    dropped(lost);
  });
  return {
    // In "buffer" mode sonic-boom takes Buffers (its types name only strings) and adds up their
    // lengths, where with strings it measures the UTF-8 length of all that waits again on each write.
    write: (line) => void destination.write(Buffer.from(line) as unknown as string),
    flush: () => new Promise((resolve) => destination.flush(() => resolve())),
  };
}

/** The status Node gives a request its parser refuses (as its own `clientError` handling does), by the parser's code; 400 for the rest. */
const REFUSED: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Logs each request of `server` once it has finished, or closed before it could; and each one Node's
 * parser refuses before it is a request (a malformed line, headers past the limit), answered as Node
 * answers it (400, 431, 408), with "-" for the request it could not read.
 */
export function logRequests(server: http.Server, write: (line: string) => void): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: import("node:net").Socket) => {
    const status = REFUSED[error.code ?? ""] ?? 400;
    // Mid-answer (a response already under way), or a socket already gone: nothing more can be said.
    const answering = (socket as unknown as { _httpMessage?: unknown })._httpMessage;
    if (socket.writable && !answering && error.code !== "ECONNRESET") {
      const answer = socketAnswer({ status, headers: {} });
      socket.write(answer);
      const address = socket.remoteAddress === undefined ? "-" : socket.remoteAddress.replace(/^::ffff:/, "");
      write(`${address} - - [${timeField(Date.now())}] "-" ${status} ${answer.length} "-" "-" 0.0ms\n`);
    }
    socket.destroy(error);
  });
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = performance.now();
    const { url } = req;
    const { remoteAddress, bytesWritten } = req.socket;
    // 'close' comes once an answer is sent in full, or cut short when the client went away
    // (writableEnded tells which): one listener, one line either way.
    res.once("close", () =>
      write(
        accessLogLine(req, res, {
          url,
          remoteAddress,
          bytes: req.socket.bytesWritten - bytesWritten,
          ms: performance.now() - started,
        }),
      ),
    );
  });
}
