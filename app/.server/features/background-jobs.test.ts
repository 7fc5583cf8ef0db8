// E-mails through the job queue, with real parts: a real SMTP sink that refuses connections (a mail server down), the
// real features and this process's worker. An invitation, an e-mail-change code, the e-mail-changed notice and the
// second-factor reset notice sent while the mail server is down arrive once it is back;
// a job that always fails ends as failed, and a retry after the cause is gone delivers it; a code whose e-mail could
// not go before it ended is dropped. (Known and unknown addresses, sign-up closed: sign-in-signup-disabled.test.ts.)
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";

import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
const { auth } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { job } = await import("~/.server/platform/db/schema");
const { signedInAs } = await import("../../../tests/support/sessions");
const { findMembership } = await import("~/.server/platform/auth/membership");
const { inviteMember } = await import("~/features/organizations/invitations.server");
const { sendSignInCode } = await import("./sign-in");
const { createUser } = await import("~/features/users/users.server");
const { getJobsOverview, retryJob } = await import("~/features/jobs/jobs.server");
const { stalledJobCount } = await import("./background-jobs");
const { confirmEmailChange, requestEmailChange } = await import("~/features/account/account.server");
const { confirmSecondFactor, newSecondFactorSetup, resetSecondFactor } = await import("./second-factor");
afterAll(() => sink.stop());

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

