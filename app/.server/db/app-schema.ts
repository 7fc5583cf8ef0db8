import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Fixed-window counters of our own rate limiter (app/.server/security/rate-limit.ts), shared by every process. */
export const rateLimitCounter = sqliteTable("rate_limit_counter", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});
