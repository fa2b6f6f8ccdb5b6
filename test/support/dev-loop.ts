// `npm run dev` as the tests start it: in a folder of its own with two countdowns (and, if asked, a
// site file), listening on a free port of 127.0.0.1, its log kept.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { readConfig } from "../../src/config.ts";
import { startDevLoop, type DevLoop } from "../../src/dev/dev-loop.ts";
import { editorBackend } from "../../src/dev/editor-backend.ts";
import { SITE_DEFAULTS } from "../../src/site-identity.ts";
import { fromNow } from "./fixtures.ts";

/** A countdown file `days` from now. */
export const devCountdown = (title: string, days: number) =>
  `---\ntitle: "${title}"\ntarget: "${fromNow(days)}"\n---\n`;

interface TestDevLoop {
  work: string;
  countdowns: string;
  loop: DevLoop;
  /** Where it answers: `http://127.0.0.1:<port>`. */
  base: string;
  /** Its log, line by line. */
  lines: string[];
}

/**
 * Starts the dev loop over `launch.md` and `party.md`; `siteFile` writes an empty `_data/site.json` and
 * names it; `editor` serves the editor's local backend too, as `npm run cms` does.
 */
export async function startTestDevLoop({
  siteFile = false,
  editor = false,
}: { siteFile?: boolean; editor?: boolean } = {}): Promise<TestDevLoop> {
  const work = mkdtempSync(path.join(tmpdir(), "dev-"));
  const countdowns = path.join(work, "countdowns");
  mkdirSync(countdowns);
  writeFileSync(path.join(countdowns, "launch.md"), devCountdown("Launch day", 10));
  writeFileSync(path.join(countdowns, "party.md"), devCountdown("Party", 20));
  const env: Record<string, string> = { COUNTDOWNS_DIR: countdowns, OUT_DIR: path.join(work, "dist"), PORT: "0" };
  if (siteFile) {
    mkdirSync(path.join(work, "_data"));
    writeFileSync(path.join(work, "_data", "site.json"), "{}\n");
    env.SITE_FILE = path.join(work, "_data", "site.json");
  }
  const lines: string[] = [];
  const config = readConfig(env);
  const loop = await startDevLoop({
    config,
    log: (line) => lines.push(line),
    ...(editor ? { editor: await editorBackend(config, () => SITE_DEFAULTS) } : {}),
  });
  await new Promise<void>((resolve) => loop.local.server.listen(0, "127.0.0.1", resolve));
  return {
    work,
    countdowns,
    loop,
    base: `http://127.0.0.1:${(loop.local.server.address() as AddressInfo).port}`,
    lines,
  };
}
