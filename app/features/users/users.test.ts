// Users against a real libSQL file (a fresh copy of the migrated template for this file) and a real SMTP sink: the
// manager's list (search anywhere, each sort paged through, hostile cursors), create and update through better-auth's
// admin plugin, and the rules of demotion. App modules are imported after SMTP_URL points at the sink.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { SmtpSink } from "../../../tests/support/smtp-sink";
import type { UserListOrder } from "./entity";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
afterAll(() => sink.stop());

const { and, desc, eq, like } = await import("drizzle-orm");
const { signedInAs } = await import("../../../tests/support/sessions");
const { client, db } = await import("~/.server/platform/db/client");
const { auditEvent, user } = await import("~/.server/platform/db/schema");
const { createUser, getUser, listUsers, SEARCH_WINDOW, updateUser } = await import("./users.server");
const { completeOnboarding, countUsers, isLastAdmin, updateName } = await import("~/.server/features/user-access");

const now = new Date();
const people = Array.from({ length: 45 }, (_, index) => ({
  id: `u${index}`,
  email: `person${String(index).padStart(2, "0")}@example.test`,
  name: index % 2 ? `Ada ${index}` : `Grace ${index}`,
  role: index === 7 ? "admin" : "user",
  emailVerified: true,
  createdAt: now,
  updatedAt: now,
}));
await db.insert(user).values(people);

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("counting users and admins", () => {
  it("reads one user, counts users and admins, and records names", async () => {
    expect((await getUser("u3"))?.email).toBe("person03@example.test");
    expect(await getUser("nobody")).toBeNull();
    expect(await countUsers()).toEqual({ users: 45, admins: 1 });
    await updateName("u3", "  Hedy  ");
    expect((await getUser("u3"))?.name).toBe("Hedy");
    expect((await getUser("u3"))?.onboardedAt).toBeNull();
    await completeOnboarding("u3", "Hedy Lamarr");
    expect((await getUser("u3"))?.onboardedAt).toBeInstanceOf(Date);
  });

  it("counts and marks as admins the admin role and the ids of ADMIN_USER_IDS, with one definition", async () => {
    vi.stubEnv("ADMIN_USER_IDS", "u4");
    vi.resetModules();
    const fresh = await import("./users.server");
    const freshAccess = await import("~/.server/features/user-access");
    expect(await freshAccess.countUsers()).toEqual({ users: 45, admins: 2 });
    expect((await fresh.getUser("u4"))?.admin).toBe(true);
    expect((await fresh.getUser("u7"))?.admin).toBe(true);
    expect((await fresh.getUser("u5"))?.admin).toBe(false);
    await db.update(user).set({ role: "superadmin" }).where(eq(user.id, "u5"));
    expect(await freshAccess.countUsers()).toEqual({ users: 45, admins: 2 });
    await db.update(user).set({ role: "user" }).where(eq(user.id, "u5"));
  });
});

describe("the last admin", () => {
  it("is the only admin left: they cannot lose their rights", async () => {
    // u7 is the only admin among the people above.
    expect(await isLastAdmin("u7")).toBe(true);
    expect(await isLastAdmin("u8")).toBe(false);
    await db.update(user).set({ role: "admin" }).where(eq(user.id, "u9"));
    expect(await isLastAdmin("u7")).toBe(false);
    await db.update(user).set({ role: "user" }).where(eq(user.id, "u9"));
  });

  it("counts ADMIN_USER_IDS admins, whose role alone cannot demote them", async () => {
    vi.stubEnv("ADMIN_USER_IDS", "u3");
    vi.resetModules();
    const fresh = await import("~/.server/features/user-access");
    expect(await fresh.isLastAdmin("u7")).toBe(false);
    expect(await fresh.isLastAdmin("u3", "role")).toBe(false);
    expect(await fresh.isLastAdmin("u3", "access")).toBe(false);
  });

  it("cannot be demoted, whoever asks", async () => {
    const stranger = { user: { id: "someone-else", email: "someone@example.test" }, ip: null };
    const refused = await updateUser(
      "u7",
      { email: "person07@example.test", name: "Ada 7", role: "user" },
      { headers: new Headers(), actor: stranger, canSetRole: true },
    );
    expect(refused).toEqual({ ok: false, error: "last-admin" });
    expect((await getUser("u7"))?.admin).toBe(true);
  });
});

