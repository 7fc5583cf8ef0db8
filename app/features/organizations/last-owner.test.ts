// The last owner of an organization stays, whatever interleaves: an admin deleting an owner, an owner deleting their
// account, leaving, demoting or removing another owner. Two owners, two changes at the same moment, many rounds:
// each change is either done or refused with a translated code, and an organization that still exists has an owner.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { auth } = await import("~/.server/platform/auth/auth");
const { issueOneTimeCode } = await import("~/.server/platform/auth/one-time-code");
const { db } = await import("~/.server/platform/db/client");
const { account, member, organization, session, user } = await import("~/.server/platform/db/schema");
const { signedInAs } = await import("../../../tests/support/sessions");
const organizations = await import("./organizations.server");
const { findMembership } = await import("~/.server/platform/auth/membership");
const { deleteUser } = await import("~/features/users/user-admin.server");
const { deleteAccount } = await import("~/features/account/account.server");

const ip = "198.51.100.31";
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

async function person(prefix: string, role: "user" | "admin" = "user") {
  const email = `${unique(prefix)}@example.test`;
  const signed = await signedInAs(email);
  if (role === "admin") await db.update(user).set({ role }).where(eq(user.id, signed.userId));
  return {
    id: signed.userId,
    userId: signed.userId,
    email,
    headers: new Headers({ cookie: signed.cookie }),
    actor: { user: { id: signed.userId, email }, ip },
  };
}
type Person = Awaited<ReturnType<typeof person>>;

/** An organization with two owners, `a` (its creator) and `b`, and their scopes. */
async function twoOwners() {
  const [a, b] = [await person("owner-a"), await person("owner-b")];
  // A GitHub link each: a refused deletion must leave it (better-auth's removeUser deletes links before the user).
  for (const owner of [a, b])
    await db.insert(account).values({
      id: unique("acc"),
      accountId: unique("gh"),
      providerId: "github",
      userId: owner.id,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  const slug = unique("owned");
  const created = await organizations.createOrganization({ name: "Owned", slug }, a);
  if (!created.ok) throw new Error(created.code);
  await auth.api.addMember({ body: { userId: b.id, role: "owner", organizationId: created.organization.id } });
  const scopeA = (await findMembership(slug, a.id))!;
  const scopeB = (await findMembership(slug, b.id))!;
  return { a, b, scopeA, scopeB, organizationId: created.organization.id };
}

type Round = Awaited<ReturnType<typeof twoOwners>> & { admin: Person; otherAdmin: Person };

/** A result is a success or a refusal the pages translate; an exception (a 500) is neither. */
function outcome(result: { ok: boolean; code?: string; error?: string; reason?: string }) {
  return result.ok ? "ok" : (result.code ?? result.error ?? result.reason ?? "unknown");
}

async function ownersOf(organizationId: string) {
  const [exists] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, organizationId));
  const [owners] = await db
    .select({ value: sql<number>`count(*)` })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), sql`',' || ${member.role} || ',' like '%,owner,%'`));
  return { exists: Boolean(exists), owners: Number(owners?.value ?? 0) };
}

const deleteOwnAccount = async (who: Person) =>
  deleteAccount(who, await issueOneTimeCode("delete-account", who.id, who.email), {
    language: "en",
    actor: who.actor,
    headers: who.headers,
  });

