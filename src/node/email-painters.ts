// Where the Node server draws its email images: on worker threads, as many as the machine has cores,
// so distinct drawings run side by side and the event loop that answers every other request draws
// nothing. The same bytes as in this thread (src/live/email-drawing.ts), where a Netlify function, a
// Worker and the tests draw, and where the server draws while no thread can start.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { inThisThread, type EmailJob, type Painter } from "../live/email-drawing.ts";
import { messageOf } from "../error-message.ts";

/** Set by the server's bundler (src/publish/server-bundle.ts): the worker is then the bundled email-worker.mjs beside it. */
declare const SERVER_BUNDLE: boolean;

/** The packages the bundled worker imports from the project's node_modules, written `<PACKAGE_MARK><name>` in the bundle. */
export const WORKER_PACKAGES = ["harfbuzzjs"];
export const PACKAGE_MARK = "countdowns-package:";

/**
 * The bundled worker as it starts: its code and where its packages are, read once, when the server
 * starts. Each thread then starts from that code in memory (a `data:` module), not from the build
 * folder, which a later build prunes under a long-running server. `home`: where the worker's
 * `import.meta.url` points (the project, so its packages and fonts are found from there).
 */
function bundledWorker(file = new URL("./email-worker.mjs", import.meta.url)): () => Worker {
  const require = createRequire(file);
  // (Read before any build can prune the folder: the server reads this module as it starts.)
  let source = readFileSync(file, "utf8");
  const resolved = WORKER_PACKAGES.map((name) => require.resolve(name));
  WORKER_PACKAGES.forEach(
    (name, i) =>
      (source = source.replaceAll(
        JSON.stringify(PACKAGE_MARK + name),
        JSON.stringify(pathToFileURL(resolved[i]!).href),
      )),
  );
  const modules = resolved[0]!.slice(0, resolved[0]!.lastIndexOf(`${path.sep}node_modules${path.sep}`));
  const home = pathToFileURL(path.join(modules, "email-worker.mjs")).href;
  const code = new URL(`data:text/javascript,${encodeURIComponent(source)}`);
  return () => new Worker(code, { workerData: { home } });
}

/** A worker thread of the email drawings: the bundled worker from memory, else the TypeScript source through its loader. */
export const startWorker: () => Worker =
  typeof SERVER_BUNDLE !== "undefined"
    ? bundledWorker()
    : () =>
        new Worker(new URL("./email-worker-boot.mjs", import.meta.url), {
          workerData: { entry: new URL("./email-worker.ts", import.meta.url).href },
        });

/** A drawing takes well under a second (at most 2400 pixels wide, 60 frames); a loaded thread that has not answered in this long is ended, its drawing failed. */
const DRAWING_LIMIT_MS = 10_000;

/** At most this many drawing threads, whatever the cores: each holds about 50 MB (its fonts and shaper). */
const MAX_THREADS = 8;

/** After a thread fails to start, drawings are made in this thread for this long before a thread is tried again; doubled at each failure, up to a minute. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

interface Task {
  job: EmailJob;
  resolve: (bytes: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
}

/**
 * On `threads` worker threads (default: one per core, at most MAX_THREADS), each started when a
 * drawing needs it and kept. A thread that fails, or has not answered in `limitMs`, costs the drawing
 * it had (its request gets the error) and is replaced at the next drawing. A thread that cannot start
 * costs nothing: its drawing is made in this thread, as are the next ones until a thread is tried
 * again (after a second, then two, ... up to a minute); `warnings` says so for the health answer, and
 * `log` when it starts and ends. The threads do not keep the process alive. Over 80 lines: the
 * threads' state is shared by the handlers of every thread's events, so they live in one closure.
 */
export function onWorkerThreads(
  threads = Math.min(availableParallelism(), MAX_THREADS),
  newWorker: () => Worker = startWorker,
  { limitMs = DRAWING_LIMIT_MS, log = (line: string) => console.error(line), now = Date.now } = {},
): Painter {
  const idle: Worker[] = [];
  const running = new Map<Worker, Task>();
  /** Threads that have said they are loaded: one that fails before that could not start. */
  const loaded = new WeakSet<Worker>();
  /** Threads ended or being ended: nothing more is sent to them. */
  const ended = new WeakSet<Worker>();
  const timers = new Map<Worker, ReturnType<typeof setTimeout>>();
  const queue: Task[] = [];
  let started = 0;
  let closed = false;
  const here = inThisThread();
  /** Since when, and why, no thread could start; when one is tried again. */
  let failure: { since: number; reason: string; retryAt: number; waitMs: number } | undefined;

  const drawHere = (task: Task) => here.paint(task.job).then(task.resolve, task.reject);
  const finish = (worker: Worker, outcome: { bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
    const task = running.get(worker);
    running.delete(worker);
    clearTimeout(timers.get(worker));
    timers.delete(worker);
    if (!task) return;
    if (outcome.bytes) return task.resolve(outcome.bytes);
    if (loaded.has(worker) || closed)
      return task.reject(new Error(`email drawing failed in its worker thread: ${outcome.error}`));
    // The thread could not start: this drawing is made here, and so are the next until a thread is tried again.
    failed(outcome.error ?? "it ended");
    void drawHere(task);
  };
  const end = (worker: Worker) => {
    ended.add(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
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
  /** Records that no thread could start, for `waitMs` at least before the next try; logged when it begins. */
  const failed = (reason: string) => {
    // (Threads tried at once fail together: one failure a try.)
    if (failure && now() < failure.retryAt) return;
    const waitMs = failure ? Math.min(failure.waitMs * 2, LAST_RETRY_MS) : FIRST_RETRY_MS;
    if (!failure)
      log(
        `email images: a drawing thread could not start (${reason}); drawing them in the main thread, and trying a thread again in ${waitMs / 1000} s`,
      );
    failure = { since: failure?.since ?? now(), reason, retryAt: now() + waitMs, waitMs };
  };
  const start = (): Worker | undefined => {
    let worker: Worker;
    try {
      worker = newWorker();
    } catch (error) {
      failed(messageOf(error));
      return undefined;
    }
    worker.unref();
    started++;
    worker.on("message", (outcome: { ready?: true; bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
      if (ended.has(worker)) return;
      if (outcome.ready) {
        loaded.add(worker);
        if (failure) log(`email images: a drawing thread started again; no longer drawing in the main thread`);
        failure = undefined;
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
  const dispatch = () => {
    while (queue.length > 0 && !closed) {
      const worker = idle.pop() ?? (started < threads && (!failure || now() >= failure.retryAt) ? start() : undefined);
      // (A start that throws has recorded its failure: the loop takes the queue here.)
      if (!worker) {
        // No thread to be had now: while none can start, here; else the next thread free takes it.
        if (failure && started === 0) for (const task of queue.splice(0)) void drawHere(task);
        return;
      }
      const task = queue.shift()!;
      running.set(worker, task);
      if (loaded.has(worker)) watch(worker);
      worker.postMessage({ job: task.job });
    }
  };
  return {
    threads,
    paint(job) {
      if (closed) return Promise.reject(new Error("the email drawings are closed"));
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      });
    },
    warnings: () =>
      failure
        ? [
            `email images: drawn in the main thread since ${new Date(failure.since).toISOString()}, as no drawing thread could start (${failure.reason}); a thread is tried again every minute at most`,
          ]
        : [],
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error("the email drawings are closed"));
      await Promise.all([...idle, ...running.keys()].map((worker) => worker.terminate()));
    },
  };
}
