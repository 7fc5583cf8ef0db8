// The manager's users: the list (search, sorts, pages), create and update. What other pages ask of the users (a
// user's own name, the last admin, bans) is in app/.server/features/user-access.ts.
import { isAPIError } from "better-auth/api";
import { and, asc, desc, eq, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";

import { countUsers, isLastAdmin, welcomeEmailJob, withAdminRightsLock } from "~/.server/features/user-access";
import { auth } from "~/.server/platform/auth/auth";
import { endImpersonationsBy } from "~/.server/platform/auth/impersonation";
import { isAdmin, mayImpersonate } from "~/.server/platform/auth/permissions";
import { db } from "~/.server/platform/db/client";
import { isUniqueViolation } from "~/.server/platform/db/errors";
import { decodeCursorValues, keysetPage } from "~/.server/platform/db/keyset";
import { caseVariants, likePattern } from "~/.server/platform/db/like";
import { user } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";
import { enqueue } from "~/.server/platform/jobs/queue";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { searchableText } from "~/lib/schemas/text";
import type { NewUserInput, UserInput, UserListOrder, UserRole } from "./entity";

// Writes to a user go through better-auth's adapter, so its database hooks (our name rule) hold for them too
// (docs/architecture.md); reads are plain queries.

export type UserSummary = Pick<
  typeof user.$inferSelect,
  "id" | "email" | "name" | "image" | "role" | "onboardedAt" | "createdAt"
> & {
  /** `isAdmin`: the admin role, or an id in ADMIN_USER_IDS. */
  admin: boolean;
  /** A ban in force: a ban past its end date no longer is (the session guard's rule). */
  banned: boolean;
  /** When the ban in force ends; null for none, or for a ban without an end. */
  banExpires: Date | null;
};

type UserRow = Pick<
  typeof user.$inferSelect,
  "id" | "email" | "name" | "image" | "role" | "banned" | "banExpires" | "onboardedAt" | "createdAt"
>;

function summary({ banned, banExpires, ...row }: UserRow, now = Date.now()): UserSummary {
  const inForce = Boolean(banned) && (!banExpires || banExpires.getTime() > now);
  return {
    ...row,
    admin: isAdmin(row, getEnv().ADMIN_USER_IDS),
    banned: inForce,
    banExpires: inForce ? banExpires : null,
  };
}
export type UserPage = { items: UserSummary[]; nextCursor: string | null };

/** SQLite's lower(), which folds ASCII letters: the expression of the `user_name_sort_idx` index (drizzle/0007). */
const lowerName = sql<string>`lower(${user.name})`;

const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  image: user.image,
  role: user.role,
  banned: user.banned,
  banExpires: user.banExpires,
  onboardedAt: user.onboardedAt,
  createdAt: user.createdAt,
  lowerName,
};
type ListedRow = UserRow & { lowerName: string };

/** The row without the sort key read for the cursor, which the page does not show. */
function withoutSortKey(row: ListedRow): UserRow {
  const copy: Partial<ListedRow> = { ...row };
  delete copy.lowerName;
  return copy as UserRow;
}

/**
 * One sort of the list: the columns of its index (the sort key, then the id where the key is not unique), how a row
 * gives its key, and how a cursor's values read back into one (null: not a cursor of this sort). Keys are plain
 * values as the table stores them (a creation date in milliseconds).
 */
type SortKey = Array<string | number>;
type SortSpec = {
  columns: SQLWrapper[];
  /** The columns of the key under the names `keyOf` reads, all in the sort's index (a read that needs no row). */
  keyColumns: Partial<typeof columns>;
  keyOf: (row: ListedRow) => SortKey;
  read: (values: unknown[]) => SortKey | null;
};

const isText = (value: unknown): value is string => typeof value === "string";

const sorts: Record<UserListOrder["sort"], SortSpec> = {
  // better-auth stores e-mails lower-cased, and they are unique: the address alone is the key.
  email: {
    columns: [user.email],
    keyColumns: { email: user.email },
    keyOf: (row) => [row.email],
    read: ([email, ...rest]) => (isText(email) && !rest.length ? [email] : null),
  },
  name: {
    columns: [lowerName, user.id],
    keyColumns: { lowerName, id: user.id },
    keyOf: (row) => [row.lowerName, row.id],
    read: ([name, id, ...rest]) => (isText(name) && isText(id) && !rest.length ? [name, id] : null),
  },
  createdAt: {
    columns: [user.createdAt, user.id],
    keyColumns: { createdAt: user.createdAt, id: user.id },
    keyOf: (row) => [row.createdAt.getTime(), row.id],
    read: ([at, id, ...rest]) => (Number.isSafeInteger(at) && isText(id) && !rest.length ? [at as number, id] : null),
  },
};

