// `npm run bench:login`: the JavaScript the login page loads, gzipped, against the budget of 110 kB (brief, rule 6).
// Baseline in the same run: the framework floor, i.e. what a hydrated page of this app loads at the least (the generic
// 404 page: entry, React, React Router, i18next, root), which is what the login page would cost if it hydrated.
// Needs a build (`npm run build`). Exits non-zero over budget.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const BUDGET_KB = 110;
const port = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, "127.0.0.1", () => {
    const address = server.address() as { port: number };
    server.close(() => resolve(address.port));
  });
});
const dir = mkdtempSync(join(tmpdir(), "groundwork-login-js-"));
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", APP_URL: url, DATABASE_URL: `file:${join(dir, "app.db")}`, AUTH_SECRET: "bench-secret-0123456789-0123456789-0123456789", LOG_LEVEL: "warn" },
  stdio: "inherit",
});
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${url}/login`)).ok) break;
  } catch {
    if (attempt > 200) throw new Error("server did not start");
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

async function scriptsOf(path: string): Promise<Map<string, number>> {
  const page = await browser.newPage();
  const sizes = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(`${url}${path}`, { waitUntil: "networkidle" });
  await page.close();
  return sizes;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
try {
  const login = await scriptsOf("/login");
  const floor = await scriptsOf("/nowhere");
  console.log("baseline: a hydrated page's scripts (gzip -9):");
  for (const [file, size] of [...floor].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(7)} kB  ${file}`);
  console.log(`baseline total                          ${kb(total(floor)).padStart(7)} kB (${floor.size} files)`);
  for (const [file, size] of [...login].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(7)} kB  ${file}`);
  console.log(`login page total                        ${kb(total(login)).padStart(7)} kB (${login.size} files), budget ${BUDGET_KB} kB`);
  if (total(login) > BUDGET_KB * 1024) {
    console.error("the login page is over its JavaScript budget");
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
