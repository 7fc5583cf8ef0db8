// A server process killed (kill -9) inside a guarded section, during invitations over HTTP, leaves its lease behind
// (app/.server/platform/exclusive.ts): after a restart, the next invitation of that organization waits out the lease
// and is sent within a few seconds, and no answer is a 500 (ADR 017).
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";

import { arrangeOrganization } from "./arrange";
import { sessionCookie, sql, stepUpDone } from "./fixtures";
import { startServer } from "./server";

/** Tries at killing the server while it holds the turn: each fires this many invitations at once. */
const TRIES = 5;
const IN_FLIGHT = 8;

test("the next invitation after a kill -9 inside a guarded section is sent within a few seconds, never a 500", async () => {
  test.setTimeout(90_000);
  let server = await startServer("lease-kill", { LOG_LEVEL: "error" });
  const { databaseUrl } = server;
  const watcher = createClient({ url: databaseUrl });
  try {
    const owner = "owner-lease@example.test";
    const cookie = await sessionCookie(server, { email: owner, name: "Owner", role: "user" });
    await stepUpDone(server, cookie.userId);
    const { base } = await arrangeOrganization(server, owner, "lease");
    const [membership] = (
      await sql(databaseUrl, "select organization_id from member where user_id = ?", [cookie.userId])
    ).rows;
    // The turn every invitation of this organization takes (app/features/organizations/invitations.server.ts).
    const key = `organization-seats:${String(membership!.organization_id)}`;
    const invite = (url: string, email: string) =>
      fetch(`${url}${base}/invitations`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: url,
          Cookie: `${cookie.name}=${cookie.value}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "invite", email, role: "member", language: "en" }),
      });
    const leaseOf = async () =>
      (await watcher.execute({ sql: "select holder, expires_at from exclusive_lease where key = ?", args: [key] }))
        .rows[0];

    // Invitations in flight, one turn at a time; the server is killed the moment it is seen holding the turn. A try
    // whose turn ended between the look and the kill leaves no lease: the server is started again for the next try.
    let killedAt = 0;
    let left: Awaited<ReturnType<typeof leaseOf>>;
    let tries = 0;
    while (!left && tries < TRIES) {
      tries += 1;
      const url = server.url;
      const inFlight = Array.from({ length: IN_FLIGHT }, (_, n) =>
        invite(url, `before-kill-${tries}-${n}@example.test`).then(
          (answer) => answer.status,
          () => "cut",
        ),
      );
      const deadline = Date.now() + 10_000;
      // libSQL reads a local file synchronously: a pause between looks lets the invitations go out.
      while (!(await leaseOf()) && Date.now() < deadline) await new Promise((resume) => setTimeout(resume, 2));
      process.kill(server.pid, "SIGKILL");
      killedAt = Date.now();
      expect((await server.exited).signal).toBe("SIGKILL");
      // What was answered before the kill was answered in full: no 500.
      for (const status of await Promise.all(inFlight)) expect([302, "cut"]).toContain(status);
      left = await leaseOf();
      server = await startServer("lease-kill", { LOG_LEVEL: "error" }, { databaseUrl });
    }
    expect(left, `no lease left behind in ${tries} tries`).toBeDefined();
    // The killed process's lease outlives it by at most a lease (5 s).
    expect(Number(left!.expires_at) - killedAt).toBeLessThanOrEqual(5_000);

    // After the restart: the next invitations wait out the lease and are sent, three at once, none refused or a 500.
    const started = Date.now();
    const statuses = await Promise.all(
      [1, 2, 3].map(async (n) => (await invite(server.url, `after-restart-${n}@example.test`)).status),
    );
    const waited = Date.now() - started;
    // A 302 is the proof of time: a turn not had within its wait (10 s, ADR 017) answers 503. Seconds are recorded
    // below, not asserted: a loaded machine's restart would make them flaky without saying anything about leases.
    expect(statuses).toEqual([302, 302, 302]);
    const sent = await sql(databaseUrl, "select count(*) as n from invitation where email like 'after-restart-%'");
    expect(Number(sent.rows[0]!.n)).toBe(3);
    test.info().annotations.push({
      type: "figures",
      description: `${tries} tries; lease left ${Number(left!.expires_at) - killedAt} ms past the kill; first invitations after the restart ${waited} ms, ${Date.now() - killedAt} ms after the kill`,
    });
  } finally {
    watcher.close();
    await server.stop();
  }
});
