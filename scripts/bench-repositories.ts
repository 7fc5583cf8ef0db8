// `npm run bench`: the repository lists at 100 000 rows, against baselines measured in the same run.
// Budget: a list answers in under 20 ms at 100 000 rows. Exits non-zero when a budget is missed.
import { performance } from "node:perf_hooks";

import { openBenchDatabase, printTiming, timeRuns } from "./bench-timing";

const removeDatabase = openBenchDatabase("repositories");

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
  const { p50, p95 } = await timeRuns(run, RUNS);
  const verdict = budget === null ? "baseline" : p95 <= budget ? "ok" : "OVER BUDGET";
  printTiming(name, 44, { p50, p95 }, verdict);
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
removeDatabase();
if (results.includes(false)) {
  console.error(`a list missed its ${BUDGET_MS} ms budget`);
  process.exit(1);
}
