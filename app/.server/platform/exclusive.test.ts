import { sql } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { afterAll, describe, expect, it } from "vitest";

import { startGuardedChild } from "../../../tests/support/guarded-children";
import { openDatabase } from "./db/client";
import { exclusiveRunner } from "./exclusive";

// Two connections to the test's database file, each with its own runner: two server processes, as far as the lease
// can tell (each runner's in-process queue knows nothing of the other's).
const first = await openDatabase(process.env.DATABASE_URL!);
const second = await openDatabase(process.env.DATABASE_URL!);
afterAll(() => {
  first.client.close();
  second.client.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A read, a wait and a write of one counter: interleaved turns lose updates. */
function checkThenWrite(state: { value: number; overlaps: number; inside: number }) {
  return async () => {
    state.inside += 1;
    if (state.inside > 1) state.overlaps += 1;
    const read = state.value;
    await pause(5);
    state.value = read + 1;
    state.inside -= 1;
  };
}

describe("runExclusive across processes", () => {
  it("gives one turn at a time to two runners on one database", async () => {
    const a = exclusiveRunner(first.db);
    const b = exclusiveRunner(second.db);
    const state = { value: 0, overlaps: 0, inside: 0 };
    const work = checkThenWrite(state);
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b)("owners:x", work)));
    expect(state).toEqual({ value: 12, overlaps: 0, inside: 0 });
    const { rows } = await first.client.execute("select count(*) as n from exclusive_lease");
    expect(Number(rows[0]!.n)).toBe(0); // every lease released
  });

  it("lets different keys run side by side", async () => {
    const a = exclusiveRunner(first.db);
    const b = exclusiveRunner(second.db);
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await pause(30);
      inside -= 1;
    };
    await Promise.all([a("owners:one", work), b("owners:two", work)]);
    expect(most).toBe(2);
  });

  it("releases the lease when the work fails, and takes over an expired one", async () => {
    const a = exclusiveRunner(first.db);
    await expect(
      a("owners:failing", async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    // A holder that died with the lease: expired, so the next turn takes it.
    await first.db.run(sql`insert into exclusive_lease (key, holder, expires_at) values ('owners:dead', 'gone', 1)`);
    await expect(a("owners:dead", async () => "ran")).resolves.toBe("ran");
  });

  it("answers 503 with Retry-After, never a 500, when a live holder keeps the turn past the wait", async () => {
    const a = exclusiveRunner(first.db, { waitMs: 50 });
    await first.db.run(
      sql`insert into exclusive_lease (key, holder, expires_at) values ('owners:busy', 'other', ${Date.now() + 60_000})`,
    );
    let ran = false;
    const refusal: unknown = await a("owners:busy", async () => (ran = true)).catch((error: unknown) => error);
    expect(ran).toBe(false);
    // What React Router makes of it: a 503 error response (the error page says "busy, try again", translated).
    const { type, init } = refusal as { type: string; init: ResponseInit };
    expect(type).toBe("DataWithResponseInit");
    expect(init.status).toBe(503);
    expect(new Headers(init.headers).get("Retry-After")).toMatch(/^[1-9]\d*$/);
  });

  it("keeps the turn of work that outlasts the lease, renewing it while the work runs", async () => {
    // The work lasts two and a half leases; a renewal is due each third of one, so a 600 ms stall would be needed to
    // lose it.
    const a = exclusiveRunner(first.db, { leaseMs: 1_000 });
    const b = exclusiveRunner(second.db, { leaseMs: 1_000 });
    const state = { value: 0, overlaps: 0, inside: 0 };
    const slow = async () => {
      state.inside += 1;
      if (state.inside > 1) state.overlaps += 1;
      await pause(2_500);
      state.inside -= 1;
    };
    await Promise.all([a("owners:slow", slow), b("owners:slow", slow)]);
    expect(state.overlaps).toBe(0);
  });

  it("stops renewing the lease of work that hangs past the longest hold, so the key is not held for ever", async () => {
    const a = exclusiveRunner(first.db, { leaseMs: 100, longestHoldMs: 300 });
    const b = exclusiveRunner(second.db, { leaseMs: 100, waitMs: 3_000 });
    await new Promise<void>((holding) => {
      void a("owners:hung", () => {
        holding();
        return new Promise(() => {});
      });
    });
    // The other waits 3 s at most, then is refused: it runs only because the key went (after the longest hold, 300 ms,
    // and a lease), not because it outwaited a hold renewed for ever.
    await expect(b("owners:hung", async () => "ran")).resolves.toBe("ran");
  });

  it("lets the next turn in within a few seconds when the holder's process was killed (SIGKILL)", async () => {
    const child = startGuardedChild({ hold: "owners:killed" });
    expect(await child.nextLine()).toBe("holding");
    process.kill(child.pid, "SIGKILL");
    expect((await child.exited).signal).toBe("SIGKILL");
    const started = Date.now();
    const outcome = await exclusiveRunner(first.db)("owners:killed", async () => "ran").catch((error: unknown) =>
      isRouteErrorResponse(error) ? `answered ${error.status}` : `threw ${String(error)}`,
    );
    const waited = Date.now() - started;
    expect(`${outcome} after ${waited} ms`).toMatch(/^ran after/);
    expect(waited).toBeLessThan(6_000);
  }, 40_000);
});
