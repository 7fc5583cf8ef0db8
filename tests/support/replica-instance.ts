// One app instance as far as the database can tell (ADR 050): a real Node process whose connection is an embedded
// replica of a libSQL server (DATABASE_URL the primary, DATABASE_REPLICA_FILE its own file, synced every second), and
// that runs the app's own feature modules. Started by `startReplicaInstance` (tests/support/replica-instances.ts).
// Each line on stdin is a batch, JSON: `{ "at": epoch ms, "calls": [{ "op": name, "args": [...] }] }`. At `at` the
// instance starts every call of the batch at once, and prints one JSON line: each call's outcome, in order.
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { count, eq } from "drizzle-orm";

import { sendSignInCode, verifySignInCode } from "../../app/.server/features/sign-in";
import { findMembership } from "../../app/.server/platform/auth/membership";
import { db, startReplicaSync, syncReplica } from "../../app/.server/platform/db/client";
import { signInCode } from "../../app/.server/platform/db/schema";
import { rateLimits } from "../../app/.server/platform/security/rate-limit";
import { acceptInvitation, inviteMember } from "../../app/features/organizations/invitations.server";
import { createOrganization } from "../../app/features/organizations/organizations.server";
import { banUser, deleteUser } from "../../app/features/users/user-admin.server";
import { signedInAs } from "./sessions";

/** Who acts: a signed-in person's id, address and session cookie (from the `signIn` op). */
type Person = { userId: string; email: string; cookie: string };

const actor = (person: Person) => ({ user: { id: person.userId, email: person.email }, ip: "198.51.100.7" });
const caller = (person: Person) => ({
  userId: person.userId,
  headers: new Headers({ cookie: person.cookie }),
  actor: actor(person),
});
const admin = (person: Person) => ({
  id: person.userId,
  headers: new Headers({ cookie: person.cookie }),
  actor: actor(person),
});
const visitor = (client: string) => ({ headers: new Headers(), client, language: "en" });
const anonymous = (client: string) => ({ user: null, ip: client });

/** An outcome in one word: "ok", or the refusal's code or reason. */
const word = (result: { ok: boolean; code?: string; reason?: string; error?: string }) =>
  result.ok ? "ok" : (result.code ?? result.reason ?? result.error ?? "refused");

const ops: Record<string, (...args: never[]) => Promise<unknown>> = {
  sync: () => syncReplica(),
  signIn: async (email: string) => ({ email, ...(await signedInAs(email)) }),
  sendCode: async (email: string, client: string) => {
    const sent = await sendSignInCode(email, visitor(client), anonymous(client));
    return sent.ok ? sent.attemptId : sent.reason;
  },
  // A budget as it would be without its single statement on the primary: counted on this instance's replica, then
  // written. Not the app's: what the race tests must be able to catch.
  sendCodeCountedOnReplica: async (email: string) => {
    const [row] = await db.select({ sent: count() }).from(signInCode).where(eq(signInCode.email, email));
    if ((row?.sent ?? 0) >= rateLimits.sendCodePerEmail.limit) return "rate-limited";
    await db.insert(signInCode).values({ id: randomUUID(), email, codeHash: "-", expiresAt: Date.now() + 60_000 });
    return randomUUID();
  },
  guessCode: async (email: string, attemptId: string | null, code: string, client: string) =>
    word(await verifySignInCode({ email, code, attemptId }, visitor(client), anonymous(client))),
  createOrganization: async (owner: Person, slug: string) =>
    word(await createOrganization({ name: slug, slug }, caller(owner))),
  invite: async (owner: Person, slug: string, email: string) => {
    const scope = await findMembership(slug, owner.userId);
    if (!scope) return "not-a-member";
    const invited = await inviteMember(scope, { email, role: "member", language: "en" }, caller(owner));
    return invited.ok ? invited.invitation.id : invited.code;
  },
  accept: async (invitee: Person, invitationId: string) => word(await acceptInvitation(invitationId, caller(invitee))),
  ban: async (by: Person, target: Person) =>
    word(await banUser({ id: target.userId, email: target.email }, { reason: "", until: null }, admin(by))),
  delete: async (by: Person, target: Person) =>
    word(await deleteUser({ id: target.userId, email: target.email }, admin(by))),
};

type Batch = { at: number; calls: Array<{ op: string; args: unknown[] }> };

startReplicaSync();
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  // An empty line ends the instance.
  if (!line) break;
  const batch = JSON.parse(line) as Batch;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, batch.at - Date.now())));
  const settled = await Promise.allSettled(
    batch.calls.map(({ op, args }) => (ops[op] as (...args: unknown[]) => Promise<unknown>)(...args)),
  );
  const outcomes = settled.map((result) =>
    result.status === "fulfilled" ? result.value : `threw: ${String(result.reason)}`,
  );
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
}
process.exit(0);
