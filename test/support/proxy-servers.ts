// Debian's nginx and Caddy, started on free ports as unprivileged processes, for the examples of
// deploy/ (test/e2e/proxies.test.ts). Each gets a folder of its own for its temporary files and logs.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface ProxyProcess {
  url: string;
  /** What the process printed, and its error log. */
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Is `command` on the PATH? */
export const hasCommand = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

/** `nobody`, when the tests run as root (as in CI): the proxies never run with privileges. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("nobody:"));
  if (!line) throw new Error("the tests run as root and there is no user nobody to run the proxies as");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** A folder for one proxy, which its unprivileged user owns. */
export function proxyFolder(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const user = unprivilegedUser();
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

function chownTree(dir: string, user: { uid: number; gid: number }): void {
  chownSync(dir, user.uid, user.gid);
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    if (statSync(entry).isDirectory()) chownTree(entry, user);
    else chownSync(entry, user.uid, user.gid);
  }
}

async function start(
  command: string,
  args: string[],
  dir: string,
  port: number,
  env: NodeJS.ProcessEnv,
  logFile?: string,
): Promise<ProxyProcess> {
  if (!hasCommand(command)) throw new Error(`${command} is not installed: apt-get install ${command}`);
  const user = unprivilegedUser();
  if (user) chownTree(dir, user);
  const child: ChildProcess = spawn(command, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], ...user });
  let printed = "";
  child.stdout!.on("data", (chunk) => (printed += chunk));
  child.stderr!.on("data", (chunk) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const output = () => printed + (logFile ? readIfThere(logFile) : "");

  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${command} did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output,
    /** Stops it and removes its folder. */
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const readIfThere = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * nginx with `siteConf` (a file of the kind Debian includes inside `http {}`), its paths all in `dir`.
 * `port` is the one the site listens on, to know when it is up.
 */
export function startNginx(dir: string, siteConf: string, port: number): Promise<ProxyProcess> {
  writeFileSync(path.join(dir, "site.conf"), siteConf);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`)
    .join("\n");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 256; }\n` +
      `http {\n  access_log ${dir}/access.log;\n${temp}\n  include ${dir}/site.conf;\n}\n`,
  );
  const args = ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")];
  return start("nginx", args, dir, port, { PATH: process.env.PATH }, path.join(dir, "error.log"));
}

/**
 * Caddy with `caddyfile`, as Caddy itself reads it (`caddy adapt`), with its admin endpoint off and
 * its state in `dir`. `port` is the one the site listens on.
 */
export function startCaddy(dir: string, caddyfile: string, port: number): Promise<ProxyProcess> {
  writeFileSync(path.join(dir, "Caddyfile"), caddyfile);
  const adapted = spawnSync("caddy", ["adapt", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
    encoding: "utf8",
  });
  if (adapted.status !== 0) throw new Error(`caddy adapt failed:\n${adapted.stderr}`);
  const config = JSON.parse(adapted.stdout);
  config.admin = { disabled: true };
  writeFileSync(path.join(dir, "caddy.json"), JSON.stringify(config));
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, "data"),
    XDG_CONFIG_HOME: path.join(dir, "config"),
  };
  return start("caddy", ["run", "--config", path.join(dir, "caddy.json")], dir, port, env);
}
