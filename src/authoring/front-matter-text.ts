// The text of a countdown file's front matter: where it starts and ends, and, when YAML cannot read
// it, the line of the actual mistake and the usual fix, in place of the YAML parser's jargon (whose
// line is often the one where the parser gave up, such as the closing "---").
import yaml from "js-yaml";

/** A mistake on one line of the file (1 is the opening `---`), said so that an author can fix it. */
export interface LineMistake {
  line: number;
  message: string;
  /** The line as the message says to write it, where the fix is that sure (a value put in quotes): the check goes on with it to find the file's other problems. */
  fix?: string;
}

/** The front matter's YAML, the Markdown body, and the file line the YAML starts on. */
interface FrontMatterText {
  yaml: string;
  body: string;
  firstLine: number;
}

const FIELD_LINE = /^( *)([A-Za-z0-9_][\w.-]*) *:(.*)$/;
const DELIMITER = /^---[ \t]*$/;
// A plain (unquoted) value may not start with these: YAML gives them a meaning of their own.
const RESERVED_START = /^[@`%!&*[{|>]/;

/** Splits `---\n<yaml>\n---\n<markdown>`, or says why the file has no readable front matter. */
export function splitFrontMatter(text: string): FrontMatterText | { mistake: LineMistake } {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  if (match) return { yaml: match[1]!, body: match[2]!, firstLine: 2 };
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (DELIMITER.test(lines[0]!)) {
    return {
      mistake: {
        line: 1,
        message: `the front matter that starts here never ends; add a line "---" after its last field (after line ${lastFieldLine(lines)}), then the description below it`,
      },
    };
  }
  const opening = lines.findIndex((line) => DELIMITER.test(line));
  if (opening > 0 && lines.slice(0, opening).every((line) => line.trim() === "")) {
    return {
      mistake: {
        line: opening + 1,
        message: `the front matter must start on the very first line; remove the blank lines above this "---"`,
      },
    };
  }
  return {
    mistake: {
      line: 1,
      message: `the file has no front matter; start it with a "---" line, then "title:" and "target:" lines, then a closing "---" line`,
    },
  };
}

/** The file line of the last line that looks like front matter, after an opening `---` that never closes. */
function lastFieldLine(lines: string[]): number {
  let last = 1;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (FIELD_LINE.test(line) || /^\s+\S/.test(line)) last = index + 1;
    else if (line.trim() !== "" && !line.trimStart().startsWith("#")) break;
  }
  return last;
}

/**
 * What YAML could not read, as a person would fix it: the first line, at or before where the parser
 * gave up, that has a mistake authors often make; else the parser's own reason at its line.
 */
export function explainYamlError(text: string, error: yaml.YAMLException, firstLine: number): LineMistake {
  const lines = text.split(/\r?\n/);
  const stop = Math.min(error.mark?.line ?? lines.length - 1, lines.length - 1);
  if (error.reason.startsWith("duplicated mapping key")) {
    const [, spaces, key] = FIELD_LINE.exec(lines[stop]!) ?? [];
    // The same key at the same indentation (a widget option may share a field's name).
    const earlier = lines.findIndex((line) => {
      const field = FIELD_LINE.exec(line);
      return field?.[1] === spaces && field?.[2] === key;
    });
    if (key !== undefined && earlier >= 0 && earlier < stop) {
      return {
        line: stop + firstLine,
        message: `"${key}" is given twice (also on line ${earlier + firstLine}); keep one of them`,
      };
    }
  }
  const mistake = findMistake(lines, stop);
  if (mistake)
    return {
      line: mistake.index + firstLine,
      message: mistake.message,
      ...(mistake.fix === undefined ? {} : { fix: mistake.fix }),
    };
  return {
    line: stop + firstLine,
    message: `YAML cannot read this line (${error.reason}); check it and the line above for a value that needs quotes (one with ": " in it, or that starts with a quote or one of @ \` % ! & * [ { | >) and for indentation other than spaces`,
  };
}

/** The first line with a common mistake in YAML that reads as something other than fields (`title:Launch`). */
export function findLineMistake(text: string, firstLine: number): LineMistake | undefined {
  const lines = text.split(/\r?\n/);
  const mistake = findMistake(lines, lines.length - 1);
  return (
    mistake && {
      line: mistake.index + firstLine,
      message: mistake.message,
      ...(mistake.fix === undefined ? {} : { fix: mistake.fix }),
    }
  );
}

