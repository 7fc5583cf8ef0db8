// `npm run bench:login [js] [enumeration]` (both by default): what the sign-in page costs and what it tells. Needs a
// build (`npm run build`); 127.0.0.1 only, bounded. Exits non-zero when a check fails.
// js: the JavaScript the login page loads, gzipped, against the budget of 110 kB, beside the framework's floor in the
// same run (what a hydrated page of this app loads at the least: the generic 404 page, i.e. entry, React, React
// Router, i18next, root); then the hydrated pages a signed-in admin sees, and the heaviest of them (the figure that must
// only grow by the icons a page shows).
// enumeration: with sign-up off, does the login page answer a known address as fast as an unknown one? Paired samples
// (ADR 010): each pair sends one known and one unknown address back to back, in alternating order, so the machine's
// load affects both alike; the median difference of the pairs must stay within ±1 ms.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

import { sessionCookie, sql } from "../../tests/e2e/fixtures";
import { startServer } from "../../tests/e2e/server";
import { SmtpSink } from "../../tests/support/smtp-sink";

const BUDGET_KB = 110;
const PAIRS = Number(process.env.BENCH_PAIRS ?? 200);
const LIMIT_MS = 1;
const parts = process.argv.slice(2);
const runs = (part: string) => parts.length === 0 || parts.includes(part);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function measureJs() {
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
}

async function measureEnumeration() {
  const mail = await new SmtpSink().start();
  const server = await startServer("bench-enumeration", {
    LOG_LEVEL: "error",
    SMTP_URL: mail.url,
    SIGN_UP_ENABLED: "false",
  });

  // Known accounts, one per pair, so no address meets its send limit.
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: server.databaseUrl });
  const now = Date.now();
  for (let pair = 0; pair < PAIRS; pair++) {
    await db.execute({
      sql: "insert into user (id, name, email, email_verified, created_at, updated_at) values (?, 'Known', ?, 1, ?, ?)",
      args: [`bench-${pair}`, `known-${pair}@example.test`, now, now],
    });
  }
  db.close();

  async function timeSend(email: string, client: string): Promise<number> {
    const started = performance.now();
    const response = await fetch(`${server.url}/login?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
      body: new URLSearchParams({ intent: "email", email }),
    });
    await response.arrayBuffer();
    if (response.status !== 302) throw new Error(`unexpected status ${response.status} for ${email}`);
    return performance.now() - started;
  }

  const known: number[] = [];
  const unknown: number[] = [];
  const differences: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    // A fresh client address every few pairs keeps the per-client limit out of the way.
    const client = `198.18.${Math.floor(pair / 4)}.1`;
    const knownFirst = pair % 2 === 0;
    const a = knownFirst
      ? await timeSend(`known-${pair}@example.test`, client)
      : await timeSend(`unknown-${pair}@example.test`, client);
    const b = knownFirst
      ? await timeSend(`unknown-${pair}@example.test`, client)
      : await timeSend(`known-${pair}@example.test`, client);
    const [k, u] = knownFirst ? [a, b] : [b, a];
    known.push(k);
    unknown.push(u);
    differences.push(k - u);
  }
  await server.stop();
  await mail.stop();

  const median = quantile(differences, 0.5);
  console.log(`pairs: ${PAIRS} (known and unknown address, sign-up off, alternating order)`);
  console.log(
    `known address     p50 ${quantile(known, 0.5).toFixed(2)} ms   p90 ${quantile(known, 0.9).toFixed(2)} ms`,
  );
  console.log(
    `unknown address   p50 ${quantile(unknown, 0.5).toFixed(2)} ms   p90 ${quantile(unknown, 0.9).toFixed(2)} ms`,
  );
  console.log(
    `paired difference (known - unknown)   median ${median.toFixed(2)} ms   p10 ${quantile(differences, 0.1).toFixed(2)} ms   p90 ${quantile(differences, 0.9).toFixed(2)} ms   (limit ±${LIMIT_MS} ms on the median)`,
  );
  if (Math.abs(median) > LIMIT_MS) {
    console.error("the answer's timing tells known addresses from unknown ones");
    process.exitCode = 1;
  }
}

if (runs("js")) await measureJs();
if (runs("enumeration")) await measureEnumeration();
