// Repositories, the sample entity (docs/adding-an-entity.md): data access and rules. Routes call these with plain
// values; nothing here reads a Request.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";

import { client, db, type Database } from "~/.server/platform/db/client";
import { isUniqueViolation } from "~/.server/platform/db/errors";
import { decodeCursor, keysetPage } from "~/.server/platform/db/keyset";
import { likePattern } from "~/.server/platform/db/like";
import { recordAudit, type AuditActor, type AuditTargets } from "~/features/audit/audit.server";
import { searchableText } from "~/lib/schemas/text";
import { repositoryNameKey, type RepositoryInput } from "./entity";
import { repository } from "./table.server";

export type Repository = typeof repository.$inferSelect;
/** A repository as the list shows it: its name, link and last change, and the id its row links to. */
export type RepositoryListItem = Pick<Repository, "id" | "name" | "link" | "updatedAt">;
export type RepositoryPage = { items: RepositoryListItem[]; nextCursor: string | null };

export const REPOSITORY_PAGE_SIZE = 20;

/** A trigram phrase: the term as a substring, quotes doubled. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

const matchesAnywhere = (term: string) => {
  const pattern = likePattern(term);
  return or(
    sql`${repository.name} like ${pattern} escape '\\'`,
    sql`${repository.link} like ${pattern} escape '\\'`,
    sql`${repository.description} like ${pattern} escape '\\'`,
  );
};

/** What a list page reads of each row: what it shows, and the name key its cursor is made of. */
const listed = {
  id: repository.id,
  name: repository.name,
  link: repository.link,
  updatedAt: repository.updatedAt,
  nameKey: repository.nameKey,
};
type ListedRow = RepositoryListItem & { nameKey: string };

const ordered = (where: SQL | undefined, take: number) =>
  db.select(listed).from(repository).where(where).orderBy(asc(repository.nameKey)).limit(take);

/** How many rows a search reads along the name order before it asks the full-text index instead. */
export const SEARCH_WINDOW = 2000;
/** Up to this many full-text matches, the matches after the window are read and sorted; past it, they are walked. */
export const SORT_AT_MOST = 2000;
/** How many names after the window such a walk checks before it reads and sorts the matches after them. */
export const WALK_WINDOW = 20_000;

/** The name key `offset` names after `where` (0: the first), or none when the list ends before it. */
async function nameKeyAt(where: SQL | undefined, offset: number): Promise<string | undefined> {
  const [row] = await db
    .select({ nameKey: repository.nameKey })
    .from(repository)
    .where(where)
    .orderBy(asc(repository.nameKey))
    .limit(1)
    .offset(offset);
  return row?.nameKey;
}

/** Whether the full-text index matches more than `most` rows; FTS5 stops reading it after `most` + 1. */
async function matchesMoreThan(phrase: string, most: number): Promise<boolean> {
  const { rows } = await client.execute({
    sql: "select count(*) as matches from (select 1 from repository_search where repository_search match ? limit ?)",
    args: [phrase, most + 1],
  });
  return Number(rows[0]?.matches ?? 0) > most;
}

/**
 * One page, sorted by name, keyset-paginated on the unique name key: a late page costs what the first one does.
 * Search (ADR 006, ADR 027): a term of 1–2 characters matches the start of a name (an index range). A longer term
 * matches anywhere in name, link or description: first along the next SEARCH_WINDOW names (frequent terms fill the
 * page there), then through the trigram full-text index. When it matches at most SORT_AT_MOST rows (rare terms),
 * those after the window are read and sorted; when more, the next WALK_WINDOW names are walked in order, each
 * checked against the index's matches, and only what the walk did not reach is read and sorted.
 */