// Each pair: two changes that each leave one owner, and together none; every pairing of the five changes (an admin's
// deletion, the user's own deletion, leave, demotion, removal), each with itself. The first is always about owner a.
const races: Record<string, (round: Round) => [Promise<object>, Promise<object>]> = {
  "an admin deletes a while another admin deletes b": (r) => [
    deleteUser({ id: r.a.id, email: r.a.email }, r.admin),
    deleteUser({ id: r.b.id, email: r.b.email }, r.otherAdmin),
  ],
  "an admin deletes a while b deletes their account": (r) => [
    deleteUser({ id: r.a.id, email: r.a.email }, r.admin),
    deleteOwnAccount(r.b),
  ],
  "an admin deletes a while b leaves": (r) => [
    deleteUser({ id: r.a.id, email: r.a.email }, r.admin),
    organizations.leaveOrganization(r.scopeB, r.b),
  ],
  "an admin deletes a while a demotes b": (r) => [
    deleteUser({ id: r.a.id, email: r.a.email }, r.admin),
    organizations.updateMemberRole(r.scopeA, r.scopeB.member.id, "member", r.a),
  ],
  "an admin deletes a while a removes b": (r) => [
    deleteUser({ id: r.a.id, email: r.a.email }, r.admin),
    organizations.removeMember(r.scopeA, r.scopeB.member.id, r.a),
  ],
  "a deletes their account while b deletes theirs": (r) => [deleteOwnAccount(r.a), deleteOwnAccount(r.b)],
  "a deletes their account while b leaves": (r) => [
    deleteOwnAccount(r.a),
    organizations.leaveOrganization(r.scopeB, r.b),
  ],
  "a deletes their account while demoting b": (r) => [
    deleteOwnAccount(r.a),
    organizations.updateMemberRole(r.scopeA, r.scopeB.member.id, "member", r.a),
  ],
  "a deletes their account while removing b": (r) => [
    deleteOwnAccount(r.a),
    organizations.removeMember(r.scopeA, r.scopeB.member.id, r.a),
  ],
  "a leaves while b leaves": (r) => [
    organizations.leaveOrganization(r.scopeA, r.a),
    organizations.leaveOrganization(r.scopeB, r.b),
  ],
  "a leaves while demoting b": (r) => [
    organizations.leaveOrganization(r.scopeA, r.a),
    organizations.updateMemberRole(r.scopeA, r.scopeB.member.id, "member", r.a),
  ],
  "a leaves while removing b": (r) => [
    organizations.leaveOrganization(r.scopeA, r.a),
    organizations.removeMember(r.scopeA, r.scopeB.member.id, r.a),
  ],
  "a demotes b while b demotes a": (r) => [
    organizations.updateMemberRole(r.scopeA, r.scopeB.member.id, "member", r.a),
    organizations.updateMemberRole(r.scopeB, r.scopeA.member.id, "member", r.b),
  ],
  "a demotes b while b removes a": (r) => [
    organizations.updateMemberRole(r.scopeA, r.scopeB.member.id, "member", r.a),
    organizations.removeMember(r.scopeB, r.scopeA.member.id, r.b),
  ],
  "a removes b while b removes a": (r) => [
    organizations.removeMember(r.scopeA, r.scopeB.member.id, r.a),
    organizations.removeMember(r.scopeB, r.scopeA.member.id, r.b),
  ],
};

const ROUNDS = 25;

describe("the last owner of an organization", () => {
  it(`stays through ${ROUNDS} rounds of each race between deletion, leaving, demotion and removal`, async () => {
    const [admin, otherAdmin] = [await person("site-admin", "admin"), await person("other-admin", "admin")];
    const ownerless: string[] = [];
    const outcomes = new Map<string, Set<string>>();
    for (let index = 0; index < ROUNDS; index += 1) {
      for (const [name, race] of Object.entries(races)) {
        const round = { ...(await twoOwners()), admin, otherAdmin };
        const results = await Promise.allSettled(race(round));
        const seen = results.map((result) =>
          result.status === "fulfilled" ? outcome(result.value as never) : `threw: ${String(result.reason)}`,
        );
        outcomes.set(name, new Set([...(outcomes.get(name) ?? []), seen.join(" + ")]));
        const state = await ownersOf(round.organizationId);
        if (state.exists && state.owners === 0) ownerless.push(name);
        // A deletion is whole or not at all: an owner still there keeps their sessions and their GitHub link.
        for (const owner of [round.a, round.b]) {
          if ((await db.select().from(user).where(eq(user.id, owner.id))).length === 0) continue;
          expect(await db.select().from(account).where(eq(account.userId, owner.id))).toHaveLength(1);
          expect((await db.select().from(session).where(eq(session.userId, owner.id))).length).toBeGreaterThan(0);
        }
      }
    }
    const rounds = ROUNDS * Object.keys(races).length;
    expect(`${ownerless.length} of ${rounds} rounds left an organization ownerless: ${ownerless.join("; ")}`).toBe(
      `0 of ${rounds} rounds left an organization ownerless: `,
    );
    for (const [name, seen] of outcomes)
      for (const pair of seen) expect(`${name}: ${pair}`).not.toMatch(/threw|unknown|UNKNOWN_ERROR/);
  }, 120_000);
});
