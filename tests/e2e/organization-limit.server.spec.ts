// ORGANIZATIONS_PER_USER holds with two server processes (WEB_CONCURRENCY=2): bursts of concurrent creates by one
// person over HTTP, spread over both processes, never leave them past the limit, and each refused create is the form's
// translated "maximum number of organizations" (400), never a 500 (ADR 018).
import { expect, test } from "@playwright/test";

import { resources } from "../../app/lib/dictionaries";
import { sessionCookie, sql } from "./fixtures";
import { startServer } from "./server";

const LIMIT = 3;
const BURSTS = 12;
const PER_BURST = 8;

test(`ORGANIZATIONS_PER_USER (${LIMIT}) holds through ${BURSTS} bursts of ${PER_BURST} creates on two processes`, async () => {
  test.setTimeout(60_000);
  const server = await startServer("organization-limit", {
    WEB_CONCURRENCY: "2",
    ORGANIZATIONS_PER_USER: String(LIMIT),
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
  });
  try {
    // The second process starts once the first listens: the bursts wait for both (server/cluster.ts).
    await expect
      .poll(() => server.logs.join("").includes("2 server processes listening"), { timeout: 20_000 })
      .toBe(true);
    const refusal = resources.en.translation.authErrors.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS;
    const over: string[] = [];
    const answers = new Map<number, number>();
    for (let index = 0; index < BURSTS; index += 1) {
      const email = `founder-${index}@example.test`;
      const cookie = await sessionCookie(server, { email, name: `Founder ${index}`, role: "user" });
      const statuses = await Promise.all(
        Array.from({ length: PER_BURST }, async (_, n) => {
          const answer = await fetch(`${server.url}/app/organizations`, {
            method: "POST",
            redirect: "manual",
            headers: {
              Origin: server.url,
              Cookie: `${cookie.name}=${cookie.value}`,
              "Content-Type": "application/x-www-form-urlencoded",
              "X-Forwarded-For": `198.18.1.${index}`,
            },
            body: new URLSearchParams({ intent: "create", name: `Burst ${index}-${n}`, slug: `burst-${index}-${n}` }),
          });
          const page = await answer.text();
          if (answer.status === 400) expect(page).toContain(refusal);
          return answer.status;
        }),
      );
      for (const status of statuses) answers.set(status, (answers.get(status) ?? 0) + 1);
      const [row] = (
        await sql(server.databaseUrl, "select count(*) as n from member where user_id = ?", [cookie.userId])
      ).rows;
      if (Number(row!.n) !== LIMIT) over.push(`burst ${index}: ${String(row!.n)}`);
    }
    // Every burst fills the limit exactly: 3 created (302), the other 5 refused with the form's message (400).
    expect(Object.fromEntries(answers)).toEqual({ 302: LIMIT * BURSTS, 400: (PER_BURST - LIMIT) * BURSTS });
    expect(`${over.length} of ${BURSTS} bursts missed the limit: ${over.join(", ")}`).toBe(
      `0 of ${BURSTS} bursts missed the limit: `,
    );
    // Both processes answered creates.
    const creates = server.logs
      .join("")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; pid: number; request?: { method: string; path: string } })
      .filter((line) => line.msg === "request" && line.request?.method === "POST");
    expect(new Set(creates.map((line) => line.pid)).size).toBe(2);
  } finally {
    await server.stop();
  }
});
