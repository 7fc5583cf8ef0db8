// Every organization error code that the /app pages can trigger shows its own message, in each of the four languages
// (docs/product.md, "Inside an organization"). The expected text is read from the dictionaries themselves, and looked for where a person without
// JavaScript would read it: in the 400 page that keeps the form, or in the status message of the page a refusal
// redirects to (the pending toast). One server with small limits; each case arranges its own organization with SQL.
// A refusal changes nothing, so the same arrangement serves all four languages.
//
// Not reachable from the pages, so not here: TEAM_NOT_FOUND (a team page looks its team up first and answers 404;
// the code would only show if the team went away between that lookup and the change), ORGANIZATION_NOT_FOUND (the
// organization's pages answer 404 first), ROLE_NOT_FOUND (the role field only takes the three roles: "Invalid
// input"), NO_ACTIVE_ORGANIZATION (every call names its organization).
//
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createCookie } from "react-router";

import type { AuthErrorCode } from "../../app/lib/auth-errors";
import { resources } from "../../app/lib/dictionaries";
import { languages, type Language } from "../../app/lib/i18n";
import { sessionCookie, sql, stepUpDone } from "./fixtures";
import { startServer, type TestServer } from "./server";

const LIMITS = { ORGANIZATIONS_PER_USER: "2", TEAMS_PER_ORGANIZATION: "2", MEMBERS_PER_ORGANIZATION: "3" };

let server: TestServer;
let client = 0;
let made = 0;

test.beforeAll(async () => {
  server = await startServer("organization-errors", { LOG_LEVEL: "error", ...LIMITS });
});

test.afterAll(async () => {
  await server?.stop();
});

type Person = { userId: string; cookie: string; email: string };

/** A signed-in, onboarded person (a session made on the server), their step-up done. */
async function person(label: string): Promise<Person> {
  made += 1;
  const email = `${label}-${made}-organization-errors@example.test`;
  const cookie = await sessionCookie(server, { email, name: `${label} ${made}`, role: "user" });
  // These errors come after a role change's step-up (ADR 053), which step-up.test.ts and step-up.spec.ts test.
  await stepUpDone(server, cookie.userId);
  return { userId: cookie.userId, cookie: `${cookie.name}=${cookie.value}`, email };
}

type Arranged = { id: string; name: string; slug: string; base: string; members: Map<Person, string>; teams: string[] };

/** An organization with these people in these roles, and these teams (by name). */
async function organizationWith(
  members: Array<[Person, "owner" | "admin" | "member"]>,
  teams: string[] = ["Core"],
): Promise<Arranged> {
  made += 1;
  const id = randomUUID();
  const name = `Errors ${made}`;
  const slug = `errors-${made}`;
  const now = Date.now();
  await sql(server.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    id,
    name,
    slug,
    now,
  ]);
  const memberIds = new Map<Person, string>();
  for (const [who, role] of members) {
    const memberId = randomUUID();
    await sql(
      server.databaseUrl,
      "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, ?)",
      [memberId, id, who.userId, role, now],
    );
    memberIds.set(who, memberId);
  }
  const teamIds: string[] = [];
  for (const team of teams) {
    const teamId = randomUUID();
    await sql(server.databaseUrl, "insert into team (id, name, organization_id, created_at) values (?, ?, ?, ?)", [
      teamId,
      team,
      id,
      now,
    ]);
    teamIds.push(teamId);
  }
  return { id, name, slug, base: `/app/organizations/${slug}`, members: memberIds, teams: teamIds };
}

/** What a person posts, from which page's form (no form: the page they open). */
type Attempt = { who: Person; path: string; form?: Record<string, string> };

/** A pending invitation of an organization to `email`, sent by `inviter`; its id. */
async function invitationTo(organization: Arranged, email: string, inviter: Person) {
  const id = randomUUID();
  await sql(
    server.databaseUrl,
    "insert into invitation (id, organization_id, email, role, status, expires_at, created_at, inviter_id, language) values (?, ?, ?, 'member', 'pending', ?, ?, ?, 'en')",
    [id, organization.id, email, Date.now() + 24 * 60 * 60 * 1000, Date.now(), inviter.userId],
  );
  return id;
}

const invite = (who: Person, organization: Arranged, email: string, role = "member"): Attempt => ({
  who,
  path: `${organization.base}/invitations`,
  form: { intent: "invite", email, role, language: "en" },
});

type Case = {
  code: AuthErrorCode;
  /** How a person gets there. */
  how: string;
  /**
   * Where the message shows: the form's own 400 page, the status message of the page a refusal goes back to, or the
   * page itself (opened, not posted).
   */
  shown: "form" | "toast" | "page";
  arrange: () => Promise<Attempt>;
};

