// "Running on more than one machine" with embedded replicas (README, ADR 050), walked through as people use it: two
// app instances, each reading from its own replica file, behind a real haproxy (round-robin) over one sqld primary.
// Every check speaks HTTP through the proxy, as a browser without JavaScript does; the database is read directly only
// to count rows. Each answer names the instance that gave it (X-Served-By): a read that must see a write is checked
// to have landed on the other instance.
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { expect, test } from "@playwright/test";

import { runServerToExit, startServer, type TestServer } from "../e2e/server";
import { freePort } from "../support/free-port";
import { startHaproxy, type Proxy } from "../support/haproxy";
import { signInOverHttp } from "../support/http-sign-in";
import { SmtpSink } from "../support/smtp-sink";
import { startSqld, type Sqld } from "../support/sqld";

test.describe.configure({ mode: "serial" });

const LIMITS = { ORGANIZATIONS_PER_USER: 3, MEMBERS_PER_ORGANIZATION: 3, TEAMS_PER_ORGANIZATION: 3 };
const ROUNDS = 6;

let sqld: Sqld;
let primary: Client;
let mail: SmtpSink;
let proxy: Proxy;
let servers: TestServer[] = [];
const replicaFiles = ["a", "b"].map((name) => join(resolve("tests/.tmp"), `replica-${randomUUID()}-${name}.db`));

test.beforeAll(async () => {
  sqld = await startSqld();
  primary = createClient({ url: sqld.url });
  mail = await new SmtpSink().start();
  // The proxy's address is every instance's APP_URL (the origin check compares it): known before they start.
  const port = await freePort();
  const env = (file: string) => ({
    SMTP_URL: mail.url,
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_REPLICA_FILE: file,
    ORGANIZATIONS_PER_USER: String(LIMITS.ORGANIZATIONS_PER_USER),
    MEMBERS_PER_ORGANIZATION: String(LIMITS.MEMBERS_PER_ORGANIZATION),
    TEAMS_PER_ORGANIZATION: String(LIMITS.TEAMS_PER_ORGANIZATION),
  });
  // One after the other: the first migrates and seeds the primary (started together is scale-out.spec.ts's case).
  for (const [index, file] of replicaFiles.entries())
    servers.push(await startServer(`replica-${"ab"[index]}`, env(file), { databaseUrl: sqld.url }));
  proxy = await startHaproxy(
    servers.map((server, index) => ({ name: "ab"[index]!, url: server.url })),
    port,
  );
});

test.afterAll(async () => {
  await proxy?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  primary?.close();
  await sqld?.stop();
  await mail?.stop();
  for (const file of replicaFiles)
    for (const suffix of ["", "-wal", "-shm", "-info", "-client_wal_index"]) rmSync(file + suffix, { force: true });
});

type Answer = { status: number; location: string; servedBy: string; body: string };

let clients = 0;
/** A browser without JavaScript, through the proxy: it keeps its cookies, and speaks as a client address of its own. */
class Browser {
  readonly client = `198.18.${Math.floor(++clients / 250)}.${clients % 250}`;
  private readonly jar = new Map<string, string>();

  static async signedIn(email: string): Promise<Browser> {
    const browser = new Browser();
    browser.keep((await signInOverHttp(proxy.url, mail, email, { client: browser.client })).split("; "));
    return browser;
  }

  private keep(cookies: string[]) {
    for (const cookie of cookies) {
      const [name, value] = cookie.split(";")[0]!.split(/=(.*)/s) as [string, string];
      if (value === "" || /max-age=0\b/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, `${name}=${value}`);
    }
  }

