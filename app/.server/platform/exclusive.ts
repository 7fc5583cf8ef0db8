// One at a time, per key, across every server process on the database: for a check and the change it guards ("is
// this the last admin?", "the last owner?"), so that two requests cannot both pass the check. Within a process, turns
// are a promise queue per key; between processes (WEB_CONCURRENCY, several instances on one libSQL server) the turn
// holder also holds a lease row in `exclusive_lease`, taken with one conditional upsert (ADR 017, ADR 020). A lease is
// short and renewed while its work runs, so a holder that died (kill -9, a lost host) keeps the key a few seconds at
// most; a turn that does not come in time is answered 503 with Retry-After, never a 500 (ADR 017).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { data } from "react-router";

import { db as appDatabase, syncReplica, type Database } from "./db/client";
import { logger } from "./logger";

type Options = {
  /** How long a lease lasts unless renewed: at most this long does a holder that died keep the key. */
  leaseMs?: number;
  /** How long a turn is awaited before the request is answered 503. Longer than a lease, to outwait a dead holder. */
  waitMs?: number;
  /** How long the lease is renewed at most: work that hangs longer (a stuck call) lets the key go a lease later. */
  longestHoldMs?: number;
  /**
   * Brings the reads of `db` up to the lease: with an embedded replica, the work's checks ("the last admin?") must see
   * every write of the holder before, which the primary has but the local file may not yet (ADR 050).
   */
  catchUp?: () => Promise<unknown>;
};

/** Seconds that a request refused because its turn did not come is asked to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After: React Router answers it as the error page's "busy, try again" (route-error-boundary.tsx). */
const busy = () =>
  data(null, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
  });

// The database's clock, in milliseconds: every process and instance reads the same one, whatever their own say.
const databaseNow = sql`cast(unixepoch('subsec') * 1000 as integer)`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `runExclusive` over one database connection (tests make two, as two processes would). */
export function exclusiveRunner(
  db: Database,
  { leaseMs = 5_000, waitMs = 10_000, longestHoldMs = 60_000, catchUp = async () => {} }: Options = {},
) {
  const queues = new Map<string, Promise<unknown>>();

  async function underLease<T>(key: string, work: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    const deadline = Date.now() + waitMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      // Taken when absent or expired; a live lease of another holder leaves the row as it is (0 rows affected).
      const taken = await db.run(sql`
        INSERT INTO exclusive_lease (key, holder, expires_at) VALUES (${key}, ${holder}, ${databaseNow} + ${leaseMs})
        ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE exclusive_lease.expires_at <= ${databaseNow}`);
      if (taken.rowsAffected === 1) break;
      if (Date.now() > deadline) throw busy();
      await sleep(pause);
    }
    // Renewed three times a lease: one renewal lost (a busy database) still leaves the lease alive.
    const takenAt = Date.now();
    const renewal = setInterval(() => {
      if (Date.now() - takenAt > longestHoldMs) {
        clearInterval(renewal);
        logger.warn("exclusive lease given up: its work runs too long", { key, ms: Date.now() - takenAt });
        return;
      }
      const renewed = sql`UPDATE exclusive_lease SET expires_at = ${databaseNow} + ${leaseMs}
        WHERE key = ${key} AND holder = ${holder}`;
      db.run(renewed).catch((error: unknown) =>
        logger.warn("exclusive lease not renewed", { key, error: String(error) }),
      );
    }, leaseMs / 3);
    try {
      await catchUp();
      return await work();
    } finally {
      clearInterval(renewal);
      await db.run(sql`DELETE FROM exclusive_lease WHERE key = ${key} AND holder = ${holder}`);
    }
  }

  /** Runs `work` after every earlier `work` of the same key, here and in other processes, has settled. */
  return function runExclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const turn = () => underLease(key, work);
    const run = previous.then(turn, turn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  };
}

export const runExclusive = exclusiveRunner(appDatabase, { catchUp: syncReplica });
