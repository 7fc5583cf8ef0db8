// `npm run bench`: the repository lists at 100 000 rows, against baselines measured in the same run.
// Budget: a list answers in under 20 ms at 100 000 rows. Exits non-zero when a budget is missed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const dir = mkdtempSync(join(tmpdir(), "groundwork-bench-"));
process.env.DATABASE_URL = `file:${join(dir, "bench.db")}`;
process.env.AUTH_SECRET ??= "bench-secret-0123456789-0123456789-0123456789";
process.env.LOG_LEVEL = "warn";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = 30;
const BUDGET_MS = 20;

const { prepareDatabase } = await import("../app/.server/platform/db/prepare");
const { client } = await import("../app/.server/platform/db/client");
const { seedBenchmarkRepositories } = await import("../app/.server/platform/db/seed");
const { listRepositories } = await import("../app/.server/features/repositories");

await prepareDatabase({ seed: "never" });
const seededAt = performance.now();
await seedBenchmarkRepositories(ROWS);
console.log(`seeded ${ROWS} repositories in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);

async function measure(name: string, run: () => Promise<unknown>, budget: number | null) {
  for (let warm = 0; warm < 3; warm++) await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(RUNS * 0.5)]!;
  const p95 = times[Math.floor(RUNS * 0.95)]!;
  const verdict = budget === null ? "baseline" : p95 <= budget ? "ok" : "OVER BUDGET";
  console.log(
    `${name.padEnd(44)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms   ${verdict}`,
  );
  return budget === null || p95 <= budget;
}

// A cursor near the end of the list, found by walking the keyset once.
const lastKey = (
  await client.execute("select name_key from repository order by name_key limit 1 offset ?", [ROWS - 40])
).rows[0]!.name_key as string;
const lateCursor = Buffer.from(lastKey, "utf8").toString("base64url");

const results = [
  await measure("baseline: select 1", () => client.execute("select 1"), null),
  await measure("baseline: count(*)", () => client.execute("select count(*) from repository"), null),
  await measure(
    "baseline: late page with OFFSET",
    () => client.execute("select * from repository order by name_key limit 21 offset ?", [ROWS - 40]),
    null,
  ),
  await measure(
    "baseline: search with OFFSET + count",
    async () => {
      await client.execute(
        "select count(*) from repository where name like '%zz%' or link like '%zz%' or description like '%zz%'",
      );
      await client.execute(
        "select * from repository where name like '%zz%' or link like '%zz%' or description like '%zz%' order by name_key limit 21",
      );
    },
    null,
  ),
  await measure("list: first page", () => listRepositories({}), BUDGET_MS),
  await measure("list: late page (keyset)", () => listRepositories({ cursor: lateCursor }), BUDGET_MS),
  await measure('search: frequent term ("project")', () => listRepositories({ searchTerm: "project" }), BUDGET_MS),
  await measure('search: 1 % of rows ("team-42/")', () => listRepositories({ searchTerm: "team-42/" }), BUDGET_MS),
  await measure('search: one row ("-54321")', () => listRepositories({ searchTerm: "-54321" }), BUDGET_MS),
  await measure(
    'search: 4 % of rows, all late ("zephyr-")',
    () => listRepositories({ searchTerm: "zephyr-" }),
    BUDGET_MS,
  ),
  await measure("search: no match", () => listRepositories({ searchTerm: "no-such-repository" }), BUDGET_MS),
  await measure('search: 2-letter name prefix ("ze")', () => listRepositories({ searchTerm: "ze" }), BUDGET_MS),
  await measure(
    "search: late page of a frequent term",
    () => listRepositories({ searchTerm: "project", cursor: lateCursor }),
    BUDGET_MS,
  ),
  await measure(
    "search: late page of a 1 % term",
    () => listRepositories({ searchTerm: "team-42/", cursor: lateCursor }),
    BUDGET_MS,
  ),
];

client.close();
rmSync(dir, { recursive: true, force: true });
if (results.includes(false)) {
  console.error(`a list missed its ${BUDGET_MS} ms budget`);
  process.exit(1);
}
