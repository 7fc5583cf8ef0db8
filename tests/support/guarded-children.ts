// Real child processes running the app's modules on the test's database (tests/support/guarded-child.ts): two
// server processes for the rules that must hold across processes, or a process killed while it holds a turn. Also
// the start of any other such child script (tests/support/replica-instance.ts).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

import type { GuardedCommand } from "./guarded-child";

export type GuardedChild = {
  pid: number;
  /** Resolves with the next line the child prints (its stderr is kept for the error). */
  nextLine: () => Promise<string>;
  send: (line: string) => void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function startGuardedChild(command: GuardedCommand, env: Record<string, string> = {}): GuardedChild {
  return startChildScript("tests/support/guarded-child.ts", [JSON.stringify(command)], env);
}

/** Runs `script` (TypeScript, through tsx) in a child process with the test's environment and `env` on top. */
export function startChildScript(script: string, args: string[], env: Record<string, string> = {}): GuardedChild {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else lines.push(line);
  });
  return {
    pid: child.pid!,
    nextLine: () => {
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(line);
      return Promise.race([
        new Promise<string>((resolve) => waiting.push(resolve)),
        exited.then(({ code, signal }) => {
          throw new Error(`the child exited (${code ?? signal}) before printing a line:\n${stderr}`);
        }),
      ]);
    },
    send: (line) => child.stdin.write(`${line}\n`),
    exited,
  };
}
