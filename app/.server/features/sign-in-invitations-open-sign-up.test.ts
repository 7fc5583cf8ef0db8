// Sign-in with SIGN_UP_ENABLED=false and INVITATIONS_OPEN_SIGN_UP=true: the deployment lets any member's invitation
// bring in a new address, as an administrator's always does (ADR 018). The environment is read once per test file.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { invitation, organization, user } from "~/.server/platform/db/schema";
import { codeBrowser, codePages } from "../../../tests/support/code-browser";
import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
process.env.SIGN_UP_ENABLED = "false";
process.env.INVITATIONS_OPEN_SIGN_UP = "true";
const { sendSignInCode, verifySignInCode } = await import("./sign-in");
const { db } = await import("~/.server/platform/db/client");
const { seedDatabase } = await import("~/.server/platform/db/seed");
const { invitationsBringNewcomers } = await import("~/features/organizations/invitations.server");

await seedDatabase(db);
afterAll(() => sink.stop());

const { send, verify } = codePages({ sendSignInCode, verifySignInCode });

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("signing in when sign-up is closed and invitations open it", () => {
  it("lets an address invited by a user who is not an administrator make its account", async () => {
    const [inviter] = await db.select({ id: user.id }).from(user).where(eq(user.email, "user@example.com"));
    const [demo] = await db.select({ id: organization.id }).from(organization).limit(1);
    await db.insert(invitation).values({
      id: "invitation-by-a-user",
      organizationId: demo!.id,
      email: "friend@example.com",
      role: "member",
      status: "pending",
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      inviterId: inviter!.id,
    });
    const browser = codeBrowser("198.51.100");
    const since = Date.now();
    expect(await send("friend@example.com", browser)).toMatchObject({ ok: true });
    const code = await sink.waitForCode("friend@example.com", { since });
    expect(await verify("friend@example.com", code, browser)).toMatchObject({
      ok: true,
      user: { email: "friend@example.com", name: "", onboardedAt: null },
    });
    expect(invitationsBringNewcomers({ id: inviter!.id, role: "user" })).toBe(true);
  });

  it("still sends nothing to an address nobody invited", async () => {
    expect(await send("stranger@example.com", codeBrowser("198.51.100"))).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messagesTo("stranger@example.com")).toEqual([]);
    expect(await db.select().from(user).where(eq(user.email, "stranger@example.com"))).toEqual([]);
  });
});
