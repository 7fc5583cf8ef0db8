import { eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/.server/platform/db/client";
import { rateLimitCounter } from "~/.server/platform/db/schema";
import { consumeAll, consumeRateLimit, pruneRateLimits } from "./rate-limit";

const rule = { limit: 3, windowSeconds: 60 };
const start = 1_700_000_000_000;

describe("rate limits", () => {
  it("allows hits up to the limit, then refuses until the window ends", async () => {
    for (let hit = 0; hit < 3; hit++)
      expect(await consumeRateLimit("send:a", rule, start + hit * 1000)).toEqual({ allowed: true, remaining: 2 - hit });
    expect(await consumeRateLimit("send:a", rule, start + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await consumeRateLimit("send:a", rule, start + 59_500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("gives a fresh budget in a new window", async () => {
    for (let hit = 0; hit < 4; hit++) await consumeRateLimit("send:b", rule, start);
    expect(await consumeRateLimit("send:b", rule, start + 60_000)).toEqual({ allowed: true, remaining: 2 });
    expect(await consumeRateLimit("send:b", rule, start + 60_001)).toEqual({ allowed: true, remaining: 1 });
  });

  it("counts each key on its own", async () => {
    for (let hit = 0; hit < 4; hit++) await consumeRateLimit("send:c", rule, start);
    expect((await consumeRateLimit("send:c", rule, start)).allowed).toBe(false);
    expect(await consumeRateLimit("send:d", rule, start)).toEqual({ allowed: true, remaining: 2 });
  });

  it("reports the longest wait of every refusing rule, whatever their order", async () => {
    const short = { limit: 0, windowSeconds: 60 };
    const long = { limit: 0, windowSeconds: 600 };
    const first = await consumeAll([
      ["all:short-1", short],
      ["all:long-1", long],
      ["all:open-1", rule],
    ]);
    const second = await consumeAll([
      ["all:long-2", long],
      ["all:short-2", short],
    ]);
    for (const result of [first, second]) {
      expect(result.allowed).toBe(false);
      if (!result.allowed) expect(result.retryAfterSeconds).toBeGreaterThan(590);
    }
    expect(await consumeAll([["all:open-2", rule]])).toEqual({ allowed: true, remaining: 2 });
  });

  it("tells how many hits remain: the fewest of every rule", async () => {
    const tight = { limit: 2, windowSeconds: 60 };
    const checks: Array<[string, typeof rule]> = [
      ["left:wide", rule],
      ["left:tight", tight],
    ];
    expect(await consumeAll(checks)).toEqual({ allowed: true, remaining: 1 });
    expect(await consumeAll(checks)).toEqual({ allowed: true, remaining: 0 });
    expect((await consumeAll(checks)).allowed).toBe(false);
  });

  it("counts every hit of a check against each rule, even when one refuses", async () => {
    await consumeAll([
      ["both:a", { limit: 0, windowSeconds: 60 }],
      ["both:b", rule],
    ]);
    const [row] = await db.select().from(rateLimitCounter).where(eq(rateLimitCounter.key, "both:b"));
    expect(row?.count).toBe(1);
  });

  it("allows exactly the limit when many hits arrive at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit("burst", { limit: 7, windowSeconds: 60 })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(7);
  });

  it("shares one budget between two server processes on the same database", async () => {
    vi.resetModules();
    const other = await import("./rate-limit");
    const otherClient = await import("~/.server/platform/db/client");
    expect(otherClient.db).not.toBe(db);
    const burst = { limit: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? other.consumeRateLimit : consumeRateLimit)("shared", burst),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    otherClient.client.close();
  });

  it("forgets counters whose window ended more than a day ago", async () => {
    const now = Date.now();
    await consumeRateLimit("prune:old", rule, now - 25 * 60 * 60 * 1000);
    await consumeRateLimit("prune:recent", rule, now - 60 * 60 * 1000);
    await pruneRateLimits(now);
    const kept = await db
      .select({ key: rateLimitCounter.key })
      .from(rateLimitCounter)
      .where(like(rateLimitCounter.key, "prune:%"));
    expect(kept.map((row) => row.key)).toEqual(["prune:recent"]);
  });
});
