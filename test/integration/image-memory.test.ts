// The images' renderer gives back what each drawing took: a process drawing email images and link
// previews for as long as a campaign runs stays the size it reached after its first few. (resvg's
// native Node module kept every drawing, about 2 MB an email image at 1200 px: a server answering a
// campaign's images grew until the system stopped it.) Drawn in a process of its own, so the figure is
// the drawings' alone.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../support/paths.ts";

it("draws 120 email images and 30 link previews more in a process that grows by less than 48 MB", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "test/support/image-memory-child.ts")],
    { cwd: ROOT, timeout: 300_000 },
  );
  const { drawings, grewBytes } = JSON.parse(stdout) as { drawings: number; grewBytes: number };
  expect(drawings).toBe(120);
  expect(grewBytes).toBeLessThan(48 * 1024 * 1024);
}, 320_000);
