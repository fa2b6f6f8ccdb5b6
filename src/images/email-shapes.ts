// The shapes of the email image's ring, flip and digital layouts (src/images/email-faces.ts): a unit's
// ring, rasterised here pixel by pixel (the annulus, and the arc of its fraction, anti-aliased); a flip
// card; the seven-segment digits, filled polygons that resvg draws once per size and ink (an atlas).
import { SEGMENTS } from "../time/shape-rules.ts";
import { drawShapes, keptWithin, overlay, shadeOf, type Indexed } from "./raster.ts";

/** The emptied part of a ring: a faint shade of its ink. */
const FAINT = 0.14;
/** The unlit segments of a digit: fainter (one shade of fifteen), so that the lit ones read at once. */
const UNLIT = 0.07;

/** The rings and segment atlases kept: at most 4 MB of pixels, the few sizes in use many times over. */
const SHAPE_BYTES = 4 * 1024 * 1024;
const rings = keptWithin<Indexed>(SHAPE_BYTES, (ring) => ring.pixels.length);
const segmentAtlases = keptWithin<Indexed[]>(SHAPE_BYTES, (atlas) =>
  atlas.reduce((sum, glyph) => sum + glyph.pixels.length, 0),
);

/**
 * A ring `diameter` pixels across and `thickness` thick in ink `ink`: full from the top clockwise for
 * `fraction` of its turn, the rest a faint track. Each pixel's coverage is how far it is inside the
 * annulus and inside (or outside) the arc's two ends.
 */
