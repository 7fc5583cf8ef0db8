// `npm run bench:login`: the JavaScript the login page loads, gzipped, against the budget of 110 kB (README, Scripts).
// Baseline in the same run: the framework floor, i.e. what a hydrated page of this app loads at the least (the generic
// 404 page: entry, React, React Router, i18next, root), which is what the login page would cost if it hydrated.
// Needs a build (`npm run build`). Exits non-zero over budget.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

import { startServer } from "../tests/e2e/server";

const BUDGET_KB = 110;
const server = await startServer("bench-login", { LOG_LEVEL: "warn" });
const url = server.url;

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
  for (const [file, size] of [...floor].sort((a, b) => b[1] - a[1]))
    console.log(`  ${kb(size).padStart(7)} kB  ${file}`);
  console.log(`baseline total                          ${kb(total(floor)).padStart(7)} kB (${floor.size} files)`);
  for (const [file, size] of [...login].sort((a, b) => b[1] - a[1]))
    console.log(`  ${kb(size).padStart(7)} kB  ${file}`);
  console.log(
    `login page total                        ${kb(total(login)).padStart(7)} kB (${login.size} files), budget ${BUDGET_KB} kB`,
  );
  if (total(login) > BUDGET_KB * 1024) {
    console.error("the login page is over its JavaScript budget");
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
