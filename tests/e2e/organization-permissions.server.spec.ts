// The organization permission matrix (docs/architecture.md, "Organization-scoped guards"): every page and
// every action of an organization, for someone outside it, a member, an admin, an owner and a site admin who is not a
// member, against a real server with real sessions. Outsiders get 404 (slugs cannot be probed), a role that may not
// gets 403, and a refused post changes nothing (the tables are compared before and after each one). Whoever may post
// an action is probed with a form that cannot change anything (an invalid one, or one naming what is not there); one
// test then shows each permission really doing its work.
//
// Adding a page or an action (the invitations, say) is one row in `pages` or `actions` below.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

import { sessionCookie, sql, stepUpDone } from "./fixtures";
import { startServer, type TestServer } from "./server";

const WHO = ["nonMember", "member", "admin", "owner", "siteAdmin"] as const;
type Who = (typeof WHO)[number];
/** Their role in the organization; the non-member and the site admin (global role admin) have none. */
const ROLE: Record<Who, "member" | "admin" | "owner" | null> = {
  nonMember: null,
  member: "member",
  admin: "admin",
  owner: "owner",
  siteAdmin: null,
};

/**
 * Who may: any signed-in person (the organization list), any member of the organization, its admins and owners
 * (`manage`), or its owners only. `missing` is a page that is not there for anyone. A page that answers to something
 * other than a role (an invitation, to its recipient) gives each visitor's refusal instead (absent: let through).
 */
type Access = "signedIn" | "members" | "manage" | "owners" | "missing" | Partial<Record<Who, number>>;
const ALLOWED: Record<"members" | "manage" | "owners", ReadonlyArray<string>> = {
  members: ["member", "admin", "owner"],
  manage: ["admin", "owner"],
  owners: ["owner"],
};

/** The status a visitor gets where the guard stops them; 0 when the guard lets them through. */
function refusal(who: Who, access: Access): number {
  if (typeof access === "object") return access[who] ?? 0;
  if (access === "signedIn") return 0;
  if (access === "missing") return 404;
  const role = ROLE[who];
  if (!role) return 404;
  return ALLOWED[access].includes(role) ? 0 : 403;
}

let server: TestServer;
let client = 0;
const people = {} as Record<Who | "target" | "leaver", { userId: string; cookie: string; memberId?: string }>;
const organization = { id: randomUUID(), name: "Matrix Works", slug: "matrix-works" };
const teams = { core: randomUUID(), second: randomUUID() };
const base = `/app/organizations/${organization.slug}`;
/** A pending invitation of the organization, to someone who is none of the visitors. */
const invitationId = randomUUID();

async function addMember(organizationId: string, userId: string, role: string) {
  const id = randomUUID();
  await sql(
    server.databaseUrl,
    "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, ?)",
    [id, organizationId, userId, role, Date.now()],
  );
  return id;
}

async function addOrganization(id: string, name: string, slug: string) {
  await sql(server.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    id,
    name,
    slug,
    Date.now(),
  ]);
}

async function addTeam(id: string, organizationId: string, name: string) {
  await sql(server.databaseUrl, "insert into team (id, name, organization_id, created_at) values (?, ?, ?, ?)", [
    id,
    name,
    organizationId,
    Date.now(),
  ]);
}

async function addTeamMember(teamId: string, userId: string) {
  await sql(server.databaseUrl, "insert into team_member (id, team_id, user_id, created_at) values (?, ?, ?, ?)", [
    randomUUID(),
    teamId,
    userId,
    Date.now(),
  ]);
}

test.beforeAll(async () => {
  server = await startServer("organization-permissions", { LOG_LEVEL: "error" });
  for (const who of [...WHO, "target", "leaver"] as const) {
    const made = await sessionCookie(server, {
      email: `${who.toLowerCase()}-organization-matrix@example.test`,
      name: `The ${who}`,
      role: who === "siteAdmin" ? "admin" : "user",
    });
    people[who] = { userId: made.userId, cookie: `${made.name}=${made.value}` };
    // Their step-up done: this spec is about the permissions, which come first (ADR 053).
    await stepUpDone(server, made.userId);
  }
  // One organization: an owner, an admin, a member, and a target member whom the forged forms aim at. Two teams, the
  // target in the second one, so that every action below would succeed if its guard let it through.
  await addOrganization(organization.id, organization.name, organization.slug);
  const roles = { owner: "owner", admin: "admin", member: "member", target: "member" } as const;
  for (const [who, role] of Object.entries(roles) as Array<[keyof typeof roles, string]>)
    people[who].memberId = await addMember(organization.id, people[who].userId, role);
  await addTeam(teams.core, organization.id, "Core");
  await addTeam(teams.second, organization.id, "Second");
  await addTeamMember(teams.core, people.owner.userId);
  await addTeamMember(teams.second, people.target.userId);
  await sql(
    server.databaseUrl,
    "insert into invitation (id, organization_id, email, role, status, expires_at, created_at, inviter_id, language) values (?, ?, ?, 'member', 'pending', ?, ?, ?, 'en')",
    [
      invitationId,
      organization.id,
      "invitee-organization-matrix@example.test",
      Date.now() + 24 * 60 * 60 * 1000,
      Date.now(),
      people.owner.userId,
    ],
  );
  // Its members already have it as their active organization: choosing it again is a probe that changes nothing.
  for (const who of ["owner", "admin", "member"] as const)
    await sql(server.databaseUrl, "update session set active_organization_id = ? where user_id = ?", [
      organization.id,
      people[who].userId,
    ]);
});

