// The linter: ESLint's and typescript-eslint's recommended rules over the project's TypeScript and
// JavaScript (npm test runs it). Prettier formats (.prettierrc.json); these rules find mistakes.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "dist.*/", ".test-build/", ".cache/", "coverage/", "docs/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The plain JavaScript files run in Node (the configs, the bench children, the Netlify plugin).
  { files: ["**/*.{js,mjs,cjs}"], languageOptions: { globals: globals.node } },
  {
    rules: {
      // A line break before `[` or `(` is Prettier's to place (eslint-config-prettier turns this off too).
      "no-unexpected-multiline": "off",
      // The service reads, refuses and escapes control characters on purpose (targets, JSON, calendars).
      "no-control-regex": "off",
      // `_` names what is destructured only to be left out.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // A catch may be empty where failing is an answer (storage a browser refuses); no other block may.
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  // The element is written for bytes: `a && b()` is its `if`.
  {
    files: ["src/element/element.ts", "src/element/element-evergreen.ts", "src/element/element-looks.ts"],
    rules: { "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }] },
  },
);
