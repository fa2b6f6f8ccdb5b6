// The architecture as rules the code keeps: the layers of docs/architecture.md, held by
// dependency-cruiser over every file, and one home for every path of the site.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IReporterOutput } from "dependency-cruiser";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.ts";

/** The rules of .dependency-cruiser.cjs over `files`, paths from `root` (the project's, unless given). */
async function violations(files: string[], root = ROOT): Promise<string[]> {
  const rules = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs"));
  const options = root === ROOT ? rules.options : { ...rules.options, tsConfig: undefined };
  const result: IReporterOutput = await cruise(files, {
    ...options,
    baseDir: root,
    ruleSet: { forbidden: rules.forbidden },
    validate: true,
  });
  const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}

/**
 * The picture of docs/architecture.md: the parts on each line of the first text block under "The
 * layers", top line first (a part is a folder, `name/`, or a file, `name.ts`, of src/ or netlify/).
 */
function layersPictured(): Map<string, number> {
  const doc = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const block = /## The layers[\s\S]*?```text\n([\s\S]*?)```/.exec(doc)![1]!;
  const levels = new Map<string, number>();
  const lines = block.trim().split("\n");
  for (const [index, line] of lines.entries()) {
    for (const part of line.split(/\s+/)) {
      if (!/^[\w/.-]+(\/|\.ts)$/.test(part)) break;
      levels.set(part, lines.length - index);
    }
  }
  return levels;
}

/** The bottom lines of the layers, which every part may import. */
const BOTTOM = ["src/vocabulary.ts", "src/published-record.ts", "src/site-identity.ts"];

/**
 * The table of docs/architecture.md under "The layers": what each part may import besides itself and
 * the bottom lines, by the names of `src/` (`src/time/`). "Everything but" a list names every
 * part of the table but those and itself; a remark in parentheses is no part.
 */
