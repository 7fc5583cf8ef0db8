// The abuse suite (ADR 010): hostile values (control, format and look-alike characters, huge strings, invalid UTF-8,
// markup, SQL and full-text syntax) into every query parameter of every page and every field of every form action,
// signed out, as a user and as an admin. Nothing answers 5xx; afterwards the server's memory is under its budget and
// it still answers. It speaks HTTP to a server of its own: no browser.
import { expect, test } from "@playwright/test";

import { signInOverHttp } from "../support/http-sign-in";
import { rssMb } from "../support/process-stats";
import { SmtpSink } from "../support/smtp-sink";
import { sql, stepUpDone } from "./fixtures";
import { startServer, type TestServer } from "./server";

const MEMORY_BUDGET_MB = 150;

// About 1 500 requests: well under a minute on a quiet machine, and room to spare on a busy one.
test.describe.configure({ timeout: 120_000 });
const enc = encodeURIComponent;

/** Each value as it travels: already percent-encoded, so invalid UTF-8 can be sent as it is. */
const hostile: Array<[label: string, encoded: string]> = [
  ["empty", ""],
  ["NUL", "%00"],
  ["NUL inside a word", "abc%00def"],
  ["C0 and DEL controls", "%01%02%1B%7Fname"],
  ["C1 controls", "%C2%85%C2%9Bname"],
  ["zero-width space", enc("repo\u200bsitory")],
  ["right-to-left override", enc("\u202Egnp.exe")],
  ["soft hyphen", enc("re\u00adpo")],
  ["combining grapheme joiner", enc("repo\u034F")],
  ["decomposed letter", enc("Cafe\u0301")],
  ["byte order mark", enc("\ufeffname")],
  ["invalid UTF-8", "%FF%FE%FD"],
  ["overlong encoding", "%C0%80abc"],
  ["lone surrogate", "%ED%A0%80abc"],
  ["malformed escape", "%zz%"],
  ["huge", enc("x".repeat(300_000))],
  ["markup", enc("<script>alert(1)</script>")],
  ["SQL", enc("' OR 1=1; drop table user; --")],
  ["full-text syntax", enc('"abc" NEAR(def) * OR ^ghi')],
  ["header injection", enc("abc\r\nSet-Cookie: pwned=1")],
  ["path traversal", enc("../../etc/passwd")],
  ["script URL", enc("javascript:alert(1)")],
  ["protocol-relative URL", enc("//evil.example/x")],
  ["emoji", enc("🙂".repeat(60))],
  ["Arabic with isolates", enc("\u2067مستودع\u2069")],
];

/** Values that fit in a URL: the huge one goes in bodies only (a 300 kB URL is refused by the header limit, 431). */
const inUrls = hostile.filter(([label]) => label !== "huge");

type Who = "visitor" | "user" | "admin";

let server: TestServer & { pid: number };
let mail: SmtpSink;
const cookies: Record<Who, string> = { visitor: "", user: "", admin: "" };
let repositoryId = "";
let adminId = "";
/** The seeded organization (the admin owns it, the user is a member), one of its teams, and its pages' base. */
let organizationId = "";
let teamId = "";
const organizationBase = "/app/organizations/groundwork-demo";
let client = 0;