test.afterAll(async () => {
  await server?.stop();
});

function request(
  who: Who | "leaver",
  path: string,
  form?: Record<string, string>,
  { origin = server.url as string | null } = {},
) {
  client += 1;
  const headers: Record<string, string> = {
    Cookie: people[who].cookie,
    "X-Forwarded-For": `198.18.9.${client % 250}`,
  };
  if (!form) return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  if (origin) headers.Origin = origin;
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers,
    body: new URLSearchParams(form),
  });
}

/** Everything an organization action could change: compared before and after each refused or probing post. */
async function snapshot() {
  const statements = [
    "select * from organization order by id",
    "select * from member order by id",
    "select * from team order by id",
    "select * from team_member order by id",
    "select * from invitation order by id",
    "select id, active_organization_id from session order by id",
    // A refused attempt may be recorded (an invitation answered by someone else): a record, not a change.
    "select * from audit_event where outcome <> 'refused' order by id",
  ];
  const rows = await Promise.all(statements.map(async (statement) => (await sql(server.databaseUrl, statement)).rows));
  return JSON.stringify(rows);
}

/** Every page of an organization, and who may see it. */
const pages = (): Array<[string, Access]> => [
  ["/app/organizations", "signedIn"],
  [base, "members"],
  [`${base}/members`, "members"],
  [`${base}/teams`, "members"],
  [`${base}/teams/${teams.second}`, "members"],
  [`${base}/teams/${randomUUID()}`, "missing"],
  [`${base}/settings`, "manage"],
  [`${base}/invitations`, "members"],
  // An invitation's page answers to its recipient, not to a role: everyone else signed in sees "You are not the
  // recipient of the invitation" (200), with nothing to press.
  [`/invitations/${invitationId}`, "signedIn"],
  [`/invitations/${randomUUID()}`, "missing"],
];

type Action = {
  path: string;
  /** A form that would change something, if the guard let the visitor through. */
  form: Record<string, string>;
  access: Access;
  /**
   * What an allowed visitor posts to show they get past the guard without changing anything, and what they get
   * (`location`: where an error toast sends them). Null where no form can fail after the guard (said in the row).
   */
  probe: { path?: string; form: Record<string, string>; status: number; location?: string } | null;
};