/** A cursor names its sort, so that one made for another order starts from the first page instead. */
const cursorOf = (sort: UserListOrder["sort"], row: ListedRow) => JSON.stringify([sort, ...sorts[sort].keyOf(row)]);
function readCursor(sort: UserListOrder["sort"], cursor: string | null): SortKey | null {
  const [cursorSort, ...values] = decodeCursorValues(cursor) ?? [];
  return cursorSort === sort ? sorts[sort].read(values) : null;
}

/**
 * Rows after `key` in the order (`up-to`: up to `key` included, the end of a window), written so that SQLite reads it
 * as a range of the sort index: `a >= ? and (a > ? or id > ?)` rather than a row value, which an index on an
 * expression (lower(name)) does not serve.
 */
function beyond(spec: SortSpec, key: SortKey, direction: "asc" | "desc", towards: "after" | "up-to"): SQL {
  const forward = (direction === "asc") === (towards === "after");
  const strict = forward ? sql.raw(">") : sql.raw("<");
  const loose = forward ? sql.raw(">=") : sql.raw("<=");
  const last = towards === "after" ? strict : loose;
  const [first, second] = spec.columns;
  if (!second) return sql`${first} ${last} ${key[0]}`;
  return sql`(${first} ${loose} ${key[0]} and (${first} ${strict} ${key[0]} or ${second} ${last} ${key[1]}))`;
}

const orderOf = (spec: SortSpec, direction: "asc" | "desc") =>
  spec.columns.map((column) => (direction === "asc" ? asc(column) : desc(column)));

/** A trigram phrase: the term as a substring, quotes doubled. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

const matchesAnywhere = (variants: string[]) =>
  or(
    ...variants.flatMap((variant) => [
      sql`${user.name} like ${likePattern(variant)} escape '\\'`,
      sql`${user.email} like ${likePattern(variant)} escape '\\'`,
    ]),
  )!;

/** How many users a longer term may match and still be read through the trigram index alone, without a window. */
const FEW_MATCHES = 3000;

/** How many users the trigram index finds for `term`, counting no further than `most`. */
async function countMatches(term: string, most: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    sql`select count(*) as n from (select rowid from user_search where user_search match ${ftsPhrase(term)} limit ${most})`,
  );
  return Number(row?.n ?? 0);
}

/** How many spellings in either case of a longer term's letters beyond ASCII the LIKE of the window tries. */
const MOST_SPELLINGS = 8;
/** How many rows a search reads along the order before it asks the trigram index, or one full scan, instead. */
export const SEARCH_WINDOW = 2000;
const USER_PAGE_SIZE = 20;

/**
 * One page of users in the chosen order, keyset-paginated (the cursor is the last row's sort key, then its id), never
 * OFFSET. `searchTerm` matches the name or the e-mail anywhere, in any case (the same design as ADR 006):
 * - a term of 3 characters or more that at most FEW_MATCHES users match (the trigram index counts them, cheaply for
 *   few) is read through the index `user_search` (drizzle/0007) alone, then sorted;
 * - otherwise first along the next SEARCH_WINDOW rows of the order, with LIKE: a frequent term fills the page there;
 * - then, for the rows after that window: a longer term through the trigram index, which folds letters beyond
 *   ASCII too ("élodie" finds "Élodie"); a shorter term, which no trigram can hold, through one pass over the table
 *   (a bounded cost, instead of walking the rest of the order row by row).
 * LIKE folds ASCII letters only: the window tries each spelling in either case of the other letters ("é", "É").
 * Every step keeps the order, so pages join without gaps. A cursor that is not one of ours starts from the first page.
 * Costs at 100 000 users: docs/architecture.md, "The manager's user list".
 */
