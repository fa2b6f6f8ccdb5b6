// A script before the page's own, for an engine whose driver cannot run one (CANNOT.webkit.beforeLoadScript:
// WebKitWebDriver speaks classic WebDriver only, which has no such script). This proxy, between the
// browser and the server under test, puts the script first in each HTML document it is asked to (the
// first element of the head) and adds the script's hash to the document's Content-Security-Policy, so
// the widget still runs under its real policy (the ticker pinned by its hashes, nothing else allowed).
// Everything else is the server's, byte for byte: the markup, the ticker, the style, every header.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FirstScriptProxy {
  /** http://127.0.0.1:<port>, to use in place of the server's address. */
  base: string;
  /** The CSP source of the script put first: 'sha256-…'. */
  hash: string;
  close(): Promise<void>;
}

/** The CSP hash source of an inline script whose text is `source`. */
const scriptHash = (source: string) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;

/** `policy` with `hash` added to its script-src directive, the rest as it is. */
export function withScriptHash(policy: string, hash: string): string {
  const directives = policy.split(";").map((directive) => directive.trim());
  const index = directives.findIndex((directive) => /^script-src\s/i.test(directive));
  if (index === -1) throw new Error(`no script-src in ${policy}: a hash would not be what lets the script run`);
  directives[index] = `${directives[index]} ${hash}`;
  return directives.join("; ");
}

/**
 * `html` with `<script>source</script>` as the first element of its head: just after `<head …>`, or,
 * where the head is implied (as in the widget), after `<html …>` or the doctype.
 */
function withFirstScript(html: string, source: string): string {
  const start = html.match(/<head(\s[^>]*)?>/i) ?? html.match(/<html(\s[^>]*)?>/i) ?? html.match(/<!doctype[^>]*>/i);
  if (!start || start.index === undefined) throw new Error("no <head>, <html> or doctype to put the script after");
  const at = start.index + start[0].length;
  return `${html.slice(0, at)}<script>${source}</script>${html.slice(at)}`;
}

/**
 * Listens on a free port of 127.0.0.1 and forwards every request to `target`; the HTML answers of the
 * paths `inject` accepts get `source` first (asked of the server uncompressed, so the proxy can read them).
 */
export async function startFirstScriptProxy(
  target: string,
  source: string,
  inject: (pathname: string) => boolean,
): Promise<FirstScriptProxy> {
  const { hostname, port } = new URL(target);
  const hash = scriptHash(source);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const injecting = inject(new URL(request.url!, "http://proxy").pathname);
    const headers = { ...request.headers };
    if (injecting) delete headers["accept-encoding"];
    const upstream = http.request(
      { host: hostname, port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!injecting || !type.startsWith("text/html") || request.method !== "GET") {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          try {
            if (answer.headers["content-encoding"])
              throw new Error(`the server compressed it (${answer.headers["content-encoding"]})`);
            const policy = answer.headers["content-security-policy"];
            if (typeof policy !== "string") throw new Error("no Content-Security-Policy to add the script's hash to");
            const body = Buffer.from(withFirstScript(Buffer.concat(chunks).toString("utf8"), source), "utf8");
            const { "content-length": _, ...rest } = answer.headers;
            response.writeHead(answer.statusCode!, {
              ...rest,
              "content-security-policy": withScriptHash(policy, hash),
              "content-length": body.length,
            });
            response.end(body);
          } catch (error) {
            // Loudly: a page without the script would make the checks that need it fail, not pass.
            response
              .writeHead(502, { "content-type": "text/plain" })
              .end(`first-script proxy: ${(error as Error).message}`);
          }
        });
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hash,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
