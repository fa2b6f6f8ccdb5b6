// A countdown's `image` (src/authoring/done-image.ts, src/publish/done-images.ts): the header of its
// page with the title over it, its link preview's background and its widget's with `background=image`.
// The fixture build's launch-image countdown has one, a PNG half white and half blue
// (test/support/fixtures.ts): published under its hash, in the page's markup, under the preview's
// text (read back pixel by pixel), in the widget's style. Then each bad file's message, and a build
// with one that publishes nothing.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCountdownImages } from "../../src/publish/done-images.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { contrastRatio, READABLE_RATIO, rgbOf } from "../../src/colour/colour.ts";
import { HEADER_IMAGE, headerImageBytes, fromNow } from "../support/fixtures.ts";
import { colourAt, decodePng, type Rgba } from "../support/image-reader.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { ROOT, TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await server?.stop();
});
const get = (target: string) => fetch(`${server.url}${target}`);
const { slug } = HEADER_IMAGE;

/** The colours of a box of `picture`, each with how many of its pixels have it, the commonest first. */
function coloursIn(picture: Rgba, [left, top, right, bottom]: readonly number[]) {
  const counts = new Map<string, number>();
  for (let y = top!; y < bottom!; y++)
    for (let x = left!; x < right!; x++) {
      const key = colourAt(picture, x, y).join(",");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, count]) => ({ rgb: key.split(",").map(Number), count }));
}

/** The image's path on the site, from the page's header. */
const imagePath = async () =>
  /<div class="cover"><img src="([^"]+)"/.exec(await (await get(`/${slug}/`)).text())?.[1] ?? "";

describe("a countdown with an image", () => {
  it("publishes the file under the hash of its bytes", async () => {
    const published = await imagePath();
    expect(published).toMatch(/^\/assets\/image-[A-Za-z0-9_-]{16}\.png$/);
    const image = await get(published);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(headerImageBytes());
    expect(readFileSync(path.join(TEST_SITE_DIR, published))).toEqual(Buffer.from(headerImageBytes()));
  });

  it("heads its page: the picture first, its size kept, loaded at once, described, the title over it", async () => {
    const page = await (await get(`/${slug}/`)).text();
    expect(page).toContain(
      `<div class="cover"><img src="${await imagePath()}" alt="${HEADER_IMAGE.alt}" width="${HEADER_IMAGE.width}" height="${HEADER_IMAGE.height}" loading="eager" fetchpriority="high" decoding="async"><h1>${HEADER_IMAGE.title}</h1></div>`,
    );
    // The title is said once, in the header; a countdown without an image has its title alone.
    expect(page.match(/<h1/g)).toHaveLength(1);
    const plain = await (await get("/long-past/")).text();
    expect(plain).not.toContain('class="cover"');
    expect(plain).toContain("<h1>Long past</h1>");
    // The title's scrim, as the page's style gives it.
    expect(page).toMatch(/--scrim:rgb\(0 0 0 \/ 0\.\d+\)/);
  });

  it("is its widget's background with background=image, under a scrim, and only then", async () => {
    const widget = await (await get(`/api/embed/${slug}`)).text();
    expect(widget).toMatch(
      new RegExp(
        `<style>html\\[data-background=image\\]\\{[^}]*background:linear-gradient\\(rgb\\(0 0 0 / 0\\.\\d+\\),rgb\\(0 0 0 / 0\\.\\d+\\)\\),url\\("${await imagePath()}"\\) 50%/cover var\\(--b\\)\\}</style>`,
      ),
    );
    expect(await (await get("/api/embed/long-past")).text()).not.toContain("data-background");
  });

  it("is its link preview's background, under a scrim its text reads on (4.5:1), a white picture included", async () => {
    const preview = await get(`/api/og/${slug}.png`);
    expect(preview.status).toBe(200);
    const picture = decodePng(new Uint8Array(await preview.arrayBuffer()));
    // The picture covers the frame at twice its size: its white half left, its blue half right.
    const title = rgbOf("#f4f6fb")!;
    // The title's line (its top at 215 less its size, 76): the title's ink in the white half, and the
    // background of its box, which must be the scrim over white and read with the title.
    const [white, ...inked] = coloursIn(picture, [80, 139, 590, 232]);
    expect(inked.some(({ rgb }) => contrastRatio(rgb as [number, number, number], title) < 1.2)).toBe(true);
    expect(contrastRatio(white!.rgb as [number, number, number], title)).toBeGreaterThanOrEqual(READABLE_RATIO);
    // The blue half shows through, darker, and reads as well.
    const [blue] = coloursIn(picture, [700, 300, 1100, 400]);
    expect(blue!.rgb).not.toEqual(white!.rgb);
    expect(blue!.rgb[2]).toBeGreaterThan(blue!.rgb[0]! + 20);
    expect(contrastRatio(blue!.rgb as [number, number, number], title)).toBeGreaterThanOrEqual(READABLE_RATIO);
    // Without an image: the night blue, as before.
    const plain = decodePng(new Uint8Array(await (await get("/api/og/long-past.png")).arrayBuffer()));
    expect(colourAt(plain, 2, 2)).not.toEqual(colourAt(picture, 2, 2));
    expect(colourAt(plain, 2, 2)[2]).toBeLessThan(40);
  });
});