// Everyone below is told apart by this domain, so the lists can be checked against the table itself.
const LIST = "@list.test";
const day = 24 * 60 * 60 * 1000;
const listed = [
  ["Élodie Durand", "elodie.durand"],
  ["élodie Martin", "em"],
  ["ÉLODIE Petit", "petit.e"],
  ["Søren Kierkegaard", "soren"],
  ["SØREN Hansen", "hansen"],
  ["Zoë Smith", "zoe.smith"],
  ["Ada Lovelace", "ada"],
  ["ada lovelace", "ada.two"],
  ["Ada Lovelace", "ada.three"],
  ["Grace Hopper", "grace"],
  ["grace hopper", "g.hopper"],
  ["Anna 100% Sure", "percent"],
  ["Under_Score", "under_score"],
  ["Back\\Slash", "backslash"],
  ["فاطمة الزهراء", "fatima"],
  ["Amani Wanjiru", "amani.wanjiru"],
  ["Wanjiru Kamau", "kamau"],
  ["", "no.name.yet"],
  ["Olivia Brown", "OLIVIA.BROWN"],
  ["Åsa Öberg-Ängström", "asa.oberg"],
].map(([name, local], index) => ({
  id: `list-${String(index).padStart(2, "0")}`,
  name: name!,
  email: `${local!.toLowerCase()}${LIST}`,
  // Three share a creation date, so the id has to break the tie.
  createdAt: new Date(Date.UTC(2026, 0, 1) + (index % 6 === 0 ? 0 : index) * day),
}));

/** SQLite compares text byte by byte (BINARY), and lower() folds ASCII letters only: the orders the index keeps. */
const bytes = (text: string) => Buffer.from(text, "utf8");
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
const compare = {
  email: (a: Row, b: Row) => Buffer.compare(bytes(a.email), bytes(b.email)),
  name: (a: Row, b: Row) =>
    Buffer.compare(bytes(asciiLower(a.name)), bytes(asciiLower(b.name))) || Buffer.compare(bytes(a.id), bytes(b.id)),
  createdAt: (a: Row, b: Row) =>
    a.createdAt.getTime() - b.createdAt.getTime() || Buffer.compare(bytes(a.id), bytes(b.id)),
};
type Row = { id: string; email: string; name: string; createdAt: Date };

async function tableRows(): Promise<Row[]> {
  return db
    .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(like(user.email, `%${LIST}`));
}

/** Every page of a list, following nextCursor until there is none. */
async function allPages(options: { searchTerm?: string; order?: UserListOrder; limit?: number }) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await listUsers({ ...options, cursor });
    pages.push(page.items.map((item) => item.id));
    cursor = page.nextCursor;
    if (pages.length > 500) throw new Error("the pages never end");
  } while (cursor);
  return pages;
}

const orders: UserListOrder[] = (["email", "name", "createdAt"] as const).flatMap((sort) => [
  { sort, direction: "asc" as const },
  { sort, direction: "desc" as const },
]);

async function expectedIds(order: UserListOrder, matches: (row: Row) => boolean = () => true) {
  const rows = (
    await db.select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt }).from(user)
  )
    .filter(matches)
    .sort(compare[order.sort]);
  return (order.direction === "asc" ? rows : rows.toReversed()).map((row) => row.id);
}

const ids = async (searchTerm: string, order?: UserListOrder) =>
  (await allPages({ searchTerm, order, limit: 100 })).flat().sort();
const listIdsWhere = async (matches: (row: Row) => boolean) =>
  (await tableRows())
    .filter(matches)
    .map((row) => row.id)
    .sort();