export async function listUsers({
  searchTerm = "",
  cursor = null,
  limit = USER_PAGE_SIZE,
  order = { sort: "email", direction: "asc" },
}: {
  searchTerm?: string;
  cursor?: string | null;
  limit?: number;
  order?: UserListOrder;
}): Promise<UserPage> {
  const spec = sorts[order.sort];
  const after = readCursor(order.sort, cursor);
  const afterCursor = after ? beyond(spec, after, order.direction, "after") : undefined;
  const ordered = async (where: SQL | undefined, take: number) =>
    (await db
      .select(columns)
      .from(user)
      .where(where)
      .orderBy(...orderOf(spec, order.direction))
      .limit(take)) as ListedRow[];
  const now = Date.now();
  const page = (rows: ListedRow[]): UserPage => {
    const { items, nextCursor } = keysetPage(rows, limit, (row) => cursorOf(order.sort, row));
    return { items: items.map((row) => summary(withoutSortKey(row), now)), nextCursor };
  };

  // Whatever the caller passes: a NUL would cut the LIKE pattern and the FTS5 phrase short.
  const term = searchableText(searchTerm).normalize("NFC").trim();
  if (!term) return page(await ordered(afterCursor, limit + 1));
  const short = [...term].length < 3;
  const inSearchIndex = sql`${user}.rowid in (select rowid from user_search where user_search match ${ftsPhrase(term)})`;
  // LIKE folds ASCII letters only, the trigram index every letter: a longer term with more than a few letters that
  // have a case beyond ASCII goes to the index at once. So does a longer term that few users match, counted in the
  // index (cheap for few): reading those few rows costs less than the window would.
  const variants = caseVariants(term, short ? Infinity : MOST_SPELLINGS);
  if (!variants || (!short && (await countMatches(term, FEW_MATCHES + 1)) <= FEW_MATCHES))
    return page(await ordered(and(afterCursor, inSearchIndex), limit + 1));

  const [windowEnd] = (await db
    .select(spec.keyColumns)
    .from(user)
    .where(afterCursor)
    .orderBy(...orderOf(spec, order.direction))
    .limit(1)
    .offset(SEARCH_WINDOW - 1)) as ListedRow[];
  const windowKey = windowEnd ? spec.keyOf(windowEnd) : null;
  const inWindow = await ordered(
    and(
      afterCursor,
      windowKey ? beyond(spec, windowKey, order.direction, "up-to") : undefined,
      matchesAnywhere(variants),
    ),
    limit + 1,
  );
  if (inWindow.length > limit || !windowKey) return page(inWindow);
  const take = limit + 1 - inWindow.length;
  const afterWindow = beyond(spec, windowKey, order.direction, "after");
  if (!short) return page([...inWindow, ...(await ordered(and(afterWindow, inSearchIndex), take))]);
  // A short term: one pass over the table in storage order (NOT INDEXED), keeping the first rows of the order as it
  // goes (SQLite's top-N sort); an index would read the rest of the order row by row, ten times slower when rare.
  // The LIKEs come first: SQLite tests the terms in this order, and lower(name) for every row would double the cost.
  const nearest = await db.all<{ rowid: number }>(
    sql`select rowid from ${user} not indexed where ${matchesAnywhere(variants)} and ${afterWindow} order by ${sql.join(orderOf(spec, order.direction), sql`, `)} limit ${take}`,
  );
  const rest = nearest.length
    ? await ordered(
        sql`${user}.rowid in (${sql.join(
          nearest.map((row) => sql`${row.rowid}`),
          sql`, `,
        )})`,
        take,
      )
    : [];
  return page([...inWindow, ...rest]);
}

export async function getUser(id: string): Promise<UserSummary | null> {
  const [row] = await db.select(columns).from(user).where(eq(user.id, id)).limit(1);
  if (!row) return null;
  return summary(withoutSortKey(row));
}

/** The role the manager's form shows: admin when the role list names it. */
export const roleOf = (row: { role?: string | null }): UserRole =>
  (row.role ?? "user")
    .split(",")
    .map((name) => name.trim())
    .includes("admin")
    ? "admin"
    : "user";

/** The admin's request headers, for the better-auth calls that check the admin's own session and permissions. */
type AdminCaller = { headers: Headers; actor: AuditActor };

const apiErrorCode = (error: unknown) =>
  isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;

const refusedForRights = (error: unknown) => isAPIError(error) && error.statusCode === 403;

export type CreateUserResult = { ok: true; userId: string } | { ok: false; error: "email-used" | "forbidden" };

/**
 * Creates a user through better-auth's admin plugin (`createUser`: its permission checks, its default role, our
 * database hooks), then records it and sends the welcome e-mail after the answer. An address already used, even by a
 * create running at the same moment (the database's unique index refuses the second), is "email-used"; never a 500.
 */
