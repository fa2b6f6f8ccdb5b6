// The small rules of HTTP the Node server follows: byte ranges as RFC 9110 reads them, access log
// lines that no client can forge, and the Host headers `npm run dev` answers.
import type http from "node:http";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { devHostAllowed } from "../../src/dev/dev-hosts.ts";
import { accessLogLine, logText } from "../../src/server/access-log.ts";
import { rangeOf } from "../../src/server/static-files.ts";

describe("byte ranges (RFC 9110, 14.1.2)", () => {
  it("serves one range, its end cut to the file's", () => {
    expect(rangeOf("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(rangeOf("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    // Positions past what a double holds exactly are read too: an end or a suffix past the file's is cut to it.
    expect(rangeOf("bytes=0-99999999999999999999999", 100)).toEqual({ start: 0, end: 99 });
    expect(rangeOf("bytes=-99999999999999999999999", 100)).toEqual({ start: 0, end: 99 });
    expect(rangeOf("bytes=0000000000000000000005-9", 100)).toEqual({ start: 5, end: 9 });
  });

  it("ignores a header that is not one valid range: the whole file", () => {
    for (const header of [
      "bytes=5-1",
      "bytes=abc",
      "bytes=-",
      "items=0-1",
      "bytes=0-0,1-1",
      Array.from({ length: 12 }, () => "0-0")
        .join(",")
        .replace(/^/, "bytes="),
      "bytes=1e3-",
    ]) {
      expect(rangeOf(header, 100), header).toBe("whole");
    }
    expect(rangeOf(undefined, 100)).toBe("whole");
  });

  it("cannot meet a range past the end, or a suffix of no bytes", () => {
    expect(rangeOf("bytes=100-", 100)).toBe("unsatisfiable");
    expect(rangeOf("bytes=999999-", 100)).toBe("unsatisfiable");
    expect(rangeOf("bytes=99999999999999999999999-", 100)).toBe("unsatisfiable");
    expect(rangeOf("bytes=99999999999999999999999-99999999999999999999999", 100)).toBe("unsatisfiable");
    expect(rangeOf("bytes=-0", 100)).toBe("unsatisfiable");
    expect(rangeOf("bytes=0-", 0)).toBe("unsatisfiable");
  });
});

describe("the access log", () => {
  it("escapes every control character a log viewer may act on: C0, DEL, C1, U+2028, U+2029, and quotes", () => {
    expect(logText('a"b\\c')).toBe("a\\x22b\\x5cc");
    expect(logText("a\nb\rc\x1b[2Jd\x7f")).toBe("a\\x0ab\\x0dc\\x1b[2Jd\\x7f");
    expect(logText("next\u0085line\u009b31m")).toBe("next\\x85line\\x9b31m");
    expect(logText("a\u2028b\u2029c")).toBe("a\\u2028b\\u2029c");
    expect(logText("héllo 日本")).toBe("héllo 日本");
  });

  it("writes one line per request, in the Combined Log Format, whatever the client sent", () => {
    const req = {
      method: "GET",
      httpVersion: "1.1",
      rawHeaders: ["Host", "a", "Referer", "x\u2028y", "user-agent", "evil\nline\u0085", "User-Agent", "second"],
    } as unknown as http.IncomingMessage;
    const res = { headersSent: true, statusCode: 200, writableEnded: true } as unknown as http.ServerResponse;
    const line = accessLogLine(
      req,
      res,
      { url: "/a\u009bb", remoteAddress: "::ffff:10.0.0.1", bytes: 12, ms: 0.25 },
      Date.UTC(2030, 0, 2, 3, 4, 5),
    );
    expect(line).toBe(
      '10.0.0.1 - - [02/Jan/2030:03:04:05 +0000] "GET /a\\x9bb HTTP/1.1" 200 12 "x\\u2028y" "evil\\x0aline\\x85" 0.3ms\n',
    );
    expect(line.slice(0, -1)).not.toMatch(/[\n\r\u0085\u2028\u2029]/);
  });
});

describe("the Host headers npm run dev answers", () => {
  it("answers this machine's names and addresses", () => {
    for (const host of [
      "localhost:8080",
      "LOCALHOST",
      "app.localhost:3000",
      "127.0.0.1:8080",
      "[::1]:8080",
      "192.168.1.20:8080",
    ])
      expect(devHostAllowed(host), host).toBe(true);
    // Its own host name, and its mDNS name, as another device on the network asks for it.
    for (const host of [`${hostname()}:8080`, hostname().toUpperCase(), `${hostname()}.local:8080`])
      expect(devHostAllowed(host), host).toBe(true);
  });

  it("refuses any other name, as a page pointing its name at this machine would send (DNS rebinding), and a request without one", () => {
    for (const host of ["evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io", "", undefined])
      expect(devHostAllowed(host), String(host)).toBe(false);
  });

  it("answers the name HOST gives", () => {
    expect(devHostAllowed("devbox.lan:8080", "devbox.lan")).toBe(true);
    expect(devHostAllowed("devbox.lan:8080")).toBe(false);
  });
});
