// The editor's configuration (src/authoring/editor-config.ts) is made from the countdown file's own
// definition: every field of the JSON Schema is in the form, at its place, with its choices and checks.
import { describe, expect, it } from "vitest";
import { editorConfig, editorLocale, type EditorField } from "../../src/authoring/editor-config.ts";
import { frontMatterJsonSchema } from "../../src/authoring/front-matter-schema.ts";
import { SITE_FILE_FIELDS } from "../../src/authoring/site-file.ts";

interface Schema {
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
}
interface Collection {
  name: string;
  folder?: string;
  fields?: EditorField[];
  files?: { file: string; fields: EditorField[] }[];
}

const site = {
  countdownsFolder: "countdowns",
  siteFile: "_data/site.json",
  language: "de",
  repository: "",
  branch: "main",
  siteUrl: "https://example.org/",
};
const config = editorConfig(site, ["UTC", "Europe/Berlin"]) as {
  collections: Collection[];
  locale: string;
  backend: { name: string };
};
const countdowns = config.collections.find((collection) => collection.name === "countdowns")!;

/** Every property of the schema, nested ones as "widget.theme", with the field the form has for it. */
function pairs(schema: Schema, fields: EditorField[], prefix = ""): [string, Schema, EditorField | undefined][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const field = fields.find((candidate) => candidate.name === name);
    const inner = property.properties
      ? pairs(property, (field?.fields as EditorField[]) ?? [], `${prefix}${name}.`)
      : [];
    return [[`${prefix}${name}`, property, field] as [string, Schema, EditorField | undefined], ...inner];
  });
}

describe("the editor's configuration", () => {
  const all = pairs(frontMatterJsonSchema() as Schema, countdowns.fields!);

  it("has a field for every field of a countdown file, nested ones in their object, and the description", () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter(([, , field]) => !field).map(([name]) => name)).toEqual([]);
    expect(countdowns.fields!.map((field) => field.name)).toContain("body");
    expect(countdowns.folder).toBe("countdowns");
  });

  it("offers each field's choices, and checks its form", () => {
    for (const [name, property, field] of all) {
      const form = property.oneOf?.[0] ?? property;
      if (form.enum) expect(field!.options, name).toEqual([...new Set(form.enum.map(String))]);
      else if (form.pattern && !["target", "until", "timezone", "image", "done_image"].includes(name))
        expect((field!.pattern as string[])[0], name).toBe(form.pattern);
    }
    const field = (name: string) => countdowns.fields!.find((candidate) => candidate.name === name)!;
    expect(field("title").required).toBe(true);
    expect(field("target")).toMatchObject({ widget: "datetime", format: "YYYY-MM-DDTHH:mm:ss", picker_utc: false });
    expect(field("timezone")).toMatchObject({ widget: "select", options: ["UTC", "Europe/Berlin"] });
    expect(field("unlisted").widget).toBe("boolean");
  });

  it("has the site file's every field", () => {
    const siteFile = config.collections.find((collection) => collection.name === "site")!.files![0]!;
    expect(siteFile.file).toBe("_data/site.json");
    expect(siteFile.fields.map((field) => field.name)).toEqual([...SITE_FILE_FIELDS]);
  });

  it("saves where the site file's repository is, and speaks the site's language where the editor can", () => {
    expect(config.backend.name).toBe("git-gateway");
    const github = editorConfig({ ...site, repository: "https://github.com/owner/countdowns" }) as { backend: object };
    expect(github.backend).toEqual({ name: "github", repo: "owner/countdowns", branch: "main" });
    expect(config.locale).toBe("de");
    expect(["pt-BR", "nb", "zh-Hant-TW", "el", "xx"].map(editorLocale)).toEqual(["pt", "nb_no", "zh_Hant", "gr", "en"]);
  });
});
