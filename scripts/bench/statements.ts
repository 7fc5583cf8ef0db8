// `npx tsx scripts/bench/statements.ts`: the per-query cost of the signed-in list's two queries (the session join
// and a page of 21 repositories) through drizzle, on one file, with the library's client (a statement prepared on
// every execute) against the client that keeps statements (ADR 054). Both behind the busy wrapper, as the app opens
// them; rotating rounds, so that a busy machine weighs on both alike.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Client } from "@libsql/client";
import { createClient } from "@libsql/client/sqlite3";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/sqlite3";

import { reopenAfterBusy } from "../../app/.server/platform/db/busy";
import { openFileClient } from "../../app/.server/platform/db/kept-statements";
import * as schema from "../../app/.server/platform/db/schema";
import { repository } from "../../app/features/repositories/table.server";
import { buildTemplateDatabase } from "../../tests/support/template-db";

const { session, user } = schema;
const ROUNDS = 7;
const QUERIES = 4000;
const PRAGMAS = ["PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON", "PRAGMA mmap_size = 268435456"];

const folder = mkdtempSync(join(tmpdir(), "statements-"));
const file = join(folder, "bench.db");
copyFileSync(await buildTemplateDatabase(), file);
const url = `file:${file}`;

const clients: Record<string, Client> = {
  "re-prepared": reopenAfterBusy(createClient({ url, timeout: 5000, concurrency: 1 }), PRAGMAS),
  kept: reopenAfterBusy(openFileClient(url, { timeout: 5000 }), PRAGMAS),
};

const seed = drizzle(clients["re-prepared"]!, { schema });
const now = new Date();
await seed.insert(user).values({ id: "u1", email: "u1@example.test", name: "U", createdAt: now, updatedAt: now });
await seed.insert(session).values({
  id: "s1",
  token: "t1",
  userId: "u1",
  expiresAt: new Date(Date.now() + 3600_000),
  createdAt: now,
  updatedAt: now,
});
await seed.insert(repository).values(
  Array.from({ length: 200 }, (_, n) => ({
    name: `project-${n}`,
    nameKey: `project-${String(n).padStart(4, "0")}`,
    link: `https://git.example.com/team/project-${n}`,
    description: `Sample project ${n} for the benchmark.`,
  })),
);

/** The two queries, as the app writes them: a drizzle prepared query (its SQL kept) and a builder run each time. */
function queries(client: Client) {
  const db = drizzle(client, { schema });
  const sessionByToken = db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare();
  return {
    session: () => sessionByToken.all({ token: "t1" }),
    list: () =>
      db
        .select()
        .from(repository)
        .where(sql`${repository.nameKey} > ${"project-0100"}`)
        .orderBy(repository.nameKey)
        .limit(21),
  };
}

const times: Record<string, Record<string, number[]>> = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? ["kept", "re-prepared"] : ["re-prepared", "kept"];
  for (const name of order) {
    for (const [query, run] of Object.entries(queries(clients[name]!))) {
      for (let warm = 0; warm < 200; warm++) await run();
      const started = performance.now();
      for (let index = 0; index < QUERIES; index++) await run();
      ((times[query] ??= {})[name] ??= []).push(((performance.now() - started) * 1000) / QUERIES);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [query, byClient] of Object.entries(times)) {
  const [prepared, kept] = [median(byClient["re-prepared"]!), median(byClient.kept!)];
  console.log(
    `${query.padEnd(8)} re-prepared ${prepared.toFixed(1).padStart(6)} µs   kept ${kept.toFixed(1).padStart(6)} µs   ` +
      `kept/re-prepared ${(kept / prepared).toFixed(3)}   (median of ${ROUNDS} rounds of ${QUERIES})`,
  );
}
for (const client of Object.values(clients)) client.close();
rmSync(folder, { recursive: true, force: true });
