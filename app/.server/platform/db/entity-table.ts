// The columns and the index every table written by `npm run new:entity` has (ADR 045); the entity's own columns
// come from its table.server.ts. drizzle-kit reads those files too (drizzle.config.ts).
import { randomUUID } from "node:crypto";
import { index, integer, sqliteTable, text, type SQLiteColumnBuilderBase } from "drizzle-orm/sqlite-core";

import { user } from "./auth-schema";

export function entityTable<Name extends string, Columns extends Record<string, SQLiteColumnBuilderBase>>(
  name: Name,
  columns: Columns,
) {
  return sqliteTable(
    name,
    {
      id: text("id")
        .primaryKey()
        .$defaultFn(() => randomUUID()),
      ...columns,
      createdAt: integer("created_at", { mode: "timestamp_ms" })
        .notNull()
        .$defaultFn(() => new Date()),
      updatedAt: integer("updated_at", { mode: "timestamp_ms" })
        .notNull()
        .$defaultFn(() => new Date())
        .$onUpdate(() => new Date()),
      createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    },
    // The lists show the newest first and page on (created_at, id): one index range per page.
    (table) => [index(`${name}_created_at_id`).on(table.createdAt, table.id)],
  );
}
