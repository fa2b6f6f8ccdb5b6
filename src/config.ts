// The service's settings: every variable of the environment is read here, once, and checked here.
// A value that is set but empty, or unusable, stops the command with a message naming the variable
// and the fix, before anything is written (docs/deploying.md lists them).
import { META_FILE } from "./shards.ts";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SiteAddress } from "./paths.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The file that marks a folder as a build of this service, which a later build may replace. */
export const BUILD_MARKER = ".countdown-build";
export const BUILD_MARKER_TEXT = "A build of the countdown service. `npm run build` replaces this folder as a whole.\n";

export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface Config {
  root: string;
  /** The countdown files (absolute). Commands that read them check it with `requireCountdownsDir`. */
  countdownsDir: string;
  /** The site file (absolute): the site's name, description, language, accent, links, repository. */
  siteFile: string;
  /** The repository, as Netlify names it (REPOSITORY_URL), when the site file names none. */
  repositoryUrl: string | undefined;
  /** The build folder (absolute): `<outDir>/site` is published, `<outDir>/live` feeds the live runtime. */
  outDir: string;
  /** `{base_url}` of the build. */
  site: SiteAddress;
  /** Whether `URL` (or Netlify's preview address) chose the site address, rather than the local default. */
  siteFromEnv: boolean;
  port: number;
  /** Undefined: every interface. */
  host: string | undefined;
  /** The commit, on Netlify (COMMIT_REF); elsewhere the build asks git. */
  commit: string | undefined;
  /** One line per request on standard output, unless ACCESS_LOG=off. */
  accessLog: boolean;
  /** The build's clock in ms (SOURCE_DATE_EPOCH, seconds), for a build made as at that instant; undefined: now. */
  buildTime: number | undefined;
  /** Building on Netlify (NETLIFY=true, set by Netlify), which compresses answers on its own. */
  netlify: boolean;
}

type Environment = Record<string, string | undefined>;

export interface ConfigDefaults {
  root?: string;
  /** The build folder when OUT_DIR is unset (default `<root>/dist`). */
  outDir?: string;
}

const LOCAL_HOST = "localhost";
/** Where the site file is, in Eleventy's folder for global data. */
export const SITE_FILE = "_data/site.json";
const DEFAULT_PORT = 8080;
const NETLIFY_PREVIEW_CONTEXTS = new Set(["deploy-preview", "branch-deploy"]);
const SAFE_BASE_PATH = /^(?:\/[A-Za-z0-9._~-]+)*$/;

/** Reads and checks every setting. Throws a `ConfigError` that says which variable is wrong and what to do. */
export function readConfig(env: Environment = process.env, defaults: ConfigDefaults = {}): Config {
  const root = path.resolve(defaults.root ?? PROJECT_ROOT);
  const value = (name: string): string | undefined => {
    const raw = env[name];
    if (raw === undefined) return undefined;
    if (raw.trim() === "")
      throw new ConfigError(`${name} is set but empty. ${EMPTY_ADVICE[name] ?? `Unset it, or give it a value.`}`);
    return raw.trim();
  };

  const port = parsePort(value("PORT"));
  const host = value("HOST");
  const countdownsDir = path.resolve(root, value("COUNTDOWNS_DIR") ?? "countdowns");
  const siteFile = path.resolve(root, value("SITE_FILE") ?? SITE_FILE);
  const outDir = path.resolve(root, value("OUT_DIR") ?? defaults.outDir ?? "dist");
  checkOutDir(outDir, root, countdownsDir);

  const url = value("URL");
  const context = value("CONTEXT");
  const primeUrl = value("DEPLOY_PRIME_URL");
  let site = url === undefined ? { origin: `http://${LOCAL_HOST}:${port}`, basePath: "" } : parseSiteUrl("URL", url);
  // A Netlify deploy preview or branch deploy is its own address: its snippets must point at it.
  if (context !== undefined && NETLIFY_PREVIEW_CONTEXTS.has(context) && primeUrl !== undefined) {
    site = { origin: parseSiteUrl("DEPLOY_PRIME_URL", primeUrl).origin, basePath: site.basePath };
  }

  const accessLog = value("ACCESS_LOG");
  if (accessLog !== undefined && !["on", "off"].includes(accessLog)) {
    throw new ConfigError(
      `ACCESS_LOG="${accessLog}" is not "on" or "off". Set ACCESS_LOG=off to turn the access log off.`,
    );
  }

  const epoch = value("SOURCE_DATE_EPOCH");
  if (epoch !== undefined && !/^\d{1,12}$/.test(epoch)) {
    throw new ConfigError(
      `SOURCE_DATE_EPOCH="${epoch}" is not a whole number of seconds since 1970 (as \`date +%s\` prints). Unset it to build at the current time.`,
    );
  }

  return {
    root,
    countdownsDir,
    siteFile,
    repositoryUrl: value("REPOSITORY_URL"),
    outDir,
    site,
    siteFromEnv: url !== undefined,
    port,
    host,
    commit: value("COMMIT_REF"),
    accessLog: accessLog !== "off",
    buildTime: epoch === undefined ? undefined : Number(epoch) * 1000,
    netlify: value("NETLIFY") === "true",
  };
}

