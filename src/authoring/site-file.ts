// The site file, `_data/site.json` (Eleventy's place for global data): the site's name, description,
// language, accent colour, footer links, logo, font and repository, as its owner writes them. Checked like a
// countdown file: every problem at once, each naming the field and the fix.
import { pageWordsFor } from "../text/page-words.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  SITE_DEFAULTS,
  SITE_TOOLS,
  type SiteIdentity,
  type SiteLink,
  type SiteFont,
  type SiteFontFile,
  type SiteLogo,
  type SiteTool,
} from "../site-identity.ts";
import { HEX, contrastRatio, hexOf, rgbOf } from "../colour/colour.ts";
import { isLanguageTag } from "../widget/options.ts";
import type { Problem } from "./countdown.ts";
import { unknownLanguage } from "./language.ts";
import { inspectLogo, logoName } from "./logo.ts";
import { fontNames, inspectFont, siteFontOf } from "./site-font.ts";
import { messageOf } from "../error-message.ts";

const SITE_NAME_MAX = 80;
const SITE_DESCRIPTION_MAX = 300;
const SITE_LINKS_MAX = 10;
const LINK_TEXT_MAX = 60;
/** Links on the pages' white background must read (WCAG AA for text). */
const MIN_CONTRAST = 4.5;
export const SITE_FILE_FIELDS = [
  "name",
  "description",
  "language",
  "accent",
  "links",
  "tools",
  "logo",
  "font",
  "repository",
  "branch",
] as const;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export type SiteFileResult = { site: SiteIdentity; problems: [] } | { site?: undefined; problems: Problem[] };

/**
 * Reads the site file's text; `file` is how messages name it (`_data/site.json`), `readBeside` reads
 * a file of the same folder (the logo) or throws as readFileSync does. Over 80 lines: the checks of
 * each field in the order the file documents them, as parseFile checks a countdown's.
 */