const cases: Case[] = [
  {
    code: "ORGANIZATION_ALREADY_EXISTS",
    how: "creating an organization with a slug in use",
    shown: "form",
    arrange: async () => {
      const taken = await organizationWith([[await person("someone"), "owner"]]);
      return {
        who: await person("creator"),
        path: "/app/organizations",
        form: { intent: "create", name: "Taken Inc", slug: taken.slug },
      };
    },
  },
  {
    code: "ORGANIZATION_SLUG_ALREADY_TAKEN",
    how: "moving an organization to a slug in use",
    shown: "form",
    arrange: async () => {
      const owner = await person("owner");
      const mine = await organizationWith([[owner, "owner"]]);
      const taken = await organizationWith([[await person("someone"), "owner"]]);
      return {
        who: owner,
        path: `${mine.base}/settings`,
        form: { intent: "update", name: mine.name, slug: taken.slug },
      };
    },
  },
  {
    code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS",
    how: "creating one more organization than ORGANIZATIONS_PER_USER",
    shown: "form",
    arrange: async () => {
      const busy = await person("busy");
      for (let index = 0; index < Number(LIMITS.ORGANIZATIONS_PER_USER); index += 1)
        await organizationWith([[busy, "member"]]);
      return {
        who: busy,
        path: "/app/organizations",
        form: { intent: "create", name: "One Too Many", slug: `one-too-many-${randomUUID().slice(0, 8)}` },
      };
    },
  },
  {
    code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS",
    how: "creating one more team than TEAMS_PER_ORGANIZATION",
    shown: "form",
    arrange: async () => {
      const owner = await person("owner");
      const full = await organizationWith([[owner, "owner"]], ["Core", "Second"]);
      return { who: owner, path: `${full.base}/teams`, form: { intent: "create", name: "Third" } };
    },
  },
  {
    code: "TEAM_ALREADY_EXISTS",
    how: "creating a team with another team's name, in another case",
    shown: "form",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([[owner, "owner"]], ["Core"]);
      return { who: owner, path: `${organization.base}/teams`, form: { intent: "create", name: "core" } };
    },
  },
  {
    code: "UNABLE_TO_REMOVE_LAST_TEAM",
    how: "deleting the only team",
    shown: "toast",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([[owner, "owner"]], ["Core"]);
      return { who: owner, path: `${organization.base}/teams/${organization.teams[0]}`, form: { intent: "delete" } };
    },
  },
  {
    code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    how: "the only owner leaving",
    shown: "toast",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([
        [owner, "owner"],
        [await person("member"), "member"],
      ]);
      // The overview is an index route: its forms post to `?index`.
      return { who: owner, path: `${organization.base}?index`, form: { intent: "leave" } };
    },
  },
  {
    code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER",
    how: "the only owner making themselves an admin",
    shown: "toast",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([
        [owner, "owner"],
        [await person("member"), "member"],
      ]);
      return {
        who: owner,
        path: `${organization.base}/members`,
        form: { intent: "change-role", memberId: organization.members.get(owner)!, role: "admin" },
      };
    },
  },
  {
    code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER",
    how: "an admin making someone an owner (a forged role: the page does not offer it)",
    shown: "toast",
    arrange: async () => {
      const admin = await person("admin");
      const member = await person("member");
      const organization = await organizationWith([
        [await person("owner"), "owner"],
        [admin, "admin"],
        [member, "member"],
      ]);
      return {
        who: admin,
        path: `${organization.base}/members`,
        form: { intent: "change-role", memberId: organization.members.get(member)!, role: "owner" },
      };
    },
  },
  {
    code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
    how: "an admin removing themselves (a forged form: the page offers them Leave instead)",
    shown: "toast",
    arrange: async () => {
      const admin = await person("admin");
      const organization = await organizationWith([
        [await person("owner"), "owner"],
        [admin, "admin"],
      ]);
      return {
        who: admin,
        path: `${organization.base}/members`,
        form: { intent: "remove", memberId: organization.members.get(admin)! },
      };
    },
  },
  {
    code: "MEMBER_NOT_FOUND",
    how: "removing a member who is gone already (a page left open)",
    shown: "toast",
    arrange: async () => {
      const owner = await person("owner");
      const gone = await person("gone");
      const organization = await organizationWith([
        [owner, "owner"],
        [gone, "member"],
      ]);
      const memberId = organization.members.get(gone)!;
      await sql(server.databaseUrl, "delete from member where id = ?", [memberId]);
      return { who: owner, path: `${organization.base}/members`, form: { intent: "remove", memberId } };
    },
  },
  {
    code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
    how: "adding to a team someone who is not in the organization",
    shown: "toast",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([[owner, "owner"]]);
      const outsider = await person("outsider");
      return {
        who: owner,
        path: `${organization.base}/teams/${organization.teams[0]}`,
        form: { intent: "add-member", userId: outsider.userId },
      };
    },
  },
  {
    code: "USER_IS_NOT_A_MEMBER_OF_THE_TEAM",
    how: "taking out of a team someone who is not in it (a page left open)",
    shown: "toast",
    arrange: async () => {
      const owner = await person("owner");
      const member = await person("member");
      const organization = await organizationWith([
        [owner, "owner"],
        [member, "member"],
      ]);
      return {
        who: owner,
        path: `${organization.base}/teams/${organization.teams[0]}`,
        form: { intent: "remove-member", userId: member.userId },
      };
    },
  },
  {
    code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
    how: "inviting someone who is a member",
    shown: "form",
    arrange: async () => {
      const [owner, member] = [await person("owner"), await person("member")];
      const organization = await organizationWith([
        [owner, "owner"],
        [member, "member"],
      ]);
      return invite(owner, organization, member.email);
    },
  },
  {
    code: "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION",
    how: "inviting an address with a pending invitation",
    shown: "form",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([[owner, "owner"]]);
      await invitationTo(organization, "twice-invited@example.test", owner);
      return invite(owner, organization, "twice-invited@example.test");
    },
  },
  {
    code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
    how: "inviting into an organization whose members fill MEMBERS_PER_ORGANIZATION",
    shown: "form",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([
        [owner, "owner"],
        [await person("member"), "member"],
        [await person("member"), "member"],
      ]);
      return invite(owner, organization, "one-too-many@example.test");
    },
  },
  {
    code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE",
    how: "an admin inviting an owner (a forged role: the form offers them no Owner)",
    shown: "form",
    arrange: async () => {
      const admin = await person("admin");
      const organization = await organizationWith([
        [await person("owner"), "owner"],
        [admin, "admin"],
      ]);
      return invite(admin, organization, "would-be-owner@example.test", "owner");
    },
  },
  {
    code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
    how: "opening someone else's invitation",
    shown: "page",
    arrange: async () => {
      const owner = await person("owner");
      const organization = await organizationWith([[owner, "owner"]]);
      const id = await invitationTo(organization, "the-recipient@example.test", owner);
      return { who: await person("someone-else"), path: `/invitations/${id}` };
    },
  },
  {
    code: "INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION",
    how: "accepting an invitation whose inviter has left",
    shown: "toast",
    arrange: async () => {
      const [owner, leaver, recipient] = [await person("owner"), await person("leaver"), await person("recipient")];
      const organization = await organizationWith([[owner, "owner"]]);
      const id = await invitationTo(organization, recipient.email, leaver);
      return { who: recipient, path: `/invitations/${id}`, form: { intent: "accept" } };
    },
  },
];

