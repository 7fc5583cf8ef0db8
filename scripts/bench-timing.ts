// What the database benchmarks share: a throwaway database file, and timing a query many times.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

/**
 * Points DATABASE_URL at a fresh file in a temporary folder; call it before importing any app module (they read the
 * environment once). Returns the function that removes the folder.
 */
export function openBenchDatabase(name: string): () => void {
  const dir = mkdtempSync(join(tmpdir(), `groundwork-bench-${name}-`));
  process.env.DATABASE_URL = `file:${join(dir, "bench.db")}`;
  process.env.AUTH_SECRET ??= "bench-secret-0123456789-0123456789-0123456789";
  process.env.LOG_LEVEL = "warn";
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The median and 95th percentile, in milliseconds, of `runs` timed runs after three warm-up runs. */
export async function timeRuns(run: () => Promise<unknown>, runs: number): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 3; warm++) await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)]!, p95: times[Math.floor(runs * 0.95)]! };
}

/** One row of a benchmark's table. */
export function printTiming(name: string, width: number, timing: { p50: number; p95: number }, verdict: string) {
  const { p50, p95 } = timing;
  console.log(
    `${name.padEnd(width)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms   ${verdict}`,
  );
}
