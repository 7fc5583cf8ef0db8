// `npm run test:recipe`: the recipe proves itself (ADR 045). In a temporary copy of the repository (the files git
// knows, as they are now; node_modules linked), it checks that field lists that cannot be built are refused with
// one line and change nothing, then generates a throwaway entity and runs what CI runs on it: typecheck, lint, the
// entity's unit tests, the build, and its e2e spec with JavaScript on and off. Minutes: `npm test` runs it once.
// KEEP=1 keeps the copy and prints where it is.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const ENTITY = [
  "gadgets",
  "label:text",
  "notes:longtext?",
  "homepage:url?",
  "weight:number",
  "sold:boolean",
  "since:date?",
];
const REFUSED = [
  ["gadgets", "label:colour"],
  ["gadgets", "label:text", "label:longtext"],
  ["gadgets", "id:text"],
  ["gadgets", "weight:number"],
  ["repositories", "label:text"],
  ["users", "label:text"],
  ["Gadgets", "label:text"],
  ["delete", "label:text"],
];

const started = Date.now();
const copy = mkdtempSync(join(tmpdir(), "groundwork-recipe-"));
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

function run(command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`[${seconds()}] ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: copy, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status})`);
}

const changedFiles = () => execFileSync("git", ["status", "--porcelain"], { cwd: copy, encoding: "utf8" });

try {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(file, join(copy, file));
    } catch {
      // A file git knows but that is gone from the working tree (being deleted right now).
    }
  }
  symlinkSync(join(process.cwd(), "node_modules"), join(copy, "node_modules"));
  // A repository of its own, to see what the generator changes.
  execFileSync("git", ["init", "-q"], { cwd: copy });
  execFileSync("git", ["add", "-A"], { cwd: copy });
  execFileSync("git", ["-c", "user.name=recipe", "-c", "user.email=recipe@example.com", "commit", "-qm", "copy"], {
    cwd: copy,
  });

  for (const args of REFUSED) {
    const result = spawnSync("npx", ["tsx", "scripts/new-entity.ts", ...args], { cwd: copy, encoding: "utf8" });
    const lines = result.stderr.trim().split("\n");
    if (result.status === 0 || lines.length !== 1 || changedFiles() !== "")
      throw new Error(`"${args.join(" ")}" was not refused with one line and no change: ${result.stderr}`);
    console.log(`[${seconds()}] refused: ${lines[0]}`);
  }

  run("npx", ["tsx", "scripts/new-entity.ts", ...ENTITY]);
  run("npm", ["run", "typecheck", "--silent"]);
  run("npm", ["run", "lint", "--silent"]);
  run("npx", ["vitest", "run", `app/features/${ENTITY[0]}`, "app/locales"]);
  run("npm", ["run", "build", "--silent"]);
  run("npx", ["playwright", "test", `app/features/${ENTITY[0]}`, "--project=js", "--project=no-js"]);
  console.log(`[${seconds()}] the recipe holds`);
} finally {
  if (process.env.KEEP) console.log(`kept: ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
