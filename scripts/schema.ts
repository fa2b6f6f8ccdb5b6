// `npm run schema`: writes docs/countdown.schema.json, the front matter JSON Schema for editors
// (the build publishes the same document at /api/countdown.schema.json).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../src/config.ts";
import { frontMatterJsonSchema } from "../src/authoring/front-matter-schema.ts";
import { takeNoArgument } from "./arguments.ts";

takeNoArgument("schema", "it writes docs/countdown.schema.json from the fields' definitions");

const file = path.join(PROJECT_ROOT, "docs/countdown.schema.json");
writeFileSync(file, `${JSON.stringify(frontMatterJsonSchema(), null, 2)}\n`);
console.log(`Wrote ${path.relative(PROJECT_ROOT, file)}`);