describe("the manager's user list", () => {
  beforeAll(async () => {
    await db.insert(user).values(listed.map((row) => ({ ...row, emailVerified: true, updatedAt: row.createdAt })));
  });

  it.each(orders)("pages through everyone, each once and in order: $sort $direction", async (order) => {
    const pages = await allPages({ order, limit: 7 });
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(pages.flat()).toEqual(await expectedIds(order));
  });

  it("sorts by e-mail by default", async () => {
    expect((await allPages({ limit: 10 })).flat()).toEqual(await expectedIds({ sort: "email", direction: "asc" }));
  });

  it("finds a term anywhere in the name or the e-mail, in any case", async () => {
    expect(await ids("URAN")).toEqual(["list-00"]); // the middle of "Durand" and of "elodie.durand"
    expect(await ids("lovelace")).toEqual(["list-06", "list-07", "list-08"]);
    expect(await ids("ada.t")).toEqual(["list-07", "list-08"]);
    expect(await ids("list.test")).toEqual(await listIdsWhere(() => true));
    expect(await ids("wanjiru")).toEqual(["list-15", "list-16"]);
    expect(await ids("  hopper ")).toEqual(["list-09", "list-10"]);
    expect(await ids("no such person")).toEqual([]);
  });

  it("finds letters beyond ASCII in any case, through the trigram index", async () => {
    expect(await ids("élodie")).toEqual(["list-00", "list-01", "list-02"]);
    expect(await ids("ÉLOD")).toEqual(["list-00", "list-01", "list-02"]);
    expect(await ids("søren")).toEqual(["list-03", "list-04"]);
    expect(await ids("zoë")).toEqual(["list-05"]);
    expect(await ids("الزهراء")).toEqual(["list-14"]);
    // Four letters with a case beyond ASCII: too many spellings for LIKE, straight to the index.
    expect(await ids("åSA ÖBERG-ÄNGSTRÖM")).toEqual(["list-19"]);
    expect(await ids("öberg-äng")).toEqual(["list-19"]);
  });

  it("finds a term of one or two characters anywhere, in any case", async () => {
    expect(await ids("ø")).toEqual(["list-03", "list-04"]);
    expect(await ids("Ø")).toEqual(["list-03", "list-04"]);
    expect(await ids("oë")).toEqual(["list-05"]);
    expect(await ids("nj")).toEqual(["list-15", "list-16"]);
    expect(await ids("z")).toEqual(await listIdsWhere((row) => /z/i.test(row.name) || row.email.includes("z")));
  });

  it("matches %, _ and \\ as typed", async () => {
    expect(await ids("100%")).toEqual(["list-11"]);
    expect(await ids("%")).toEqual(["list-11"]);
    expect(await ids("r_s")).toEqual(["list-12"]);
    expect(await ids("_")).toEqual(["list-12"]);
    expect(await ids("k\\s")).toEqual(["list-13"]);
    expect(await ids('"')).toEqual([]);
    expect(await ids('a"b')).toEqual([]);
  });

  it("keeps the order and the pages of a search in every sort", async () => {
    for (const order of orders) {
      const pages = await allPages({ searchTerm: "a", order, limit: 3 });
      expect(pages.flat()).toEqual(await expectedIds(order, (row) => /a/i.test(row.name) || row.email.includes("a")));
    }
  });

  it("starts from the first page for a cursor that is not one of ours, never an error", async () => {
    const first = await listUsers({ limit: 5 });
    const garbage = [
      "not base64 at all!",
      "%%%",
      Buffer.from("not json").toString("base64url"),
      Buffer.from("{}").toString("base64url"),
      Buffer.from("[]").toString("base64url"),
      Buffer.from('["email"]').toString("base64url"),
      Buffer.from('["email", 42]').toString("base64url"),
      Buffer.from('["email", "a", "b"]').toString("base64url"),
      Buffer.from('["createdAt", 1e400, "x"]').toString("base64url"),
      Buffer.from('["createdAt", "yesterday", "x"]').toString("base64url"),
      Buffer.from('["name", null, "x"]').toString("base64url"),
      Buffer.from('["drop table user", "x"]').toString("base64url"),
      "\u0000",
      "x".repeat(5000),
    ];
    for (const cursor of garbage) expect(await listUsers({ cursor, limit: 5 })).toEqual(first);
    // A cursor of another order is not one of this order's: the first page again.
    const byName = await listUsers({ limit: 5, order: { sort: "name", direction: "asc" } });
    expect(await listUsers({ cursor: byName.nextCursor, limit: 5 })).toEqual(first);
    // A cursor made up by hand but well formed is only a place in the order.
    const made = Buffer.from(JSON.stringify(["email", "m"])).toString("base64url");
    const fromM = await listUsers({ cursor: made, limit: 100 });
    expect(fromM.items.every((item) => item.email > "m")).toBe(true);
  });

  it("shows a ban in force with its end, and a ban that has ended as none", async () => {
    await db.update(user).set({ banned: true, banExpires: null }).where(eq(user.id, "list-06"));
    await db
      .update(user)
      .set({ banned: true, banExpires: new Date(Date.now() + day) })
      .where(eq(user.id, "list-07"));
    await db
      .update(user)
      .set({ banned: true, banExpires: new Date(Date.now() - day) })
      .where(eq(user.id, "list-08"));
    const found = (await listUsers({ searchTerm: "lovelace" })).items.sort((a, b) => a.id.localeCompare(b.id));
    expect(found.map(({ id, banned, banExpires }) => ({ id, banned, ended: banExpires === null }))).toEqual([
      { id: "list-06", banned: true, ended: true },
      { id: "list-07", banned: true, ended: false },
      { id: "list-08", banned: false, ended: true },
    ]);
    await db.update(user).set({ banned: false, banExpires: null }).where(like(user.id, "list-0%"));
  });

  it("reads each order along its index, not a scan and a sort of every user", async () => {
    const plans = [
      [
        `select id from user where (lower("user"."name") >= 'm' and (lower("user"."name") > 'm' or "user"."id" > 'x')) order by lower("user"."name") desc, "user"."id" desc limit 21`,
        /SEARCH user USING INDEX user_name_sort_idx/,
      ],
      [
        `select id from user where ("user"."created_at" <= 5 and ("user"."created_at" < 5 or "user"."id" < 'x')) order by "user"."created_at" desc, "user"."id" desc limit 21`,
        /SEARCH user USING (COVERING )?INDEX user_created_at_idx/,
      ],
      [`select id from user where "user"."email" > 'm' order by "user"."email" limit 21`, /SEARCH user USING INDEX/],
    ] as const;
    for (const [query, expected] of plans) {
      const steps = (await client.execute(`explain query plan ${query}`)).rows.map((row) => String(row.detail));
      expect(steps.join("\n")).toMatch(expected);
      expect(steps.join("\n")).not.toMatch(/TEMP B-TREE/);
    }
  });
});

