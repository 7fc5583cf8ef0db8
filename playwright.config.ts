import { existsSync } from "node:fs";
import { chromium, defineConfig } from "@playwright/test";

/**
 * CHROMIUM_PATH, else Playwright's own browser when installed, else Debian's headless shell, else Debian's Chromium.
 * The headless shell (package chromium-headless-shell, what Playwright itself runs headless tests on) is the same
 * engine without the desktop browser's compositing: it took 59 s of CPU where Chromium took 145 s for the same 68
 * tests (docs/benchmarks.md, "Test suite time").
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright's browser is not installed: fall through.
  }
  const headlessShell = "/usr/lib/chromium/chromium-headless-shell";
  return existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium";
}

/** Shared with tests/screenshots/playwright.config.ts. */
export const launchOptions = {
  executablePath: chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

// Each worker starts its own production server, database file and SMTP sink (tests/e2e/fixtures.ts).
export default defineConfig({
  // The journeys of tests/e2e/, and each entity's own spec beside its feature (app/features/<name>/, ADR 045).
  testDir: ".",
  testMatch: /\/(tests\/e2e|app\/features)\/.+\.spec\.ts$/,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Three on a 2-core machine: a test mostly waits (on its server, the mail, a timeout), so a third worker uses idle
  // cores. The server project, same CPU time (56 s with the build), took 63 s of wall time with three, 89 s with two.
  workers: 3,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { browserName: "chromium", launchOptions, trace: "off", locale: "en-US" },
  // Browser journeys run twice, JavaScript on and off. A test tagged `@js-only` (`test(title, { tag: "@js-only" }, …)`)
  // has nothing the JavaScript-off run would check again: no form or navigation of its own that must work without
  // script (a rendering check, axe, keyboard focus, a page that ships no script, the moment scripts take over). Specs
  // named *.server.spec.ts speak HTTP only and need no browser: they run once.
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: /\.server\.spec\.ts$/ },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /\.server\.spec\.ts$/, grepInvert: /@js-only/ },
    { name: "server", testMatch: /\/tests\/e2e\/.+\.server\.spec\.ts$/ },
  ],
});
