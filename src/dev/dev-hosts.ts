// Which Host headers the dev server answers: a page on any other site, whose name its owner points at
// 127.0.0.1 (DNS rebinding), must not read the drafts and problems `npm run dev` serves. Like other
// dev servers it answers names of this machine (localhost, *.localhost, its host name and its mDNS
// name, <host name>.local), addresses written as numbers, and the name HOST gives.
import { hostname } from "node:os";
import { errorAnswer, type Answer } from "../http/kernel.ts";
import { errorHeaders } from "../http/policy.ts";

/** The hostname of a Host header (`[::1]:8080` -> `[::1]`, `Example.org:80` -> `example.org`); undefined when there is none. */
function hostnameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::\d*)?$/.exec(header.trim());
  return match?.[1]!.toLowerCase().replace(/\.$/, "");
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Whether the dev server answers a request with this Host header, listening on `host` (HOST, if set). */
export function devHostAllowed(header: string | undefined, host?: string): boolean {
  const name = hostnameOf(header);
  if (name === undefined) return false;
  if (name === "localhost" || name.endsWith(".localhost") || IPV4.test(name) || name.startsWith("[")) return true;
  const own = hostname().toLowerCase();
  if (own && (name === own || name === `${own}.local`)) return true;
  return host !== undefined && name === host.toLowerCase();
}

/** The dev server's answer to a request for another name: 403, and what to do. */
export function devHostRefusal(header: string | undefined, port: number): Answer {
  return errorAnswer(
    403,
    "forbidden_host",
    `npm run dev answers for this machine only (http://localhost:${port}/), not for ${JSON.stringify(header ?? "")}; to open it under another name, set HOST to that name.`,
    errorHeaders(false),
  );
}