describe("an image's checks", () => {
  const root = mkdtempSync(path.join(tmpdir(), "header-image-"));
  mkdirSync(path.join(root, "images"));
  const check = (written: string, bytes?: Uint8Array, more = ""): string[] | object | undefined => {
    if (bytes) writeFileSync(path.join(root, written), bytes);
    const parsed = parseCountdownFile(
      "countdowns/launch.md",
      `---\ntitle: Launch\ntarget: "2031-01-01T00:00:00Z"\nimage: "${written}"\n${more}---\n`,
    );
    if (!parsed.countdown) return parsed.problems.map((p) => `${p.field}: ${p.message}`);
    const read = readCountdownImages([parsed.countdown], root, "countdowns");
    return read.problems.length ? read.problems.map((p) => `${p.field}: ${p.message}`) : read.countdowns[0]!.image;
  };
  const problem = (written: string, bytes?: Uint8Array, more?: string) => (check(written, bytes, more) as string[])[0];
  /** A JPEG's first bytes, up to its frame header of `width` × `height`. */
  const jpeg = (width: number, height: number) =>
    Uint8Array.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      4,
      0,
      0,
      0xff,
      0xc0,
      0,
      11,
      8,
      height >> 8,
      height & 255,
      width >> 8,
      width & 255,
      3,
      0,
      0,
      0,
    ]);
  /** An extended WebP's first chunk, of `width` × `height`. */
  const webp = (width: number, height: number) => {
    const u24 = (n: number) => [n & 255, (n >> 8) & 255, n >> 16];
    return Uint8Array.from([
      ...Buffer.from("RIFF"),
      22,
      0,
      0,
      0,
      ...Buffer.from("WEBPVP8X"),
      10,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...u24(width - 1),
      ...u24(height - 1),
    ]);
  };

  it("reads a PNG, a JPEG and a WebP by their bytes, whatever their names say", () => {
    expect(check("images/a.png", headerImageBytes())).toMatchObject({ type: "png", width: 600, height: 315 });
    expect(check("images/b.jpg", jpeg(1200, 630))).toMatchObject({ type: "jpeg", width: 1200, height: 630 });
    expect(check("images/c.webp", webp(1600, 900))).toMatchObject({ type: "webp", width: 1600, height: 900 });
    // Named for another type: its bytes decide.
    expect(check("images/photo.png", jpeg(800, 600))).toMatchObject({ type: "jpeg", width: 800, height: 600 });
    expect(check("images/banner", webp(4096, 2048))).toMatchObject({ type: "webp", width: 4096, height: 2048 });
  });

  it("says what is wrong with each bad file, naming the file and the field, and how to fix it", () => {
    expect(check("images/missing.png")).toEqual([
      `image: "images/missing.png" is not a file in the repository; put the image there, named from the folder that holds countdowns/`,
    ]);
    const gif = Uint8Array.from([...Buffer.from("GIF89a"), 88, 2, 59, 1, 0, 0, 0]);
    expect(problem("images/anim.png", gif)).toBe(
      `image: "images/anim.png" is not a PNG, JPEG or WebP image (its bytes are a GIF's); save it as one of those`,
    );
    expect(problem("images/notes.jpg", Buffer.from("just some text, not an image at all"))).toBe(
      `image: "images/notes.jpg" is not a PNG, JPEG or WebP image (its bytes are something else); save it as one of those`,
    );
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(jpeg(1200, 630));
    expect(problem("images/huge.jpg", huge)).toBe(
      `image: "images/huge.jpg" is 2049 KB; a countdown's image loads first with its page and in its widget, so it may be at most 2048 KB: make it smaller`,
    );
    const sides = "a countdown's image is at least 600 × 315 pixels and at most 4096 pixels a side: resize it";
    expect(problem("images/narrow.jpg", jpeg(599, 400))).toBe(
      `image: "images/narrow.jpg" is 599 × 400 pixels; ${sides}`,
    );
    expect(problem("images/low.webp", webp(1200, 314))).toBe(`image: "images/low.webp" is 1200 × 314 pixels; ${sides}`);
    expect(problem("images/wide.jpg", jpeg(4097, 1000))).toBe(
      `image: "images/wide.jpg" is 4097 × 1000 pixels; ${sides}`,
    );
    expect(problem("../secret.png")).toMatch(/^image: "\.\.\/secret\.png" is not a plain path inside the repository/);
  });

  it("takes image_alt with an image, on one line, within its length", () => {
    writeFileSync(path.join(root, "images/ok.png"), headerImageBytes());
    expect(check("images/ok.png", undefined, 'image_alt: "A rocket on its pad"\n')).toMatchObject({ type: "png" });
    expect(problem("images/ok.png", undefined, `image_alt: "${"a".repeat(301)}"\n`)).toBe(
      "image_alt: is 301 characters long; the limit is 300",
    );
    expect(problem("images/ok.png", undefined, 'image_alt: " "\n')).toBe(
      "image_alt: is empty; leave it out to have the title describe the image",
    );
    const alone = parseCountdownFile(
      "countdowns/launch.md",
      `---\ntitle: Launch\ntarget: "2031-01-01T00:00:00Z"\nimage_alt: "A rocket"\n---\n`,
    );
    expect(alone.problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'image_alt: describes the countdown\'s image: add "image", or leave this out',
    ]);
  });

  it("fails a build with a bad image whole: nothing is published", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "header-image-build-")), "countdowns");
    mkdirSync(path.join(path.dirname(dir), "images"), { recursive: true });
    mkdirSync(dir);
    writeFileSync(path.join(path.dirname(dir), "images/good.png"), headerImageBytes());
    writeFileSync(path.join(path.dirname(dir), "images/small.jpg"), jpeg(300, 200));
    writeFileSync(
      path.join(dir, "good.md"),
      `---\ntitle: Good\ntarget: "${fromNow(3)}"\nimage: images/good.png\n---\n`,
    );
    writeFileSync(path.join(dir, "bad.md"), `---\ntitle: Bad\ntarget: "${fromNow(3)}"\nimage: images/small.jpg\n---\n`);
    const outDir = path.join(path.dirname(dir), "dist");
    const failure = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
      cwd: ROOT,
      env: { ...process.env, COUNTDOWNS_DIR: dir, OUT_DIR: outDir },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      `countdowns/bad.md: image: "images/small.jpg" is 300 × 200 pixels; a countdown's image is at least 600 × 315 pixels`,
    );
    expect(existsSync(outDir)).toBe(false);
  });
});
