// The editor's configuration (Decap CMS at /admin/, docs/editing.md), made from the countdown file's
// JSON Schema (front-matter-schema.ts, itself made from the fields' definitions): a field added to a
// countdown file appears in the editor with its description as the hint, its choices as a list and
// its bounds as the editor's own checks. The site file's fields come from its own list (site-file.ts).
import { frontMatterJsonSchema } from "./front-matter-schema.ts";
import { SITE_FILE_FIELDS } from "./site-file.ts";
import { SITE_TOOLS } from "../site-identity.ts";

/** A field of the editor's form, as Decap CMS reads it. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  [option: string]: unknown;
}

/** The part of a JSON Schema the editor reads. */
interface Schema {
  type?: string;
  enum?: readonly unknown[];
  pattern?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  examples?: readonly unknown[];
  properties?: Record<string, Schema>;
  required?: readonly string[];
  oneOf?: readonly Schema[];
}

/** The folder the editor uploads pictures to, named in the front matter as a countdown's `image` names it. */
const EDITOR_MEDIA_FOLDER = "images";

/** "done_image" -> "Done image". */
const labelOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll("_", " ");

/** The fields a widget of the editor's own draws better than a text box. */
const OWN_WIDGETS: Record<string, (zones: readonly string[]) => Record<string, unknown>> = {
  // A wall-clock time, written without an offset: the countdown's zone says where it is.
  target: () => WALL_CLOCK,
  until: () => WALL_CLOCK,
  timezone: (zones) => ({ widget: "select", options: zones }),
  image: () => ({ widget: "image", choose_url: false }),
  done_image: () => ({ widget: "image", choose_url: false }),
};
const WALL_CLOCK = {
  widget: "datetime",
  format: "YYYY-MM-DDTHH:mm:ss",
  date_format: "YYYY-MM-DD",
  time_format: "HH:mm",
  picker_utc: false,
};

/**
 * One property of the schema as a field of the form. No field has a default: a new countdown's file
 * holds what its author chose, and the rest follows the site's defaults as they are then.
 */
function fieldOf(name: string, schema: Schema, required: boolean, zones: readonly string[]): EditorField {
  const field: EditorField = { name, label: labelOf(name), widget: "string", required };
  if (schema.description) field.hint = schema.description;
  const own = OWN_WIDGETS[name];
  if (own) return { ...field, ...own(zones) };
  // A word or the other forms it may take (a unit's words, an image's width): the first form.
  const form = schema.oneOf?.[0] ?? schema;
  if (form.enum) {
    const options = [...new Set(form.enum.map(String))];
    return { ...field, widget: "select", options };
  }
  if (form.type === "boolean") return { ...field, widget: "boolean" };
  if (form.type === "integer") {
    const bounds = {
      ...(form.minimum === undefined ? {} : { min: form.minimum }),
      ...(form.maximum === undefined ? {} : { max: form.maximum }),
    };
    return { ...field, widget: "number", value_type: "int", ...bounds };
  }
  if (form.type === "array") return { ...field, widget: "list", ...(form.maxItems ? { max: form.maxItems } : {}) };
  if (form.type === "object" && form.properties) {
    const inner = Object.entries(form.properties).map(([key, value]) => fieldOf(key, value, false, zones));
    return { ...field, widget: "object", collapsed: true, fields: inner };
  }
  if (form.pattern) {
    const example = form.examples?.length ? `; write it like ${form.examples.slice(0, 2).join(" or ")}` : "";
    field.pattern = [form.pattern, `Not in this field's form${example} (the hint says more).`];
  }
  return field;
}

/** The countdown file's fields, in the schema's order, then its description (the Markdown after the front matter). */
function countdownEditorFields(zones: readonly string[]): EditorField[] {
  const schema = frontMatterJsonSchema() as Schema;
  const required = new Set(schema.required ?? []);
  return [
    ...Object.entries(schema.properties!).map(([name, property]) => fieldOf(name, property, required.has(name), zones)),
    {
      name: "body",
      label: "Description",
      widget: "markdown",
      required: false,
      hint: "The text of the countdown's page, under its count (Markdown).",
    },
  ];
}

