import { defineConfig } from "@playwright/test";

// `npm run test:deploy` (the last step of `npm test`): the deployment promises of the README, each run for real. The
// production image built and run with podman, two app processes on one libSQL server (sqld) or one embedded file,
// and backups taken under load. No browser: every check speaks HTTP. Needs `npm run build` first.
export default defineConfig({
  testDir: ".",
  testMatch: /\.spec\.ts$/,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Building an image and starting several servers takes minutes on a busy two-core machine: no check here is timed.
  timeout: 600_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
});
