// `npm run cms`: the editor's local backend on the dev server's own origin. Decap CMS's own file-system
// proxy (decap-server's registerLocalFs) reads and writes the files of the folder that holds the
// countdowns folder, offline and with no account; in front of it, each countdown file and site file
// the editor saves is checked with the build's own rules first, and one with problems is refused with
// the build's messages, which the editor shows: nothing is written that `npm run check` would refuse.
import type http from "node:http";
import path from "node:path";
import { readFileSync } from "node:fs";
import express from "express";
import decapServer from "decap-server/dist/middlewares.js";
import { formatProblem, type Problem } from "../authoring/countdown.ts";
import { parseCountdownFile } from "../authoring/countdown-file.ts";
import { parseSiteFile } from "../authoring/site-file.ts";
import type { Config } from "../config.ts";
import { editorConfigText } from "../eleventy/editor-config-file.ts";
import type { SiteIdentity } from "../site-identity.ts";
import { EDITOR_CONFIG_PATH, publicPath } from "../paths.ts";
import type { Call, ServerAnswer } from "../http/kernel.ts";
import { EDITOR_CONFIG_HEADERS } from "../http/policy.ts";
import { devHostAllowed } from "./dev-hosts.ts";

/** Where the editor's page finds its local backend, under the site's base path. */
const EDITOR_API_PATH = "/admin/api/v1";

/** A file the editor asks to write: its path from the folder that holds the countdowns folder, and its text. */
interface DataFile {
  path: string;
  raw: string;
}

/** What the build would refuse in the files of a `persistEntry` (countdown files and the site file); [] when nothing. */
function refusedWrites(body: unknown, config: Config, defaultLang: () => string): Problem[] {
  const { action, params } = (body ?? {}) as { action?: string; params?: { entry?: DataFile; dataFiles?: DataFile[] } };
  if (action !== "persistEntry" || !params) return [];
  const root = path.dirname(config.countdownsDir);
  const folder = path.basename(config.countdownsDir);
  const siteFile = path.relative(root, config.siteFile).split(path.sep).join("/");
  return (params.dataFiles ?? (params.entry ? [params.entry] : [])).flatMap(({ path: file, raw }) => {
    if (file === siteFile)
      return parseSiteFile(siteFile, raw, (name) => readFileSync(path.join(path.dirname(config.siteFile), name)))
        .problems;
    if (path.posix.dirname(file) === folder && file.endsWith(".md"))
      return parseCountdownFile(file, raw, { defaultLang: defaultLang() }).problems;
    return [];
  });
}

/** The editor's local backend, offered each request before the dev server's own answers. */
export interface EditorBackend {
  /** Answers the backend's requests (at EDITOR_API_PATH) and says it did; leaves every other request. */
  take(request: http.IncomingMessage, response: http.ServerResponse): boolean;
  /** The editor's configuration as built, with the local backend on the origin it is asked from; undefined for any other path. */
  answer(call: Call): ServerAnswer | undefined;
}

/**
 * The editor's backend at EDITOR_API_PATH, and its configuration with the local backend named in it.
 * Only for the names the dev server answers (dev-hosts.ts): a page elsewhere cannot write the files.
 */
export async function editorBackend(config: Config, identity: () => SiteIdentity): Promise<EditorBackend> {
  const defaultLang = () => identity().language;
  const app = express();
  const api = publicPath(config.site, EDITOR_API_PATH);
  app.post(api, express.json({ limit: "50mb" }), (request, response, next) => {
    const problems = refusedWrites(request.body, config, defaultLang);
    if (problems.length === 0) return next();
    response
      .status(422)
      .json({ error: `Not saved, as the build would refuse it: ${problems.map(formatProblem).join("; ")}` });
  });
  // decap-server serves the folder it is started in (or GIT_REPO_DIRECTORY): the one that holds the countdowns.
  process.env.GIT_REPO_DIRECTORY = path.dirname(config.countdownsDir);
  const router = express.Router();
  await decapServer.registerLocalFs(router as unknown as express.Express, { logLevel: "warn" });
  app.use(api.slice(0, -"/api/v1".length), router);
  return {
    take: (request, response) => {
      if ((request.url ?? "/").split("?")[0] !== api || !devHostAllowed(request.headers.host, config.host))
        return false;
      app(request, response);
      return true;
    },
    // As the build writes it, from the site file as it is now.
    answer: (call) => {
      if (call.pathname !== EDITOR_CONFIG_PATH || !devHostAllowed(call.header("host"), config.host)) return undefined;
      const text = editorConfigText({ config, identity: identity() });
      // Decap CMS takes a local backend on this machine's names only: the one it is asked from is one (devHostAllowed).
      const origin = `http://${call.header("host")}`;
      const local = { url: origin + api, allowed_hosts: [new URL(origin).hostname] };
      return {
        status: 200,
        headers: EDITOR_CONFIG_HEADERS,
        body: `${text}local_backend: ${JSON.stringify(local)}\n`,
      };
    },
  };
}
