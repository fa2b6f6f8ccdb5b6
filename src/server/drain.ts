// Stopping an HTTP server without cutting an answer short: it stops taking connections, every answer
// already asked for goes out in full, and each connection is closed as soon as nothing is left on it.
//
// Node's own server.close() (from Node 19) and closeIdleConnections() take a connection for idle once
// its requests are read and its current answer is ended, even while that answer's bytes still wait
// for a client that reads slowly; destroying it then cuts the answer short and drops the pipelined
// answers queued behind it (test/integration/endpoints.test.ts, "graceful shutdown"). So this counts each
// connection's answers until they have gone out, stops listening with net.Server's close (which leaves
// connections alone), and ends a connection (a FIN after what is already written) once two sweeps in
// a row find it quiet: no answer left to send, not held back by Node for a full buffer, nothing
// received since the sweep before. Two, so that the event loop has read the socket in between: a
// pipelining client's next requests may be waiting in the kernel when its last parsed answer goes out.
import type http from "node:http";
import net from "node:net";

/** How often a closing server looks for connections with nothing left on them, in ms. */
const SWEEP_MS = 50;
/** How long an ended connection may stay half-open before it is destroyed, in ms. */
const LINGER_MS = 5000;

interface Connection {
  /** Answers asked for and not yet sent in full (or abandoned). */
  pending: number;
  /** `socket.bytesRead` at the last sweep. */
  read: number;
  /** How many sweeps in a row have found it quiet. */
  quietSweeps: number;
}

/** Tracks `server`'s connections from now on; gives the function that stops it gracefully. */
export function drainable(server: http.Server): () => Promise<void> {
  const connections = new Map<net.Socket, Connection>();
  let stopped: Promise<void> | undefined;

  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { pending: 0, read: socket.bytesRead, quietSweeps: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  // First among the request listeners, so the count is up before any answer can end.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const connection = connections.get(req.socket as net.Socket);
    if (!connection) return;
    connection.pending++;
    // 'close': sent in full (after 'finish'), or cut off by the client.
    res.once("close", () => {
      connection.pending--;
      connection.quietSweeps = 0;
    });
  });

  /** Ends each connection with nothing left on it. */
  const sweep = () => {
    for (const [socket, connection] of connections) {
      if (socket.writableEnded) continue;
      const quiet =
        connection.pending === 0 &&
        !socket.isPaused() &&
        socket.readableLength === 0 &&
        socket.bytesRead === connection.read;
      connection.read = socket.bytesRead;
      connection.quietSweeps = quiet ? connection.quietSweeps + 1 : 0;
      if (connection.quietSweeps < 2) continue;
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    }
  };

  // Called again, it gives the same promise, which settles once the last connection has closed.
  return () =>
    (stopped ??= new Promise<void>((resolve, reject) => {
      const timer = setInterval(sweep, SWEEP_MS);
      // net.Server's close: no new connections, and the callback once the last one has closed.
      net.Server.prototype.close.call(server, (error?: Error) => {
        clearInterval(timer);
        if (error) reject(error);
        else resolve();
      });
      sweep();
    }));
}
