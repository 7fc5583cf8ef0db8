// Runs before each test file, before it imports the app: a fresh copy of the migrated template database, a quiet
// logger, and a failure for any unexpected console.error.
import { randomUUID } from "node:crypto";
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, vi } from "vitest";

import { templatePath, tmpDir } from "./template-db";

const file = join(tmpDir, `unit-${randomUUID()}.db`);
copyFileSync(templatePath, file);
process.env.DATABASE_URL = `file:${file}`;
process.env.AUTH_SECRET ??= "unit-test-secret-that-is-long-enough-0123456789";
process.env.APP_URL ??= "http://127.0.0.1:3999";
process.env.LOG_LEVEL ??= "silent";

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  vi.unstubAllEnvs();
  if (errors.length > 0) {
    const printed = errors
      .splice(0)
      .map((args) => args.map(String).join(" "))
      .join("\n");
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});

afterAll(() => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
