// Another process holds the database's write lock past the busy timeout (a second server with WEB_CONCURRENCY > 1, a
// script): the server's write that waited fails, for that request alone, and the writes it makes next are committed,
// seen by any other connection (ADR 039). The driver leaves a statement refused that way running, and without a new
// connection they would stay in a transaction that is never committed.
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";

import { signInOverHttp } from "../support/http-sign-in";
import { SmtpSink } from "../support/smtp-sink";
import { startServer, type TestServer } from "./server";

let server: TestServer;
let mail: SmtpSink;

test.beforeAll(async () => {
  mail = await new SmtpSink().start();
  server = await startServer("database-lock", { SMTP_URL: mail.url, LOG_LEVEL: "silent" });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

test("a write refused by another process's lock fails alone, and the server's next writes are kept", async () => {
  test.setTimeout(60_000);
  const other = createClient({ url: server.databaseUrl });
  try {
    const lock = await other.transaction("write");
    // Asking for a code writes (the code, the rate limit's counters): it waits the server's 5 s, then fails.
    const refused = await fetch(`${server.url}/login?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "email", email: "refused@example.com" }),
    });
    await refused.arrayBuffer();
    expect(refused.status).toBe(500);
    await lock.commit();

    // A whole sign-in: a code, then a session. Every row it wrote is in the file, for any connection to read.
    const cookie = await signInOverHttp(server.url, mail, "admin@example.com");
    const token = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
    const { rows } = await other.execute({ sql: "select count(*) as n from session where token = ?", args: [token] });
    expect(Number(rows[0]!.n)).toBe(1);
    const page = await fetch(`${server.url}/app`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
  } finally {
    other.close();
  }
});