/** Every organization action, with a form that would work and a probe that cannot. */
const actions = (): Action[] => {
  const team = `${base}/teams/${teams.second}`;
  const missingTeam = `${base}/teams/${randomUUID()}`;
  const target = people.target;
  return [
    {
      path: `${base}/members`,
      form: { intent: "change-role", memberId: target.memberId!, role: "admin" },
      access: "manage",
      probe: {
        form: { intent: "change-role", memberId: "no-such-member", role: "admin" },
        status: 302,
        location: `${base}/members`,
      },
    },
    {
      path: `${base}/members`,
      form: { intent: "remove", memberId: target.memberId! },
      access: "manage",
      probe: { form: { intent: "remove", memberId: "no-such-member" }, status: 302, location: `${base}/members` },
    },
    {
      path: `${base}/teams`,
      form: { intent: "create", name: "Forged team" },
      access: "manage",
      probe: { form: { intent: "create", name: "" }, status: 400 },
    },
    {
      path: team,
      form: { intent: "rename", name: "Forged name" },
      access: "manage",
      probe: { form: { intent: "rename", name: "" }, status: 400 },
    },
    // Deleting takes no input to spoil: the probe names a team that is not there, which is looked up after the
    // guard (a member gets 403 there, an admin 404).
    {
      path: team,
      form: { intent: "delete" },
      access: "manage",
      probe: { path: missingTeam, form: { intent: "delete" }, status: 404 },
    },
    {
      path: team,
      form: { intent: "add-member", userId: people.member.userId },
      access: "manage",
      probe: { form: { intent: "add-member", userId: "" }, status: 302, location: team },
    },
    {
      path: team,
      form: { intent: "remove-member", userId: target.userId },
      access: "manage",
      probe: { form: { intent: "remove-member", userId: people.nonMember.userId }, status: 302, location: team },
    },
    {
      path: `${base}/settings`,
      form: { intent: "update", name: "Forged Works", slug: "forged-works" },
      access: "manage",
      probe: { form: { intent: "update", name: "" }, status: 400 },
    },
    // Deleting the organization takes no input to spoil either: the last test shows an owner doing it.
    { path: `${base}/settings`, form: { intent: "delete" }, access: "owners", probe: null },
    // Anyone in it may leave; an unknown intent (400, not the outsider's 404) shows the guard let them through. The
    // overview is an index route: its form posts to `?index`.
    {
      path: `${base}?index`,
      form: { intent: "leave" },
      access: "members",
      probe: { form: { intent: "stay" }, status: 400 },
    },
    {
      path: `${base}/invitations`,
      form: { intent: "invite", email: "forged-invitee@example.test", role: "member", language: "en" },
      access: "manage",
      probe: { form: { intent: "invite", email: "", role: "member", language: "en" }, status: 400 },
    },
    {
      path: `${base}/invitations`,
      form: { intent: "resend", invitationId },
      access: "manage",
      probe: {
        form: { intent: "resend", invitationId: "no-such-invitation" },
        status: 302,
        location: `${base}/invitations`,
      },
    },
    {
      path: `${base}/invitations`,
      form: { intent: "cancel", invitationId },
      access: "manage",
      probe: {
        form: { intent: "cancel", invitationId: "no-such-invitation" },
        status: 302,
        location: `${base}/invitations`,
      },
    },
    // Only the recipient answers an invitation: none of the visitors is, whatever their role.
    ...(["accept", "decline"] as const).map((intent) => ({
      path: `/invitations/${invitationId}`,
      form: { intent },
      access: { nonMember: 403, member: 403, admin: 403, owner: 403, siteAdmin: 403 } as Access,
      probe: null,
    })),
    // The switcher: its members chose it already (beforeAll), so choosing it again changes nothing.
    {
      path: "/app/active-organization",
      form: { organizationId: organization.id },
      access: "members",
      probe: { form: { organizationId: organization.id }, status: 302, location: base },
    },
  ];
};

const label = (who: string, path: string, form: Record<string, string>) =>
  `${who} POST ${path} ${form.intent ?? JSON.stringify(form)}`;

test("who gets each page of an organization", async () => {
  let seen = 0;
  for (const [path, access] of pages()) {
    for (const who of WHO) {
      const response = await request(who, path);
      await response.arrayBuffer();
      expect(response.status, `${who} GET ${path}`).toBe(refusal(who, access) || 200);
      seen += 1;
    }
  }
  expect(seen).toBe(pages().length * WHO.length);
});

test("every organization action refuses whoever may not post it, and changes nothing", async () => {
  let refusals = 0;
  for (const { path, form, access } of actions()) {
    for (const who of WHO) {
      const status = refusal(who, access);
      if (status === 0) continue;
      const before = await snapshot();
      const response = await request(who, path, form);
      await response.arrayBuffer();
      expect(response.status, label(who, path, form)).toBe(status);
      expect(await snapshot(), label(who, path, form)).toBe(before);
      refusals += 1;
    }
  }
  // Outsiders are refused everything, the member all but leaving and switching, the admin deleting the organization.
  expect(refusals).toBeGreaterThanOrEqual(actions().length * 2 + 9 + 1);
});

test("whoever may post an organization action gets past its guard (probed without changing anything)", async () => {
  let probes = 0;
  for (const { path, access, probe } of actions()) {
    if (!probe) continue;
    for (const who of WHO) {
      if (refusal(who, access) !== 0) continue;
      const before = await snapshot();
      const response = await request(who, probe.path ?? path, probe.form);
      await response.arrayBuffer();
      expect(response.status, label(who, probe.path ?? path, probe.form)).toBe(probe.status);
      if (probe.location) expect(response.headers.get("location"), label(who, path, probe.form)).toBe(probe.location);
      expect(await snapshot(), label(who, path, probe.form)).toBe(before);
      probes += 1;
    }
  }
  expect(probes).toBeGreaterThanOrEqual(actions().filter((action) => action.probe).length * 2);
});

test("a forged organization post without this site's origin is refused before it runs", async () => {
  const before = await snapshot();
  const team = `${base}/teams/${teams.second}`;
  for (const origin of [null, "https://evil.example"]) {
    const response = await request("owner", team, { intent: "rename", name: "Forged name" }, { origin });
    await response.arrayBuffer();
    expect(response.status, `Origin ${origin}`).toBe(403);
  }
  expect(await snapshot()).toBe(before);
});

