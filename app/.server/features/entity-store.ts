// The rules every entity written by `npm run new:entity` shares (ADR 045): a list with search and keyset pages, one
// entry, a save and a delete recorded in the audit trail. Plain values in, plain values out; nothing reads a Request.
// Repositories keep their own walked search (ADR 027); an entity's list is small enough for LIKE.
import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";

import { db } from "~/.server/platform/db/client";
import { decodeCursorValues, keysetPage } from "~/.server/platform/db/keyset";
import { caseVariants, likePattern } from "~/.server/platform/db/like";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import type { EntityDefinition, FieldDefinition } from "~/lib/entity";
import { searchableText } from "~/lib/schemas/text";

const PAGE_SIZE = 20;
/** Spellings of a term with non-ASCII letters tried by LIKE (it folds ASCII only), at most. */
const MOST_CASE_VARIANTS = 32;

type Stored<Fields extends Record<string, FieldDefinition>> = z.output<EntityDefinition<Fields>["schema"]>;
export type Entry<Fields extends Record<string, FieldDefinition>> = {
  [Name in keyof Stored<Fields>]-?: Exclude<Stored<Fields>[Name], undefined> | null;
} & { id: string; createdAt: Date; updatedAt: Date; createdById: string | null };

/** The rules of one entity: its definition, over its table. */
export function entityStore<Fields extends Record<string, FieldDefinition>>(
  entity: EntityDefinition<Fields>,
  table: SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn },
) {
  type Row = Entry<Fields>;
  const column = (name: string) => (table as unknown as Record<string, SQLiteColumn>)[name]!;
  const fieldNames = Object.keys(entity.fields);
  const searched = fieldNames.filter(
    (name) =>
      entity.fields[name]!.type !== "number" &&
      entity.fields[name]!.type !== "boolean" &&
      entity.fields[name]!.type !== "date",
  );
  // A list row is what the list shows (ADR 040): a long text stays on the detail page.
  const listed = Object.fromEntries(
    ["id", "createdAt", "updatedAt", ...fieldNames.filter((name) => entity.fields[name]!.type !== "longtext")].map(
      (name) => [name, column(name)],
    ),
  );

  const matches = (term: string): SQL | undefined => {
    const spellings = caseVariants(term, MOST_CASE_VARIANTS) ?? [term];
    return or(
      ...searched.flatMap((name) =>
        spellings.map((spelling) => sql`${column(name)} like ${likePattern(spelling)} escape '\\'`),
      ),
    );
  };

  /** After the last (created_at, id) of the previous page; nothing for a cursor that is not one of ours. */
  const after = (cursor: string | null): SQL | undefined => {
    const values = decodeCursorValues(cursor);
    const [at, id] = values ?? [];
    if (typeof at !== "number" || typeof id !== "string") return undefined;
    const createdAt = new Date(at);
    return or(lt(table.createdAt, createdAt), and(eq(table.createdAt, createdAt), lt(table.id, id)));
  };

  const read = (where: SQL | undefined) => db.select().from(table).where(where).limit(1);
  const record = (action: "entry.created" | "entry.updated" | "entry.deleted", by: AuditActor, row: Row) =>
    recordAudit(by, {
      action,
      target: { type: entity.name, id: row.id, label: String((row as Record<string, unknown>)[entity.titleField]) },
    });

  return {
    /** One page, newest first, keyset-paginated; a search matches its text fields anywhere, in any case. */
    async list({
      searchTerm = "",
      cursor = null,
      limit = PAGE_SIZE,
    }: {
      searchTerm?: string;
      cursor?: string | null;
      limit?: number;
    }): Promise<{ items: Row[]; nextCursor: string | null }> {
      const term = searchableText(searchTerm).trim();
      const rows = (await db
        .select(listed)
        .from(table)
        .where(and(after(cursor), term ? matches(term) : undefined))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(limit + 1)) as unknown as Row[];
      return keysetPage(rows, limit, (row) => JSON.stringify([row.createdAt.getTime(), row.id]));
    },

    async get(id: string): Promise<Row | null> {
      const [row] = await read(eq(table.id, id));
      return (row as Row | undefined) ?? null;
    },

    /** Creates an entry (`id` null; `by` is its creator) or updates the one with `id`; recorded in the audit trail. */
    async save(
      input: Stored<Fields>,
      id: string | null,
      by: AuditActor,
    ): Promise<{ ok: true; entry: Row } | { ok: false; error: "not-found" }> {
      // An optional field left empty is stored as null, so that clearing it on an update clears the column.
      const values = Object.fromEntries(
        fieldNames.map((name) => [name, (input as Record<string, unknown>)[name] ?? null]),
      );
      const [saved] = (id
        ? await db
            .update(table)
            .set({ ...values, updatedAt: new Date() } as never)
            .where(eq(table.id, id))
            .returning()
        : await db
            .insert(table)
            .values({ ...values, createdById: by.user?.id ?? null } as never)
            .returning()) as unknown as Row[];
      if (!saved) return { ok: false, error: "not-found" };
      await record(id ? "entry.updated" : "entry.created", by, saved);
      return { ok: true, entry: saved };
    },

    /** Deletes an entry; true when there was one. Recorded in the audit trail. */
    async remove(id: string, by: AuditActor): Promise<boolean> {
      const [deleted] = (await db.delete(table).where(eq(table.id, id)).returning()) as unknown as Row[];
      if (!deleted) return false;
      await record("entry.deleted", by, deleted);
      return true;
    },
  };
}
