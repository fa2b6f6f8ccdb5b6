// The tests' own reading of the `units` option, written apart from src/time/time-left.ts: the whole
// seconds left, in the units of a run of "dhms" (largest first), as `<n><unit>` parts. The largest unit
// shown holds all that is above it and is not padded; the others have two digits; the smallest is
// rounded down.

const SIZES = { d: 86_400, h: 3600, m: 60, s: 1 } as const;

/** The parts of `seconds` in the units of `run`, e.g. ["77h", "20m", "05s"] for `hms`. */
export function unitsParts(seconds: number, run: string): string[] {
  let rest = seconds;
  return [...run].map((unit, i) => {
    const size = SIZES[unit as keyof typeof SIZES];
    const n = Math.floor(rest / size);
    rest -= n * size;
    return `${i === 0 ? n : String(n).padStart(2, "0")}${unit}`;
  });
}

/** The text layout's count: the parts with a space between. */
export const unitsText = (seconds: number, run: string) => unitsParts(seconds, run).join(" ");
