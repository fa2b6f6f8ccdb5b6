// Where the email images are drawn: in this thread, one at a time, each in a turn of the event loop
// of its own (`inThisThread` in src/live/email-drawing.ts: a Netlify function, which answers one
// request at a time, a Cloudflare Worker, the tests), or on worker threads (here), as many as the
// machine has cores (the Node server): distinct drawings then run side by side, and the event loop
// that answers every other request draws nothing. Both draw the same bytes from the same job
// (src/live/email-drawing.ts).
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { inThisThread, type EmailJob, type Painter } from "./email-drawing.ts";

/** Set by the server's bundler (src/publish/server-bundle.ts): the worker is then the bundled email-worker.mjs beside it. */
declare const SERVER_BUNDLE: boolean;

/** A worker thread of the email drawings: the bundled file beside the built server, else the TypeScript source through its loader. */
export function startWorker(): Worker {
  if (typeof SERVER_BUNDLE !== "undefined") return new Worker(new URL("./email-worker.mjs", import.meta.url));
  return new Worker(new URL("./email-worker-boot.mjs", import.meta.url), { workerData: { entry: new URL("./email-worker.ts", import.meta.url).href } });
}

/** A drawing takes well under a second (at most 2400 pixels wide, 60 frames); a loaded thread that has not answered in this long is ended, its drawing failed. */
export const DRAWING_LIMIT_MS = 10_000;

interface Task {
  id: number;
  job: EmailJob;
  resolve: (bytes: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
}

/** At most this many drawing threads, whatever the cores: each holds about 50 MB (its fonts and shaper). */
export const MAX_THREADS = 8;

/**
 * On `threads` worker threads (default: one per core, at most MAX_THREADS), each started when a
 * drawing needs it and kept: a drawing waits only for one of them to be free, in the order asked. A
 * thread that fails, or has not answered in DRAWING_LIMIT_MS, costs the drawing it had (its request
 * gets the error) and is replaced at the next drawing. Where no thread can start at all (its file
 * gone from a build folder removed under a long-running server), the drawings are made in this
 * thread instead. The threads do not keep the process alive. Over 80 lines: the pool's state (the
 * threads idle, running, loaded and ended, the queue, the timers) is shared by the handlers of every
 * thread's events and by dispatch, so they live in one closure.
 */
export function onWorkerThreads(threads = Math.min(availableParallelism(), MAX_THREADS), newWorker: () => Worker = startWorker, limitMs = DRAWING_LIMIT_MS): Painter {
  const idle: Worker[] = [];
  const running = new Map<Worker, Task>();
  const timers = new Map<Worker, ReturnType<typeof setTimeout>>();
  /** Threads that have said they are loaded: one that fails before that could not start. */
  const answered = new WeakSet<Worker>();
  /** Threads ended or being ended: nothing more is sent to them. */
  const ended = new WeakSet<Worker>();
  const queue: Task[] = [];
  let started = 0;
  let nextId = 0;
  let closed = false;
  let fallback: Painter | undefined;

  const settle = (task: Task, drawing: Promise<Uint8Array<ArrayBuffer>>) => drawing.then(task.resolve, task.reject);
  const finish = (worker: Worker, outcome: { bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
    const task = running.get(worker);
    running.delete(worker);
    clearTimeout(timers.get(worker));
    timers.delete(worker);
    if (!task) return;
    if (outcome.bytes) task.resolve(outcome.bytes);
    else if (!answered.has(worker) && !closed) {
      // The thread could not start: this drawing, and every one after it, is made here.
      fallback ??= inThisThread();
      settle(task, fallback.paint(task.job));
      for (const waiting of queue.splice(0)) settle(waiting, fallback.paint(waiting.job));
    } else task.reject(new Error(`email drawing failed in its worker thread: ${outcome.error}`));
  };
  const end = (worker: Worker) => {
    ended.add(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  };
  const start = () => {
    const worker = newWorker();
    worker.unref();
    started++;
    worker.on("message", (outcome: { ready?: true; bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
      if (ended.has(worker)) return;
      if (outcome.ready) {
        answered.add(worker);
        // A drawing sent before the thread had loaded is timed from now.
        if (running.has(worker)) watch(worker);
        return;
      }
      finish(worker, outcome);
      idle.push(worker);
      dispatch();
    });
    // An uncaught error ends the thread: its drawing fails, and a new thread takes its place.
    worker.on("error", (error) => {
      end(worker);
      finish(worker, { error: error.stack ?? error.message });
    });
    worker.on("exit", () => {
      end(worker);
      finish(worker, { error: "the thread ended" });
      started--;
      dispatch();
    });
    return worker;
  };
  /** Ends a thread that has not answered its drawing within limitMs (loading is not drawing: timed once it is loaded). */
  const watch = (worker: Worker) => {
    const timer = setTimeout(() => {
      end(worker);
      finish(worker, { error: `no answer in ${limitMs / 1000} s; the thread was ended` });
      void worker.terminate();
    }, limitMs);
    timer.unref();
    timers.set(worker, timer);
  };
  const dispatch = () => {
    while (queue.length > 0 && !closed) {
      if (fallback) {
        for (const task of queue.splice(0)) settle(task, fallback.paint(task.job));
        return;
      }
      const worker = idle.pop() ?? (started < threads ? start() : undefined);
      if (!worker) return;
      const task = queue.shift()!;
      running.set(worker, task);
      if (answered.has(worker)) watch(worker);
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