export async function listRepositories({
  searchTerm = "",
  cursor = null,
  limit = REPOSITORY_PAGE_SIZE,
}: {
  searchTerm?: string;
  cursor?: string | null;
  limit?: number;
}): Promise<RepositoryPage> {
  const after = decodeCursor(cursor);
  const afterCursor = after === null ? undefined : gt(repository.nameKey, after);
  // Whatever the caller passes: a NUL would cut the LIKE pattern and the FTS5 phrase short (a wrong page, or an
  // "unterminated string" error), so controls and lone surrogates go here too, not only in readListParams.
  const term = searchableText(searchTerm).trim();
  const page = (rows: ListedRow[]): RepositoryPage => {
    const { items, nextCursor } = keysetPage(rows, limit, (row) => row.nameKey);
    // The name key only makes the cursor: the page is sent what it shows (docs/adding-an-entity.md).
    return { items: items.map(({ id, name, link, updatedAt }) => ({ id, name, link, updatedAt })), nextCursor };
  };

  if (!term) return page(await ordered(afterCursor, limit + 1));
  if ([...term].length < 3) {
    const prefix = repositoryNameKey(term);
    return page(
      await ordered(
        and(afterCursor, gte(repository.nameKey, prefix), lt(repository.nameKey, `${prefix}\u{10FFFF}`)),
        limit + 1,
      ),
    );
  }
  const phrase = ftsPhrase(term);
  const matches = sql`(select rowid from repository_search where repository_search match ${phrase})`;
  // Rows looked up by the index's matches, then sorted.
  const inSearchIndex = sql`${repository}.rowid in ${matches}`;
  // The same test with the rowid hidden behind a unary +: SQLite can no longer look rows up by it, so it walks the
  // name index in order and checks each row against the matches.
  const walkedThroughSearchIndex = sql`+${repository}.rowid in ${matches}`;
  // SQLite's LIKE folds ASCII letters only; the trigram index folds every letter, so it answers for "École".
  if ([...term].some((character) => character.charCodeAt(0) > 0x7f))
    return page(await ordered(and(afterCursor, inSearchIndex), limit + 1));
  const windowEnd = await nameKeyAt(afterCursor, SEARCH_WINDOW - 1);
  const inWindow = await ordered(
    and(afterCursor, windowEnd ? lte(repository.nameKey, windowEnd) : undefined, matchesAnywhere(term)),
    limit + 1,
  );
  if (inWindow.length > limit || !windowEnd) return page(inWindow);
  const rest = limit + 1 - inWindow.length;
  const afterWindow = gt(repository.nameKey, windowEnd);
  if (!(await matchesMoreThan(phrase, SORT_AT_MOST)))
    return page([...inWindow, ...(await ordered(and(afterWindow, inSearchIndex), rest))]);
  const walkEnd = await nameKeyAt(afterWindow, WALK_WINDOW - 1);
  const walked = await ordered(
    and(afterWindow, walkEnd ? lte(repository.nameKey, walkEnd) : undefined, walkedThroughSearchIndex),
    rest,
  );
  if (walked.length === rest || !walkEnd) return page([...inWindow, ...walked]);
  const beyond = await ordered(and(gt(repository.nameKey, walkEnd), inSearchIndex), rest - walked.length);
  return page([...inWindow, ...walked, ...beyond]);
}

export async function getRepository(id: string): Promise<Repository | null> {
  const [row] = await db.select().from(repository).where(eq(repository.id, id)).limit(1);
  return row ?? null;
}

export async function countRepositories(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(repository);
  return row?.value ?? 0;
}

/**
 * The `limit` newest repositories (the home page's), newest first by rowid: SQLite gives each new row the largest
 * rowid, so this walks the table's own b-tree from its end (five rows read) where ORDER BY created_at would sort the
 * whole table (no index on it).
 */
export async function newestRepositories(
  limit: number,
): Promise<Array<Pick<Repository, "id" | "name" | "description" | "createdAt">>> {
  return db
    .select({
      id: repository.id,
      name: repository.name,
      description: repository.description,
      createdAt: repository.createdAt,
    })
    .from(repository)
    .orderBy(desc(sql`${repository}.rowid`))
    .limit(limit);
}

export type SaveResult = { ok: true; repository: Repository } | { ok: false; error: "name-used" | "not-found" };

/** What a write stores: the name composed (NFC), and the key that makes look-alike names collide. */
function stored(input: RepositoryInput) {
  const name = input.name.normalize("NFC");
  return { ...input, name, nameKey: repositoryNameKey(name) };
}

/**
 * Creates a repository (`id` null; `by` is its creator), or updates the one with `id`: one write, no read before it.
 * A name already used (in any case or spelling) is refused by the database's unique index, so two simultaneous saves
 * cannot both win; never a 500. A write that succeeded is recorded in the audit trail as done `by`.
 */
