// The repository table; drizzle-kit reads this file (drizzle.config.ts). Its own columns rather than entityTable's
// (ADR 045): the list is sorted and paginated by the unique name key, not by creation, and the trigram full-text
// index repository_search with its triggers lives in the migrations (drizzle/), kept in step with name, link and
// description (ADR 027).
import { randomUUID } from "node:crypto";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { user } from "~/.server/platform/db/auth-schema";

/** The product's sample entity (docs/product.md). */
export const repository = sqliteTable(
  "repository",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    name: text("name").notNull(),
    /** The name folded for comparison (Unicode, not only ASCII as SQLite's lower()): unique, and the sort key. */
    nameKey: text("name_key").notNull(),
    link: text("link").notNull(),
    description: text("description").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date())
      .$onUpdate(() => new Date()),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
  },
  // One index does two jobs: names are unique without regard to case (the database enforces it, so two
  // simultaneous creates cannot both win), and lists are sorted and paginated by that same key.
  (table) => [uniqueIndex("repository_name_key").on(table.nameKey)],
);
