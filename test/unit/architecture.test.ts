// The architecture as rules the code keeps: the layers of docs/architecture.md, held by
// dependency-cruiser over every file, and one home for every path of the site.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IReporterOutput } from "dependency-cruiser";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.ts";

/** The rules of .dependency-cruiser.cjs over `files`, paths from `root` (the project's, unless given). */
async function violations(files: string[], root = ROOT): Promise<string[]> {
  const rules = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs"));
  const options = root === ROOT ? rules.options : { ...rules.options, tsConfig: undefined };
  const result: IReporterOutput = await cruise(files, { ...options, baseDir: root, ruleSet: { forbidden: rules.forbidden }, validate: true });
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

/** The part of src/ or netlify/ a file belongs to, as the picture names parts. */
function partOf(file: string): string {
  const relative = path.relative(ROOT, file).split(path.sep);
  if (relative[0] === "netlify") return "netlify/functions/";
  return relative.length === 2 ? relative[1]! : `${relative[1]}/`;
}

describe("the layers", () => {
  it("are pictured as they are: every import of a part goes to a part on a line below it", () => {
    const levels = layersPictured();
    const up: string[] = [];
    const files = [...readdirSync(path.join(ROOT, "src"), { recursive: true }), ...readdirSync(path.join(ROOT, "netlify/functions")).map((name) => `../netlify/functions/${name}`)]
      .map((name) => path.join(ROOT, "src", String(name)))
      .filter((file) => /\.(ts|js)$/.test(file));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const from = partOf(file);
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
        const to = partOf(path.resolve(path.dirname(file), specifier!));
        if (to === from) continue;
        if (!levels.has(from) || !levels.has(to)) up.push(`${path.relative(ROOT, file)}: ${from} or ${to} is not in the picture`);
        else if (levels.get(to)! >= levels.get(from)!) up.push(`${path.relative(ROOT, file)}: ${from} imports ${to}, drawn on its line or above`);
      }
    }
    expect(up).toEqual([]);
  });

  it("hold: no import breaks a layer, closes a loop, reaches into the tests or uses an undeclared or development package where it must not", async () => {
    expect(await violations(["src", "netlify", "scripts", "bench", "tools", "test", "eleventy.config.js", "vitest.config.ts"])).toEqual([]);
  });

  it("are checked: an import up the layers, a loop and a test module imported by the service are each reported", async () => {
    // The same rules over a small tree of their own.
    const tree = mkdtempSync(path.join(tmpdir(), "layers-"));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
        writeFileSync(path.join(tree, file), text);
      };
      write("src/live/answer.ts", 'export const answer = 42;\n');
      write("src/site/page.ts", 'import { answer } from "../live/answer.ts";\nexport const page = answer;\n');
      write("src/time/a.ts", 'import { b } from "./b.ts";\nexport const a = () => b;\n');
      write("src/time/b.ts", 'import { a } from "./a.ts";\nexport const b = () => a;\n');
      write("src/text/words.ts", 'import { fixture } from "../../test/support/fixture.ts";\nexport const words = fixture;\n');
      write("test/support/fixture.ts", "export const fixture = 1;\n");
      const found = await violations(["src"], tree);
      expect(found).toEqual(
        expect.arrayContaining([
          "layer src/site/: src/site/page.ts -> src/live/answer.ts",
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
    const files = (readdirSync(path.join(ROOT, "src"), { recursive: true }) as string[]).filter((file) => /\.(ts|njk|js|css)$/.test(file));
    return files.map((file) => [
      `src/${file}`,
      readFileSync(path.join(ROOT, "src", file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\{#[\s\S]*?#\}/g, "")
        .replace(/(^|[^:"'`])\/\/.*$/gm, "$1"),
    ]);
  }

  it("builds every path of the site in src/paths.ts, and nowhere else", () => {
    const shapes = [/\/api\/(embed|countdown|data|pages|health|openapi|not-found|badge|og|oembed)\b/, /\/\$\{[^}]*slug[^}]*\}\//, /"\/\{\{[^"]*\}\}\/"/, /\.ics\b["'`]/];
    const offenders = sourcesWithoutComments()
      .filter(([file]) => file !== "src/paths.ts")
      .flatMap(([file, text]) => shapes.filter((shape) => shape.test(text)).map((shape) => `${file} ${shape}`));
    expect(offenders).toEqual([]);
  });

  it("finds each shape in the path builders of src/paths.ts", () => {
    const table = sourcesWithoutComments().find(([file]) => file === "src/paths.ts")![1];
    for (const builder of ["pagePath", "embedPath", "livePath", "dataPath", "calendarPath", "badgePath", "previewImagePath"]) expect(table.match(new RegExp(`export const ${builder} = `, "g"))).toHaveLength(1);
  });
});