export async function createUser(input: NewUserInput, { headers, actor }: AdminCaller): Promise<CreateUserResult> {
  let created: { id: string; email: string };
  try {
    const { user: made } = await auth.api.createUser({
      // Without `role`, better-auth gives its default one and does not ask for the set-role permission.
      body: { email: input.email, name: input.name, ...(input.role === "admin" ? { role: "admin" } : {}) },
      headers,
    });
    created = made;
  } catch (error) {
    if (apiErrorCode(error) === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || isUniqueViolation(error, "user.email"))
      return { ok: false, error: "email-used" };
    if (refusedForRights(error)) return { ok: false, error: "forbidden" };
    throw error;
  }
  await recordAudit(actor, {
    action: "user.created",
    target: { type: "user", id: created.id, label: created.email },
    details: { role: input.role },
  });
  // Queued right after better-auth wrote the user (ADR 046): the admin's page does not wait for the mail server, and
  // the e-mail is retried until it is taken.
  await enqueue(welcomeEmailJob, { to: created.email, name: input.name, language: input.language });
  return { ok: true, userId: created.id };
}

export type UpdateUserResult =
  { ok: true } | { ok: false; error: "not-found" | "email-used" | "forbidden" | "self-demotion" | "last-admin" };

/**
 * Updates a user's e-mail, name and role. The e-mail and name are one write through better-auth's adapter (its hooks:
 * the name rule); a role change goes through the admin plugin's `setRole`, with the admin's session. An admin cannot
 * demote themselves, and the last admin cannot be demoted (`isLastAdmin`); checked before any write, and once more
 * after the role is written, so that two admins demoting each other at the same moment cannot leave none.
 */
export function updateUser(
  userId: string,
  input: UserInput,
  caller: AdminCaller & { canSetRole: boolean },
): Promise<UpdateUserResult> {
  return withAdminRightsLock(() => applyUserUpdate(userId, input, caller));
}

async function applyUserUpdate(
  userId: string,
  input: UserInput,
  { headers, actor, canSetRole }: AdminCaller & { canSetRole: boolean },
): Promise<UpdateUserResult> {
  const [current] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!current) return { ok: false, error: "not-found" };
  const from = roleOf(current);
  const roleChanges = input.role !== from;
  if (roleChanges) {
    if (!canSetRole) return { ok: false, error: "forbidden" };
    if (from === "admin" && actor.user?.id === userId) return { ok: false, error: "self-demotion" };
    if (from === "admin" && (await isLastAdmin(userId, "role"))) return { ok: false, error: "last-admin" };
  }

  const changes: { email?: string; emailVerified?: boolean; name?: string } = {};
  if (input.email !== current.email) {
    // The new address is not proven yet: at the next code sign-in better-auth drops what it did not prove (a linked
    // GitHub account, sessions), then marks it proven.
    changes.email = input.email;
    changes.emailVerified = false;
  }
  if (input.name !== current.name) changes.name = input.name;
  if (Object.keys(changes).length > 0) {
    try {
      await (await auth.$context).internalAdapter.updateUser(userId, changes);
    } catch (error) {
      if (isUniqueViolation(error, "user.email")) return { ok: false, error: "email-used" };
      throw error;
    }
    await recordAudit(actor, {
      action: "user.updated",
      target: { type: "user", id: userId, label: input.email },
      details: { fields: ["email", "name"].filter((field) => field in changes).join(",") },
    });
  }

  if (roleChanges) {
    try {
      await auth.api.setRole({ body: { userId, role: input.role }, headers });
    } catch (error) {
      if (refusedForRights(error)) return { ok: false, error: "forbidden" };
      throw error;
    }
    // Another demotion landed at the same moment and no admin is left: this one is undone. Through the adapter, not
    // setRole: the admin asking may be the one who was just demoted.
    if (from === "admin" && (await countUsers()).admins === 0) {
      await (await auth.$context).internalAdapter.updateUser(userId, { role: current.role });
      return { ok: false, error: "last-admin" };
    }
    // A demoted admin's impersonations end with their rights (ADR 017).
    if (!mayImpersonate({ id: userId, role: input.role }, getEnv().ADMIN_USER_IDS)) await endImpersonationsBy(userId);
    await recordAudit(actor, {
      action: "user.role-changed",
      target: { type: "user", id: userId, label: input.email },
      details: { from, to: input.role },
    });
  }
  return { ok: true };
}
