// `announce=milestones`: what the live region says as a count passes an hour, ten minutes, a minute
// and its end, and that it says nothing otherwise.
import { describe, expect, it } from "vitest";
import { milestone } from "../../src/text/milestones.ts";

const say = (before: number | undefined, left: number, lang = "en") =>
  milestone(before, left, lang, "Launch", "We have lift-off");
const inHours = (n: number, lang = "en") => new Intl.RelativeTimeFormat(lang).format(n, "hour");
const inMinutes = (n: number, lang = "en") => new Intl.RelativeTimeFormat(lang).format(n, "minute");

describe("the milestones said", () => {
  it("are an hour, ten minutes and a minute left, and the end, each once as the count passes it", () => {
    expect(say(3601, 3600)).toBe(`Launch: ${inHours(1)}`);
    expect(say(601, 600)).toBe(`Launch: ${inMinutes(10)}`);
    expect(say(61, 60)).toBe(`Launch: ${inMinutes(1)}`);
    expect(say(1, 0)).toBe("Launch: We have lift-off");
    expect(say(3600, 3600)).toBe("");
    expect(say(3600, 3599)).toBe("");
  });

  it("say the end of a repeating countdown's occurrence as it moves on to the next; without a title or a done message, what there is", () => {
    expect(say(2, 604_798)).toBe("Launch: We have lift-off");
    expect(say(3600, 604_798)).toBe("");
    expect(milestone(601, 600, "en", null, null)).toBe(inMinutes(10));
    expect(milestone(1, 0, "de", "Launch", null)).toBe(
      `Launch: ${new Intl.RelativeTimeFormat("de", { numeric: "auto" }).format(0, "second")}`,
    );
  });

  it("say nothing at the first draw, nor at any other second", () => {
    for (const left of [7200, 3600, 600, 60, 0]) expect(say(undefined, left)).toBe("");
    let said = 0;
    for (let left = 4000; left > 0; left--) if (say(left, left - 1)) said++;
    expect(said).toBe(4);
  });

  it("say a milestone a tick or two late, not one a sleep passed long ago, the end however late; in the language asked for", () => {
    expect(say(603, 597)).toBe(`Launch: ${inMinutes(10)}`);
    expect(say(5000, 500)).toBe("");
    expect(say(5000, 3599)).toBe(`Launch: ${inHours(1)}`);
    expect(say(5000, 0)).toBe("Launch: We have lift-off");
    expect(say(601, 600, "de")).toBe(`Launch: ${inMinutes(10, "de")}`);
    expect(inMinutes(10, "de")).not.toBe(inMinutes(10));
  });
});
