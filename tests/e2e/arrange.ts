import { randomUUID } from "node:crypto";

import { sql } from "./fixtures";

/** An organization owned by the signed-in user, with another member and a team: the ids its pages need. */
export async function arrangeOrganization(app: { databaseUrl: string }, email: string, label: string) {
  const [me] = (await sql(app.databaseUrl, "select id from user where email = ?", [email])).rows;
  const [other] = (await sql(app.databaseUrl, "select id from user where email = 'user@example.com'")).rows;
  const [organizationId, teamId, otherMemberId] = [randomUUID(), randomUUID(), randomUUID()];
  const slug = `a11y-${label}-${Math.random().toString(36).slice(2, 8)}`;
  const now = Date.now();
  await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    organizationId,
    "Accessible Org",
    slug,
    now,
  ]);
  for (const [id, userId, role] of [
    [randomUUID(), String(me!.id), "owner"],
    [otherMemberId, String(other!.id), "member"],
  ])
    await sql(
      app.databaseUrl,
      "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, ?)",
      [id!, organizationId, userId!, role!, now],
    );
  await sql(app.databaseUrl, "insert into team (id, name, organization_id, created_at) values (?, ?, ?, ?)", [
    teamId,
    "Core",
    organizationId,
    now,
  ]);
  const invitationId = randomUUID();
  await sql(
    app.databaseUrl,
    "insert into invitation (id, organization_id, email, role, status, expires_at, created_at, inviter_id, language) values (?, ?, ?, 'member', 'pending', ?, ?, ?, 'en')",
    [invitationId, organizationId, `invitee-${label}@example.test`, now + 24 * 60 * 60 * 1000, now, String(me!.id)],
  );
  return { base: `/app/organizations/${slug}`, teamId, otherMemberId, invitationId };
}