/** Scans lines 0..stop for a common mistake; the parser reads top down, so the mistake is never after `stop`. */
function findMistake(lines: string[], stop: number): { index: number; message: string; fix?: string } | undefined {
  // Indentation of the open mappings (0, then 2 under "widget:", ...), and whether the last field opened one.
  const indents = [0];
  let opensMapping = false;
  let lastKey = "";
  let blockIndent: number | undefined;
  for (let index = 0; index <= stop; index++) {
    const line = lines[index]!;
    const indent = /^[ \t]*/.exec(line)![0];
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    // The lines of a `|` or `>` block are text, whatever they hold.
    if (blockIndent !== undefined && indent.length > blockIndent) continue;
    blockIndent = undefined;
    const at = (message: string) => ({ index, message });
    if (indent.includes("\t")) return at(`is indented with a tab; YAML allows only spaces, so indent with spaces`);

    const field = FIELD_LINE.exec(line);
    if (!field) {
      // An indented line without a colon continues the value above it.
      if (indent.length > 0) continue;
      const start = line.startsWith("- ")
        ? `starts with "-", which makes a list, where`
        : `is not a "key: value" line, which is what`;
      return at(`${start} the front matter needs (like title: "Launch"); the description goes below the closing "---"`);
    }
    const [, spaces, key, rest] = field as unknown as [string, string, string, string];

    if (indent.length > indents[indents.length - 1]!) {
      if (!opensMapping && indents.length > 1) {
        return at(
          `"${key}" is indented more than "${lastKey}" above it, so YAML reads it as part of that line; indent it by ${indents[indents.length - 1]} spaces, as "${lastKey}" is`,
        );
      }
      if (!opensMapping) {
        return at(
          `"${key}" is indented, so YAML reads it as part of the line above; start it at the beginning of the line (only the options under a field with no value, like "widget:", are indented)`,
        );
      }
      indents.push(spaces.length);
    } else {
      while (indents.length > 1 && indent.length < indents[indents.length - 1]!) indents.pop();
      if (indent.length !== indents[indents.length - 1]) {
        return at(
          `"${key}" is indented differently from the lines above it; indent every line under the same field by the same number of spaces`,
        );
      }
    }
    if (rest !== "" && !/^[ \t]/.test(rest)) return at(`needs a space after the colon of "${key}": ${key}: ${rest}`);

    const value = rest.trim();
    opensMapping = value === "" || value.startsWith("#");
    lastKey = key;
    if (/^[|>][+-]?\d?[+-]?(?:\s+#.*)?$/.test(value)) {
      blockIndent = spaces.length;
      continue;
    }
    const mistake = valueMistake(key, value, lines, index);
    if (typeof mistake === "object")
      return { index, message: mistake.message, fix: `${spaces}${key}: ${mistake.value}` };
    if (mistake === "multiline") {
      // A quoted value that goes on over the next lines: skip them.
      while (index < stop && !closesQuote(lines[index + 1]!, value[0]!)) index++;
      index++;
    } else if (mistake) return at(mistake);
  }
  return undefined;
}

/** What is wrong with a field's value as written, "multiline" for a quoted value closed on a later line, or undefined. */
function valueMistake(
  key: string,
  value: string,
  lines: string[],
  index: number,
): string | { message: string; value: string } | "multiline" | undefined {
  if (value === "" || value.startsWith("#")) return undefined;
  // A value that YAML reads on its own line is not the mistake (`[a, b]` reads, as a list: a later check refuses it).
  const readsAlone = () => {
    try {
      yaml.load(`${key}: ${value}`, { schema: yaml.CORE_SCHEMA });
      return true;
    } catch {
      return false;
    }
  };
  const quote = value[0]!;
  if (quote === '"' || quote === "'") {
    const end = quoteEnd(value, quote);
    if (end === undefined) {
      // Closed on a later line before the next field: a value over several lines, which YAML allows.
      for (let next = index + 1; next < lines.length && !FIELD_LINE.test(lines[next]!); next++) {
        if (closesQuote(lines[next]!, quote)) return "multiline";
      }
      return `the value of "${key}" opens a quote (${quote}) that is never closed; end the value with a matching quote: ${key}: ${value}${quote}`;
    }
    const after = value.slice(end + 1);
    if (after.trim() !== "" && !/^\s+#/.test(after) && !readsAlone()) {
      // "He said "hi"": the author meant the outer quotes to enclose the value.
      const whole = value.replace(/\s+#.*$/, "");
      const meant = whole.length > 1 && whole.endsWith(quote) ? whole.slice(1, -1) : whole;
      return {
        message: `the value of "${key}" goes on after its closing quote; quote the whole value, using the other kind of quote around it to keep quotes inside: ${key}: ${quoted(meant)}`,
        value: quoted(meant),
      };
    }
    return undefined;
  }
  if (readsAlone()) return undefined;
  if (RESERVED_START.test(value)) {
    return {
      message: `the value of "${key}" starts with "${value[0]}", which YAML reserves; put the value in quotes: ${key}: ${quoted(value)}`,
      value: quoted(value),
    };
  }
  if (/:(?:\s|$)/.test(value)) {
    const colon = /:\s/.test(value) ? `has ": " in it` : `ends with ":"`;
    return {
      message: `the value of "${key}" ${colon}, which YAML reads as another "key: value"; put the value in quotes: ${key}: ${quoted(value)}`,
      value: quoted(value),
    };
  }
  return undefined;
}

/** The index of the quote that closes a value opened by `quote` at index 0, or undefined. */
function quoteEnd(value: string, quote: string): number | undefined {
  for (let i = 1; i < value.length; i++) {
    if (quote === '"' && value[i] === "\\") i++;
    else if (value[i] === quote) {
      if (quote === "'" && value[i + 1] === "'") i++;
      else return i;
    }
  }
  return undefined;
}

/** Whether a continuation line holds the closing quote of a value over several lines. */
function closesQuote(line: string, quote: string): boolean {
  return quoteEnd(quote + line, quote) !== undefined;
}

/** A value in quotes as YAML reads it back: double quotes, or single ones when it holds `"` or `\`. */
export function quoted(value: string): string {
  return /["\\]/.test(value) ? `'${value.replaceAll("'", "''")}'` : `"${value}"`;
}

/** A top-level field's value as written after its colon (comments and quotes included), and its file line. */
export function writtenValue(
  text: string,
  key: string,
  firstLine: number,
): { line: number; value: string } | undefined {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const field = FIELD_LINE.exec(lines[index]!);
    if (field && field[1] === "" && field[2] === key) return { line: index + firstLine, value: field[3]!.trim() };
  }
  return undefined;
}