function layersTabled(): Map<string, string[]> {
  const doc = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const rows = /\| Part \| May import \|\n\|---\|---\|\n((?:\|.*\n)+)/.exec(doc)![1]!.trim().split("\n");
  const names = (cell: string) =>
    [...cell.replace(/\([^)]*\)/g, "").matchAll(/`([^`]+)`/g)].map(([, name]) =>
      name === "netlify/" ? name : `src/${name}`,
    );
  const table = rows.map((row) => row.split("|").slice(1, 3) as [string, string]);
  const every = table.flatMap(([parts]) => names(parts)).filter((part) => !BOTTOM.includes(part));
  const tabled = new Map<string, string[]>();
  for (const [parts, allowed] of table) {
    for (const part of names(parts)) {
      const listed = names(allowed);
      tabled.set(
        part,
        /everything but/.test(allowed) ? every.filter((other) => other !== part && !listed.includes(other)) : listed,
      );
    }
  }
  return tabled;
}

/** What .dependency-cruiser.cjs lets each part import besides itself and the bottom lines (as layersTabled names them). */
function layersHeld(): Map<string, string[]> {
  const { forbidden } = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs")) as {
    forbidden: { name: string; to: { pathNot?: string[] } }[];
  };
  const named = (patterns: string[]) =>
    patterns
      .map((pattern) => pattern.replace(/^\^/, "").replaceAll("\\.", "."))
      .filter((part) => !BOTTOM.includes(part));
  const held = new Map<string, string[]>();
  for (const rule of forbidden) {
    const part = /^layer (.+)$/.exec(rule.name)?.[1];
    if (part) held.set(part, named(rule.to.pathNot!.slice(1)));
    if (rule.name === "functions are adapters") held.set("netlify/", named(rule.to.pathNot!));
  }
  return held;
}

/** The part of src/ or netlify/ a file belongs to, as the picture names parts. */
function partOf(file: string): string {
  const relative = path.relative(ROOT, file).split(path.sep);
  if (relative[0] === "netlify") return "netlify/";
  return relative.length === 2 ? relative[1]! : `${relative[1]}/`;
}

/** The adapters of the HTTP kernel: the only code that writes a status line or a header. */
const ADAPTERS = ["src/server/write-answer.ts", "src/http/kernel.ts"];
/** What writing a status or a header looks like in Node's and the Web's APIs. */
const WRITES_HTTP =
  /\.writeHead\(|\.setHeader\(|\.removeHeader\(|\.statusCode\s*=[^=]|\.statusMessage\s*=[^=]|new Response\(|HTTP\/1\.[01] \$?\{?\d?/;

/** Source files of the service, as paths from the project's root. */
function sourceFiles(): string[] {
  return ["src", "netlify"].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true })
      .map((name) => path.join(folder, String(name)))
      .filter((file) => /\.(ts|js|mjs)$/.test(file) && !file.endsWith(".d.ts")),
  );
}

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

describe("units a newcomer can hold in their head", () => {
  it(`no source file is over ${MAX_FILE_LINES} lines and no function over ${MAX_FUNCTION_LINES} without a comment that says why`, () => {
    const unexplained: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
      if (lineOf(text.length) + 1 > MAX_FILE_LINES && !/^\/\/.*Over 400 lines:[\s/]*\w/m.test(text.slice(0, 2000))) {
        unexplained.push(
          `${file}: ${lineOf(text.length) + 1} lines, and its opening comment does not say why ("Over 400 lines: ...")`,
        );
      }
      const visit = (node: ts.Node): void => {
        if (
          ts.isFunctionDeclaration(node) ||
          ts.isFunctionExpression(node) ||
          ts.isArrowFunction(node) ||
          ts.isMethodDeclaration(node)
        ) {
          const lines = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
          // The comment before the function, or before the statement that holds it (`const f = () => ...`).
          const holder =
            ts.isArrowFunction(node) || ts.isFunctionExpression(node) ? (node.parent?.parent?.parent ?? node) : node;
          const comment = text.slice(holder.getFullStart(), holder.getStart());
          if (lines > MAX_FUNCTION_LINES && !/Over 80 lines:[\s*]*\w/.test(comment)) {
            unexplained.push(
              `${file}:${lineOf(node.getStart()) + 1}: a function of ${lines} lines, and its comment does not say why ("Over 80 lines: ...")`,
            );
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(unexplained).toEqual([]);
  });
});

describe("one HTTP kernel", () => {
  it("only the adapters write a status or a header: every other answer is a record they write", () => {
    const writers: string[] = [];
    for (const folder of ["src", "netlify"]) {
      for (const name of readdirSync(path.join(ROOT, folder), { recursive: true })) {
        const file = path.join(folder, String(name));
        if (!/\.(ts|js|mjs)$/.test(file) || ADAPTERS.includes(file)) continue;
        for (const [index, line] of readFileSync(path.join(ROOT, file), "utf8").split("\n").entries()) {
          if (!/^\s*(\/\/|\*)/.test(line) && WRITES_HTTP.test(line))
            writers.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      }
    }
    expect(writers).toEqual([]);
    // And the pattern finds what it is for, in the adapters themselves.
    expect(ADAPTERS.filter((file) => WRITES_HTTP.test(readFileSync(path.join(ROOT, file), "utf8")))).toEqual(ADAPTERS);
  });
});

describe("one vocabulary", () => {
  it("the statuses and the repeats are listed once, in src/vocabulary.ts, and every other file imports them", () => {
    // A union or a list of two of them in code: `"postponed" | "cancelled"`, `["daily", "weekly", ...]`.
    const LISTED =
      /"(?:scheduled|postponed|cancelled|daily|weekly|monthly|yearly)"\s*[|,]\s*"(?:postponed|cancelled|weekly|monthly|yearly)"/;
    const listed: string[] = [];
    for (const file of sourceFiles()) {
      if (file === "src/vocabulary.ts") continue;
      for (const [index, line] of readFileSync(path.join(ROOT, file), "utf8").split("\n").entries()) {
        if (!/^\s*(\/\/|\*)/.test(line) && LISTED.test(line)) listed.push(`${file}:${index + 1}: ${line.trim()}`);
      }
    }
    expect(listed).toEqual([]);
    // And the pattern finds what it is for, in the vocabulary itself.
    expect(readFileSync(path.join(ROOT, "src/vocabulary.ts"), "utf8")).toMatch(LISTED);
  });
});

describe("one layout of the build", () => {
  it("names meta.json and the shard files in src/shards.ts alone", () => {
    // (A field named "shards", as meta.json's schema and its type name it, is no folder.)
    const LAYOUT = /["'`](?:meta\.json|shards\b(?!["'`]\s*[,:\]>|]))/;
    const named = sourceFiles()
      .filter((file) => file !== "src/shards.ts")
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .flatMap((line, index) =>
            !/^\s*(\/\/|\/?\*)/.test(line) && LAYOUT.test(line) ? [`${file}:${index + 1}`] : [],
          ),
      );
    expect(named).toEqual([]);
    expect(readFileSync(path.join(ROOT, "src/shards.ts"), "utf8")).toMatch(LAYOUT);
  });
});

