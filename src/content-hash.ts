// The one content hash of the service's records: SHA-256 in base64url. `crypto.hash` (Node 20.12 and
// later) makes it in one call, a fifth of createHash's time, which at 100,000 countdowns is most of a
// second of a build; an older Node 20 takes the long way.
import crypto, { createHash } from "node:crypto";

export const sha256: (text: string) => string = crypto.hash
  ? (text) => crypto.hash("sha256", text, "base64url")
  : (text) => createHash("sha256").update(text).digest("base64url");
