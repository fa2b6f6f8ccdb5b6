// A command that takes no argument says so when it is given one, instead of passing over it: a
// mistyped option (`npm run soak -- --seconds 5`) would otherwise run with the defaults unseen.
import { parseArgs } from "node:util";

/** Stops `npm run <command>` with exit code 2 and one line when it is given any argument; `settings` says where its settings come from. */
export function takeNoArgument(command: string, settings: string): void {
  try {
    parseArgs({ options: {} });
  } catch {
    console.error(
      `npm run ${command} takes no argument (${settings}); it was given ${process.argv.slice(2).join(" ")}.`,
    );
    process.exit(2);
  }
}
