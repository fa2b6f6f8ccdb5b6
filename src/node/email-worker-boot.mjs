// The email worker's entry when the server runs from its TypeScript sources (npm run serve, the
// tests): TypeScript's loader for this thread, then the worker itself. The built server starts its
// bundled email-worker.mjs directly (src/publish/server-bundle.ts).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
