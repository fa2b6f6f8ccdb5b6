// The check results a build keeps for the next: reused only for the same file, bytes and code, and
// only while the clock leaves the file's warnings as they were; the result is always what checking
// the file again gives.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCheckCache } from "../../src/authoring/check-cache.ts";
import { loadCountdowns } from "../../src/authoring/load-countdowns.ts";

const DAY = 86_400_000;
const FIRST = Date.UTC(2031, 2, 10, 12);
const LATER = FIRST + 3 * DAY;
const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

let dir: string;
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

function countdowns(files: Record<string, string>): string {
  dir = path.join(mkdtempSync(path.join(tmpdir(), "check-cache-")), "countdowns");
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const files = {
  // Its target passes between the two checks: the second warns that it is over.
  "passes.md": `---\ntitle: "Passes"\ntarget: "${at(FIRST + DAY)}"\n---\n`,
  // Its rule ends between the two checks.
  "rule-ends.md": `---\ntitle: "Rule ends"\ntarget: "${at(FIRST - 5 * DAY)}"\nrepeat: daily\nuntil: "${at(FIRST + DAY)}"\n---\n`,
  // A warning that has nothing to do with the clock: a zone with no effect.
  "zone.md": `---\ntitle: "Zone"\ntarget: "${at(FIRST + 30 * DAY).replace("Z", "+02:00")}"\ntimezone: "Europe/Berlin"\n---\n`,
  "edited.md": `---\ntitle: "Before"\ntarget: "${at(FIRST + 40 * DAY)}"\n---\n`,
  "broken.md": `---\ntitle: "Broken"\n---\n`,
};

describe("the check results kept for the next build", () => {
  it("are reused for a file whose bytes did not change, when the clock leaves its warnings as they were", async () => {
    const folder = countdowns(files);
    const first = createCheckCache("code");
    await loadCountdowns(folder, { now: FIRST, cache: first });
    expect(first.reused).toBe(0);

    writeFileSync(path.join(folder, "edited.md"), files["edited.md"].replace("Before", "After"));
    const second = createCheckCache("code", first.text());
    const cached = await loadCountdowns(folder, { now: LATER, cache: second });
    expect(cached).toEqual(await loadCountdowns(folder, { now: LATER }));
    // Only zone.md: the others changed bytes, or passed a date their warnings name, or have problems.
    expect(second.reused).toBe(1);
    expect(cached.warnings.map((warning) => `${warning.file} ${warning.field}`).sort()).toEqual([
      "countdowns/passes.md target",
      "countdowns/rule-ends.md until",
      "countdowns/zone.md timezone",
    ]);

    // The same clock again: every valid file is reused, with the same result.
    const third = createCheckCache("code", second.text());
    expect(await loadCountdowns(folder, { now: LATER, cache: third })).toEqual(cached);
    expect(third.reused).toBe(4);
  });

  it("are dropped when the code changed, or when they cannot be read whole", async () => {
    const folder = countdowns(files);
    const first = createCheckCache("code");
    const checked = await loadCountdowns(folder, { now: FIRST, cache: first });
    for (const cache of [
      createCheckCache("other code", first.text()),
      createCheckCache("code", first.text().slice(0, -20)),
    ]) {
      expect(await loadCountdowns(folder, { now: FIRST, cache })).toEqual(checked);
      expect(cache.reused).toBe(0);
    }
  });
});
