// Text made safe for where it goes: XML (SVG), an HTML attribute, JSON. Every answer and file of the
// service escapes through these.

/** Text for XML (SVG): escaped, without the characters XML does not allow (control characters, lone surrogates). */
export const xmlText = (text: string) =>
  text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "",
    )
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/**
 * Text for an HTML attribute in double quotes: the snippet's `title`, written alike by the pages
 * (the `attr` filter) and the oEmbed answer, which must give the same snippet.
 */
export const attributeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const JSON_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * The one JSON writer of every JSON answer and file: `JSON.stringify`, with `<`, `>`, `&`, U+2028 and
 * U+2029 escaped, so no output can close or open a tag it is embedded in (an inline `<script>`, an
 * HTML page that sniffs it) or end a JavaScript line. `indent` pretty-prints, for documents people read.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[<>&\u2028\u2029]/g, (char) => JSON_ESCAPES[char]!);
}