export function ringOf(diameter: number, thickness: number, fraction: number, ink: number): Indexed {
  return rings(`${diameter} ${thickness} ${fraction} ${ink}`, () => {
    const pixels = new Uint8Array(diameter * diameter);
    const [centre, inner] = [diameter / 2, diameter / 2 - thickness];
    const turn = fraction * 2 * Math.PI;
    for (let y = 0; y < diameter; y++)
      for (let x = 0; x < diameter; x++) {
        const [dx, dy] = [x + 0.5 - centre, y + 0.5 - centre];
        const d = Math.hypot(dx, dy);
        const radial = Math.min(1, Math.max(0, centre - d + 0.5), Math.max(0, d - inner + 0.5));
        if (radial === 0) continue;
        let angle = Math.atan2(dx, -dy);
        if (angle < 0) angle += 2 * Math.PI;
        // How far (in pixels along the circle) the pixel is from the nearer end of the arc.
        const filled =
          fraction >= 1
            ? 1
            : fraction <= 0
              ? 0
              : angle < turn
                ? clamp(Math.min(angle, turn - angle) * d + 0.5)
                : clamp(0.5 - Math.min(angle - turn, 2 * Math.PI - angle) * d);
        pixels[y * diameter + x] = shadeOf(ink, radial * (filled + FAINT * (1 - filled)));
      }
    return { width: diameter, height: diameter, pixels };
  });
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

const cards = keptWithin<Indexed>(SHAPE_BYTES, (card) => card.pixels.length);

/**
 * A flip card at (x, y), `width` × `height`, in ink `ink`: its top half at coverage `top`, its bottom
 * half at `bottom`, its corners rounded; each size drawn once and kept.
 */
export function drawCard(
  image: Indexed,
  box: { x: number; y: number; width: number; height: number },
  ink: number,
  cover: { top: number; bottom: number },
): void {
  const { width, height } = box;
  const card = cards(`${width} ${height} ${ink} ${cover.top} ${cover.bottom}`, () => {
    const pixels = new Uint8Array(width * height);
    const radius = Math.max(1, Math.round(height * 0.08));
    for (let row = 0; row < height; row++)
      for (let column = 0; column < width; column++) {
        // Inside the rounded corner: the distance from the corner's centre.
        const [cx, cy] = [
          Math.max(0, radius - column - 0.5, column + 0.5 - (width - radius)),
          Math.max(0, radius - row - 0.5, row + 0.5 - (height - radius)),
        ];
        const corner = cx > 0 && cy > 0 ? clamp(radius - Math.hypot(cx, cy) + 0.5) : 1;
        pixels[row * width + column] = shadeOf(ink, corner * (row < height / 2 ? cover.top : cover.bottom));
      }
    return { width, height, pixels };
  });
  overlay(image, card, box.x, box.y);
}

/** Copies `from` onto `to` at (x, y) where it has more of the ink than `to` (a glyph on a card of its ink). */
export function overlayOver(to: Indexed, from: Indexed, x: number, y: number): void {
  for (let row = 0; row < from.height; row++) {
    const ty = y + row;
    if (ty < 0 || ty >= to.height) continue;
    for (let column = 0; column < from.width; column++) {
      const tx = x + column;
      const value = from.pixels[row * from.width + column]!;
      if (tx >= 0 && tx < to.width && value > to.pixels[ty * to.width + tx]!) to.pixels[ty * to.width + tx] = value;
    }
  }
}

/** Whether `digit` lights segment `name` (a top, b and c right, d bottom, e and f left, g middle): the map every face draws (src/time/shape-rules.ts). */
const lights = (digit: number, name: string) => ((SEGMENTS[digit]! >> "abcdefg".indexOf(name)) & 1) === 1;

/** A seven-segment digit's measures at `height` pixels: its width, its segments' thickness, the gap to the next digit. */
export function segmentMeasures(height: number): { width: number; thickness: number; gap: number } {
  return {
    width: Math.round(height * 0.52),
    thickness: Math.max(2, Math.round(height * 0.13)),
    gap: Math.max(1, Math.round(height * 0.16)),
  };
}

/** The segments of a digit `width` × `height` at (x, y), as SVG polygons, their gaps a tenth of their thickness. */
function segmentPolygons(x: number, y: number, width: number, height: number, t: number): Record<string, string> {
  const gap = Math.max(0.5, t * 0.12);
  const points = (list: number[][]) =>
    list.map(([px, py]) => `${(x + px!).toFixed(2)},${(y + py!).toFixed(2)}`).join(" ");
  const across = (yc: number) =>
    points([
      [t / 2 + gap, yc],
      [t + gap, yc - t / 2],
      [width - t - gap, yc - t / 2],
      [width - t / 2 - gap, yc],
      [width - t - gap, yc + t / 2],
      [t + gap, yc + t / 2],
    ]);
  const down = (xc: number, y0: number, y1: number) =>
    points([
      [xc, y0 + gap],
      [xc + t / 2, y0 + t / 2 + gap],
      [xc + t / 2, y1 - t / 2 - gap],
      [xc, y1 - gap],
      [xc - t / 2, y1 - t / 2 - gap],
      [xc - t / 2, y0 + t / 2 + gap],
    ]);
  const [left, right, middle] = [t / 2, width - t / 2, height / 2];
  return {
    a: across(t / 2),
    b: down(right, t / 2, middle),
    c: down(right, middle, height - t / 2),
    d: across(height - t / 2),
    e: down(left, middle, height - t / 2),
    f: down(left, t / 2, middle),
    g: across(middle),
  };
}

/**
 * The ten seven-segment digits `height` pixels high in ink `ink`, each an image of its digit's width
 * and height (the unlit segments faint), drawn in one resvg call and kept.
 */
export function segmentDigits(height: number, ink: number): Indexed[] {
  return segmentAtlases(`${height} ${ink}`, () => {
    const { width, thickness } = segmentMeasures(height);
    const body = SEGMENTS.map((_, digit) =>
      Object.entries(segmentPolygons(digit * width, 0, width, height, thickness))
        .map(
          ([name, polygon]) => `<polygon points="${polygon}"${lights(digit, name) ? "" : ` fill-opacity="${UNLIT}"`}/>`,
        )
        .join(""),
    ).join("");
    const drawn = drawShapes(10 * width, height, body, ink);
    return SEGMENTS.map((_, digit) => {
      const pixels = new Uint8Array(width * height);
      for (let row = 0; row < height; row++)
        pixels.set(
          drawn.pixels.subarray(row * drawn.width + digit * width, row * drawn.width + (digit + 1) * width),
          row * width,
        );
      return { width, height, pixels };
    });
  });
}

/** Fills a rectangle of `image` with ink `ink` at full coverage (a digital colon's dot). */
export function fillRect(image: Indexed, x: number, y: number, width: number, height: number, ink: number): void {
  for (let row = Math.max(0, y); row < Math.min(image.height, y + height); row++)
    image.pixels.fill(
      shadeOf(ink, 1),
      row * image.width + Math.max(0, x),
      row * image.width + Math.min(image.width, x + width),
    );
}