export async function saveRepository(input: RepositoryInput, id: string | null, by: AuditActor): Promise<SaveResult> {
  let saved: Repository | undefined;
  try {
    [saved] = id
      ? await db
          .update(repository)
          .set({ ...stored(input), updatedAt: new Date() })
          .where(eq(repository.id, id))
          .returning()
      : await db
          .insert(repository)
          .values({ ...stored(input), createdById: by.user?.id ?? null })
          .returning();
  } catch (error) {
    if (isUniqueViolation(error, "repository.name_key")) return { ok: false, error: "name-used" };
    throw error;
  }
  if (!saved) return { ok: false, error: "not-found" };
  await recordAudit(by, {
    action: id ? "repository.updated" : "repository.created",
    target: { type: "repository", id: saved.id, label: saved.name },
  });
  return { ok: true, repository: saved };
}

/**
 * What the audit trail asks of repositories (it imports no feature, ADR 045; its routes pass this): the repository a
 * name belongs to now, and which of the repositories it names still exist (those are linked).
 */
export const repositoryAuditTargets: AuditTargets = {
  async idByName(name) {
    const key = repositoryNameKey(name);
    if (!key) return null;
    const [row] = await db.select({ id: repository.id }).from(repository).where(eq(repository.nameKey, key)).limit(1);
    return row?.id ?? null;
  },
  async existing(ids) {
    const rows = await db.select({ id: repository.id }).from(repository).where(inArray(repository.id, ids));
    return new Set(rows.map((row) => row.id));
  },
};

/** Deletes a repository; true when there was one. Recorded in the audit trail as done `by`. */
export async function deleteRepository(id: string, by: AuditActor): Promise<boolean> {
  const [deleted] = await db
    .delete(repository)
    .where(eq(repository.id, id))
    .returning({ id: repository.id, name: repository.name });
  if (!deleted) return false;
  await recordAudit(by, {
    action: "repository.deleted",
    target: { type: "repository", id: deleted.id, label: deleted.name },
  });
  return true;
}

/** The demo repositories of the seed (app/features/seed.server.ts), created by the seeded admin. */
const SEED_REPOSITORIES = [
  {
    name: "groundwork",
    link: "github.com/groundwork-starter/groundwork",
    description: "The starter this instance runs on.",
  },
  {
    name: "react-router",
    link: "https://github.com/remix-run/react-router",
    description: "Declarative routing for React: loaders, actions and server rendering.",
  },
  {
    name: "better-auth",
    link: "https://github.com/better-auth/better-auth",
    description: "The authentication framework behind the e-mail code sign-in.",
  },
  {
    name: "drizzle-orm",
    link: "https://github.com/drizzle-team/drizzle-orm",
    description: "TypeScript ORM with SQL-like queries and migrations.",
  },
  {
    name: "libsql",
    link: "https://github.com/tursodatabase/libsql",
    description: "An open fork of SQLite that can also run as a server.",
  },
  {
    name: "tailwindcss",
    link: "https://github.com/tailwindlabs/tailwindcss",
    description: "A utility-first CSS framework.",
  },
] as const;

/** Adds the demo repositories that are missing; running it twice changes nothing. */
export async function seedRepositories(database: Database, adminId: string | null): Promise<void> {
  await database
    .insert(repository)
    .values(SEED_REPOSITORIES.map((seed) => ({ ...seed, nameKey: repositoryNameKey(seed.name), createdById: adminId })))
    .onConflictDoNothing({ target: repository.nameKey });
}

const WORDS = [
  "alpha",
  "atlas",
  "beacon",
  "cedar",
  "delta",
  "ember",
  "falcon",
  "garnet",
  "harbor",
  "indigo",
  "juniper",
  "kestrel",
  "lumen",
  "meadow",
  "nimbus",
  "onyx",
  "prairie",
  "quartz",
  "raven",
  "sierra",
  "tundra",
  "umber",
  "vertex",
  "willow",
  "xenon",
  "yonder",
  "zephyr",
];

/** `npm run bench`: real-looking repositories in bulk, in batches inside transactions. */
export async function seedBenchmarkRepositories(total: number, database: Database = db): Promise<void> {
  const batch = 1000;
  for (let start = 0; start < total; start += batch) {
    const rows = Array.from({ length: Math.min(batch, total - start) }, (_, offset) => {
      const n = start + offset;
      const name = `${WORDS[n % WORDS.length]}-${WORDS[Math.floor(n / WORDS.length) % WORDS.length]}-${n}`;
      return {
        name,
        nameKey: repositoryNameKey(name),
        link: `https://git.example.com/team-${n % 97}/${name}`,
        description: `Sample project ${n} for the benchmark, owned by team ${n % 97}.`,
      };
    });
    await database.insert(repository).values(rows);
  }
}
