// The memory of the Worker's isolate in workerd, through its DevTools protocol endpoint, after each
// step of the heaviest sequence (bench/workers-memory.ts): a heap snapshot first (it collects the
// garbage), then V8's heap, the ArrayBuffers' backing stores and every WebAssembly memory (HarfBuzz's,
// resvg's). Prints one JSON line: the figures of each step, in MB.
import { startWorkerd } from "../../tools/workerd.ts";

const [folder] = process.argv.slice(2);
const INSPECTOR_PORT = 9329;
const MB = 1024 * 1024;
const worker = await startWorkerd(folder!, { inspectorPort: INSPECTOR_PORT });
try {
  const get = async (target: string) => {
    const response = await fetch(`${worker.url}${target}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
  };
  await get("/api/health");
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json()) as {
    title: string;
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets.find((target) => target.title.includes("core:user"))!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", reject);
  });
  let contextId = 0;
  let lastId = 0;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the DevTools protocol's answers, as it sends them
  const pending = new Map<number, (result: any) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.method === "Runtime.executionContextCreated") contextId = message.params.context.id;
    pending.get(message.id)?.(message.result ?? message.error);
  });
  const call = (method: string, params: object = {}) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the DevTools protocol's answers, as it sends them
    new Promise<any>((resolve) => {
      pending.set(++lastId, resolve);
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  await call("Runtime.enable");
  await call("HeapProfiler.enable");
  const measure = async (step: string) => {
    // workerd answers no collectGarbage; a snapshot collects the garbage before it is taken.
    await call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    const heap = await call("Runtime.getHeapUsage");
    const prototype = await call("Runtime.evaluate", { expression: "WebAssembly.Memory.prototype", contextId });
    const memories = await call("Runtime.queryObjects", { prototypeObjectId: prototype.result.objectId });
    const sizes = await call("Runtime.callFunctionOn", {
      objectId: memories.objects.objectId,
      functionDeclaration: "function () { return this.map((memory) => memory.buffer.byteLength) }",
      returnByValue: true,
    });
    const wasm = (sizes.result.value as number[]).reduce((sum, bytes) => sum + bytes, 0);
    return {
      step,
      heap: heap.totalSize / MB,
      buffers: heap.backingStorageSize / MB,
      wasm: wasm / MB,
      total: (heap.totalSize + heap.backingStorageSize + wasm) / MB,
    };
  };
  const slug = ((await (await fetch(`${worker.url}/api/pages`)).json()) as { slug: string }[])[0]!.slug;
  const steps = [await measure("started, one request answered")];
  await get(`/api/email/${slug}.gif`);
  steps.push(await measure("one email image, Latin"));
  await get(`/api/email/${slug}.gif?lang=ja`);
  steps.push(await measure("one in Japanese (the CJK font)"));
  for (const lang of ["ar", "he", "hi", "th", "ko", "zh-TW", "ru", "el"])
    await get(`/api/email/${slug}.gif?lang=${lang}&layout=units`);
  await get(`/api/og/${slug}.png`);
  steps.push(await measure("every script, and a link preview"));
  for (let i = 0; i < 300; i++)
    await get(
      `/api/email/${slug}.gif?width=${900 + i}&density=2&layout=units&lang=ko&accent=${(i * 4099).toString(16).padStart(6, "0").slice(-6)}`,
    );
  steps.push(await measure("300 distinct large images (900-1199 px at density 2)"));
  socket.close();
  console.log(JSON.stringify(steps));
} finally {
  await worker.stop();
}
