// Compiles the widget ticker from TypeScript to one small inline script, and hashes it for the CSP.
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export interface TickerBundle {
  /** The script, exactly as it goes between `<script>` and `</script>`. */
  code: string;
  /** Its CSP source, `sha256-<base64>`. */
  hash: string;
}

const ENTRY = fileURLToPath(new URL("../widget/ticker.ts", import.meta.url));

export async function bundleTicker(): Promise<TickerBundle> {
  const result = await build({
    entryPoints: [ENTRY],
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
  const code = result.outputFiles[0]!.text.trim();
  if (code.includes("</script")) throw new Error("the ticker bundle contains </script and cannot be inlined");
  return { code, hash: `sha256-${createHash("sha256").update(code).digest("base64")}` };
}
