// Where the email images are drawn: in this thread, one at a time, each in a turn of the event loop
// of its own (a Netlify function, which answers one request at a time; the tests), or on worker
// threads, as many as the machine has cores (the Node server): distinct drawings then run side by
// side, and the event loop that answers every other request draws nothing. Both draw the same bytes
// from the same job (src/live/email-drawing.ts).
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { drawEmail, type EmailJob } from "./email-drawing.ts";

/** Set by the server's bundler (src/publish/server-bundle.ts): the worker is then the bundled email-worker.mjs beside it. */
declare const SERVER_BUNDLE: boolean;

export interface Painter {
  /** How many drawings run at once. */
  threads: number;
  paint(job: EmailJob): Promise<Uint8Array<ArrayBuffer>>;
  /** Ends the worker threads, if any; drawings still asked for fail. */
  close(): Promise<void>;
}

/** In this thread, one drawing at a time, each in a macrotask of its own, in the order asked. */
export function inThisThread(): Painter {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    threads: 1,
    paint(job) {
      const drawing = queue.then(
        () =>
          new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
            setImmediate(() => {
              try {
                resolve(drawEmail(job));
              } catch (error) {
                reject(error);
              }
            }),
          ),
      );
      queue = drawing.catch(() => undefined);
      return drawing;
    },
    close: async () => {},
  };
}

/** A worker thread of the email drawings: the bundled file beside the built server, else the TypeScript source through its loader. */
function startWorker(): Worker {
  if (typeof SERVER_BUNDLE !== "undefined") return new Worker(new URL("./email-worker.mjs", import.meta.url));
  return new Worker(new URL("./email-worker-boot.mjs", import.meta.url), { workerData: { entry: new URL("./email-worker.ts", import.meta.url).href } });
}

/** A drawing takes well under a second (at most 2400 pixels wide, 60 frames); a thread that has not answered in this long is ended, its drawing failed. */
export const DRAWING_LIMIT_MS = 10_000;

interface Task {
  id: number;
  job: EmailJob;
  resolve: (bytes: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
}

/**
 * On `threads` worker threads (default: the machine's cores), each started when first needed and
 * kept: a drawing waits only for one of them to be free, in the order asked. A worker that fails
 * costs the drawing it had (its request gets the error) and is replaced at the next drawing. The
 * threads do not keep the process alive.
 */
export function onWorkerThreads(threads = availableParallelism()): Painter {
  const idle: Worker[] = [];
  const running = new Map<Worker, Task>();
  const queue: Task[] = [];
  let started = 0;
  let nextId = 0;
  let closed = false;

  const timers = new Map<Worker, ReturnType<typeof setTimeout>>();
  const finish = (worker: Worker, outcome: { bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
    const task = running.get(worker);
    running.delete(worker);
    clearTimeout(timers.get(worker));
    if (task) {
      if (outcome.bytes) task.resolve(outcome.bytes);
      else task.reject(new Error(`email drawing failed in its worker thread: ${outcome.error}`));
    }
  };
  const start = () => {
    const worker = startWorker();
    worker.unref();
    started++;
    worker.on("message", (outcome: { bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
      finish(worker, outcome);
      idle.push(worker);
      dispatch();
    });
    // An uncaught error ends the thread: its drawing fails, and a new thread takes its place.
    worker.on("error", (error) => finish(worker, { error: error.stack ?? error.message }));
    worker.on("exit", () => {
      finish(worker, { error: "the thread ended" });
      started--;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      dispatch();
    });
    return worker;
  };
  const dispatch = () => {
    while (queue.length > 0 && !closed) {
      const worker = idle.pop() ?? (started < threads ? start() : undefined);
      if (!worker) return;
      const task = queue.shift()!;
      running.set(worker, task);
      const timer = setTimeout(() => {
        finish(worker, { error: `no answer in ${DRAWING_LIMIT_MS / 1000} s; the thread was ended` });
        void worker.terminate();
      }, DRAWING_LIMIT_MS);
      timer.unref();
      timers.set(worker, timer);
      worker.postMessage({ id: task.id, job: task.job });
    }
  };
  return {
    threads,
    paint(job) {
      if (closed) return Promise.reject(new Error("the email drawings are closed"));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error("the email drawings are closed"));
      await Promise.all([...idle, ...running.keys()].map((worker) => worker.terminate()));
    },
  };
}
