// `npm run bench:login`: the JavaScript the login page loads, gzipped, against the budget of 110 kB (README, Scripts).
// Baseline in the same run: the framework floor, i.e. what a hydrated page of this app loads at the least (the generic
// 404 page: entry, React, React Router, i18next, root), which is what the login page would cost if it hydrated.
// Then the hydrated pages a signed-in admin sees, and the heaviest of them (the figure that must only grow by the
// icons a page shows). Needs a build (`npm run build`). Exits non-zero over budget.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

import { sessionCookie, sql } from "../tests/e2e/fixtures";
import { startServer } from "../tests/e2e/server";

const BUDGET_KB = 110;
const server = await startServer("bench-login", { LOG_LEVEL: "warn" });
const url = server.url;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

const context = await browser.newContext();

async function scriptsOf(path: string): Promise<Map<string, number>> {
  const page = await context.newPage();
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

  const cookie = await sessionCookie(server, { email: "bench-js@example.com", name: "Bench Admin", role: "admin" });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url, httpOnly: true, sameSite: "Lax" }]);
  const [repository] = (await sql(server.databaseUrl, "select id from repository limit 1")).rows;
  const hydrated: Array<[string, number]> = [];
  for (const path of [
    "/app",
    "/app/account",
    "/app/repositories",
    `/app/repositories/${String(repository!.id)}`,
    "/app/organizations",
    "/manager/dashboard",
    "/manager/users",
    `/manager/users/${cookie.userId}`,
    "/manager/users/new",
    "/manager/repositories",
    "/manager/repositories/new",
    "/manager/audit",
    "/manager/organizations",
  ])
    hydrated.push([path, total(await scriptsOf(path))]);
  console.log("hydrated pages, signed in as an admin:");
  for (const [path, size] of hydrated) console.log(`  ${kb(size).padStart(7)} kB  ${path}`);
  const [heaviest, size] = hydrated.reduce((most, next) => (next[1] > most[1] ? next : most));
  console.log(`heaviest hydrated page                  ${kb(size).padStart(7)} kB (${heaviest})`);
} finally {
  await context.close();
  await browser.close();
  await server.stop();
}
