// Compiles the browser scripts from TypeScript: the widget ticker (inlined, hashed for the CSP) and
// the pages' script (a file of its own).
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export interface TickerBundle {
  /** The script, exactly as it goes between `<script>` and `</script>`. */
  code: string;
  /** Its CSP source, `sha256-<base64>`. */
  hash: string;
}

const TICKER = fileURLToPath(new URL("../widget/ticker.ts", import.meta.url));
const PAGE_SCRIPT = fileURLToPath(new URL("../pages/page-script.ts", import.meta.url));

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    // A classic inline script with no imports or exports: ESM output is plain statements, no wrapper.
    format: "esm",
    target: ["es2020", "chrome90", "firefox90", "safari14"],
    legalComments: "none",
    // Internal field names cost bytes in every embed; they never leave the bundle.
    mangleProps: /^(targetMs|left|done|days|hours|minutes|seconds)$/,
  });
  // A trailing newline would be part of the hashed bytes for no reason.
  return result.outputFiles[0]!.text.trim();
}

export async function bundleTicker(): Promise<TickerBundle> {
  const code = await bundle(TICKER);
  if (code.includes("</script")) throw new Error("the ticker bundle contains </script and cannot be inlined");
  return { code, hash: `sha256-${createHash("sha256").update(code).digest("base64")}` };
}

/** The pages' script, served as /assets/site.js. */
export function bundlePageScript(): Promise<string> {
  return bundle(PAGE_SCRIPT);
}