export function parseSiteFile(
  file: string,
  text: string,
  readBeside: (name: string) => Uint8Array = missing,
): SiteFileResult {
  const problems: Problem[] = [];
  const problem = (field: string, message: string) => problems.push({ file, field, message });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    problem(
      jsonErrorLine(text, error),
      `is not valid JSON (${messageOf(error)}); keep the quotes around every key and text, commas between fields, and no comma after the last`,
    );
    return { problems };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    problem("file", `must be one JSON object of fields, like { "name": "My countdowns" }`);
    return { problems };
  }
  const fields = data as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!(SITE_FILE_FIELDS as readonly string[]).includes(key))
      problem(key, `unknown field; the fields are ${SITE_FILE_FIELDS.join(", ")}`);
  }
  const text_ = (key: "name" | "description", max: number, allowEmpty: boolean): string | undefined => {
    const value = fields[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") return void problem(key, `must be text in quotes, not ${JSON.stringify(value)}`);
    const trimmed = value.trim();
    if (!allowEmpty && trimmed === "")
      return void problem(key, `is empty; give the site a ${key}, or leave the field out for "${SITE_DEFAULTS[key]}"`);
    if ([...trimmed].length > max)
      return void problem(key, `is ${[...trimmed].length} characters long; the limit is ${max}`);
    if (CONTROL.test(trimmed))
      return void problem(key, "contains a line break or control character; keep it on one line");
    return trimmed;
  };
  const name = text_("name", SITE_NAME_MAX, false);
  const description = text_("description", SITE_DESCRIPTION_MAX, true);

  let language: string | undefined;
  if (fields.language !== undefined) {
    const written = typeof fields.language === "string" ? fields.language.trim() : undefined;
    if (written === undefined || !isLanguageTag(written))
      problem(
        "language",
        `${JSON.stringify(fields.language)} is not a language tag; write one like "en", "de" or "pt-BR"`,
      );
    else {
      const unknown = unknownLanguage(written);
      if (unknown) problem("language", unknown);
      else language = Intl.getCanonicalLocales(written)[0];
    }
  }

  let accent: string | undefined;
  if (fields.accent !== undefined) {
    const rgb = typeof fields.accent === "string" ? rgbOf(fields.accent.trim()) : undefined;
    if (!rgb || !HEX.test(String(fields.accent).trim()) || !String(fields.accent).trim().startsWith("#")) {
      problem("accent", `${JSON.stringify(fields.accent)} is not a colour; write a hex colour like "#0b57d0"`);
    } else {
      const ratio = contrastRatio(rgb, [255, 255, 255]);
      if (ratio < MIN_CONTRAST) {
        problem(
          "accent",
          `"${fields.accent}" reads too little on the pages' white background (contrast ${ratio.toFixed(2)}:1, links need ${MIN_CONTRAST}:1); choose a darker colour, like ${hexOf(darkened(rgb))}`,
        );
      } else accent = hexOf(rgb);
    }
  }

  let links: SiteLink[] | undefined;
  if (fields.links !== undefined) {
    if (!Array.isArray(fields.links))
      problem(
        "links",
        `must be a list of { "text": ..., "url": ... }, like [{ "text": "Contact", "url": "https://example.org/contact" }]`,
      );
    else if (fields.links.length > SITE_LINKS_MAX)
      problem("links", `has ${fields.links.length} links; the header holds at most ${SITE_LINKS_MAX}`);
    else {
      links = [];
      fields.links.forEach((link: unknown, index) => {
        const field = `links[${index}]`;
        const { text, url } = (typeof link === "object" && link !== null ? link : {}) as Record<string, unknown>;
        if (
          typeof text !== "string" ||
          text.trim() === "" ||
          [...text.trim()].length > LINK_TEXT_MAX ||
          CONTROL.test(text)
        ) {
          problem(`${field}.text`, `must be text of 1 to ${LINK_TEXT_MAX} characters on one line, like "Contact"`);
        } else if (typeof url !== "string" || !isWebUrl(url.trim())) {
          problem(
            `${field}.url`,
            `${JSON.stringify(url)} is not an address; write a whole one, like "https://example.org/contact"`,
          );
        } else links!.push({ text: text.trim(), url: url.trim() });
      });
    }
  }

  let tools: SiteTool[] | undefined;
  if (fields.tools !== undefined) {
    const listed = Array.isArray(fields.tools) ? fields.tools : [];
    const unknown = listed.filter((tool) => !(SITE_TOOLS as readonly unknown[]).includes(tool));
    if (!Array.isArray(fields.tools) || unknown.length > 0) {
      problem(
        "tools",
        `${JSON.stringify(Array.isArray(fields.tools) ? unknown[0] : fields.tools)} is not a tool; list those the header links to, of ${SITE_TOOLS.map((tool) => `"${tool}"`).join(", ")}, like ["creator"], or leave the field out for none`,
      );
    } else tools = SITE_TOOLS.filter((tool) => listed.includes(tool));
  }

  /** How messages name a file beside the site file. */
  const besidePath = (name: string) => path.posix.join(path.posix.dirname(file.split(path.sep).join("/")), name);
  /** The bytes of a file the site file names beside it (`what` it is, in the fix), or undefined and a problem of `field`. */
  const readNamed = (name: string, field: string, what: string): Uint8Array | undefined => {
    try {
      return readBeside(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problem(
        field,
        code === "ENOENT"
          ? `${besidePath(name)} does not exist; put ${what} beside the site file, or leave the field out`
          : `${besidePath(name)} cannot be read (${code}); make it a readable file`,
      );
      return undefined;
    }
  };

  let logo: SiteLogo | undefined;
  if (fields.logo !== undefined) {
    const named = logoName(fields.logo);
    if ("problem" in named) problem("logo", named.problem);
    else {
      const bytes = readNamed(named.name, "logo", "the image");
      if (bytes) {
        const inspected = inspectLogo(named.name, named.type, bytes, besidePath(named.name));
        if ("problem" in inspected) problem("logo", inspected.problem);
        else logo = inspected;
      }
    }
  }

  let font: SiteFont | undefined;
  if (fields.font !== undefined) {
    const named = fontNames(fields.font);
    if ("problem" in named) problem("font", named.problem);
    else {
      const files: SiteFontFile[] = [];
      const bytesOf = new Map<SiteFontFile, Uint8Array>();
      for (const { name, type } of named) {
        const bytes = readNamed(name, "font", "the font");
        const inspected = bytes && inspectFont(name, type, bytes, besidePath(name));
        if (inspected && "problem" in inspected) problem("font", inspected.problem);
        else if (inspected) {
          files.push(inspected);
          bytesOf.set(inspected, bytes!);
        }
      }
      if (files.length === named.length)
        font = siteFontOf(files, (file) => bytesOf.get(file)!, language ?? SITE_DEFAULTS.language);
    }
  }

  let repository: string | undefined;
  if (fields.repository !== undefined) {
    const written =
      typeof fields.repository === "string"
        ? fields.repository
            .trim()
            .replace(/\/+$/, "")
            .replace(/\.git$/, "")
        : undefined;
    if (written === undefined || (written !== "" && !/^https:\/\/[^/\s]+\/[^\s?#]+\/[^\s?#]+$/.test(written))) {
      problem(
        "repository",
        `${JSON.stringify(fields.repository)} is not a repository's address; write it like "https://github.com/you/countdowns", or "" for none`,
      );
    } else repository = written;
  }

  let branch: string | undefined;
  if (fields.branch !== undefined) {
    if (
      typeof fields.branch !== "string" ||
      !/^[A-Za-z0-9._/-]{1,100}$/.test(fields.branch.trim()) ||
      fields.branch.includes("..")
    ) {
      problem(
        "branch",
        `${JSON.stringify(fields.branch)} is not a branch name; write the branch that publishes, like "main"`,
      );
    } else branch = fields.branch.trim();
  }

  if (problems.length) return { problems };
  return {
    site: {
      name: name ?? SITE_DEFAULTS.name,
      // Without one, the default description in the site's language.
      description: description ?? pageWordsFor(language ?? SITE_DEFAULTS.language)["siteDescription"],
      language: language ?? SITE_DEFAULTS.language,
      accent: accent ?? SITE_DEFAULTS.accent,
      links: links ?? SITE_DEFAULTS.links,
      tools: tools ?? SITE_DEFAULTS.tools,
      ...(logo ? { logo } : {}),
      ...(font ? { font } : {}),
      repository: repository ?? SITE_DEFAULTS.repository,
      branch: branch ?? SITE_DEFAULTS.branch,
    },
    problems: [],
  };
}

/** No file beside the site file: what `parseSiteFile` reads when it is given only the text. */
function missing(): never {
  throw Object.assign(new Error("no such file"), { code: "ENOENT" });
}

function isWebUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol) && /^https?:\/\//.test(text);
  } catch {
    return false;
  }
}

