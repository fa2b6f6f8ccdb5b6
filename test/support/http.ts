// Raw HTTP for tests that must send what fetch would clean up (dot segments, bad escapes, odd methods),
// and a GET that sees the answer as sent (fetch asks for compression and undoes it).
import http from "node:http";
import net from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` as written on one connection and reads the answer until the server closes it
 * (the last request must ask for `Connection: close`).
 * A connection the server resets (as Node does on garbage it will not parse) reads as what arrived
 * before the reset: often nothing, which gives a status of NaN.
 */
export function rawRequest(baseUrl: string, request: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // The sending side stays open, as real clients keep it until the answer is in (Node's server
    // ends a connection whose client has ended its side, dropping answers not yet sent); so the
    // request must end in `Connection: close`.
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

/** `GET <target>` with the connection closed after the answer. */
export const rawGet = (baseUrl: string, target: string, method = "GET") =>
  rawRequest(baseUrl, `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);

/** An answer as sent, and its text once decompressed. */
interface SentAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** As sent, compressed or not. */
  raw: Buffer;
  /** Decompressed. */
  text: string;
}

/** A GET that leaves compression alone (fetch would ask for it and undo it). */
export function getAsSent(url: string, headers: Record<string, string> = {}): Promise<SentAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode!, headers: res.headers, raw, text: body.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

/** The JSON a GET answers, as `getAsSent` reads it. */
export const getJsonAsSent = async (url: string) => JSON.parse((await getAsSent(url)).text);
