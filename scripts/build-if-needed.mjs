// `npm start` runs this before serving: it builds only when build/ is missing or was made from other inputs, so a
// second start with nothing changed serves at once (docs/decisions/024-build-only-when-inputs-change.md). The inputs
// are hashed by content (a checkout or a copy changes modification times, not contents); the hash of the last good
// build is kept beside it, in build/.inputs-sha256. `npm run build` always builds.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

/** Everything `npm run build` reads: the sources, the static files, the dependencies and the build's settings. */
export const INPUTS = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/compress-assets.mjs",
];

/** What the server needs from a build: without these there is nothing to reuse. */
const OUTPUTS = ["server/index.js", "http/main.js", "client"];

export const STAMP = ".inputs-sha256";

async function filesOf(root, input) {
  const path = join(root, input);
  if (!existsSync(path)) return [];
  const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch((error) => {
    if (error.code === "ENOTDIR") return null;
    throw error;
  });
  if (entries === null) return [path];
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** One hash of the inputs' paths and contents, in a fixed order: equal inputs, equal hash. */
export async function hashInputs(root, inputs = INPUTS) {
  const files = (await Promise.all(inputs.map((input) => filesOf(root, input)))).flat();
  const names = files.map((file) => relative(root, file).split(sep).join("/")).sort();
  const hash = createHash("sha256");
  for (const name of names) {
    hash.update(`${name}\0`);
    hash.update(await readFile(join(root, name)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether `buildDir` holds a complete build made from exactly these inputs. */
export async function isBuildCurrent(buildDir, hash) {
  if (!OUTPUTS.every((output) => existsSync(join(buildDir, output)))) return false;
  const stamp = await readFile(join(buildDir, STAMP), "utf8").catch(() => null);
  return stamp?.trim() === hash;
}

/**
 * Builds with `build()` unless the build in `root/build` was made from the current inputs. The stamp is removed
 * before building and written only after a build that succeeded, so an interrupted build is never reused.
 */
export async function buildIfNeeded({ root, build, log = console.log, inputs = INPUTS }) {
  const buildDir = join(root, "build");
  const hash = await hashInputs(root, inputs);
  if (await isBuildCurrent(buildDir, hash)) {
    log("build: sources unchanged since the last build, reusing build/ (`npm run build` builds anyway)");
    return "reused";
  }
  await rm(join(buildDir, STAMP), { force: true });
  await build();
  await writeFile(join(buildDir, STAMP), `${hash}\n`);
  return "built";
}

/** A line of Vite's table of written files: `build/client/assets/x.js   12.34 kB │ gzip: 4.56 kB`. */
const ASSET_LINE = /^(build\/[^/\s]+)\/\S+\s+([\d,.]+) kB(?:\s+│\s+gzip:\s+([\d,.]+) kB)?\s*$/;

const kilobytes = (text) => Number((text ?? "0").replaceAll(",", ""));

/**
 * The build's output as `npm start` prints it, line by line: Vite's table of every file written (about 150 lines,
 * printed in full by `npm run build`) becomes one line per output folder, so the address and the seeded accounts that
 * follow stay in view. Every other line (progress, warnings, errors) is written as it comes.
 */
export function buildOutputSummary(write) {
  let table = null; // { folder, files, kB, gzipKB } while the lines of one folder's table arrive
  const flush = () => {
    if (!table) return;
    write(`${table.folder}: ${table.files} files, ${table.kB.toFixed(1)} kB (gzip ${table.gzipKB.toFixed(1)} kB)`);
    table = null;
  };
  return {
    line(line) {
      const match = ASSET_LINE.exec(line.trim());
      if (!match) {
        flush();
        write(line);
        return;
      }
      const [, folder, size, gzip] = match;
      if (table && table.folder !== folder) flush();
      table ??= { folder, files: 0, kB: 0, gzipKB: 0 };
      table.files += 1;
      table.kB += kilobytes(size);
      table.gzipKB += kilobytes(gzip);
    },
    end: flush,
  };
}

function runBuild() {
  return new Promise((resolve, reject) => {
    // npm is the one that started this script; the build script runs the Node version check first (prebuild).
    const child = spawn("npm", ["run", "build", "--silent"], { stdio: ["ignore", "pipe", "inherit"] });
    const summary = buildOutputSummary((line) => process.stdout.write(`${line}\n`));
    createInterface({ input: child.stdout }).on("line", summary.line);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      summary.end();
      if (code === 0) resolve();
      else reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    await buildIfNeeded({ root: process.cwd(), build: runBuild });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