/** The site file's fields: each of site-file.ts's, as its own documentation (docs/authoring.md) describes it. */
const SITE_EDITOR_FIELDS: Record<(typeof SITE_FILE_FIELDS)[number], Omit<EditorField, "name" | "required">> = {
  name: { label: "Name", widget: "string", hint: "The site's name, at most 80 characters, one line." },
  description: { label: "Description", widget: "text", hint: "The index's introduction, at most 300 characters." },
  language: { label: "Language", widget: "string", hint: 'A language tag like "en", "de" or "pt-BR".' },
  accent: {
    label: "Accent",
    widget: "color",
    hint: "The pages' accent colour; it must read on white (contrast 4.5:1).",
  },
  links: {
    label: "Links",
    widget: "list",
    max: 10,
    fields: [
      { name: "text", label: "Text", widget: "string", required: true },
      {
        name: "url",
        label: "Address",
        widget: "string",
        required: true,
        pattern: ["^https?://", "An http(s) address"],
      },
    ],
  },
  tools: { label: "Tools", widget: "select", multiple: true, options: [...SITE_TOOLS] },
  logo: { label: "Logo", widget: "string", hint: 'A file beside the site file: "logo.svg", PNG or WebP.' },
  font: { label: "Font", widget: "string", hint: 'A font file beside the site file: "brand.woff2", a TTF or an OTF.' },
  repository: {
    label: "Repository",
    widget: "string",
    hint: "The countdowns' repository, like https://github.com/owner/name.",
  },
  branch: { label: "Branch", widget: "string", hint: 'The branch that publishes; default "main".' },
};

/** Where the editor saves: the repository's host named in the site file, else Netlify's Git Gateway. */
function editorBackend(repository: string, branch: string): Record<string, string> {
  const match = /^https:\/\/(github\.com|gitlab\.com)\/([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(repository);
  if (!match) return { name: "git-gateway", branch };
  return { name: match[1] === "github.com" ? "github" : "gitlab", repo: match[2]!, branch };
}

interface EditorSite {
  /** The countdowns' folder, from the repository's root ("countdowns"). */
  countdownsFolder: string;
  /** The site file, from the repository's root ("_data/site.json"); undefined when it is outside it. */
  siteFile?: string;
  language: string;
  repository: string;
  branch: string;
  /** The site's address with its base path, where the editor's preview links lead. */
  siteUrl: string;
}

/** The languages of Decap CMS's own interface (its decap-cms-locales), by the tags they stand for. */
const EDITOR_LOCALES =
  "bg ca cs da de en es fa fr gr he hr hu it ja ko lt mk nb_no nl nn_no pl pt ro ru sk sl sr_Cyrl sv th tr ua uk vi zh_Hans zh_Hant".split(
    " ",
  );

/** The editor's interface in the site's language where it has one ("de", "nb" -> "nb_no", "zh-Hant-TW" -> "zh_Hant"), else English. */
export function editorLocale(language: string): string {
  const [lang, script] = language.split("-");
  const tags = [`${lang}_${script}`, lang === "el" ? "gr" : lang!, `${lang}_no`];
  return tags.find((tag) => EDITOR_LOCALES.includes(tag)) ?? (lang === "zh" ? "zh_Hans" : "en");
}

/** The zones offered: every IANA zone the platform knows, UTC first. */
const editorZones = (): string[] => [
  "UTC",
  ...(Intl as unknown as { supportedValuesOf(key: string): string[] })
    .supportedValuesOf("timeZone")
    .filter((zone) => zone !== "UTC"),
];

/** Decap CMS's configuration: the countdowns as a folder collection, the site file as a file collection. */
export function editorConfig(site: EditorSite, zones: readonly string[] = editorZones()): Record<string, unknown> {
  return {
    backend: editorBackend(site.repository, site.branch),
    publish_mode: "simple",
    locale: editorLocale(site.language),
    site_url: site.siteUrl,
    media_folder: EDITOR_MEDIA_FOLDER,
    public_folder: EDITOR_MEDIA_FOLDER,
    // A field left empty is left out of the file, as an author writing it by hand would.
    omit_empty_optional_fields: true,
    // Slugs as `npm run new` makes them from a Latin title: lowercase letters, digits and hyphens.
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections: [
      {
        name: "countdowns",
        label: "Countdowns",
        label_singular: "Countdown",
        folder: site.countdownsFolder,
        extension: "md",
        format: "frontmatter",
        create: true,
        delete: true,
        slug: "{{slug}}",
        identifier_field: "title",
        summary: "{{title}}",
        sortable_fields: ["title", "target"],
        fields: countdownEditorFields(zones),
      },
      ...(site.siteFile === undefined
        ? []
        : [
            {
              name: "site",
              label: "Site",
              delete: false,
              files: [
                {
                  name: "site",
                  label: "Site file",
                  file: site.siteFile,
                  format: "json",
                  fields: Object.entries(SITE_EDITOR_FIELDS).map(([name, field]) => ({
                    name,
                    required: false,
                    ...field,
                  })),
                },
              ],
            },
          ]),
    ],
  };
}
