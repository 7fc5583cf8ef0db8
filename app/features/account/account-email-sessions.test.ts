// A confirmed change of e-mail address ends the account's other sessions, as "sign out everywhere else" does, and the
// notice to the old address says so (ADR 017). Real better-auth, a real database, a real SMTP sink.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
afterAll(() => sink.stop());

const { signedInAs } = await import("../../../tests/support/sessions");
const { auth } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { session } = await import("~/.server/platform/db/schema");
const { confirmEmailChange, requestEmailChange } = await import("./account.server");

const sessionsOf = (userId: string) => db.select().from(session).where(eq(session.userId, userId));
const whoIs = async (cookie: string) => (await auth.api.getSession({ headers: new Headers({ cookie }) }))?.user;

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("changing the e-mail address", () => {
  it("ends the account's other sessions, keeps this one, and tells the old address so", async () => {
    const here = await signedInAs("many-browsers@example.test");
    const elsewhere = [await signedInAs("many-browsers@example.test"), await signedInAs("many-browsers@example.test")];
    const stranger = await signedInAs("stranger@example.test");
    expect(await sessionsOf(here.userId)).toHaveLength(3);
    const me = { id: here.userId, email: "many-browsers@example.test" };
    const caller = {
      language: "en",
      actor: { user: me, ip: "198.51.100.7" },
      headers: new Headers({ cookie: here.cookie }),
    };

    const since = Date.now();
    expect(await requestEmailChange(me, "moved@example.test", caller)).toMatchObject({ ok: true });
    const code = await sink.waitForCode("moved@example.test", { since });
    expect(await confirmEmailChange(me, { newEmail: "moved@example.test", code }, caller)).toMatchObject({ ok: true });

    expect(await sessionsOf(here.userId)).toHaveLength(1);
    expect((await whoIs(here.cookie))?.email).toBe("moved@example.test");
    for (const other of elsewhere) expect(await whoIs(other.cookie)).toBeUndefined();
    expect(await sessionsOf(stranger.userId)).toHaveLength(1);
    const notice = await sink.waitForEmail("many-browsers@example.test", { since });
    expect(notice.text).toContain("Every other device signed in to your account was signed out");
  });
});
