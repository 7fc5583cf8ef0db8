// Invitations against the real better-auth organization plugin, a real database and a real SMTP sink: what each call
// leaves in the tables, the e-mail it sends, the audit trail, and each refusal. The environment is read once per test
// file, so the limits are set (small) before the app is imported.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
process.env.MEMBERS_PER_ORGANIZATION = "3";
process.env.ORGANIZATIONS_PER_USER = "2";
const { auth } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { auditEvent, invitation, member } = await import("~/.server/platform/db/schema");
const { isUniqueViolation } = await import("~/.server/platform/db/errors");
const { signedInAs } = await import("../../../tests/support/sessions");
const { findMembership } = await import("~/.server/platform/auth/membership");
const {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  getInvitationForRecipient,
  inviteMember,
  listInvitations,
  resendInvitation,
} = await import("./invitations.server");

afterAll(() => sink.stop());

const ip = "198.51.100.9";
let counter = 0;

/** A signed-in person, as the feature takes them. */
async function person(label: string) {
  counter += 1;
  const email = `${label}-${counter}@example.test`;
  const signed = await signedInAs(email);
  const headers = new Headers({ cookie: signed.cookie });
  return {
    id: signed.userId,
    email,
    headers,
    caller: { userId: signed.userId, headers, actor: { user: { id: signed.userId, email }, ip } },
  };
}
type Person = Awaited<ReturnType<typeof person>>;

/** An organization of `owner`'s, and their scope in it. */
async function organizationOf(owner: Person, name = `Org ${counter}`) {
  const slug = `org-${++counter}`;
  await auth.api.createOrganization({ headers: owner.headers, body: { name, slug } });
  return (await findMembership(slug, owner.id))!;
}

const row = async (id: string) => (await db.select().from(invitation).where(eq(invitation.id, id)))[0];
const membersOf = (organizationId: string) => db.select().from(member).where(eq(member.organizationId, organizationId));
const trail = (targetId: string) =>
  db.select().from(auditEvent).where(eq(auditEvent.targetId, targetId)).orderBy(desc(auditEvent.id));

