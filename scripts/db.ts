// `npm run db:migrate`, `npm run db:seed`, `npm run db:seed:bench`, and `prepare` (what the server does at start:
// migrate, seed when empty).
import { db } from "../app/.server/db/client";
import { prepareDatabase } from "../app/.server/db/prepare";
import { seedBenchmarkRepositories } from "../app/.server/db/seed";

const command = process.argv[2];
if (command === "migrate") await prepareDatabase({ seed: "never" });
else if (command === "seed") await prepareDatabase({ seed: "always" });
else if (command === "prepare") await prepareDatabase();
else if (command === "seed-bench") {
  // 100 000 repositories in the configured database, to try the lists at the size the benchmark measures.
  await prepareDatabase({ seed: "always" });
  await seedBenchmarkRepositories(Number(process.argv[3] ?? 100_000), db);
}
else {
  console.error("usage: db.ts migrate|seed|prepare|seed-bench [count]");
  process.exit(2);
}
process.exit(0);
