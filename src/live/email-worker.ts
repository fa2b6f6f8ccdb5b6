// A worker thread of the Node server's email drawings (src/live/email-painters.ts): draws each job it
// is sent (src/live/email-drawing.ts) and sends the bytes back, their buffer moved, not copied.
import { parentPort } from "node:worker_threads";
import { drawEmail, type EmailJob } from "./email-drawing.ts";

// Loaded: the pool knows this thread can draw (one that fails before saying so could not start).
parentPort!.postMessage({ ready: true });
parentPort!.on("message", ({ job }: { job: EmailJob }) => {
  try {
    const bytes = drawEmail(job);
    parentPort!.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
