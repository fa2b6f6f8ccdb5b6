// A worker thread of the Node server's email drawings (src/node/email-painters.ts): draws each job it
// is sent (src/live/email-drawing.ts) and sends the bytes back, their buffer moved, not copied.
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { stackOf } from "../error-message.ts";
import { drawEmail, type EmailJob } from "../live/email-drawing.ts";

// Drawing yields to the event loop that answers every other request: this thread runs at a lower
// priority than the server's (a nice value of 10: about a tenth of a core's share beside it when both
// want the core). Linux gives each thread its own; elsewhere the thread keeps the process's.
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {
  // No /proc, or no thread of its own to set: drawn at the process's priority.
}

// Loaded: the pool knows this thread can draw (one that fails before saying so could not start).
parentPort!.postMessage({ ready: true });
parentPort!.on("message", ({ job }: { job: EmailJob }) => {
  try {
    const bytes = drawEmail(job);
    parentPort!.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ error: stackOf(error) });
  }
});
