// What the database says when it refuses a write, read from its error codes rather than from its prose.
import { LibsqlError } from "@libsql/client";

/**
 * True when `error` is the database refusing a duplicate under the unique index over `columns`, named as SQLite names
 * them ("repository.name_key"): the code says it is a unique constraint, the columns say which one.
 */
export function isUniqueViolation(error: unknown, columns: string): boolean {
  const cause = error instanceof Error && error.cause instanceof LibsqlError ? error.cause : error;
  if (!(cause instanceof LibsqlError)) return false;
  const unique = cause.extendedCode === "SQLITE_CONSTRAINT_UNIQUE" || cause.rawCode === 2067;
  return unique && cause.message.endsWith(`: ${columns}`);
}
