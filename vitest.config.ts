import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
    globalSetup: ["./tests/support/vitest-global-setup.ts"],
    setupFiles: ["./tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    // Two files per core. Vitest's default (cores - 1) is one at a time on a 2-core machine, while the slowest files
    // mostly wait on child processes, leases, backoffs and an SMTP sink (ADR 009): 2, 3 and 4 workers took 130, 109
    // and 93 s of wall time for the same 160 s of CPU. Forks, not threads: same CPU time measured. A number: vitest
    // caps a percentage at 100 %.
    maxWorkers: availableParallelism() * 2,
  },
});