/** The colour made darker, step by step, until it reads on white. */
function darkened(rgb: [number, number, number]): [number, number, number] {
  let colour = rgb;
  while (contrastRatio(colour, [255, 255, 255]) < MIN_CONTRAST)
    colour = colour.map((c) => Math.floor(c * 0.9)) as [number, number, number];
  return colour;
}

/** "line 3" for a JSON syntax error, from the position V8 names in its message. */
function jsonErrorLine(text: string, error: unknown): string {
  const position = /position (\d+)/.exec(messageOf(error))?.[1];
  if (position === undefined) return "file";
  return `line ${text.slice(0, Number(position)).split("\n").length}`;
}

/**
 * The site file on disk: `file` is its path, `displayName` how messages name it. A site without the
 * file has the defaults (`required`: a file named by SITE_FILE must exist).
 */
export function loadSiteFile(file: string, displayName: string, required: boolean): SiteFileResult {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !required) return { site: SITE_DEFAULTS, problems: [] };
    return {
      problems: [
        {
          file: displayName,
          field: "file",
          message: `cannot be read (${(error as NodeJS.ErrnoException).code}); give the path of a JSON file like _data/site.json`,
        },
      ],
    };
  }
  return parseSiteFile(displayName, text, (name) => readFileSync(path.join(path.dirname(file), name)));
}