  async request(path: string, form?: Record<string, string>): Promise<Answer> {
    const response = await fetch(`${proxy.url}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        Cookie: [...this.jar.values()].join("; "),
        "X-Forwarded-For": this.client,
        ...(form ? { Origin: proxy.url, "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    this.keep(response.headers.getSetCookie());
    return {
      status: response.status,
      location: response.headers.get("location") ?? "",
      servedBy: response.headers.get("x-served-by") ?? "",
      body: await response.text(),
    };
  }

  get = (path: string) => this.request(path);
  post = (path: string, form: Record<string, string>) => this.request(path, form);
}

/** Expects a signed-out answer: the sign-in page instead of the one asked for. */
function expectSignedOut(answer: Answer) {
  expect(answer.status, answer.body.slice(0, 200)).toBe(302);
  expect(answer.location).toMatch(/^\/login/);
}

const other = (instance: string) => (instance === "a" ? "b" : "a");

async function count(query: string, args: string[] = []): Promise<number> {
  return Number((await primary.execute({ sql: query, args })).rows[0]?.[0]);
}

const adminCount = () => count("SELECT count(*) FROM user WHERE role = 'admin' AND coalesce(banned, 0) = 0");

/**
 * A step-up just done (ADR 053) in every session of these people, for the checks about what follows it. Written on
 * the primary, it reaches each instance's replica at its next sync (every second): wait for that, as for any other
 * person's write.
 */
async function stepUpDone(...userIds: string[]) {
  await primary.execute({
    sql: `INSERT OR REPLACE INTO step_up (session_id, verified_at)
      SELECT id, ? FROM session WHERE user_id IN (${userIds.map(() => "?").join(", ")})`,
    args: [Date.now(), ...userIds],
  });
  await new Promise((resolveWait) => setTimeout(resolveWait, 1_500));
}

/** A new person, signed in and through onboarding. */
async function newPerson(prefix: string): Promise<{ browser: Browser; email: string; id: string }> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const browser = await Browser.signedIn(email);
  expect((await browser.post("/onboarding", { name: `Person ${prefix}`, redirect: "/app" })).status).toBe(302);
  return { browser, email, id: await idOf(email) };
}

async function idOf(email: string): Promise<string> {
  return String((await primary.execute({ sql: "SELECT id FROM user WHERE email = ?", args: [email] })).rows[0]?.id);
}

test("each instance reads from an embedded replica file of its own", async () => {
  for (const file of replicaFiles) {
    expect(existsSync(file), file).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(0);
  }
  const served = new Set<string>();
  for (let index = 0; index < 4; index++) served.add((await new Browser().get("/login")).servedBy);
  expect(served).toEqual(new Set(["a", "b"]));
});

test("signed in on one instance, the next page on the other is signed in", async () => {
  const browser = await Browser.signedIn("user@example.com");
  for (let index = 0; index < 4; index++) {
    const page = await browser.get("/app/repositories");
    expect(page.status).toBe(200);
  }
});

test("a repository created, renamed and deleted: each change is on the very next page, on the other instance", async () => {
  const admin = await Browser.signedIn("admin@example.com");
  for (let round = 1; round <= ROUNDS; round++) {
    const name = `replica-${randomUUID().slice(0, 8)}`;
    const created = await admin.post("/manager/repositories/new", {
      name,
      link: "https://git.example.com/replica",
      description: "",
    });
    expect(created.status, created.body.slice(0, 300)).toBe(302);
    const detail = created.location;
    let page = await admin.get(detail);
    expect(page.servedBy).toBe(other(created.servedBy));
    expect(page.status).toBe(200);
    expect(page.body).toContain(name);

    const renamed = await admin.post(`${detail}/update`, {
      name: `${name}-renamed`,
      link: "https://git.example.com/replica",
      description: "",
    });
    expect(renamed.status, renamed.body.slice(0, 300)).toBe(302);
    page = await admin.get(`/manager/repositories?searchTerm=${name}`);
    expect(page.servedBy).toBe(other(renamed.servedBy));
    expect(page.body).toContain(`${name}-renamed`);

    const deleted = await admin.post(detail, { intent: "delete" });
    expect(deleted.status, deleted.body.slice(0, 300)).toBe(302);
    page = await admin.get(detail);
    expect(page.servedBy).toBe(other(deleted.servedBy));
    expect(page.status).toBe(404);
  }
});

test("a ban, a demotion and a revoked session take effect on the very next request, on either instance", async () => {
  const admin = await Browser.signedIn("admin@example.com");
  // A ban and a role change ask for a recent step-up (ADR 053): this check is about what follows it.
  await stepUpDone(await idOf("admin@example.com"));
  for (let round = 1; round <= 3; round++) {
    const banned = await newPerson("banned");
    expect((await banned.browser.get("/app")).status).toBe(200);
    const ban = await admin.post(`/manager/users/${banned.id}?modal=ban`, { intent: "ban", reason: "", until: "" });
    expect(ban.status, ban.body.slice(0, 300)).toBe(302);
    // Two requests: one lands on each instance.
    expectSignedOut(await banned.browser.get("/app"));
    expectSignedOut(await banned.browser.get("/app"));
  }

  const demoted = await newPerson("demoted");
  const made = await admin.post(`/manager/users/${demoted.id}/update`, {
    email: demoted.email,
    name: "Demoted soon",
    role: "admin",
  });
  expect(made.status, made.body.slice(0, 300)).toBe(302);
  for (let index = 0; index < 2; index++) expect((await demoted.browser.get("/manager/users")).status).toBe(200);
  const demotion = await admin.post(`/manager/users/${demoted.id}/update`, {
    email: demoted.email,
    name: "Demoted",
    role: "user",
  });
  expect(demotion.status, demotion.body.slice(0, 300)).toBe(302);
  for (let index = 0; index < 2; index++) expect((await demoted.browser.get("/manager/users")).status).not.toBe(200);

  const revoked = await newPerson("revoked");
  const revoke = await admin.post(`/manager/users/${revoked.id}`, { intent: "revoke-all-sessions" });
  expect(revoke.status, revoke.body.slice(0, 300)).toBe(302);
  expectSignedOut(await revoked.browser.get("/app"));
  expectSignedOut(await revoked.browser.get("/app"));
});

test("a sign-out, and a sign-out of every other browser, end those sessions on both instances", async () => {
  const first = (await newPerson("leaving")).browser;
  expect((await first.post("/logout", {})).status).toBe(302);
  expectSignedOut(await first.get("/app"));
  expectSignedOut(await first.get("/app"));

  const person = await newPerson("everywhere");
  const laptop = person.browser;
  const phone = await Browser.signedIn(person.email);
  for (let index = 0; index < 2; index++) expect((await phone.get("/app")).status).toBe(200);
  const others = await laptop.post("/app/account", { intent: "sign-out-others" });
  expect(others.status, others.body.slice(0, 300)).toBe(302);
  expectSignedOut(await phone.get("/app"));
  expectSignedOut(await phone.get("/app"));
  expect((await laptop.get("/app")).status).toBe(200);
  expect((await laptop.get("/app")).status).toBe(200);
});

test(`organization creates raced over both instances: never past ORGANIZATIONS_PER_USER, ${ROUNDS} rounds`, async () => {
  const over: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const founder = await newPerson("founder");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        founder.browser.post("/app/organizations", { intent: "create", name: `Race ${round} ${index}` }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(["a", "b"]));
    const memberships = await count("SELECT count(*) FROM member WHERE user_id = ?", [founder.id]);
    if (memberships > LIMITS.ORGANIZATIONS_PER_USER) over.push(memberships);
    expect(memberships).toBeGreaterThan(0);
  }
  expect(`${over.length} of ${ROUNDS} rounds went over (${over.join(", ")})`).toBe(
    `0 of ${ROUNDS} rounds went over ()`,
  );
});

test(`invitations raced over both instances: never past MEMBERS_PER_ORGANIZATION, ${ROUNDS} rounds`, async () => {
  const over: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const owner = await newPerson("owner");
    const slug = await newOrganization(owner.browser, `Seats ${round}`);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        owner.browser.post(`/app/organizations/${slug}/invitations`, {
          intent: "invite",
          email: `seat-${round}-${index}-${randomUUID().slice(0, 6)}@example.com`,
          role: "member",
          language: "en",
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(["a", "b"]));
    const seats = await count(
      `SELECT (SELECT count(*) FROM member WHERE organization_id = o.id)
        + (SELECT count(*) FROM invitation WHERE organization_id = o.id AND status = 'pending')
       FROM organization o WHERE o.slug = ?`,
      [slug],
    );
    if (seats > LIMITS.MEMBERS_PER_ORGANIZATION) over.push(seats);
  }
  expect(`${over.length} of ${ROUNDS} rounds went over (${over.join(", ")})`).toBe(
    `0 of ${ROUNDS} rounds went over ()`,
  );
});

/** A new person's new organization: its slug. */
async function newOrganization(owner: Browser, name: string): Promise<string> {
  const created = await owner.post("/app/organizations", { intent: "create", name });
  expect(created.status, created.body.slice(0, 300)).toBe(302);
  const slug = created.location.match(/^\/app\/organizations\/([^/?]+)/)?.[1];
  expect(slug, created.location).toBeTruthy();
  return slug!;
}

test(`team creates raced over both instances: never past TEAMS_PER_ORGANIZATION, ${ROUNDS} rounds`, async () => {
  const over: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const owner = await newPerson("teams");
    const slug = await newOrganization(owner.browser, `Teams ${round}`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        owner.browser.post(`/app/organizations/${slug}/teams`, { intent: "create", name: `Team ${index}` }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(["a", "b"]));
    const teams = await count(
      "SELECT count(*) FROM team WHERE organization_id = (SELECT id FROM organization WHERE slug = ?)",
      [slug],
    );
    if (teams > LIMITS.TEAMS_PER_ORGANIZATION) over.push(teams);
    expect(teams).toBeGreaterThan(0);
  }
  expect(`${over.length} of ${ROUNDS} rounds went over (${over.join(", ")})`).toBe(
    `0 of ${ROUNDS} rounds went over ()`,
  );
});

test(`two owners demoting each other at once, over both instances: one owner is always left, ${ROUNDS} rounds`, async () => {
  const ownerless: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const first = await newPerson("first-owner");
    const second = await newPerson("second-owner");
    const slug = await newOrganization(first.browser, `Owners ${round}`);
    const invitedAt = Date.now();
    const invited = await first.browser.post(`/app/organizations/${slug}/invitations`, {
      intent: "invite",
      email: second.email,
      role: "owner",
      language: "en",
    });
    expect(invited.status, invited.body.slice(0, 300)).toBe(302);
    const invitation = (
      await primary.execute({ sql: "SELECT id FROM invitation WHERE email = ?", args: [second.email] })
    ).rows[0];
    // Another person's write: each instance's replica has it after its next sync (README: "Lag"). The invitee opens
    // the e-mail's page until both instances show it (two pages in a row, one from each), then accepts.
    await mail.waitForEmail(second.email, { since: invitedAt });
    const page = `/invitations/${String(invitation?.id)}`;
    await expect
      .poll(async () => {
        const [one, two] = [await second.browser.get(page), await second.browser.get(page)];
        return [`${one.servedBy} ${one.status}`, `${two.servedBy} ${two.status}`].sort();
      })
      .toEqual(["a 200", "b 200"]);
    const accepted = await second.browser.post(page, { intent: "accept" });
    expect(accepted.status, accepted.body.slice(0, 300)).toBe(302);
    const memberId = async (userId: string) =>
      String(
        (
          await primary.execute({
            sql: "SELECT id FROM member WHERE user_id = ? AND organization_id = (SELECT id FROM organization WHERE slug = ?)",
            args: [userId, slug],
          })
        ).rows[0]?.id,
      );
    const [firstMember, secondMember] = [await memberId(first.id), await memberId(second.id)];
    const owners = `SELECT count(*) FROM member WHERE role LIKE '%owner%'
      AND organization_id = (SELECT id FROM organization WHERE slug = ?)`;
    expect(await count(owners, [slug])).toBe(2);
    // A role change asks for a recent step-up (ADR 053): done for both, so that both demotions really race.
    await stepUpDone(first.id, second.id);
    const members = `/app/organizations/${slug}/members`;
    const answers = await Promise.all([
      first.browser.post(members, { intent: "change-role", memberId: secondMember, role: "member" }),
      second.browser.post(members, { intent: "change-role", memberId: firstMember, role: "member" }),
    ]);
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(["a", "b"]));
    // Not both stopped (403) by the step-up: the one that goes first is past it (the other may then lack the right).
    expect(answers.map((answer) => answer.status)).not.toEqual([403, 403]);
    if ((await count(owners, [slug])) < 1) ownerless.push(slug);
  }
  expect(`${ownerless.length} of ${ROUNDS} organizations left without an owner`).toBe(
    `0 of ${ROUNDS} organizations left without an owner`,
  );
});

test(`two admins demoting each other at once, over both instances: one admin is always left, ${ROUNDS} rounds`, async () => {
  let survivor = await Browser.signedIn("admin@example.com");
  let survivorId = await idOf("admin@example.com");
  const violations: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alone as the admin: the seeded one may have been demoted in an earlier round, by the survivor.
    expect(await adminCount()).toBe(1);
    const second = await newPerson("admin");
    // A role change asks for a recent step-up (ADR 053): done for both, so that both demotions really race.
    await stepUpDone(survivorId, second.id);
    const promoted = await survivor.post(`/manager/users/${second.id}/update`, {
      email: second.email,
      name: "Second admin",
      role: "admin",
    });
    expect(promoted.status, promoted.body.slice(0, 300)).toBe(302);
    const survivorEmail = String(
      (await primary.execute({ sql: "SELECT email FROM user WHERE id = ?", args: [survivorId] })).rows[0]?.email,
    );
    const demote = (browser: Browser, id: string, email: string) =>
      browser.post(`/manager/users/${id}/update`, { email, name: "Demoted admin", role: "user" });
    const answers = await Promise.all([
      demote(survivor, second.id, second.email),
      demote(second.browser, survivorId, survivorEmail),
    ]);
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(["a", "b"]));
    expect(answers.map((answer) => answer.status)).not.toEqual([403, 403]);
    const admins = await adminCount();
    if (admins < 1) violations.push(admins);
    if (admins < 1) break;
    const secondIsAdmin = await count("SELECT count(*) FROM user WHERE id = ? AND role = 'admin'", [second.id]);
    if (secondIsAdmin === 1) {
      survivor = second.browser;
      survivorId = second.id;
    }
  }
  expect(`${violations.length} rounds left no admin`).toBe("0 rounds left no admin");
});

test(`the sign-in code budget is shared: 3 codes for one address, 6 asked at once over both, ${ROUNDS} rounds`, async () => {
  const over: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    // Each request from another client: only the per-address budget (3 codes in 10 minutes) is shared.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => new Browser().post("/login?index", { intent: "email", email })),
    );
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(["a", "b"]));
    const sent = answers.filter((answer) => answer.status === 302).length;
    if (sent > 3) over.push(sent);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 302, 302, 429, 429, 429]);
  }
  expect(`${over.length} of ${ROUNDS} rounds sent more than 3 codes (${over.join(", ")})`).toBe(
    `0 of ${ROUNDS} rounds sent more than 3 codes ()`,
  );
});

test("a queued e-mail is sent once, though both instances' workers poll for it", async () => {
  const emails = Array.from({ length: 10 }, (_, index) => `once-${index}-${randomUUID().slice(0, 8)}@example.com`);
  const answers = await Promise.all(
    emails.map((email) => new Browser().post("/login?index", { intent: "email", email })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 302));
  for (const email of emails) await mail.waitForEmail(email);
  // Two polls of each worker and more: a second sending would have arrived by now.
  await new Promise((resolveWait) => setTimeout(resolveWait, 3_000));
  expect(emails.map((email) => mail.messagesTo(email).length)).toEqual(emails.map(() => 1));
});

test("a replica whose primary cannot be reached stops the start with one line", async () => {
  const closed = await freePort(); // free a moment ago: nothing listens there
  const file = join(resolve("tests/.tmp"), `replica-${randomUUID()}.db`);
  const exit = await runServerToExit(`http://127.0.0.1:${closed}`, { DATABASE_REPLICA_FILE: file });
  for (const suffix of ["", "-wal", "-shm", "-info", "-client_wal_index"]) rmSync(file + suffix, { force: true });
  expect(exit.code, exit.logs).not.toBe(0);
  expect(exit.logs).toMatch(
    new RegExp(`^Invalid environment variable DATABASE_REPLICA_FILE: .*127\\.0\\.0\\.1:${closed}`, "m"),
  );
  expect(exit.logs, "no stack trace").not.toMatch(/^\s+at /m);
});

test("a primary restored from a backup: an instance started without its old replica file serves the restored rows", async () => {
  const data = mkdtempSync(join(tmpdir(), "sqld-restored-"));
  const backup = `${data}-backup`;
  const file = join(resolve("tests/.tmp"), `replica-${randomUUID()}-restore.db`);
  const deleteReplica = () => {
    for (const suffix of ["", "-wal", "-shm", "-info", "-client_wal_index"]) rmSync(file + suffix, { force: true });
  };
  const before = `restore-before-${randomUUID().slice(0, 8)}`;
  const after = `restore-after-${randomUUID().slice(0, 8)}`;
  let database = await startSqld({ dir: data });
  const start = () =>
    startServer("replica-restore", { SMTP_URL: mail.url, DATABASE_REPLICA_FILE: file }, { databaseUrl: database.url });
  const write = async (name: string) => {
    const client = createClient({ url: database.url });
    await client.execute({
      sql: "INSERT INTO repository (id, name, name_key, link, created_at, updated_at) VALUES (?, ?, ?, 'example.com', 0, 0)",
      args: [name, name, name],
    });
    client.close();
  };
  // Stopped in this order, as the README's procedure asks: every instance, then the primary.
  let server: TestServer | undefined = await start();
  const stopAll = async () => {
    await server?.stop();
    server = undefined;
    await database.stop();
  };
  try {
    // The first start migrates and seeds the primary; one repository is written before the backup.
    await write(before);
    await stopAll();
    // The backup: the primary's data directory, copied while it is stopped (README, Backups).
    cpSync(data, backup, { recursive: true });
    database = await startSqld({ dir: data });
    server = await start();
    await write(after);
    await stopAll();
    // The restore: the data directory put back, the instance's replica file deleted, then the primary and the instance.
    rmSync(data, { recursive: true, force: true });
    cpSync(backup, data, { recursive: true });
    deleteReplica();
    database = await startSqld({ dir: data });
    server = await start();
    const cookie = await signInOverHttp(server.url, mail, "admin@example.com", { client: "198.18.200.1" });
    const listed = async (name: string) => {
      const page = await fetch(`${server!.url}/manager/repositories?searchTerm=${name}`, {
        headers: { Cookie: cookie },
      });
      expect(page.status).toBe(200);
      // A link to the repository (its id is its name): the search box echoes the term either way.
      return (await page.text()).includes(`href="/manager/repositories/${name}"`);
    };
    expect({ before: await listed(before), after: await listed(after) }).toEqual({ before: true, after: false });
  } finally {
    await stopAll();
    deleteReplica();
    for (const dir of [data, backup]) rmSync(dir, { recursive: true, force: true });
  }
});