const matchesTerm = (term: string) => (row: Row) =>
  row.name.toLowerCase().includes(term.toLowerCase()) || row.email.includes(term.toLowerCase());

describe("searching beyond the first SEARCH_WINDOW users of the order", () => {
  // Enough users that a search has to look past its window. In every ascending order, the members come first, then
  // more than FEW_MATCHES (3 000) "later" ones (a frequent term whose matches all come after the window), then a few
  // rare ones, last of all.
  const BULK = "@bulk.test";
  const MEMBERS = SEARCH_WINDOW + 500;
  const LATER = 3500;
  it("finds the same users as a scan of the table, in order, for long and short terms", async () => {
    const rows = Array.from({ length: MEMBERS + LATER + 30 }, (_, index) => {
      const n = String(index).padStart(5, "0");
      const [name, local] =
        index < MEMBERS
          ? [`Member ${n}`, `member.${n}`]
          : index < MEMBERS + LATER
            ? [`Zz Later ${n}`, `zz.later.${n}`]
            : [`Zzyzx Qöl ${n}`, `zzyzx.${n}`];
      return {
        id: `bulk-${n}`,
        name,
        email: `${local}${BULK}`,
        emailVerified: true,
        createdAt: new Date(Date.UTC(2027, 0, 1) + index * 1000),
        updatedAt: now,
      };
    });
    for (let start = 0; start < rows.length; start += 500) await db.insert(user).values(rows.slice(start, start + 500));
    for (const term of ["zzyzx", "later", "zz later 59", "qö", "QÖL", "yz", "q", "member.0249"]) {
      for (const order of orders) {
        const pages = await allPages({ searchTerm: term, order, limit: 200 });
        expect(pages.flat(), `${term} ${order.sort} ${order.direction}`).toEqual(
          await expectedIds(order, matchesTerm(term)),
        );
      }
    }
    // Pages of 20 join without gaps where the window ends and the index takes over.
    const byName = { sort: "name", direction: "asc" } as const;
    expect((await allPages({ searchTerm: "later", order: byName, limit: 20 })).flat()).toEqual(
      await expectedIds(byName, matchesTerm("later")),
    );
    await db.delete(user).where(like(user.email, `%${BULK}`));
  }, 60_000);
});

