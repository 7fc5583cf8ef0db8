import { defineConfig } from "@playwright/test";

import { launchOptions } from "../../playwright.config";

// `npm run screenshots`: every page, desktop and phone, light and dark, English and Arabic, into `screenshots/` (or
// SCREENSHOTS_DIR). Not a test: reviewing the UI means looking at the pictures. Needs `npm run build` first.
export default defineConfig({
  testDir: ".",
  testMatch: /\.spec\.ts$/,
  fullyParallel: true,
  retries: 0,
  workers: 2,
  timeout: 600_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: { browserName: "chromium", launchOptions, trace: "off", locale: "en-US", javaScriptEnabled: true },
});
