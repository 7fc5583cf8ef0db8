// `npm run db:migrate`, `npm run db:seed`, `npm run db:seed:bench`, and `prepare` (what the server does at start:
// migrate, seed when empty).
import { EnvError } from "../app/.server/platform/env";

const command = process.argv[2];
if (!["migrate", "seed", "prepare", "seed-bench"].includes(command ?? "")) {
  console.error("usage: db.ts migrate|seed|prepare|seed-bench [count]");
  process.exit(2);
}

try {
  // Imported here, not at the top: the database module reads the environment as it loads, and a bad variable is
  // one line naming it (app/.server/platform/env.ts), not a stack trace.
  const { db } = await import("../app/.server/platform/db/client");
  const { prepareDatabase } = await import("../app/.server/platform/db/prepare");
  const { FEATURE_SEEDS: featureSeeds } = await import("../app/features/seed.server");
  const { seedBenchmarkRepositories } = await import("../app/features/repositories/repositories.server");
  if (command === "migrate") await prepareDatabase({ seed: "never" });
  else if (command === "seed") await prepareDatabase({ seed: "always", featureSeeds });
  else if (command === "prepare") await prepareDatabase({ featureSeeds });
  else {
    // 100 000 repositories in the configured database, to try the lists at the size the benchmark measures.
    await prepareDatabase({ seed: "always", featureSeeds });
    await seedBenchmarkRepositories(Number(process.argv[3] ?? 100_000), db);
  }
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
process.exit(0);