const EMPTY_ADVICE: Record<string, string> = {
  OUT_DIR: "Unset it to build into dist/, or give the folder the build may own.",
  COUNTDOWNS_DIR: "Unset it to read countdowns/, or give the folder of your countdown files.",
  SITE_FILE: "Unset it to read _data/site.json, or give the path of your site file.",
  URL: "Unset it to build for http://localhost:$PORT, or give the site's public address, like https://countdowns.example.org.",
  PORT: "Unset it to use 8080, or give a port number.",
  HOST: "Unset it to listen on every interface, or give an address like 127.0.0.1.",
};

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port <= 65535))
    throw new ConfigError(`PORT="${text}" is not a port number (0 to 65535). Set it like PORT=8080.`);
  return port;
}

/** `https://example.org/countdowns/` -> origin `https://example.org`, base path `/countdowns`. */
function parseSiteUrl(name: string, text: string): SiteAddress {
  const example = "like https://countdowns.example.org, or https://example.org/countdowns to live under a path";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name}="${text}" is not an absolute address. Set it ${example}.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${name}="${text}" must start with https:// or http://. Set it ${example}.`);
  }
  if (url.username || url.password || url.search || url.hash || text.includes("?") || text.includes("#")) {
    throw new ConfigError(`${name}="${text}" may not carry a user, a query or a fragment. Set it ${example}.`);
  }
  const basePath = url.pathname.replace(/\/+$/, "");
  if (!SAFE_BASE_PATH.test(basePath) || basePath.split("/").some((segment) => segment === "." || segment === "..")) {
    throw new ConfigError(
      `${name}="${text}" has a path the site cannot live under: use letters, digits, "-", "_", "." and "~" in its segments.`,
    );
  }
  return { origin: url.origin, basePath };
}

/** Is `inner` the folder `outer` or inside it? */
export function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * The build replaces its output folder as a whole, so that folder must never be anything else: not
 * the project, a folder above it, the countdowns or a folder holding them, nor a folder with other
 * files in it. An empty folder, or one an earlier build marked, is the build's to replace.
 */
function checkOutDir(outDir: string, root: string, countdownsDir: string): void {
  const fix = "Unset OUT_DIR to build into dist/, or point it at an empty folder of its own.";
  if (isWithin(root, outDir)) {
    throw new ConfigError(
      `OUT_DIR="${outDir}" is the project folder or a folder above it; the build would replace it. ${fix}`,
    );
  }
  if (isWithin(countdownsDir, outDir) || isWithin(outDir, countdownsDir)) {
    throw new ConfigError(
      `OUT_DIR="${outDir}" overlaps the countdowns folder ${countdownsDir}; the build would replace the countdowns. ${fix}`,
    );
  }
  if (!existsSync(outDir)) return;
  if (!statSync(outDir).isDirectory()) throw new ConfigError(`OUT_DIR="${outDir}" is a file, not a folder. ${fix}`);
  const entries = readdirSync(outDir);
  if (entries.length > 0 && !entries.includes(BUILD_MARKER)) {
    throw new ConfigError(
      `OUT_DIR="${outDir}" holds files that are not a build of this service (no ${BUILD_MARKER} in it); the build replaces its folder as a whole, so it leaves this one alone. ${fix}`,
    );
  }
}

/** The countdowns folder, which must exist: a missing or mistyped one is an error, never an empty site. */
export function requireCountdownsDir(config: Config): string {
  const dir = config.countdownsDir;
  const where =
    config.countdownsDir === path.join(config.root, "countdowns") ? "The countdowns folder" : `COUNTDOWNS_DIR="${dir}"`;
  if (!existsSync(dir))
    throw new ConfigError(
      `${where} does not exist. Create it with your countdown files, or set COUNTDOWNS_DIR to the folder that has them.`,
    );
  if (!statSync(dir).isDirectory())
    throw new ConfigError(
      `${where} is a file, not a folder. Set COUNTDOWNS_DIR to the folder of your countdown files.`,
    );
  return dir;
}

/** The layout of a build folder, for everything that writes or reads one. */
export function buildPaths(outDir: string) {
  return {
    site: path.join(outDir, "site"),
    /** The live data folder (src/live/live-store.ts); its meta.json is written last. */
    live: path.join(outDir, "live"),
    liveMeta: path.join(outDir, "live", META_FILE),
    /** The manifest of the built files, which the Node server serves from (src/eleventy/built-files.ts). */
    manifest: path.join(outDir, "manifest"),
    marker: path.join(outDir, BUILD_MARKER),
  };
}

/**
 * Runs a command with the settings. A `ConfigError`, from reading them or from the command, ends it
 * with the message alone (no stack: it says what to fix) and exit code 2.
 */
export async function withConfig<T>(
  body: (config: Config) => Promise<T> | T,
  env: Environment = process.env,
  defaults?: ConfigDefaults,
): Promise<T> {
  try {
    return await body(readConfig(env, defaults));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
