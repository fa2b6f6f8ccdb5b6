// `done_image` (src/authoring/done-image.ts, src/publish/done-images.ts): the picture an ended
// countdown shows in place of its zeros. The fixture build's go-ended countdown has one, a PNG half
// red and half blue (test/support/fixtures.ts): published under its hash, named in the record, drawn
// into the email image's frame at zero (read back pixel by pixel), in the widget and on the page.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCountdownImages } from "../../src/publish/done-images.ts";
import { parseCountdownFile } from "../../src/authoring/countdown-file.ts";
import { DONE_IMAGE, doneImageBytes } from "../support/fixtures.ts";
import { colourAt, decodeGif, decodePng } from "../support/image-reader.ts";
import { startServer, type RunningServer } from "../support/production-server.ts";
import { TEST_OUT_DIR, TEST_SITE_DIR } from "../support/paths.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(TEST_OUT_DIR);
});
afterAll(async () => {
  await server?.stop();
});
const get = (target: string) => fetch(`${server.url}${target}`);

describe("an ended countdown with a done image", () => {
  it("publishes the file under the hash of its bytes, and names it in its record", async () => {
    const record = await (await get("/api/data/go-ended.json")).json();
    expect(record.doneImage).toMatch(/^\/assets\/done-[A-Za-z0-9_-]{16}\.png$/);
    const image = await get(record.doneImage);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(doneImageBytes());
    expect(readFileSync(path.join(TEST_SITE_DIR, record.doneImage))).toEqual(Buffer.from(doneImageBytes()));
  });

  it("is the email image: the picture fitted whole into the frame of the count, on its background, red then blue", async () => {
    for (const [format, decode] of [
      ["gif", (bytes: Uint8Array) => decodeGif(bytes).frames.at(-1)!.shown],
      ["png", decodePng],
    ] as const) {
      const ended = await get(`/api/email/go-ended.${format}?theme=light&width=600`);
      expect(ended.status).toBe(200);
      const picture = decode(new Uint8Array(await ended.arrayBuffer()));
      // The same frame as another ended countdown's (its done message), so the snippet's size stays right.
      const other = decode(
        new Uint8Array(await (await get(`/api/email/long-past.${format}?theme=light&width=600`)).arrayBuffer()),
      );
      expect([picture.width, picture.height]).toEqual([other.width, other.height]);
      if (format === "gif")
        expect(
          decodeGif(new Uint8Array(await (await get("/api/email/go-ended.gif")).arrayBuffer())).frames,
        ).toHaveLength(1);
      // Fitted by its height (2:1 in a wider frame): centred, the background on both sides.
      const middle = Math.floor(picture.height / 2);
      const drawnWidth = Math.round((picture.height * DONE_IMAGE.width) / DONE_IMAGE.height);
      const left = Math.floor((picture.width - drawnWidth) / 2);
      expect(colourAt(picture, left + Math.floor(drawnWidth / 4), middle), format).toEqual([...DONE_IMAGE.left]);
      expect(colourAt(picture, left + Math.floor((3 * drawnWidth) / 4), middle), format).toEqual([...DONE_IMAGE.right]);
      expect(colourAt(picture, 2, middle), format).toEqual(colourAt(other, 2, 2));
    }
  });

  it("takes the done message's place in the widget, and stands above it on the page", async () => {
    const record = await (await get("/api/data/go-ended.json")).json();
    const widget = await (await get("/api/embed/go-ended")).text();
    expect(widget).toContain(`data-image style="background-image:url(${record.doneImage})"`);
    const page = await (await get("/go-ended/")).text();
    expect(page).toMatch(
      new RegExp(
        `<p class="done[^"]*" data-done><img class="done-image" src="${record.doneImage}" alt="" width="${DONE_IMAGE.width}" height="${DONE_IMAGE.height}"`,
      ),
    );
    // A countdown without one has neither.
    expect(await (await get("/api/embed/long-past")).text()).not.toContain("data-image");
  });
});

describe("a done image's checks", () => {
  const root = mkdtempSync(path.join(tmpdir(), "done-image-"));
  mkdirSync(path.join(root, "images"));
  const check = (written: string, bytes?: Uint8Array): string[] | object | undefined => {
    if (bytes) writeFileSync(path.join(root, written), bytes);
    const parsed = parseCountdownFile(
      "countdowns/sale.md",
      `---\ntitle: Sale\ntarget: "2031-01-01T00:00:00Z"\ndone_image: "${written}"\n---\n`,
    );
    if (!parsed.countdown) return parsed.problems.map((p) => `${p.field}: ${p.message}`);
    const read = readCountdownImages([parsed.countdown], root, "countdowns");
    return read.problems.length ? read.problems.map((p) => `${p.field}: ${p.message}`) : read.countdowns[0]!.doneImage;
  };
  const problem = (written: string, bytes?: Uint8Array) => (check(written, bytes) as string[])[0];
  it("reads a PNG, a JPEG and a GIF by their bytes, and says what is wrong with anything else", () => {
    expect(check("images/a.png", doneImageBytes())).toMatchObject({ type: "png", width: 120, height: 60 });
    // A JPEG's size from its frame header; a GIF's from its screen.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 50, 0, 80, 3, 0, 0, 0]);
    expect(check("images/b.jpg", jpeg)).toMatchObject({ type: "jpeg", width: 80, height: 50 });
    const gif = Uint8Array.from([...Buffer.from("GIF89a"), 40, 0, 30, 0, 0, 0, 0]);
    expect(check("images/c.gif", gif)).toMatchObject({ type: "gif", width: 40, height: 30 });
    expect(check("images/missing.png")).toEqual([
      `done_image: "images/missing.png" is not a file in the repository; put the image there, named from the folder that holds countdowns/`,
    ]);
    expect(problem("images/fake.png", gif)).toMatch(/^done_image: "images\/fake\.png" is not a PNG image/);
    expect(
      problem(
        "images/huge.gif",
        new Uint8Array(1024 * 1024 + 1).fill(0).map((_, i) => Buffer.from("GIF89a")[i] ?? 0),
      ),
    ).toMatch(/is 1025 KB; a done image loads in widgets and emails, so it may be at most 1024 KB/);
    const tiny = Uint8Array.from([...Buffer.from("GIF89a"), 8, 0, 8, 0, 0, 0, 0]);
    expect(problem("images/tiny.gif", tiny)).toMatch(/is 8 × 8 pixels; a done image is 16 to 4096 pixels a side/);
    expect(problem("images/photo.webp")).toMatch(/is not a PNG, JPEG or GIF file/);
    expect(problem("../secret.png")).toMatch(/is not a plain path inside the repository/);
  });
});