test.beforeAll(async () => {
  mail = await new SmtpSink().start();
  server = await startServer("hostile", { SMTP_URL: mail.url, LOG_LEVEL: "error" });
  // Enough repositories that a rare search term goes to the full-text index.
  await sql(
    server.databaseUrl,
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < 2100)
     insert into repository (id, name, name_key, link, description, created_at, updated_at)
     select 'hostile-' || i, 'Repository ' || i, 'repository ' || i, 'example.com/' || i, 'About ' || i, 0, 0 from n`,
  );
  repositoryId = "hostile-1";
  cookies.admin = await signInOverHttp(server.url, mail, "admin@example.com", { client: "198.18.1.1" });
  cookies.user = await signInOverHttp(server.url, mail, "user@example.com", { client: "198.18.1.2" });
  // Their step-up done (ADR 053): the hostile values of the guarded actions reach the actions' own validation, not
  // the step-up form that stands in front of them.
  await stepUpDone(server, "admin@example.com");
  await stepUpDone(server, "user@example.com");
  adminId = String(
    (await sql(server.databaseUrl, "select id from user where email = 'admin@example.com'")).rows[0]?.id,
  );
  organizationId = String(
    (await sql(server.databaseUrl, "select id from organization where slug = 'groundwork-demo'")).rows[0]?.id,
  );
  teamId = String(
    (await sql(server.databaseUrl, "select id from team where organization_id = ?", [organizationId])).rows[0]?.id,
  );
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

/** Each request comes from its own client address, so the rate limits let the hostile value reach the code. */
function headers(who: Who, extra: Record<string, string> = {}) {
  client += 1;
  return {
    Cookie: cookies[who],
    "X-Forwarded-For": `198.19.${Math.floor(client / 250) % 250}.${client % 250}`,
    ...extra,
  };
}

async function expectNoServerError(what: string, response: Response) {
  await response.arrayBuffer();
  expect(response.status, what).toBeLessThan(500);
}

const pages = (): Array<[path: string, params: string[], who: Who]> => [
  ["/", [], "visitor"],
  ["/login", ["redirect", "lng"], "visitor"],
  ["/login/verify", ["email", "redirect"], "visitor"],
  ["/login/error", ["error"], "visitor"],
  ["/onboarding", ["redirect"], "user"],
  ["/app", ["lng"], "user"],
  ["/app/account", ["state", "newEmail", "modal"], "user"],
  ["/app/repositories", ["searchTerm", "cursor"], "user"],
  ["/app/repositories.data", ["searchTerm", "cursor"], "user"],
  [`/app/repositories/${repositoryId}`, ["modal"], "user"],
  ["/manager/dashboard", ["lng"], "admin"],
  ["/manager/account", ["state", "newEmail"], "admin"],
  ["/manager/users", ["searchTerm", "cursor"], "admin"],
  [`/manager/users/${adminId}`, [], "admin"],
  ["/manager/repositories", ["searchTerm", "cursor", "modal"], "admin"],
  ["/manager/repositories/new", [], "admin"],
  [`/manager/repositories/${repositoryId}`, ["modal"], "admin"],
  [`/manager/repositories/${repositoryId}/update`, [], "admin"],
  ["/app/organizations", ["lng"], "user"],
  [`${organizationBase}/members`, ["cursor", "modal"], "admin"],
  [`${organizationBase}/invitations`, ["modal"], "admin"],
  ["/manager/organizations", ["searchTerm", "cursor"], "admin"],
  [`/manager/organizations/${organizationId}`, ["members", "invitations", "modal"], "admin"],
];

test("no query parameter of any page gives a 5xx", async () => {
  for (const [path, params, who] of pages()) {
    for (const param of params) {
      for (const [label, value] of inUrls) {
        const response = await fetch(`${server.url}${path}?${param}=${value}`, {
          headers: headers(who),
          redirect: "manual",
        });
        await expectNoServerError(`${path} ?${param}= ${label}`, response);
      }
    }
  }
});

test("no hostile path segment (an id, an unknown page in any area) gives a 5xx", async () => {
  const paths: Array<[prefix: string, who: Who]> = [
    ["/", "visitor"],
    ["/login/", "visitor"],
    ["/app/", "user"],
    ["/app/repositories/", "user"],
    ["/manager/", "admin"],
    ["/manager/users/", "admin"],
    ["/manager/repositories/", "admin"],
    ["/app/organizations/", "user"],
    [`${organizationBase}/teams/`, "admin"],
    ["/invitations/", "user"],
    ["/manager/organizations/", "admin"],
  ];
  for (const [prefix, who] of paths) {
    for (const [label, value] of inUrls) {
      const response = await fetch(`${server.url}${prefix}${value || "x"}`, {
        headers: headers(who),
        redirect: "manual",
      });
      await expectNoServerError(`${prefix} + ${label}`, response);
    }
  }
});

/** Every form of the product: its action, who posts it, and its fields with a valid value each. */
const forms = (): Array<[path: string, who: Who, fields: Record<string, string>]> => [
  ["/login?index", "visitor", { intent: "email", email: "someone@example.test", redirect: "/app" }],
  ["/login?index", "visitor", { intent: "github", redirect: "/app" }],
  ["/login/verify", "visitor", { intent: "verify", email: "someone@example.test", code: "123456", redirect: "/app" }],
  ["/login/verify", "visitor", { intent: "resend", email: "someone@example.test", redirect: "/app" }],
  ["/preferences", "visitor", { intent: "language", language: "fr", redirect: "/login" }],
  ["/preferences", "visitor", { intent: "theme", theme: "dark", redirect: "/login" }],
  ["/onboarding", "user", { name: "Ada", redirect: "/app" }],
  ["/app/account", "user", { intent: "change-name", name: "Uma User" }],
  ["/manager/account", "admin", { intent: "change-name", name: "Ada Admin" }],
  ["/manager/repositories/new", "admin", { name: "Hostile", link: "example.com", description: "A description" }],
  [
    `/manager/repositories/${repositoryId}/update`,
    "admin",
    { name: "Repository 1", link: "example.com/1", description: "About 1" },
  ],
  [`/manager/repositories/${repositoryId}`, "admin", { intent: "delete-unknown" }],
  ["/app/organizations", "user", { intent: "create", name: "Hostile Org", slug: "" }],
  ["/app/active-organization", "user", { organizationId: "x", redirectTo: "/app" }],
  [`${organizationBase}/members`, "admin", { intent: "change-role", memberId: "x", role: "member" }],
  [`${organizationBase}/members`, "admin", { intent: "remove", memberId: "x" }],
  [
    `${organizationBase}/invitations`,
    "admin",
    { intent: "invite", email: "a@example.test", role: "member", language: "en" },
  ],
  [`${organizationBase}/invitations`, "admin", { intent: "cancel", invitationId: "x" }],
  [`${organizationBase}/teams`, "admin", { intent: "create", name: "Hostile team" }],
  [`${organizationBase}/teams/${teamId}`, "admin", { intent: "add-member", userId: "x" }],
  [`${organizationBase}/teams/${teamId}`, "admin", { intent: "rename", name: "Core" }],
  ["/invitations/x", "user", { intent: "accept" }],
  [`/manager/organizations/${organizationId}`, "admin", { intent: "delete-unknown" }],
  // Last: a hostile but valid name renames the organization (its slug, always valid here, stays).
  [`${organizationBase}/settings`, "admin", { intent: "update", name: "Groundwork Demo", slug: "groundwork-demo" }],
];

function post(path: string, who: Who, body: string, contentType = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: headers(who, { Origin: server.url, "Content-Type": contentType }),
    body,
  });
}

test("no field of any form gives a 5xx, in any encoding", async () => {
  for (const [path, who, fields] of forms()) {
    for (const field of Object.keys(fields)) {
      for (const [label, value] of hostile) {
        const body = Object.entries(fields)
          .map(([name, valid]) => `${name}=${name === field ? value : enc(valid)}`)
          .join("&");
        await expectNoServerError(`${path} ${field}= ${label}`, await post(path, who, body));
      }
      // The field twice, or with a hostile name; the same form as multipart.
      await expectNoServerError(
        `${path} ${field} twice`,
        await post(path, who, `${field}=a&${field}=b&${new URLSearchParams(fields)}`),
      );
      await expectNoServerError(
        `${path} hostile field name`,
        await post(path, who, `${enc("\u0000\u202e")}=x&${new URLSearchParams(fields)}`),
      );
      const multipart = new FormData();
      for (const [name, valid] of Object.entries(fields))
        multipart.append(name, name === field ? "\u0000\u200b\u202e" : valid);
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: headers(who, { Origin: server.url }),
        body: multipart,
      });
      await expectNoServerError(`${path} ${field} multipart`, response);
    }
    // Not a form at all.
    await expectNoServerError(`${path} JSON`, await post(path, who, JSON.stringify(fields), "application/json"));
    await expectNoServerError(
      `${path} garbage`,
      await post(path, who, "\u0000\u00ff%%%&&==", "application/x-www-form-urlencoded"),
    );
  }
});

test("afterwards the server is back under its memory budget and still answers", async () => {
  // V8 gives memory back when the garbage collector gets round to it: the server has a while to settle.
  const samples = [rssMb(server.pid)];
  while (samples.at(-1)! >= MEMORY_BUDGET_MB && samples.length < 40) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    samples.push(rssMb(server.pid));
  }
  console.log(
    `server RSS after the hostile input: ${samples.map((mb) => mb.toFixed(0)).join(" → ")} MB (budget ${MEMORY_BUDGET_MB} MB)`,
  );
  expect(samples.at(-1)).toBeLessThan(MEMORY_BUDGET_MB);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const page = await fetch(`${server.url}/manager/repositories`, { headers: headers("admin") });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Repository 1000");
});
