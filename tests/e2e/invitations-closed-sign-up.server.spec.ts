// With sign-up closed, only an administrator's invitation lets a new address in (ADR 018): an owner who is not an
// administrator reads so on the invitations page, before inviting and whatever the address; an administrator does not.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

import { sessionCookie, sql } from "./fixtures";
import { startServer, type TestServer } from "./server";

const NOTE = "Sign-up is closed on this site: your invitation lets in only someone who already has an account.";

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer("invitations-closed-sign-up", { LOG_LEVEL: "error", SIGN_UP_ENABLED: "false" });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The invitations page of an organization that `role` (a site role) owns, as its owner sees it. */
async function invitationsPageOfOwner(role: "user" | "admin") {
  const owner = await sessionCookie(server, { email: `${role}-owner-closed@example.test`, name: "Owner", role });
  const organizationId = randomUUID();
  const slug = `closed-${role}`;
  await sql(server.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    organizationId,
    `Closed ${role}`,
    slug,
    Date.now(),
  ]);
  await sql(
    server.databaseUrl,
    "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, 'owner', ?)",
    [randomUUID(), organizationId, owner.userId, Date.now()],
  );
  const response = await fetch(`${server.url}/app/organizations/${slug}/invitations`, {
    headers: { cookie: `${owner.name}=${owner.value}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

test("an owner who is not an administrator is told that only someone with an account can accept", async () => {
  const page = await invitationsPageOfOwner("user");
  expect(page).toContain("Invite someone");
  expect(page).toContain(NOTE);
});

test("an administrator who owns an organization is not: their invitation lets a new address in", async () => {
  const page = await invitationsPageOfOwner("admin");
  expect(page).toContain("Invite someone");
  expect(page).not.toContain(NOTE);
});
