// A countdown file's `go`: the two addresses `/go/<slug>` sends a visitor to, `before` while the
// countdown counts and `after` once it has ended (src/live/go.ts). Both https, both required.
import type { GoLinks } from "./countdown.ts";
import { describe } from "./fields.ts";

const GO_EXAMPLE = 'go: { before: "https://example.com/offer", after: "https://example.com/next" }';

/** An absolute https address as written (trimmed), normalised by URL; undefined when it is not one. */
export function httpsAddress(written: string): string | undefined {
  try {
    const url = new URL(written.trim());
    return url.protocol === "https:" && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The field's two addresses, or undefined where the file has none; each mistake is a problem at `go.<name>`. */
export function goLinksField(value: unknown, problem: (field: string, message: string) => void): GoLinks | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    problem("go", `must be two addresses, like ${GO_EXAMPLE}, not ${describe(value)}`);
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  let ok = true;
  for (const name of Object.keys(fields)) {
    if (name !== "before" && name !== "after") {
      problem(`go.${name}`, `unknown field; "go" has a before and an after address, like ${GO_EXAMPLE}`);
      ok = false;
    }
  }
  const links: Partial<GoLinks> = {};
  for (const name of ["before", "after"] as const) {
    const written = fields[name];
    const address = typeof written === "string" ? httpsAddress(written) : undefined;
    if (address) links[name] = address;
    else {
      const when = name === "before" ? "while the countdown counts" : "once it has ended";
      problem(
        `go.${name}`,
        written === undefined
          ? `is missing; write the https address /go/ sends to ${when}, like ${GO_EXAMPLE}`
          : `${typeof written === "string" ? JSON.stringify(written) : describe(written)} is not an https address; /go/ sends only to https://... pages, like ${GO_EXAMPLE}`,
      );
      ok = false;
    }
  }
  return ok ? (links as GoLinks) : undefined;
}
