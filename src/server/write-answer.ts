// The Node adapter of the HTTP kernel (src/http/kernel.ts): the one place the Node server and the dev
// loop write a status or a header. An answer's body is text or bytes (sent with its length), a built
// file's bytes (opened first, so a file gone from the disk is known before anything is sent), or a
// stream of events; to a HEAD request, the same headers and no body.
import fs from "node:fs";
import http from "node:http";
import {
  byteLength,
  type Answer,
  type Bytes,
  type EventStream,
  type FileBody,
  type ServerAnswer,
} from "../http/kernel.ts";

/** What the adapter does when an answer's file is not on the disk as its manifest says: answer again (`reason` says why). */
type Missing = (reason: string) => void;

/** Files up to this size are read in one call and sent in one write; larger ones are streamed. */
const READ_AT_ONCE = 256 * 1024;

export function writeAnswer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: ServerAnswer,
  missing?: Missing,
): void {
  const { body } = answer;
  if (body === undefined || typeof body === "string" || body instanceof Uint8Array)
    return writeBytes(req, res, answer.status, answer.headers, body);
  if (body.kind === "file") return writeFile(req, res, answer, body, missing);
  writeEvents(req, res, answer, body);
}

function writeBytes(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  headers: ServerAnswer["headers"],
  body: Bytes | undefined,
): void {
  res.writeHead(status, body === undefined ? headers : { ...headers, "Content-Length": byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A built file's bytes: opened first (HEAD too, so that it answers as GET would), then read at once or streamed. */
function writeFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: ServerAnswer,
  file: FileBody,
  missing: Missing = () => res.destroy(),
): void {
  const { count, start } = file;
  // An answer made once and kept (a whole file's) states its length already.
  const headers = "Content-Length" in answer.headers ? answer.headers : { ...answer.headers, "Content-Length": count };
  const send = () => res.writeHead(answer.status, headers);
  fs.open(file.path, "r", (openError, fd) => {
    if (openError) return missing(`${file.name}: ${openError.code}`);
    if (req.method === "HEAD" || count === 0) {
      fs.close(fd, () => {});
      send().end();
      return;
    }
    if (count <= READ_AT_ONCE) {
      const bytes = Buffer.allocUnsafe(count);
      fs.read(fd, bytes, 0, count, start, (readError, read) => {
        fs.close(fd, () => {});
        if (readError || read < count)
          return missing(`${file.name}: ${readError ? readError.code : `${read} of ${count} bytes`}`);
        send().end(bytes);
      });
      return;
    }
    send();
    const stream = fs.createReadStream(file.path, { fd, start, end: start + count - 1 });
    stream.once("error", () => res.destroy());
    stream.pipe(res);
  });
}

/** An event stream: its opening at once, then each event, until the client closes the request. */
function writeEvents(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: ServerAnswer,
  events: EventStream,
): void {
  res.writeHead(answer.status, answer.headers);
  if (req.method === "HEAD") return void res.end();
  res.write(events.opening);
  const stop = events.subscribe(
    (text) => res.write(text),
    () => res.end(),
  );
  req.once("close", stop);
}

/**
 * An answer as the text written on a bare socket, for what Node hands over before there is a
 * response to write to (`CONNECT`, a request its parser refused): the status line, the headers, the
 * length, and the connection closed after it.
 */
export function socketAnswer(answer: Answer): Buffer {
  const body = Buffer.from(answer.body ?? "");
  const headers = { ...answer.headers, "Content-Length": String(body.length), Connection: "close" };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return Buffer.concat([
    Buffer.from(`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status] ?? ""}\r\n${lines.join("")}\r\n`),
    body,
  ]);
}