describe("the layers", () => {
  it("are pictured as they are: every import of a part goes to a part on a line below it", () => {
    const levels = layersPictured();
    const up: string[] = [];
    const files = [
      ...readdirSync(path.join(ROOT, "src"), { recursive: true }),
      // (The build plugin of netlify/plugins/ is the build's, not a runtime's.)
      "../netlify/adapter.ts",
      ...readdirSync(path.join(ROOT, "netlify/functions")).map((name) => `../netlify/functions/${name}`),
    ]
      .map((name) => path.join(ROOT, "src", String(name)))
      .filter((file) => /\.(ts|js)$/.test(file));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const from = partOf(file);
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
        const to = partOf(path.resolve(path.dirname(file), specifier!));
        if (to === from) continue;
        if (!levels.has(from) || !levels.has(to))
          up.push(`${path.relative(ROOT, file)}: ${from} or ${to} is not in the picture`);
        else if (levels.get(to)! >= levels.get(from)!)
          up.push(`${path.relative(ROOT, file)}: ${from} imports ${to}, drawn on its line or above`);
      }
    }
    expect(up).toEqual([]);
  });

  it("are tabled as dependency-cruiser holds them: what each part may import, part by part", () => {
    const sorted = (layers: Map<string, string[]>) =>
      Object.fromEntries([...layers].map(([part, allowed]) => [part, [...allowed].sort()]).sort());
    const held = layersHeld();
    expect(held.size).toBeGreaterThan(15);
    expect(sorted(layersTabled())).toEqual(sorted(held));
  });

  it("hold: no import breaks a layer, closes a loop, reaches into the tests or uses an undeclared or development package where it must not", async () => {
    expect(
      await violations([
        "src",
        "netlify",
        "scripts",
        "bench",
        "tools",
        "test",
        "eleventy.config.js",
        "vitest.config.ts",
      ]),
    ).toEqual([]);
  });

  it("are checked: an import up the layers, a loop and a test module imported by the service are each reported", async () => {
    // The same rules over a small tree of their own.
    const tree = mkdtempSync(path.join(tmpdir(), "layers-"));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
        writeFileSync(path.join(tree, file), text);
      };
      write("src/live/answer.ts", "export const answer = 42;\n");
      write("src/eleventy/page.ts", 'import { answer } from "../live/answer.ts";\nexport const page = answer;\n');
      write("src/time/a.ts", 'import { b } from "./b.ts";\nexport const a = () => b;\n');
      write("src/time/b.ts", 'import { a } from "./a.ts";\nexport const b = () => a;\n');
      write(
        "src/text/words.ts",
        'import { fixture } from "../../test/support/fixture.ts";\nexport const words = fixture;\n',
      );
      write("test/support/fixture.ts", "export const fixture = 1;\n");
      const found = await violations(["src"], tree);
      expect(found).toEqual(
        expect.arrayContaining([
          "layer src/eleventy/: src/eleventy/page.ts -> src/live/answer.ts",
          "no loops: src/time/a.ts -> src/time/b.ts",
          "no test code outside the tests: src/text/words.ts -> test/support/fixture.ts",
        ]),
      );
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});

describe("one home per URL", () => {
  /** Every source file of the site and the runtime, comments taken out. */
  function sourcesWithoutComments(): [string, string][] {
    const files = (readdirSync(path.join(ROOT, "src"), { recursive: true }) as string[]).filter((file) =>
      /\.(ts|njk|js|css)$/.test(file),
    );
    return files.map((file) => [
      `src/${file}`,
      readFileSync(path.join(ROOT, "src", file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\{#[\s\S]*?#\}/g, "")
        .replace(/(^|[^:"'`])\/\/.*$/gm, "$1"),
    ]);
  }

  it("builds every path of the site in src/paths.ts, and nowhere else", () => {
    const shapes = [
      // (With its slash or without: a path resolved against the site's address, as the element does.)
      /(?<![\w-])\/?api\/(embed|countdown|data|pages|health|openapi|not-found|badge|og|oembed|element)\b/,
      /\/\$\{[^}]*slug[^}]*\}\//,
      /"\/\{\{[^"]*\}\}\/"/,
      /\.ics\b["'`]/,
    ];
    const offenders = sourcesWithoutComments()
      .filter(([file]) => file !== "src/paths.ts")
      .flatMap(([file, text]) => shapes.filter((shape) => shape.test(text)).map((shape) => `${file} ${shape}`));
    expect(offenders).toEqual([]);
  });

  it("defines the units of time once, in src/time/units.ts, and reads a fault's message and stack through messageOf and stackOf alone", () => {
    const sources = sourcesWithoutComments();
    const units = sources
      .filter(([file, text]) => file !== "src/time/units.ts" && /\bconst (SECOND|MINUTE|HOUR|DAY)\b\s*=/.test(text))
      .map(([file]) => file);
    expect(units).toEqual([]);
    const messages = sources
      .filter(
        ([file, text]) =>
          file !== "src/error-message.ts" &&
          /instanceof Error \? \(?\w+\.(message|stack)|\(\w+ as Error\)\.(message|stack)/.test(text),
      )
      .map(([file]) => file);
    expect(messages).toEqual([]);
  });

  it("finds each shape in the path builders of src/paths.ts", () => {
    const table = sourcesWithoutComments().find(([file]) => file === "src/paths.ts")![1];
    for (const builder of [
      "pagePath",
      "embedPath",
      "livePath",
      "dataPath",
      "calendarPath",
      "badgePath",
      "previewImagePath",
    ])
      expect(table.match(new RegExp(`export const ${builder} = `, "g"))).toHaveLength(1);
  });
});
