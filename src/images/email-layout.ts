// Where everything of the email image goes: the title, the count (src/images/email-count.ts), the
// headline and the date line, each in a room its ink stays inside.
import type { EmailOptions } from "./email-options.ts";
import { dateLine, INK, NOTHING, type EmailCountdown, type Moment, type Placed, type Rect } from "./email-look.ts";
import { countLayout } from "./email-count.ts";
import { inkReach, shape, wrapText } from "./fonts.ts";
import { drawTexts, type Indexed, type TextRun } from "./raster.ts";

// ---- Layout and frames ---------------------------------------------------------------------------

interface Layout {
  width: number;
  height: number;
  base: Indexed;
  /** Every text the image shows (the first moment's count), where it goes. */
  placed: Placed[];
  /** Draws a moment's changing part onto the image, and gives the rectangle it may have changed. */
  draw(image: Indexed, moment: Moment): Rect;
}

/**
 * Where everything of the image goes, and how a moment is drawn. Over 80 lines: the measures of the
 * title, the count and the labels depend on each other (the widest moment sets the cells, the cells
 * the width), and the drawing closes over them.
 */
export function layoutOf(
  countdown: EmailCountdown,
  options: EmailOptions,
  moments: Moment[],
  targetMs: number,
): Layout {
  const s = options.density;
  const width = options.width * s;
  const pad = 24 * s;
  const inner = width - 2 * pad;
  const lang = options.lang ?? countdown.lang;
  const runs: TextRun[] = [];
  const placed: Placed[] = [];
  /** A text drawn with the image's other fixed texts, across the whole width. */
  const place = (run: TextRun) => {
    runs.push(run);
    placed.push({ run, lang: countdown.lang, room: { x: 0, y: 0, width, height: 0 } });
  };
  let y = pad;

  if (options.title === "show") {
    let size = 24 * s;
    let title = wrapText(countdown.title, size, 700, inner, 2, countdown.lang);
    if (!title.fits) title = wrapText(countdown.title, (size = 20 * s), 700, inner, 2, countdown.lang);
    const lines = stacked(
      title.lines,
      y,
      size,
      700,
      countdown.lang,
      Math.round(size * 1.05),
      Math.round(size * 1.3),
      2 * s,
    );
    title.lines.forEach((line, i) =>
      place({ text: line, x: width / 2, y: lines.baselines[i]!, size, weight: 700, ink: INK.text, align: "center" }),
    );
    y = lines.bottom + 8 * s;
  }

  const first = moments[0]!;
  const countTop = y;
  // The count's size comes from the first moment's days ("0d" when it is a headline), so that an
  // image keeps its size from its count to its headline: the <img> snippet gives one size.
  const units = "units" in first ? first.units : [0, 0, 0, 0];
  // (The countdown's own words for its units, where the image is in its language.)
  const words = lang === countdown.lang ? countdown.unitWords : undefined;
  const count = countLayout(
    options,
    lang,
    { s, width, pad, inner, top: countTop },
    units,
    moments,
    words,
    countdown.spanSeconds,
  );
  let countHeight = count.height;
  let drawMoment = count.draw;

  // A headline (done, postponed, cancelled) in the count's place, as large as fits it, drawn with the rest.
  if ("headline" in first) {
    const headline = (size: number) => {
      const { lines, fits } = wrapText(first.headline, size, 700, inner, 2, countdown.lang);
      return {
        lines,
        fits,
        size,
        ...stacked(lines, 0, size, 700, countdown.lang, size, Math.round(size * 1.25), 2 * s),
      };
    };
    let shown = headline(32 * s);
    while (shown.size > 14 * s && (!shown.fits || shown.bottom > countHeight)) shown = headline(shown.size - 2 * s);
    // Where even the smallest headline is taller than the count (a long one in a narrow image), the
    // image grows under it rather than the headline rising into the title.
    const top = countTop + Math.max(0, Math.round((countHeight - shown.bottom) / 2));
    countHeight = Math.max(countHeight, shown.bottom);
    shown.lines.forEach((line, i) =>
      place({
        text: line,
        x: width / 2,
        y: top + shown.baselines[i]!,
        size: shown.size,
        weight: 700,
        ink: INK.accent,
        align: "center",
      }),
    );
    drawMoment = () => NOTHING;
  } else placed.push(...count.placed);
  y = countTop + countHeight;

  // When: the target in the author's zone; struck through once postponed or cancelled (the date no longer holds).
  // On two lines where one is too narrow for it (a long zone name at 240 px).
  const dateSize = 15 * s;
  const date = wrapText(dateLine(targetMs, countdown.zone, lang), dateSize, 400, inner, 2, countdown.lang);
  const dateLines = stacked(
    date.lines,
    y + 10 * s,
    dateSize,
    400,
    countdown.lang,
    Math.round(dateSize * 1.05),
    Math.round(dateSize * 1.35),
    2 * s,
  );
  date.lines.forEach((line, i) =>
    place({
      text: line,
      x: width / 2,
      y: dateLines.baselines[i]!,
      size: dateSize,
      weight: 400,
      ink: INK.muted,
      align: "center",
      strike: countdown.status !== "scheduled",
    }),
  );
  y = dateLines.bottom;
  const height = y + pad;
  for (const text of placed) text.room.height = height;
  return { width, height, base: drawTexts(width, height, runs, countdown.lang), placed, draw: drawMoment };
}

/**
 * Lines one under another from `top`: each baseline `first` below the top of its line and `step`
 * below the one before, and further where the glyphs reach further (Arabic's and Devanagari's marks),
 * so that no two lines' inks come closer than `gap`. Gives the baselines and where the last line ends.
 */
function stacked(
  lines: string[],
  top: number,
  size: number,
  weight: 400 | 700,
  lang: string,
  first: number,
  step: number,
  gap: number,
): { baselines: number[]; bottom: number } {
  const reach = lines.map((line) => inkReach(shape(line, size, weight, lang)));
  const baselines: number[] = [];
  reach.forEach((line, i) =>
    baselines.push(
      i === 0
        ? top + Math.max(first, Math.ceil(line.ascent))
        : baselines[i - 1]! + Math.max(step, Math.ceil(reach[i - 1]!.descent + line.ascent + gap)),
    ),
  );
  const last = baselines.at(-1) ?? top;
  return { baselines, bottom: reach.length ? last + Math.max(step - first, Math.ceil(reach.at(-1)!.descent)) : top };
}
