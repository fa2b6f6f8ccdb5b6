// The site file, _data/site.json: the site's name, description, language, accent, links and
// repository, checked like a countdown file, every problem at once with its field and fix.
import { describe, expect, it } from "vitest";
import { MAX_LOGO_BYTES } from "../../src/authoring/logo.ts";
import { parseSiteFile } from "../../src/authoring/site-file.ts";
import { encodePng } from "../../src/images/png.ts";
import { SITE_DEFAULTS } from "../../src/site-identity.ts";

const parse = (value: unknown) =>
  parseSiteFile("_data/site.json", typeof value === "string" ? value : JSON.stringify(value));

describe("the site file", () => {
  it("gives the defaults for what it leaves out, and reads what it sets", () => {
    expect(parse({})).toEqual({ site: SITE_DEFAULTS, problems: [] });
    const { site } = parse({
      name: " Launch Central ",
      description: "All our launches.",
      language: "de-de",
      accent: "#A11",
      links: [{ text: "Impressum", url: "https://example.org/impressum" }],
      tools: ["api", "creator"],
      repository: "https://github.com/you/countdowns.git",
      branch: "live",
    });
    expect(site).toEqual({
      name: "Launch Central",
      description: "All our launches.",
      language: "de-DE",
      accent: "#aa1111",
      links: [{ text: "Impressum", url: "https://example.org/impressum" }],
      tools: ["creator", "api"],
      repository: "https://github.com/you/countdowns",
      branch: "live",
    });
    // Without a description, the default one in the site's language.
    expect(parse({ language: "de" }).site?.description).toBe("Live-Countdowns zu Terminen, die zählen.");
    expect(parse({ language: "ja" }).site?.description).toBe("大切な日までのライブカウントダウン。");
  });

  it("reports every problem at once, each with its field and how to fix it", () => {
    const { problems } = parse({
      name: "",
      langauge: "de",
      accent: "#ffff00",
      language: "german",
      links: [{ text: "x", url: "ftp://a" }, { url: "https://ok.example" }],
      tools: ["creator", "json"],
      repository: "github.com/you",
      branch: "../x",
    });
    expect(problems.map((problem) => problem.field)).toEqual([
      "langauge",
      "name",
      "language",
      "accent",
      "links[0].url",
      "links[1].text",
      "tools",
      "repository",
      "branch",
    ]);
    const by = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
    expect(by.langauge).toMatch(
      /unknown field; the fields are name, description, language, accent, links, tools, logo, font, repository, branch/,
    );
    expect(by.tools).toBe(
      '"json" is not a tool; list those the header links to, of "creator", "pages", "api", like ["creator"], or leave the field out for none',
    );
    expect(parse({ tools: "api" }).problems[0]!.message).toMatch(/^"api" is not a tool/);
    expect(by.language).toMatch(/for German write "de"/);
    expect(by.accent).toMatch(/contrast 1\.07:1.*choose a darker colour, like #[0-9a-f]{6}/);
    expect(problems.every((problem) => problem.file === "_data/site.json")).toBe(true);
  });

  it("suggests an accent that does read on white", () => {
    const suggested = /like (#[0-9a-f]{6})/.exec(parse({ accent: "#7fb3ff" }).problems[0]!.message)![1]!;
    expect(parse({ accent: suggested }).problems).toEqual([]);
  });

  it("says on which line JSON cannot be read", () => {
    const { problems } = parse('{\n  "name": "Mine",\n  "description": "no comma"\n  "language": "en"\n}\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe("line 4");
    expect(problems[0]!.message).toMatch(/is not valid JSON/);
  });

  it("refuses a name over its limit or a line break in it", () => {
    expect(parse({ name: "x".repeat(81) }).problems[0]!.message).toMatch(/81 characters long; the limit is 80/);
    expect(parse({ name: "two\nlines" }).problems[0]!.message).toMatch(/line break/);
  });
});

describe("the site file's logo", () => {
  const svg = (attributes: string) =>
    `<?xml version="1.0"?>\n<!-- <svg width="1" height="1"> -->\n<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><rect width="10" height="10"/></svg>`;
  // The first bytes of three WebP files made by ImageMagick (lossy 200x50, lossless 201x51, with alpha 203x53): their headers hold the size.
  const WEBP = {
    lossy: "524946466800000057454250565038205c0000005006009d012ac8003200",
    lossless: "5249464622000000574542505650384c160000002fc8800c000710d1fffe",
    extended: "524946468800000057454250565038580a00000010000000ca0000340000",
  };
  const withFiles = (logo: unknown, files: Record<string, Uint8Array | string>) =>
    parseSiteFile("_data/site.json", JSON.stringify({ logo }), (name) => {
      const file = files[name];
      if (file === undefined) throw Object.assign(new Error("missing"), { code: "ENOENT" });
      return typeof file === "string" ? new TextEncoder().encode(file) : file;
    });

  it("reads an SVG's, a PNG's and a WebP's size, so the page reserves the logo's room", () => {
    expect(withFiles("logo.svg", { "logo.svg": svg('viewBox="0 0 120 40"') }).site?.logo).toMatchObject({
      file: "logo.svg",
      type: "svg",
      width: 120,
      height: 40,
    });
    expect(
      withFiles("logo.svg", { "logo.svg": svg('width="64px" height="32" viewBox="0 0 2 1"') }).site?.logo,
    ).toMatchObject({ width: 64, height: 32 });
    expect(
      withFiles("logo.svg", { "logo.svg": svg('width="100%" height="100%" viewBox="0,0,30.5,10"') }).site?.logo,
    ).toMatchObject({ width: 31, height: 10 });
    expect(withFiles("logo.svg", { "logo.svg": svg('viewBox="0 0 0.2 0.1"') }).site?.logo).toMatchObject({
      width: 2,
      height: 1,
    });
    expect(
      withFiles("Logo.PNG", { "Logo.PNG": encodePng(77, 33, [[0, 0, 0]], new Uint8Array(77 * 33)) }).site?.logo,
    ).toMatchObject({ type: "png", width: 77, height: 33 });
    const hex = (text: string) => Uint8Array.from(text.match(/../g)!, (byte) => parseInt(byte, 16));
    expect(withFiles("a.webp", { "a.webp": hex(WEBP.lossy) }).site?.logo).toMatchObject({
      type: "webp",
      width: 200,
      height: 50,
    });
    expect(withFiles("a.webp", { "a.webp": hex(WEBP.lossless) }).site?.logo).toMatchObject({ width: 201, height: 51 });
    expect(withFiles("a.webp", { "a.webp": hex(WEBP.extended) }).site?.logo).toMatchObject({ width: 203, height: 53 });
  });

  it("names the logo's bytes in its hash, so a new logo makes a new build", () => {
    const one = withFiles("logo.svg", { "logo.svg": svg('viewBox="0 0 1 1"') }).site!.logo!.hash;
    expect(withFiles("logo.svg", { "logo.svg": svg('viewBox="0 0 1 1" fill="red"') }).site!.logo!.hash).not.toBe(one);
  });

  it("says what is wrong with a logo and how to fix it", () => {
    const message = (logo: unknown, files: Record<string, Uint8Array | string> = {}) => {
      const { problems } = withFiles(logo, files);
      expect(problems.map((problem) => problem.field)).toEqual(["logo"]);
      return problems[0]!.message;
    };
    expect(message("logo.svg")).toBe(
      "_data/logo.svg does not exist; put the image beside the site file, or leave the field out",
    );
    expect(message("../logo.svg")).toMatch(/is not a plain file name; the logo is a file beside the site file/);
    expect(message("images/logo.svg")).toMatch(/not a plain file name/);
    expect(message(42)).toMatch(/42 is not a file name/);
    expect(message("logo.gif", { "logo.gif": "GIF89a" })).toMatch(/"logo.gif" is not an SVG, PNG or WebP file/);
    expect(message("logo.png", { "logo.png": svg('viewBox="0 0 1 1"') })).toMatch(
      /_data\/logo.png is not a PNG image .*name it for its type/,
    );
    expect(message("logo.webp", { "logo.webp": encodePng(1, 1, [[0, 0, 0]], new Uint8Array(1)) })).toMatch(
      /is not a WebP image/,
    );
    expect(message("logo.svg", { "logo.svg": "<html></html>" })).toMatch(/has no <svg> element/);
    expect(message("logo.svg", { "logo.svg": svg('width="10em" height="2em"') })).toMatch(
      /give its <svg> element a viewBox, like viewBox="0 0 120 40"/,
    );
    expect(message("logo.svg", { "logo.svg": svg('viewBox="0 0 1 1"').padEnd(MAX_LOGO_BYTES + 1, " ") })).toMatch(
      /is 101 KB; a logo loads with every page, so it may be at most 100 KB/,
    );
  });
});

describe("the site file's font", () => {
  const WOFF2 = "wOF2\0\x01\0\0padding";
  const TTF = "\0\x01\0\0\0\x10padding";
  const OTF = "OTTO\0\x10padding";
  const withFiles = (font: unknown, files: Record<string, string>) =>
    parseSiteFile("_data/site.json", JSON.stringify({ font }), (name) => {
      const file = files[name];
      if (file === undefined) throw Object.assign(new Error("missing"), { code: "ENOENT" });
      return new Uint8Array([...file].map((char) => char.charCodeAt(0)));
    });

  it("takes a WOFF2 for the web, a TTF or OTF for the images, or one of them for both", () => {
    const both = withFiles(["brand.ttf", "brand.woff2"], { "brand.woff2": WOFF2, "brand.ttf": TTF }).site!.font!;
    expect([both.web.file, both.web.type, both.drawn!.file, both.drawn!.type]).toEqual([
      "brand.woff2",
      "woff2",
      "brand.ttf",
      "ttf",
    ]);
    expect(both.web.hash).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(both.web.hash).not.toBe(both.drawn!.hash);
    const ttf = withFiles("brand.ttf", { "brand.ttf": TTF }).site!.font!;
    expect([ttf.web.file, ttf.drawn!.file]).toEqual(["brand.ttf", "brand.ttf"]);
    expect(withFiles("Brand.OTF", { "Brand.OTF": OTF }).site!.font!.web.type).toBe("otf");
    const web = withFiles("brand.woff2", { "brand.woff2": WOFF2 }).site!.font!;
    expect([web.web.file, web.drawn]).toEqual(["brand.woff2", undefined]);
    expect(withFiles(undefined, {}).site!.font).toBeUndefined();
  });

  it("says what is wrong with a font and how to fix it", () => {
    const message = (font: unknown, files: Record<string, string> = {}) => {
      const { problems } = withFiles(font, files);
      expect(problems.map((problem) => problem.field)).toEqual(["font"]);
      return problems[0]!.message;
    };
    expect(message("brand.woff2")).toBe(
      "_data/brand.woff2 does not exist; put the font beside the site file, or leave the field out",
    );
    expect(message(["a.woff2", "b.woff2"], { "a.woff2": WOFF2, "b.woff2": WOFF2 })).toMatch(
      /names two WOFF2 files; give one WOFF2 \(for the pages\) and one TTF or OTF \(for the images\)/,
    );
    expect(message(["a.ttf", "b.otf"])).toMatch(/names two TTF or OTF files/);
    expect(message([])).toMatch(/is not a font file's name or a list of two/);
    expect(message(["a.woff2", "b.ttf", "c.otf"])).toMatch(/is not a font file's name or a list of two/);
    expect(message("../brand.ttf")).toMatch(/is not a plain file name; put the font beside the site file/);
    expect(message("brand.woff")).toMatch(/"brand.woff" is not a WOFF2, TTF or OTF file/);
    expect(message("brand.woff2", { "brand.woff2": TTF })).toMatch(
      /_data\/brand.woff2 is not a WOFF2 font \(its bytes are something else\); convert it, or name it for its type/,
    );
    expect(message("brand.ttf", { "brand.ttf": OTF })).toMatch(/is not a TTF font/);
    expect(message("brand.woff2", { "brand.woff2": WOFF2.padEnd(300 * 1024 + 1, " ") })).toMatch(
      /is 301 KB; a web font loads with every page and widget, so it may be at most 300 KB: subset it/,
    );
    expect(message("brand.ttf", { "brand.ttf": TTF.padEnd(4 * 1024 * 1024 + 1, " ") })).toMatch(
      /a font for the images may be at most 4 MB/,
    );
  });
});