async function invite(
  scope: Awaited<ReturnType<typeof organizationOf>>,
  by: Person,
  email: string,
  role: "member" | "admin" | "owner" = "member",
  language: "en" | "fr" | "ar" | "sw" = "en",
) {
  const invited = await inviteMember(scope, { email, role, language }, by.caller);
  if (!invited.ok) throw new Error(`invite refused: ${invited.code}`);
  return invited.invitation.id;
}

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("inviting", () => {
  it("stores a pending invitation with its language, e-mails it in that language with the link, and records it", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner, "Acme");
    const since = Date.now();
    const invited = await inviteMember(
      scope,
      { email: "Nia@Example.test", role: "admin", language: "sw" },
      owner.caller,
    );
    expect(invited).toMatchObject({ ok: true, invitation: { email: "nia@example.test" } });
    if (!invited.ok) return;
    const stored = await row(invited.invitation.id);
    expect(stored).toMatchObject({ status: "pending", role: "admin", language: "sw", inviterId: owner.id });
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 47 * 60 * 60 * 1000);

    const email = await sink.waitForEmail("nia@example.test", { since });
    expect(email.raw).toContain("Acme");
    expect(email.text).toContain(`http://127.0.0.1:3999/invitations/${invited.invitation.id}`);
    expect(email.text).toContain("ukiwa na jukumu la Msimamizi");

    expect(await trail(invited.invitation.id)).toMatchObject([
      { action: "invitation.sent", actorId: owner.id, targetLabel: "nia@example.test", outcome: "success" },
    ]);
    expect(await listInvitations(scope.organization.id)).toMatchObject([
      {
        id: invited.invitation.id,
        email: "nia@example.test",
        role: "admin",
        status: "pending",
        inviterName: "",
        inviterEmail: owner.email,
      },
    ]);
  });

  it("refuses an owner invited by an admin, an address already invited, and a member", async () => {
    const owner = await person("owner");
    const admin = await person("admin");
    const scope = await organizationOf(owner);
    await auth.api.addMember({ body: { userId: admin.id, role: "admin", organizationId: scope.organization.id } });
    const adminScope = (await findMembership(scope.organization.slug, admin.id))!;
    expect(
      await inviteMember(adminScope, { email: "boss@example.test", role: "owner", language: "en" }, admin.caller),
    ).toEqual({ ok: false, code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE" });
    await invite(adminScope, admin, "twice@example.test", "admin");

    // The organization is now full (two members, one invitation): the more telling refusals still come first.
    for (const email of ["twice@example.test", "TWICE@example.test"])
      expect(await inviteMember(scope, { email, role: "member", language: "en" }, owner.caller)).toEqual({
        ok: false,
        code: "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION",
      });
    expect(await inviteMember(scope, { email: admin.email, role: "member", language: "en" }, owner.caller)).toEqual({
      ok: false,
      code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
    });
    expect((await listInvitations(scope.organization.id)).map((each) => each.email)).toEqual(["twice@example.test"]);
  });

  it("refuses the same when there is room, by better-auth's own checks", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    await invite(scope, owner, "once@example.test");
    // Two seats of three taken: our limit lets it through, better-auth refuses.
    expect(
      await inviteMember(scope, { email: "Once@example.test", role: "admin", language: "fr" }, owner.caller),
    ).toEqual({ ok: false, code: "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION" });
    expect(await inviteMember(scope, { email: owner.email, role: "member", language: "en" }, owner.caller)).toEqual({
      ok: false,
      code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
    });
  });

  it("counts pending invitations towards the member limit", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    await invite(scope, owner, "first@example.test");
    await invite(scope, owner, "second@example.test");
    // The owner and two pending invitations fill MEMBERS_PER_ORGANIZATION (3).
    expect(
      await inviteMember(scope, { email: "third@example.test", role: "member", language: "en" }, owner.caller),
    ).toEqual({
      ok: false,
      code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
    });
    // An expired invitation no longer takes a seat.
    await db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.email, "second@example.test"));
    expect(
      await inviteMember(scope, { email: "third@example.test", role: "member", language: "en" }, owner.caller),
    ).toMatchObject({ ok: true });
  });

  it("lists newest first, an expired one as expired, and no more than asked", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const older = await invite(scope, owner, "older@example.test");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await invite(scope, owner, "newer@example.test");
    await db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, older));
    expect(await listInvitations(scope.organization.id)).toMatchObject([
      { id: newer, status: "pending" },
      { id: older, status: "expired" },
    ]);
    expect(await listInvitations(scope.organization.id, { limit: 1 })).toMatchObject([{ id: newer }]);
  });
});

