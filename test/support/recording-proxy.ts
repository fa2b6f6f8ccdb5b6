// A pass-through HTTP proxy between a proxy under test and the countdown server: it forwards every
// request as it comes and records what arrived, so a test sees what the server was asked for.
import http from "node:http";
import type net from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface RecordingProxy {
  port: number;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

/** Listens on a free port of 127.0.0.1 and forwards to `target` (`http://127.0.0.1:<port>`). */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const { hostname, port } = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method!, url: req.url!, headers: req.headers });
    const upstream = http.request(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
