// A new countdown's file as an author would write it, from its fields: what `npm run new` writes and
// what the creator page (/new/) shows, in Node and in the browser alike.
import { SLUG_MAX } from "../published-record.ts";
import { phraseRule } from "./repeat-rule.ts";

/** A new countdown's fields as given on the command line: text, checked with the build's rules. */
export interface NewCountdown {
  title: string;
  /** The target, or `evergreen` (a duration) instead. */
  target?: string;
  evergreen?: string;
  timezone?: string;
  done?: string;
  lang?: string;
  status?: string;
  repeat?: string;
  until?: string;
  /** The Markdown below the front matter. */
  description?: string;
  slug?: string;
  /** Off every list of the site (a campaign's countdown). */
  unlisted?: boolean;
  /** Widget defaults (`widget:` in the file), option by option. */
  widget?: Record<string, string>;
}

/** The front matter fields `npm run new` writes, in the order they appear in the file. */
const WRITTEN_FIELDS = [
  "title",
  "target",
  "evergreen",
  "timezone",
  "done",
  "lang",
  "status",
  "repeat",
  "until",
  "unlisted",
] as const;

/** Latin letters that Unicode does not decompose into a base letter and marks. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** Letters a language spells out when it writes without them (German "Glühwein" is "Gluehwein"), by language. */
const SPELLED_OUT: Record<string, Record<string, string>> = {
  de: { ä: "ae", ö: "oe", ü: "ue" },
  da: { å: "aa", ø: "oe" },
  nb: { å: "aa", ø: "oe" },
  nn: { å: "aa", ø: "oe" },
  no: { å: "aa", ø: "oe" },
};

/**
 * "Fête de l'été 2027!" -> "fete-de-l-ete-2027": ASCII letters and digits, hyphens between, at most
 * SLUG_MAX; in the title's language where it spells letters out ("Glühwein" in German: "gluehwein").
 */
export function slugFromTitle(title: string, lang = "en"): string {
  const spelled = SPELLED_OUT[lang.toLowerCase().split("-")[0]!];
  const slug = title
    // Markup in a title is not words of it: "<b>Launch</b>" is "launch".
    .replace(/<\/?[a-z][^>]*>/gi, " ")
    .toLowerCase()
    .replace(/[^\x00-\x7f]/g, (letter) => spelled?.[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter]!)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= SLUG_MAX) return slug;
  // Cut at the last whole word that fits.
  return (
    slug
      .slice(0, SLUG_MAX)
      .replace(/-[^-]*$/, "")
      .replace(/-+$/, "") || slug.slice(0, SLUG_MAX)
  );
}

/** Why a title gives no slug, and where to give one (`--slug` on the command line, a field of the creator). */
const noSlugMessage = (how: string) =>
  `cannot be made from this title: a slug (the countdown's address and file name) takes Latin letters a-z, digits and hyphens, and the title has none; ${how}`;

/** A letter of a script other than Latin ("東", "م"): a slug cannot hold it. */
const OTHER_SCRIPT = /(?!\p{Script=Latin})\p{L}/u;

/**
 * The slug a title gives, or why it gives none to use: a title with no Latin letter or digit gives
 * nothing, and one written partly in another script only a fragment of itself ("東京マラソン 2027"
 * gives "2027"), which the person must replace with an address of their own. `how` says where.
 */
export function titleSlug(
  title: string,
  how: string,
  lang = "en",
): { slug: string; problem?: undefined } | { slug?: undefined; problem: string } {
  const slug = slugFromTitle(title, lang);
  if (!slug) return { problem: noSlugMessage(how) };
  if (OTHER_SCRIPT.test(title)) {
    return {
      problem: `cannot be made from this title: only its Latin letters and digits can be in a slug (the countdown's address and file name), and they give "${slug}", a fragment of it; ${how}`,
    };
  }
  return { slug };
}

/**
 * The file as an author would write it; values are double-quoted (JSON strings are YAML strings),
 * `unlisted: true` as it is; a repeat phrase ("weekdays") as the RRULE it means.
 */
export function countdownFileText(countdown: NewCountdown): string {
  const repeat = countdown.repeat && (phraseRule(countdown.repeat) ?? countdown.repeat.trim());
  const lines = WRITTEN_FIELDS.filter((key) => countdown[key] !== undefined && countdown[key] !== false).map(
    (key) => `${key}: ${JSON.stringify(key == "repeat" ? repeat : countdown[key])}`,
  );
  const widget = Object.entries(countdown.widget ?? {});
  if (widget.length > 0) lines.push("widget:", ...widget.map(([name, value]) => `  ${name}: ${JSON.stringify(value)}`));
  const description = countdown.description?.trim() ? `\n${countdown.description.trim()}\n` : "";
  return `---\n${lines.join("\n")}\n---\n${description}`;
}