describe("sending again and cancelling", () => {
  it("sends a pending invitation again in its own language with a new end", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner, "Société");
    const id = await invite(scope, owner, "again@example.test", "member", "fr");
    const soon = new Date(Date.now() + 60_000);
    await db.update(invitation).set({ expiresAt: soon }).where(eq(invitation.id, id));
    const since = Date.now();

    expect(await resendInvitation(scope, id, owner.caller)).toMatchObject({ ok: true, invitation: { id } });
    expect((await row(id))!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 60 * 60 * 1000);
    const email = await sink.waitForEmail("again@example.test", { since });
    expect(email.text).toContain("vous invite à rejoindre l'organisation");
    expect(email.text).toContain(`/invitations/${id}`);
    expect((await trail(id))[0]).toMatchObject({ action: "invitation.sent" });
  });

  it("stops sending to one address after its daily budget, saying how long to wait", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner, "Chatty");
    const id = await invite(scope, owner, "flooded@example.test", "member", "en");
    // The invitation itself was the first of the address's five e-mails a day.
    for (let resend = 1; resend < 5; resend += 1)
      expect(await resendInvitation(scope, id, owner.caller)).toMatchObject({ ok: true });
    const refused = await resendInvitation(scope, id, owner.caller);
    expect(refused).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("renews an expired invitation as a new one, with a new link; the old one stays expired", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const id = await invite(scope, owner, "late@example.test", "admin", "ar");
    await db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id));
    const since = Date.now();
    const renewed = await resendInvitation(scope, id, owner.caller);
    expect(renewed).toMatchObject({ ok: true });
    if (!renewed.ok) return;
    expect(renewed.invitation.id).not.toBe(id);
    expect(await row(renewed.invitation.id)).toMatchObject({ status: "pending", role: "admin", language: "ar" });
    expect((await sink.waitForEmail("late@example.test", { since })).text).toContain(
      `/invitations/${renewed.invitation.id}`,
    );
    expect((await getInvitationForRecipient(id))!.status).toBe("expired");
  });

  it("cancels a pending invitation once; an answered one, or another organization's, is not found", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const other = await organizationOf(await person("other"));
    const id = await invite(scope, owner, "gone@example.test");

    expect(await cancelInvitation(other, id, owner.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect(await resendInvitation(other, id, owner.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect(await cancelInvitation(scope, id, owner.caller)).toMatchObject({ ok: true });
    expect((await row(id))!.status).toBe("canceled");
    expect((await trail(id))[0]).toMatchObject({ action: "invitation.cancelled", actorId: owner.id });
    expect(await cancelInvitation(scope, id, owner.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect(await resendInvitation(scope, id, owner.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect((await getInvitationForRecipient(id))!.status).toBe("canceled");
  });
});

describe("answering", () => {
  it("shows the recipient the organization, the inviter, the role and the end", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner, "Acme Answers");
    const id = await invite(scope, owner, "reader@example.test", "admin");
    expect(await getInvitationForRecipient(id)).toMatchObject({
      id,
      email: "reader@example.test",
      role: "admin",
      status: "pending",
      organization: { id: scope.organization.id, name: "Acme Answers", slug: scope.organization.slug },
      inviter: { email: owner.email },
      inviterIsMember: true,
    });
    expect(await getInvitationForRecipient("no-such-invitation")).toBeNull();
    expect(await getInvitationForRecipient("x".repeat(500))).toBeNull();
  });

  it("lets nobody but the recipient accept or decline, and then nothing changes", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const recipient = await person("recipient");
    const stranger = await person("stranger");
    const id = await invite(scope, owner, recipient.email);

    expect(await acceptInvitation(id, stranger.caller)).toEqual({
      ok: false,
      code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
    });
    expect(await declineInvitation(id, stranger.caller)).toEqual({
      ok: false,
      code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
    });
    // better-auth's own check says the same, had ours been skipped.
    await expect(
      auth.api.acceptInvitation({ headers: stranger.headers, body: { invitationId: id } }),
    ).rejects.toMatchObject({
      body: { code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION" },
    });
    expect((await row(id))!.status).toBe("pending");
    expect((await membersOf(scope.organization.id)).map((each) => each.userId)).toEqual([owner.id]);
    expect((await trail(id)).slice(0, 2)).toMatchObject([
      {
        action: "invitation.declined",
        outcome: "refused",
        reason: "not-recipient",
        actorId: stranger.id,
      },
      { action: "invitation.accepted", outcome: "refused", actorId: stranger.id },
    ]);
  });

  it("makes the recipient a member with the invitation's role, once, and records both events", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const recipient = await person("Recipient");
    const id = await invite(scope, owner, recipient.email.toUpperCase(), "admin");

    const [first, second] = await Promise.all([
      acceptInvitation(id, recipient.caller),
      acceptInvitation(id, recipient.caller),
    ]);
    expect([first, second].filter((answer) => answer.ok)).toHaveLength(1);
    expect([first, second].find((answer) => !answer.ok)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect(first.ok ? first : second).toMatchObject({ organization: { slug: scope.organization.slug } });
    const members = await membersOf(scope.organization.id);
    expect(members.filter((each) => each.userId === recipient.id)).toMatchObject([{ role: "admin" }]);
    expect((await row(id))!.status).toBe("accepted");
    expect((await trail(id))[0]).toMatchObject({
      action: "invitation.accepted",
      actorId: recipient.id,
      outcome: "success",
    });
    expect((await trail(recipient.id)).find((entry) => entry.action === "member.added")).toMatchObject({
      actorId: recipient.id,
    });
    expect(await declineInvitation(id, recipient.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
  });

  it("declines: the invitation is marked declined, no membership", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const recipient = await person("decliner");
    const id = await invite(scope, owner, recipient.email);
    expect(await declineInvitation(id, recipient.caller)).toMatchObject({ ok: true });
    expect((await row(id))!.status).toBe("rejected");
    expect((await trail(id))[0]).toMatchObject({ action: "invitation.declined", outcome: "success" });
    expect(await acceptInvitation(id, recipient.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect(await membersOf(scope.organization.id)).toHaveLength(1);
  });

  it("refuses an expired invitation", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const recipient = await person("late");
    const id = await invite(scope, owner, recipient.email);
    await db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id));
    expect(await acceptInvitation(id, recipient.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect(await declineInvitation(id, recipient.caller)).toEqual({ ok: false, code: "INVITATION_NOT_FOUND" });
    expect((await row(id))!.status).toBe("pending");
  });

  it("refuses past ORGANIZATIONS_PER_USER", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const busy = await person("busy");
    await organizationOf(busy);
    await organizationOf(busy);
    const id = await invite(scope, owner, busy.email);
    expect(await acceptInvitation(id, busy.caller)).toEqual({
      ok: false,
      code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS",
    });
    expect((await row(id))!.status).toBe("pending");
  });

  it("no longer honours an invitation whose inviter has left", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const admin = await person("admin");
    await auth.api.addMember({ body: { userId: admin.id, role: "admin", organizationId: scope.organization.id } });
    const adminScope = (await findMembership(scope.organization.slug, admin.id))!;
    const recipient = await person("orphan");
    const id = await invite(adminScope, admin, recipient.email);
    await auth.api.leaveOrganization({ headers: admin.headers, body: { organizationId: scope.organization.id } });

    expect((await getInvitationForRecipient(id))!.inviterIsMember).toBe(false);
    expect(await acceptInvitation(id, recipient.caller)).toEqual({
      ok: false,
      code: "INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION",
    });
    expect(await declineInvitation(id, recipient.caller)).toMatchObject({ ok: true });
  });

  it("passes on better-auth's refusal when the organization filled up meanwhile", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const first = await person("first");
    const second = await person("second");
    const firstId = await invite(scope, owner, first.email);
    const secondId = await invite(scope, owner, second.email);
    // Someone joins by another way: three members once the first accepts, the limit.
    const third = await person("third");
    await auth.api.addMember({ body: { userId: third.id, role: "member", organizationId: scope.organization.id } });
    expect(await acceptInvitation(firstId, first.caller)).toMatchObject({ ok: true });
    expect(await acceptInvitation(secondId, second.caller)).toEqual({
      ok: false,
      code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
    });
    expect((await row(secondId))!.status).toBe("pending");
    expect(
      await db
        .select()
        .from(member)
        .where(and(eq(member.organizationId, scope.organization.id), eq(member.userId, second.id))),
    ).toHaveLength(0);
  });

  it("refuses someone who is already a member", async () => {
    const owner = await person("owner");
    const scope = await organizationOf(owner);
    const recipient = await person("joined");
    const id = await invite(scope, owner, recipient.email);
    await auth.api.addMember({ body: { userId: recipient.id, role: "member", organizationId: scope.organization.id } });
    expect(await acceptInvitation(id, recipient.caller)).toEqual({
      ok: false,
      code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
    });
    // Had it slipped past that check (joining at the same moment), the unique index refuses the second membership,
    // with the error acceptInvitation recognises, and better-auth puts the invitation back to pending.
    const error: unknown = await auth.api
      .acceptInvitation({ headers: recipient.headers, body: { invitationId: id } })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, "member.organization_id, member.user_id")).toBe(true);
    expect((await row(id))!.status).toBe("pending");
    expect((await membersOf(scope.organization.id)).filter((each) => each.userId === recipient.id)).toHaveLength(1);
  });
});
