// `npm run dev`, the README's development server, started as a developer starts it: it prepares its database, then
// answers pages rendered by Vite's module runner. The production specs never run this path, and it once answered 500
// on every page ("module is not defined") while the build worked.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

import { freePort } from "../support/free-port";
import { TEST_AUTH_SECRET } from "./server";

test.describe.configure({ timeout: 180_000 });

let child: ChildProcess | undefined;
let dir: string | undefined;
const logs: string[] = [];

test.afterAll(async () => {
  // npm, tsx and Vite's process: the whole group.
  if (child?.pid && child.exitCode === null) {
    const ended = new Promise((resolve) => child!.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("npm run dev renders the sign-in page, guards the areas and sends a code", async () => {
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), "groundwork-dev-"));
  const url = `http://localhost:${port}`;
  child = spawn("npm", ["run", "dev", "--silent"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: `file:${join(dir, "dev.db")}`,
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: "info",
    },
  });
  child.stdout?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));

  // The first page waits for Vite to transform the app: no timing here, only a deadline far from any normal start.
  let login: Response | undefined;
  const deadline = Date.now() + 150_000;
  while (!login && Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${logs.join("")}`);
    try {
      login = await fetch(`${url}/login`);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  expect(login, logs.join("")).toBeDefined();
  const html = await login!.text();
  expect(login!.status, `${html.slice(0, 500)}\n${logs.join("")}`).toBe(200);
  expect(html).toContain("<title>Login or Sign up | Groundwork</title>");
  expect(html).toContain('name="email"');

  const area = await fetch(`${url}/app`, { redirect: "manual" });
  expect(area.status).toBe(302);
  expect(area.headers.get("location")).toMatch(/^\/login/);
  // A sign-in code reaches the log (no SMTP_URL, a local APP_URL): the development server runs the job worker.
  const sent = await fetch(`${url}/login?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "email", email: "user@example.com" }),
  });
  expect(sent.status).toBe(302);
  const logged = Date.now() + 30_000;
  while (!logs.join("").includes("e-mail to user@example.com") && Date.now() < logged)
    await new Promise((resolve) => setTimeout(resolve, 200));
  expect(logs.join("")).toMatch(/e-mail to user@example\.com: .* · code \d{6}/);
});