const lastAudit = async (action: string, targetId: string) =>
  (
    await db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, action), eq(auditEvent.targetId, targetId)))
      .orderBy(desc(auditEvent.id))
      .limit(1)
  )[0];

describe("creating and updating users", () => {
  // The admin who creates and updates, with a real session: better-auth checks its permissions itself.
  const boss = { id: "boss", email: "boss@example.test", name: "Boss", role: "admin" };
  const caller = { headers: new Headers(), actor: { user: { id: boss.id, email: boss.email }, ip: "198.51.100.9" } };
  beforeAll(async () => {
    await db.insert(user).values({ ...boss, emailVerified: true, createdAt: now, updatedAt: now });
    caller.headers = new Headers({ cookie: (await signedInAs(boss.email)).cookie });
  });

  it("creates a user through better-auth, records it, and sends a welcome e-mail in the chosen language", async () => {
    const since = Date.now();
    const created = await createUser(
      { email: "new.person@example.test", name: "New Person", role: "user", language: "fr" },
      caller,
    );
    expect(created).toEqual({ ok: true, userId: expect.any(String) });
    if (!created.ok) return;
    expect(await getUser(created.userId)).toMatchObject({
      email: "new.person@example.test",
      name: "New Person",
      role: "user",
      admin: false,
      onboardedAt: null,
    });
    expect(await lastAudit("user.created", created.userId)).toMatchObject({
      actorId: boss.id,
      targetLabel: "new.person@example.test",
      ip: "198.51.100.9",
      details: JSON.stringify({ role: "user" }),
    });
    const mail = await sink.waitForEmail("new.person@example.test", { since });
    expect(mail.raw).toMatch(/Subject: Bienvenue sur Groundwork/);
    expect(mail.text).toContain("http://127.0.0.1:3999/login");
    expect(mail.text).toContain("new.person@example.test");
    expect(mail.text).toContain("6 chiffres");
  });

  it("creates an admin", async () => {
    const created = await createUser(
      { email: "second.admin@example.test", name: "Second Admin", role: "admin", language: "en" },
      caller,
    );
    expect(created.ok).toBe(true);
    if (created.ok) expect((await getUser(created.userId))?.admin).toBe(true);
  });

  it("refuses an address already used, in any case, without a 500", async () => {
    expect(
      await createUser({ email: "person01@example.test", name: "Copy", role: "user", language: "en" }, caller),
    ).toEqual({ ok: false, error: "email-used" });
  });

  it("lets one of two simultaneous creates with one address win, and tells the other", async () => {
    const input = { email: "twice@example.test", name: "Twice", role: "user" as const, language: "en" as const };
    const results = await Promise.all([createUser(input, caller), createUser(input, caller)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: "email-used" }]);
    expect(await db.select().from(user).where(eq(user.email, "twice@example.test"))).toHaveLength(1);
  });

  it("tells a create that the database refused under its unique index (the other create won between check and write)", async () => {
    // The other create's row goes in just before this one's: the same statement, so the refusal takes both back.
    await client.execute(
      "create temp trigger raced before insert on user when new.email = 'raced@example.test' and new.id <> 'other' begin insert into user (id, name, email, email_verified, created_at, updated_at) values ('other', 'Other', 'raced@example.test', 1, 0, 0); end",
    );
    try {
      expect(
        await createUser({ email: "raced@example.test", name: "Raced", role: "user", language: "en" }, caller),
      ).toEqual({ ok: false, error: "email-used" });
    } finally {
      await client.execute("drop trigger raced");
    }
  });

  it("is refused to a session without the permission", async () => {
    await db.insert(user).values({
      id: "plain",
      email: "plain@example.test",
      name: "Plain",
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    const plain = await signedInAs("plain@example.test");
    const asPlain = { headers: new Headers({ cookie: plain.cookie }), actor: { user: null, ip: null } };
    expect(await createUser({ email: "x@example.test", name: "X", role: "user", language: "en" }, asPlain)).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(
      await updateUser(
        "u1",
        { email: "person01@example.test", name: "Ada 1", role: "admin" },
        {
          ...asPlain,
          canSetRole: true,
        },
      ),
    ).toEqual({ ok: false, error: "forbidden" });
    expect((await getUser("u1"))?.admin).toBe(false);
  });

  it("updates the e-mail and the name, records which fields changed, and refuses an address in use", async () => {
    const updated = await updateUser(
      "u11",
      { email: "renamed@example.test", name: "Ada Renamed", role: "user" },
      { ...caller, canSetRole: true },
    );
    expect(updated).toEqual({ ok: true });
    expect(await getUser("u11")).toMatchObject({ email: "renamed@example.test", name: "Ada Renamed" });
    expect((await lastAudit("user.updated", "u11"))?.details).toBe(JSON.stringify({ fields: "email,name" }));
    expect(
      await updateUser(
        "u11",
        { email: "person12@example.test", name: "Ada Renamed", role: "user" },
        {
          ...caller,
          canSetRole: true,
        },
      ),
    ).toEqual({ ok: false, error: "email-used" });
    expect((await getUser("u11"))?.email).toBe("renamed@example.test");
    expect(
      await updateUser("nobody", { email: "n@example.test", name: "N", role: "user" }, { ...caller, canSetRole: true }),
    ).toEqual({ ok: false, error: "not-found" });
  });

  it("changes a role through better-auth and records from and to; only with the set-role permission", async () => {
    const input = { email: "person13@example.test", name: "Ada 13", role: "admin" as const };
    expect(await updateUser("u13", input, { ...caller, canSetRole: false })).toEqual({ ok: false, error: "forbidden" });
    expect(await updateUser("u13", input, { ...caller, canSetRole: true })).toEqual({ ok: true });
    expect((await getUser("u13"))?.admin).toBe(true);
    expect((await lastAudit("user.role-changed", "u13"))?.details).toBe(JSON.stringify({ from: "user", to: "admin" }));
    expect(await updateUser("u13", { ...input, role: "user" }, { ...caller, canSetRole: true })).toEqual({ ok: true });
    expect((await lastAudit("user.role-changed", "u13"))?.details).toBe(JSON.stringify({ from: "admin", to: "user" }));
    // Nothing changed: nothing written, nothing recorded.
    const before = await db.select().from(auditEvent);
    expect(await updateUser("u13", { ...input, role: "user" }, { ...caller, canSetRole: true })).toEqual({ ok: true });
    expect(await db.select().from(auditEvent)).toEqual(before);
  });

  it("does not let an admin demote themselves", async () => {
    expect(
      await updateUser(
        boss.id,
        { email: boss.email, name: "Boss Renamed", role: "user" },
        { ...caller, canSetRole: true },
      ),
    ).toEqual({ ok: false, error: "self-demotion" });
    expect(await getUser(boss.id)).toMatchObject({ admin: true, name: "Boss" });
  });

  it("undoes a demotion that, with another one landing at the same moment, would leave no admin", async () => {
    // Boss and u20 are the only admins; while boss demotes u20, u20's own demotion of boss lands (a trigger plays it).
    for (const other of await db.select({ id: user.id }).from(user).where(like(user.role, "%admin%")))
      if (other.id !== boss.id) await db.update(user).set({ role: "user" }).where(eq(user.id, other.id));
    await db.update(user).set({ role: "admin" }).where(eq(user.id, "u20"));
    await client.execute(
      "create temp trigger meanwhile after update of role on user when new.id = 'u20' and new.role = 'user' begin update user set role = 'user' where id = 'boss'; end",
    );
    try {
      const result = await updateUser(
        "u20",
        { email: "person20@example.test", name: "Grace 20", role: "user" },
        { ...caller, canSetRole: true },
      );
      expect(result).toEqual({ ok: false, error: "last-admin" });
    } finally {
      await client.execute("drop trigger meanwhile");
    }
    expect((await getUser("u20"))?.admin).toBe(true);
    expect((await countUsers()).admins).toBe(1);
    expect(await lastAudit("user.role-changed", "u20")).toBeUndefined();
  });
});
