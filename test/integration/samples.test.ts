// The shipped samples (countdowns/): the one test that reads them. Every other test builds its own
// fixtures, so the suite passes with the samples replaced by any other valid countdowns.
import { describe, expect, it } from "vitest";
import { readConfig, requireCountdownsDir } from "../../src/config.ts";
import { loadCountdowns } from "../../src/authoring/load-countdowns.ts";

describe("the sample countdowns", () => {
  it("are valid, so npm start builds and serves them", async () => {
    const { countdowns, problems } = await loadCountdowns(requireCountdownsDir(readConfig({})));
    expect(problems).toEqual([]);
    expect(countdowns.length).toBeGreaterThan(0);
  });
});