const one = async (statement: string, args: Array<string | number | null> = []) =>
  (await sql(server.databaseUrl, statement, args)).rows[0];

/** A post that must work: it redirects (with a success toast); where to. */
async function post(who: Who | "leaver", path: string, form: Record<string, string>) {
  const response = await request(who, path, form);
  await response.arrayBuffer();
  expect(response.status, label(who, path, form)).toBe(302);
  return response.headers.get("location");
}

/** The matrix's organization as the tests above rely on it: its name, members, teams and team places. */
async function arrangement() {
  const statements = [
    "select name, slug from organization where id = ?",
    "select id, user_id, role from member where organization_id = ? order by id",
    "select id, name from team where organization_id = ? order by id",
    "select team_id, user_id from team_member where team_id in (select id from team where organization_id = ?) order by id",
  ];
  const rows = await Promise.all(
    statements.map(async (statement) => (await sql(server.databaseUrl, statement, [organization.id])).rows),
  );
  return JSON.stringify(rows);
}

test("each permission really lets its roles do the thing (and the matrix's organization is left as it was)", async () => {
  const arranged = await arrangement();
  const team = `${base}/teams/${teams.second}`;

  // member: update — an admin changes a role, and puts someone in a team.
  await post("admin", `${base}/members`, { intent: "change-role", memberId: people.target.memberId!, role: "admin" });
  expect((await one("select role from member where id = ?", [people.target.memberId!]))?.role).toBe("admin");
  await post("admin", `${base}/members`, { intent: "change-role", memberId: people.target.memberId!, role: "member" });
  expect((await one("select role from member where id = ?", [people.target.memberId!]))?.role).toBe("member");
  await post("admin", team, { intent: "add-member", userId: people.member.userId });
  const inTeam = "select count(*) as n from team_member where team_id = ? and user_id = ?";
  expect(Number((await one(inTeam, [teams.second, people.member.userId]))?.n)).toBe(1);

  // member: delete — an admin takes someone out of a team, and removes a member from the organization.
  await post("admin", team, { intent: "remove-member", userId: people.member.userId });
  expect(Number((await one(inTeam, [teams.second, people.member.userId]))?.n)).toBe(0);
  const removable = await addMember(organization.id, people.leaver.userId, "member");
  await post("admin", `${base}/members`, { intent: "remove", memberId: removable });
  expect(await one("select id from member where id = ?", [removable])).toBeUndefined();

  // team: create, update, delete.
  const created = await post("admin", `${base}/teams`, { intent: "create", name: "Extra" });
  const extra = await one("select id from team where organization_id = ? and name = 'Extra'", [organization.id]);
  expect(created).toBe(`${base}/teams/${String(extra?.id)}`);
  await post("owner", team, { intent: "rename", name: "Second renamed" });
  expect((await one("select name from team where id = ?", [teams.second]))?.name).toBe("Second renamed");
  await post("owner", team, { intent: "rename", name: "Second" });
  expect(await post("admin", `${base}/teams/${String(extra?.id)}`, { intent: "delete" })).toBe(`${base}/teams`);
  expect(await one("select id from team where id = ?", [String(extra?.id)])).toBeUndefined();

  // organization: update (an admin), delete (an owner, of an organization of their own made for it).
  await post("admin", `${base}/settings`, { intent: "update", name: "Matrix Works Renamed", slug: organization.slug });
  expect((await one("select name from organization where id = ?", [organization.id]))?.name).toBe(
    "Matrix Works Renamed",
  );
  await post("owner", `${base}/settings`, { intent: "update", name: organization.name, slug: organization.slug });
  const doomed = randomUUID();
  await addOrganization(doomed, "Doomed", "doomed");
  await addMember(doomed, people.owner.userId, "owner");
  expect(await post("owner", "/app/organizations/doomed/settings", { intent: "delete" })).toBe("/app/organizations");
  expect(await one("select id from organization where id = ?", [doomed])).toBeUndefined();

  // Membership alone: a member leaves, and a member makes the organization their active one.
  const leaving = await addMember(organization.id, people.leaver.userId, "member");
  expect(await post("leaver", `${base}?index`, { intent: "leave" })).toBe("/app/organizations");
  expect(await one("select id from member where id = ?", [leaving])).toBeUndefined();
  const activeOf = "select active_organization_id as active from session where user_id = ?";
  await sql(server.databaseUrl, "update session set active_organization_id = null where user_id = ?", [
    people.member.userId,
  ]);
  expect(await post("member", "/app/active-organization", { organizationId: organization.id })).toBe(base);
  expect((await one(activeOf, [people.member.userId]))?.active).toBe(organization.id);

  expect(await arrangement()).toBe(arranged);
});
