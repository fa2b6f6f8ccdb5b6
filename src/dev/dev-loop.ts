// `npm run dev`: build, serve, watch, rebuild what changed, reload the open pages and widgets.
//
// A countdown file that changes is read again alone, and only its own files (page, widget, data,
// calendar) are written again, with the lists that hold every countdown (index, /api/pages) and the
// live data: a change costs about the same at 100 countdowns and at 10,000 (`npm run bench -- dev`).
// A change to the site's sources (src/) or to the site file's folder (_data/site.json, its logo)
// rebuilds everything. A file with problems is reported in the terminal and over every open page,
// and the last good build keeps being served until it is fixed; what changed meanwhile in other
// files is written with the build that follows the fix.
import { existsSync, readFileSync, readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { formatProblem, formatWarning, type Countdown, type Problem } from "../authoring/countdown.ts";
import { isEditorOrHidden, readFolderEntry } from "../authoring/load-countdowns.ts";
import { logoNamedIn } from "../authoring/logo.ts";
import { fontsNamedIn } from "../authoring/site-font.ts";
import { PROJECT_ROOT, buildPaths, requireCountdownsDir, type Config } from "../config.ts";
import { DEV_EVENTS, DEV_RELOAD_SCRIPT } from "../paths.ts";
import { readSite, siteInputOf } from "../publish/gather.ts";
import { publishInput } from "../publish/publish.ts";
import { forgetSources } from "../publish/record.ts";
import type { Call, ServerAnswer } from "../http/kernel.ts";
import { DEV_EVENTS_HEADERS, DEV_SCRIPT_HEADERS } from "../http/policy.ts";
import { createProductionServer, type ProductionServer } from "../server/production-server.ts";
import { jsonText } from "../text/escape.ts";
import { SITE_DEFAULTS } from "../site-identity.ts";
import { devHostAllowed, devHostRefusal } from "./dev-hosts.ts";
import type { EditorBackend } from "./editor-backend.ts";
import { buildAssets, type SiteAssets } from "../eleventy/assets.ts";
import { messageOf, stackOf } from "../error-message.ts";

interface DevLoopOptions {
  config: Config;
  log?: (line: string) => void;
  /** The clock, in ms since the epoch (default: the system clock). */
  now?: () => number;
  /** `npm run cms`'s editor backend, offered each request first (src/dev/editor-backend.ts). */
  editor?: EditorBackend;
}

export interface DevLoop {
  local: ProductionServer;
  /** Resolves once the changes seen so far are built (or reported). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** How long to wait for more changes after one, so that an editor's save (several events) is one rebuild. */
const QUIET_MS = 30;

/**
 * Starts the dev loop. Over 80 lines: the files read, the problems shown, the rebuild queue and the
 * event stream are one state, which the watcher, the rebuilds and the server's routes share; each
 * step is a small function inside.
 */
export async function startDevLoop({
  config,
  log = (line) => console.log(line),
  now = Date.now,
  editor,
}: DevLoopOptions): Promise<DevLoop> {
  const countdownsDir = requireCountdownsDir(config);
  const displayDir = path.basename(countdownsDir);
  const paths = buildPaths(config.outDir);
  const reloadScript = await bundleReloadScript();

  /** Every countdown file's latest reading, by file name: its countdown and warnings, or its problems. */
  const files = new Map<string, { countdown?: Countdown; problems: Problem[]; warnings: Problem[] }>();
  let site = readSite(config);
  /** The language of a countdown that names none: the site's. */
  const defaultLang = () => (site.site ?? SITE_DEFAULTS).language;
  // Every name in the folder, as the build sees it: a file that is not a countdown is a problem too.
  const read = (name: string) => {
    const file = path.join(countdownsDir, name);
    const stats = isEditorOrHidden(name) ? undefined : statSync(file, { throwIfNoEntry: false });
    if (!stats) return void files.delete(name);
    files.set(
      name,
      readFolderEntry(countdownsDir, displayDir, name, stats.isFile(), { now: now(), defaultLang: defaultLang() }),
    );
  };
  for (const name of readdirSync(countdownsDir)) read(name);

  let assets: SiteAssets | undefined;
  let sourceProblem: string | undefined;
  let problems: string[] = [];
  let built = existsSync(paths.liveMeta);
  // eslint-disable-next-line prefer-const -- made once the closures that read it exist (below)
  let local: ProductionServer | undefined;
  const clients = new Map<(text: string) => void, () => void>();
  const eventText = (event: string, data: unknown) => `event: ${event}\ndata: ${jsonText(data)}\n\n`;
  const send = (event: string, data: unknown) => {
    for (const client of clients.keys()) client(eventText(event, data));
  };

  // The dev loop's own routes: the reload script, and the events it listens to.
  const answerFirst = ({ pathname }: Call): ServerAnswer | undefined => {
    if (pathname === DEV_RELOAD_SCRIPT) return { status: 200, headers: DEV_SCRIPT_HEADERS, body: reloadScript };
    if (pathname !== DEV_EVENTS) return undefined;
    return {
      status: 200,
      headers: DEV_EVENTS_HEADERS,
      body: {
        kind: "events",
        opening: `retry: 500\n\n${problems.length ? eventText("problems", problems) : ""}`,
        subscribe: (client, end) => {
          clients.set(client, end);
          return () => clients.delete(client);
        },
      },
    };
  };

  /** Builds what changed since the last build: everything, or the countdowns of `changed` file names. */
  async function rebuild(changed: Set<string> | "all"): Promise<void> {
    const started = performance.now();
    if (changed === "all") {
      try {
        assets = await buildAssets();
        sourceProblem = undefined;
      } catch (error) {
        sourceProblem = `src/: the browser code does not compile: ${messageOf(error).split("\n")[0]}`;
      }
      const language = defaultLang();
      site = readSite(config);
      // The site's language is that of every countdown that names none: they are read again in it.
      if (defaultLang() !== language) for (const name of readdirSync(countdownsDir)) read(name);
    } else for (const name of changed) read(name);
    // The warnings of what was read now (the first time: every file).
    for (const [name, file] of files)
      if (changed === "all" ? !local : changed.has(name))
        for (const warning of file.warnings) log(formatWarning(warning));

    const all = [...files.values()];
    problems = [
      ...(sourceProblem ? [sourceProblem] : []),
      ...[...site.problems, ...all.flatMap((file) => file.problems)].map(formatProblem),
    ];
    if (problems.length) {
      log(
        `${problems.length} problem(s); still serving the last good build:\n${problems.map((line) => `  ${line}`).join("\n")}`,
      );
      send("problems", problems);
      return;
    }
    const input = await siteInputOf(
      config,
      all.map((file) => file.countdown!),
      { now: now(), version: "dev", assets, identity: site.site, dev: true },
    );
    // What to write follows from the served build's record: what changed since it was made, files
    // changed while problems held the build back included.
    if (changed === "all") forgetSources();
    await publishInput(input);
    built = true;
    local?.reload();
    send("problems", []);
    send("reload", {});
    log(
      `Rebuilt ${changed === "all" ? "everything" : [...changed].join(", ")} in ${Math.round(performance.now() - started)} ms.`,
    );
  }

  // Rebuilds run one at a time; changes that come in meanwhile are gathered for the next one.
  let pending: Set<string> | "all" | undefined;
  let running = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (change: string | "all") => {
    pending = change === "all" || pending === "all" ? "all" : new Set([...(pending ?? []), change]);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const next = pending!;
      pending = undefined;
      running = running.then(() => rebuild(next)).catch((error: unknown) => log(`Rebuild failed: ${stackOf(error)}`));
    }, QUIET_MS);
  };

  await rebuild("all");
  if (!built) throw new DevBuildError(problems);
  local = createProductionServer({
    outDir: config.outDir,
    answerFirst: (call) => editor?.answer(call) ?? answerFirst(call),
    takeFirst: editor?.take,
    log,
    refuse: (call) =>
      devHostAllowed(call.header("host"), config.host) ? undefined : devHostRefusal(call.header("host"), config.port),
  });

  /** The files the site file names beside it now: its logo and font files. */
  const namedBeside = (): string[] => {
    try {
      const text = readFileSync(config.siteFile, "utf8");
      return [logoNamedIn(text) ?? "", ...fontsNamedIn(text)].filter(Boolean);
    } catch {
      return [];
    }
  };
  const watchers: FSWatcher[] = [
    watch(countdownsDir, (_event, name) => name && !isEditorOrHidden(name) && schedule(name)),
    watch(path.join(PROJECT_ROOT, "src"), { recursive: true }, () => schedule("all")),
    // The site file's folder (an editor may save by replacing the file): the site file, and the logo
    // and font files it names (read again at each change, so a file it newly names is watched at once). Nothing else
    // there: the folder may be the project's own, where the build writes.
    ...(existsSync(path.dirname(config.siteFile))
      ? [
          watch(
            path.dirname(config.siteFile),
            (_event, name) =>
              (name === path.basename(config.siteFile) || (name && namedBeside().includes(name))) && schedule("all"),
          ),
        ]
      : []),
  ];

  return {
    local,
    settled: async () => {
      // Until no change waits for its rebuild and no rebuild runs.
      do {
        while (pending) await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        await running;
      } while (pending);
    },
    close: async () => {
      for (const watcher of watchers) watcher.close();
      clearTimeout(timer);
      await running;
      for (const end of clients.values()) end();
      await local.close();
    },
  };
}

/** The first build failed and there is no earlier build to serve: every problem, for the terminal. */
export class DevBuildError extends Error {
  override name = "DevBuildError";
  constructor(readonly problems: string[]) {
    super(
      `${problems.length} problem(s); fix them and start again:\n${problems.map((line) => `  ${line}`).join("\n")}`,
    );
  }
}

/** The reload script, compiled for the browser. */
async function bundleReloadScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(PROJECT_ROOT, "src/dev/reload-client.ts")],
    bundle: true,
    write: false,
    format: "esm",
    target: "es2020",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
