// What only a contributor's install has (`npm install`, not `npm ci --omit=dev`): a command that needs
// it says so in one line before it does anything, never with a stack trace from deep inside.
import { createRequire } from "node:module";

/** Stops `command` with one line naming what to install when any of `names` is not installed. */
export function needDevelopmentPackages(command: string, names: string[]): void {
  const require = createRequire(import.meta.url);
  const missing = names.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  console.error(
    `${command} needs the development packages: ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not installed here. Run "npm install", then ${command} again.`,
  );
  process.exit(1);
}

/** What serves the Workers build in workerd. */
export const WORKERD_PACKAGES = ["miniflare", "wrangler"];
