// Podman for the deployment tests: the production image built from the Dockerfile and run as a self-hoster runs it.
// Always `--runtime runc` (crun cannot run here: cgroups in hybrid mode) and the host's network, so that a container
// reaches the test's SMTP sink on 127.0.0.1 and the test reaches the container's port.
import { spawn } from "node:child_process";

import { waitForOk } from "./wait-for-ok";

export type Run = { code: number; stdout: string; stderr: string };

/** Runs a command to its end and returns its exit code and output; never throws on a non-zero exit. */
export function run(command: string, args: string[], { timeoutMs = 900_000 } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** `podman --runtime runc …` */
export function podman(args: string[], options?: { timeoutMs?: number }): Promise<Run> {
  return run("podman", ["--runtime", "runc", ...args], options);
}

/** Like `podman`, but throws with the output when the command fails. */
export async function podmanOk(args: string[], options?: { timeoutMs?: number }): Promise<string> {
  const result = await podman(args, options);
  if (result.code !== 0) {
    throw new Error(`podman ${args.join(" ")} exited with ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout.trim();
}

/** Builds the Dockerfile of the working directory under `tag`, after making sure its base image is there. */
export async function buildImage(tag: string): Promise<void> {
  const base = await run("bash", ["scripts/image-base.sh"]);
  if (base.code !== 0) throw new Error(`scripts/image-base.sh failed:\n${base.stdout}\n${base.stderr}`);
  // The docker format keeps the HEALTHCHECK, which the OCI format drops.
  await podmanOk(["build", "--format", "docker", "--network=host", "--tag", tag, "."]);
}

/** Waits for GET `url`/healthz to answer 200; returns when it did, or throws after `timeoutMs`. */
export async function waitForHealthy(url: string, { timeoutMs = 60_000 } = {}): Promise<void> {
  await waitForOk(`${url}/healthz`, { timeoutMs });
}

const UNITS: Record<string, number> = { B: 1, kB: 1e3, KB: 1e3, MB: 1e6, GB: 1e9 };

/** The layers of an image, newest first: their size in bytes (podman prints it rounded, e.g. "6.15 MB") and origin. */
export async function layersOf(image: string): Promise<{ size: number; createdBy: string }[]> {
  const text = await podmanOk(["history", "--no-trunc", "--format", "{{.Size}}\t{{.CreatedBy}}", image]);
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [size = "0 B", ...rest] = line.split("\t");
      const [value = "0", unit = "B"] = size.trim().split(/\s+/);
      return { size: Number(value) * (UNITS[unit] ?? Number.NaN), createdBy: rest.join("\t") };
    });
}

/** The size of an image in bytes, its base's layers included. */
export async function imageSize(image: string): Promise<number> {
  return Number(await podmanOk(["image", "inspect", "--format", "{{.Size}}", image]));
}