const ip = "198.51.100.7";
let counter = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.test`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await pause(50);
  }
}

const jobById = (id: string) => db.select().from(job).where(eq(job.id, id));
/** The jobs of a kind whose payload names `text` (a payload is emptied once its job is done: then `jobById`). */
const jobsOf = (kind: string, text: string) =>
  db
    .select()
    .from(job)
    .where(and(eq(job.kind, kind), sql`${job.payload} LIKE ${`%${text}%`}`));

async function owner() {
  const email = unique("owner");
  const signed = await signedInAs(email);
  const headers = new Headers({ cookie: signed.cookie, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" });
  const slug = `jobs-${(counter += 1)}`;
  await auth.api.createOrganization({ headers, body: { name: `Jobs ${counter}`, slug } });
  const scope = (await findMembership(slug, signed.userId))!;
  return { scope, caller: { userId: signed.userId, headers, actor: { user: { id: signed.userId, email }, ip } } };
}

/** A person signed in, and what the account's features are called with on their behalf. */
async function person(label: string) {
  const email = unique(label);
  const signed = await signedInAs(email);
  const me = { id: signed.userId, email };
  const caller = {
    language: "en",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
    actor: { user: me, ip },
    headers: new Headers({ cookie: signed.cookie }),
  };
  return { me, caller };
}

/** An e-mail change asked for while the mail server was up: the code, from its e-mail. */
async function emailChangeCode(
  me: { id: string; email: string },
  caller: Awaited<ReturnType<typeof person>>["caller"],
) {
  const newEmail = unique("moved");
  const since = Date.now();
  expect(await requestEmailChange(me, newEmail, caller)).toMatchObject({ ok: true });
  return { newEmail, code: await sink.waitForCode(newEmail, { since }) };
}

/**
 * The account's e-mails that must survive an outage (ADR 046), each made through its feature: `arrange` runs while the
 * mail server is up, `send` while it is down; `check` reads the e-mail that came once it was back.
 */
const survivingOutages: Array<{
  kind: string;
  arrange: () => Promise<{ to: string; send: () => Promise<unknown>; check: (text: string) => Promise<void> }>;
}> = [
  {
    kind: "email.change-email-code",
    arrange: async () => {
      const { me, caller } = await person("changing");
      const newEmail = unique("new-address");
      return {
        to: newEmail,
        send: async () => expect(await requestEmailChange(me, newEmail, caller)).toMatchObject({ ok: true }),
        // The code that came late still changes the address.
        check: async (text) => {
          const code = text.match(/\b(\d{6})\b/)?.[1] ?? "";
          expect(await confirmEmailChange(me, { newEmail, code }, caller)).toEqual({ ok: true, newEmail });
        },
      };
    },
  },
  {
    kind: "email.email-changed",
    arrange: async () => {
      const { me, caller } = await person("changed");
      const { newEmail, code } = await emailChangeCode(me, caller);
      return {
        to: me.email,
        send: async () => expect(await confirmEmailChange(me, { newEmail, code }, caller)).toMatchObject({ ok: true }),
        check: async (text) => expect(text).toContain(newEmail),
      };
    },
  },
  {
    kind: "email.second-factor-reset",
    arrange: async () => {
      const { me } = await person("reset");
      const setup = await newSecondFactorSetup(me.email);
      const code = new TOTP({ secret: Secret.fromBase32(setup.secret.replace(/\s/g, "")) }).generate();
      expect(await confirmSecondFactor(me, { sealed: setup.sealed, code }, { user: me, ip })).toMatchObject({
        ok: true,
      });
      const admin = { actor: (await person("resetting")).caller.actor, language: "en" };
      return {
        to: me.email,
        send: async () => expect(await resetSecondFactor(me, admin)).toBe(true),
        check: async (text) => expect(text).toContain("An administrator reset the second factor"),
      };
    },
  },
];

describe("e-mails through the job queue", () => {
  it("sends an invitation made while the mail server was down once it is back", { timeout: 40_000 }, async () => {
    const { scope, caller } = await owner();
    const invitee = unique("invitee");
    await sink.refuse();
    const invited = await inviteMember(scope, { email: invitee, role: "member", language: "fr" }, caller);
    expect(invited.ok).toBe(true);
    const id = invited.ok ? invited.invitation.id : "";
    // The invitation's e-mail was queued with it, by the database; its first attempt met a refused connection.
    const [failing] = await until(
      () => jobsOf("email.invitation", id),
      (rows) => rows[0]?.lastError != null,
    );
    expect(failing).toMatchObject({ state: "queued", attempts: 1 });
    expect(failing!.lastError).toMatch(/ECONNREFUSED/);
    await sink.accept();
    const since = Date.now();
    // The next attempt comes 10 s after the first (backoff).
    const email = await sink.waitForEmail(invitee, { since, timeoutMs: 30_000 });
    expect(email.text).toContain(`/invitations/${id}`);
    expect(email.text).toContain("Firefox");
    const [done] = await until(
      () => jobById(failing!.id),
      (rows) => rows[0]?.state === "done",
    );
    expect(done).toMatchObject({ attempts: 2 });
  });

  it.for(survivingOutages)(
    "sends $kind made while the mail server was down once it is back",
    { timeout: 40_000 },
    async ({ kind, arrange }) => {
      const { to, send, check } = await arrange();
      await sink.refuse();
      let failing: (typeof job.$inferSelect)[] = [];
      try {
        await send();
        // Queued with the change; its first attempt met a refused connection.
        failing = await until(
          () => jobsOf(kind, to),
          (rows) => rows[0]?.lastError != null,
        );
      } finally {
        await sink.accept();
      }
      expect(failing).toHaveLength(1);
      expect(failing[0]).toMatchObject({ state: "queued", attempts: 1 });
      expect(failing[0]!.lastError).toMatch(/ECONNREFUSED/);
      const since = Date.now();
      // The invitation above waits out a real backoff; here the retry is brought forward (5 or 10 s saved a kind):
      // what is checked is that the e-mail outlived the outage and goes once.
      await db.update(job).set({ runAt: 0 }).where(eq(job.id, failing[0]!.id));
      const email = await sink.waitForEmail(to, { since, timeoutMs: 30_000 });
      await check(email.text);
      const [done] = await until(
        () => jobById(failing[0]!.id),
        (rows) => rows[0]?.state === "done",
      );
      expect(done).toMatchObject({ attempts: 2 });
      expect(sink.messagesTo(to).filter((message) => message.receivedAt >= since)).toHaveLength(1);
    },
  );

  it("keeps a job that always fails as failed, shows it, and delivers it when retried after the cause is gone", async () => {
    const admin = await signedInAs(unique("admin"));
    await db.run(sql`UPDATE user SET role = 'admin' WHERE id = ${admin.userId}`);
    const headers = new Headers({ cookie: admin.cookie });
    const actor = { user: { id: admin.userId, email: "admin@example.test" }, ip };
    const newcomer = unique("newcomer");
    await sink.refuse();
    const created = await createUser(
      { email: newcomer, name: "New Comer", role: "user", language: "en" },
      {
        headers,
        actor,
      },
    );
    expect(created.ok).toBe(true);
    const [first] = await until(
      () => jobsOf("email.welcome", newcomer),
      (rows) => rows[0]?.attempts === 1 && rows[0].state === "queued",
    );
    // Its last attempt, now: the same refusal ends it as failed.
    await db.update(job).set({ attempts: 14, runAt: 0 }).where(eq(job.id, first!.id));
    const [failed] = await until(
      () => jobById(first!.id),
      (rows) => rows[0]?.state === "failed",
    );
    expect(failed).toMatchObject({ attempts: 15 });
    const overview = await getJobsOverview();
    expect(overview.failed.find((row) => row.id === first!.id)).toMatchObject({
      kind: "email.welcome",
      attempts: 15,
      maxAttempts: 15,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(overview.kinds.find((row) => row.kind === "email.welcome")?.counts.failed).toBeGreaterThanOrEqual(1);
    await sink.accept();
    const since = Date.now();
    expect(await retryJob(first!.id, actor)).toEqual({ kind: "email.welcome" });
    expect((await sink.waitForEmail(newcomer, { since })).text).toContain("New Comer");
    expect(await retryJob(first!.id, actor)).toBeNull();
  });

  it("drops a sign-in code's e-mail that could not be sent before the code ended", async () => {
    const known = unique("late");
    await signedInAs(known);
    await sink.refuse();
    await sendSignInCode(
      known,
      { headers: new Headers(), client: "203.0.113.3", language: "en" },
      {
        user: null,
        impersonatorId: null,
        ip,
      },
    );
    const [waiting] = await until(
      () => jobsOf("email.sign-in-code", known),
      (rows) => rows[0]?.attempts === 1 && rows[0].state === "queued",
    );
    await sink.accept();
    // The code ends before the next attempt comes.
    await db.update(job).set({ expiresAt: 1, runAt: 0 }).where(eq(job.id, waiting!.id));
    const [expired] = await until(
      () => jobById(waiting!.id),
      (rows) => rows[0]?.state === "expired",
    );
    expect(expired!.payload).toBe("{}");
    expect(sink.messagesTo(known)).toEqual([]);
  });

  it("stores a code only sealed, and forgets the payload once sent", async () => {
    const known = unique("sealed");
    await signedInAs(known);
    await sink.refuse();
    const since = Date.now();
    await sendSignInCode(
      known,
      { headers: new Headers(), client: "203.0.113.4", language: "en" },
      {
        user: null,
        impersonatorId: null,
        ip,
      },
    );
    const [waiting] = await until(
      () => jobsOf("email.sign-in-code", known),
      (rows) => rows[0]?.attempts === 1 && rows[0].state === "queued",
    );
    await sink.accept();
    await db.update(job).set({ runAt: 0 }).where(eq(job.id, waiting!.id));
    const code = await sink.waitForCode(known, { since });
    expect(JSON.parse(waiting!.payload).sealedCode).toEqual(expect.any(String));
    expect(waiting!.payload).not.toContain(code);
    const [done] = await until(
      () => jobById(waiting!.id),
      (rows) => rows[0]?.state === "done",
    );
    expect(done!.payload).toBe("{}");
  });

  it("tells a queue nobody takes from, after five minutes", async () => {
    expect(await stalledJobCount()).toBe(0);
    await db.insert(job).values({
      id: "stalled-1",
      kind: "email.welcome",
      payload: "{}",
      runAt: Date.now() - 6 * 60_000,
      createdAt: Date.now() - 6 * 60_000,
      state: "running",
      holder: "gone",
      leaseUntil: Date.now() - 6 * 60_000,
    });
    expect(await stalledJobCount()).toBe(1);
    await db.delete(job).where(eq(job.id, "stalled-1"));
  });
});
