// What the database says when it refuses a write, read from its error codes rather than from its prose.
import { LibsqlError } from "@libsql/client/sqlite3";

/**
 * True when `error` is the database refusing a duplicate under the unique index over `columns`, named as SQLite names
 * them ("repository.name_key"): the code says it is a unique constraint, the columns say which one.
 */
export function isUniqueViolation(error: unknown, columns: string): boolean {
  const cause = error instanceof Error && error.cause instanceof LibsqlError ? error.cause : error;
  if (!(cause instanceof LibsqlError)) return false;
  // An embedded file gives the extended code; a libSQL server (sqld, Hrana) gives only SQLITE_CONSTRAINT, and says
  // which constraint in the message.
  const unique =
    cause.extendedCode === "SQLITE_CONSTRAINT_UNIQUE" ||
    cause.rawCode === 2067 ||
    (cause.code === "SQLITE_CONSTRAINT" &&
      cause.extendedCode === undefined &&
      /UNIQUE constraint failed: /.test(cause.message));
  return unique && cause.message.endsWith(`: ${columns}`);
}

/**
 * True when `error` is the database refusing to leave an organization without an owner (drizzle/0012_last-owner.sql:
 * a trigger's `RAISE(ABORT, 'LAST_OWNER')`), from a statement or a batch, on a file or a libSQL server.
 */
export function isLastOwnerRefusal(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof LibsqlError ? error.cause : error;
  return (
    cause instanceof LibsqlError && cause.code.startsWith("SQLITE_CONSTRAINT") && cause.message.endsWith("LAST_OWNER")
  );
}