const languageCookie = createCookie("lng", { path: "/" });

function send(path: string, cookie: string, form?: Record<string, string>) {
  client += 1;
  const headers: Record<string, string> = { Cookie: cookie, "X-Forwarded-For": `198.18.11.${client % 250}` };
  if (!form) return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** Text as a person reads it: no scripts (the loader data travels there), entities decoded. */
function readable(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Posts the attempt in `language`; the page the browser would show: its language, and the message as read. */
async function pageShown(attempt: Attempt, shown: Case["shown"], language: Language) {
  const cookie = `${attempt.who.cookie}; ${(await languageCookie.serialize(language)).split(";")[0]}`;
  const response = await send(attempt.path, cookie, attempt.form);
  let html: string;
  let message: string | undefined;
  if (shown === "page") {
    expect(response.status, `${language}: the page`).toBe(200);
    html = await response.text();
    message = html.match(/<main\b[\s\S]*<\/main>/)?.[0];
  } else if (shown === "form") {
    expect(response.status, `${language}: the form comes back`).toBe(400);
    html = await response.text();
    // The form, with its field and form errors, is in the page's main region.
    message = html.match(/<main\b[\s\S]*<\/main>/)?.[0];
  } else {
    await response.arrayBuffer();
    expect(response.status, `${language}: back to the page`).toBe(302);
    const toast = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("toast="))
      ?.split(";")[0];
    expect(toast, `${language}: a toast is pending`).toBeTruthy();
    const page = await send(response.headers.get("location")!, `${cookie}; ${toast}`);
    expect(page.status, `${language}: the page the refusal goes back to`).toBe(200);
    html = await page.text();
    // Without JavaScript the pending toast is a status message.
    message = html.match(/<p role="status"[^>]*>([\s\S]*?)<\/p>/)?.[1];
  }
  return { lang: html.match(/<html[^>]* lang="([^"]+)"/)?.[1], message: readable(message ?? "") };
}

for (const { code, how, shown, arrange } of cases) {
  test(`${code}: ${how}`, async () => {
    const attempt = await arrange();
    for (const language of languages) {
      const expected = resources[language].translation.authErrors[code];
      expect(expected, `${language} has a message for ${code}`).toBeTruthy();
      // A translation of its own, not the English words again.
      if (language !== "en")
        expect(expected, `${code} in ${language}`).not.toBe(resources.en.translation.authErrors[code]);
      const page = await pageShown(attempt, shown, language);
      expect(page.lang, `the page of ${code} in ${language}`).toBe(language);
      expect(page.message, `${code} in ${language}`).toContain(expected);
    }
  });
}
