import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/platform/db/client";
import { auditEvent, passkey } from "~/.server/platform/db/schema";
import { signedInAs } from "../../../tests/support/sessions";
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  verifyPasskeySignIn,
} from "./passkeys";

const actor = { user: null, ip: "198.51.100.7" };

async function seededUser(email: string) {
  const { userId } = await signedInAs(email);
  return { id: userId, email };
}

async function storedPasskey(userId: string, credentialId: string) {
  const [row] = await db
    .insert(passkey)
    .values({
      userId,
      name: "Laptop",
      credentialId,
      publicKey: "AA",
      deviceType: "singleDevice",
      createdAt: new Date(),
    })
    .returning({ id: passkey.id });
  return row!.id;
}

describe("passkeys", () => {
  it("signs nobody in with an answer that does not verify, and records the refusal on the key's owner", async () => {
    const owner = await seededUser("someone@example.test");
    await storedPasskey(owner.id, "cred-1");
    const { challenge } = await authenticationOptions();
    const answer = { id: "cred-1", rawId: "cred-1", type: "public-key", response: { clientDataJSON: "e30" } };
    const result = await verifyPasskeySignIn({ response: answer, challenge }, { client: "c1" }, actor);
    expect(result).toEqual({ ok: false, reason: "invalid" });
    const refusals = await db.select().from(auditEvent).where(eq(auditEvent.targetId, owner.id));
    expect(refusals.map((entry) => [entry.action, entry.outcome, entry.reason])).toEqual([
      ["sign-in", "refused", "wrong-code"],
    ]);
  });

  it("refuses hostile answers without throwing: null, garbage, an unknown key, no challenge", async () => {
    const { challenge } = await authenticationOptions();
    for (const response of [null, "x", 42, { id: "x".repeat(100_000) }, { id: "unknown" }])
      expect(await verifyPasskeySignIn({ response, challenge }, { client: "c2" }, actor)).toMatchObject({ ok: false });
    expect(
      await verifyPasskeySignIn({ response: { id: "unknown" }, challenge: null }, { client: "c2" }, actor),
    ).toMatchObject({ ok: false });
  });

  it("spends a challenge once: a second answer to it is refused before any check", async () => {
    const me = await seededUser("someone@example.test");
    const { challenge } = await registrationOptions({ ...me, name: "User" });
    const first = await addPasskey(me, { name: "A", response: {}, challenge }, actor);
    expect(first).toEqual({ ok: false, reason: "invalid" });
    const replay = await addPasskey(me, { name: "A", response: {}, challenge }, actor);
    expect(replay).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another person's challenge, and an expired one", async () => {
    const me = await seededUser("someone@example.test");
    const other = await seededUser("other@example.test");
    const { challenge } = await registrationOptions({ ...other, name: "Admin" });
    expect(await addPasskey(me, { name: "A", response: {}, challenge }, actor)).toEqual({
      ok: false,
      reason: "expired",
    });
    const { challenge: old } = await registrationOptions({ ...me, name: "User" });
    expect(
      await addPasskey(me, { name: "A", response: {}, challenge: { ...old, expiresAt: Date.now() - 1 } }, actor),
    ).toEqual({ ok: false, reason: "expired" });
  });

  it("renames and removes only one's own passkeys, audited", async () => {
    const me = await seededUser("renames@example.test");
    const other = await seededUser("keeps@example.test");
    const mine = await storedPasskey(me.id, "cred-mine");
    const theirs = await storedPasskey(other.id, "cred-theirs");
    expect(await renamePasskey(me, theirs, "Mine now", actor)).toBe(false);
    expect(await removePasskey(me, theirs, actor)).toBe(false);
    expect(await renamePasskey(me, mine, "Phone", actor)).toBe(true);
    expect((await listPasskeys(me.id)).map((item) => item.name)).toEqual(["Phone"]);
    expect(await removePasskey(me, mine, actor)).toBe(true);
    expect(await listPasskeys(me.id)).toEqual([]);
    expect((await listPasskeys(other.id)).map((item) => item.name)).toEqual(["Laptop"]);
    const trail = await db.select({ action: auditEvent.action }).from(auditEvent).where(eq(auditEvent.targetId, me.id));
    expect(trail.map((entry) => entry.action)).toEqual(["passkey.renamed", "passkey.removed"]);
  });
});
