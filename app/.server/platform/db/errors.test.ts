import { LibsqlError } from "@libsql/client";
import { describe, expect, it } from "vitest";

import { isUniqueViolation } from "./errors";

describe("isUniqueViolation", () => {
  it("reads an embedded file's extended code", () => {
    const error = new LibsqlError(
      "SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: repository.name_key",
      "SQLITE_CONSTRAINT_UNIQUE",
      "SQLITE_CONSTRAINT_UNIQUE",
      2067,
    );
    expect(isUniqueViolation(new Error("Failed query", { cause: error }), "repository.name_key")).toBe(true);
    expect(isUniqueViolation(error, "organization.slug")).toBe(false);
  });

  // What sqld 0.24 answers over HTTP (tests/deploy/scale-out.spec.ts met it): no extended code, the prose says which.
  it("reads a libSQL server's answer, which has no extended code", () => {
    const error = new LibsqlError(
      "SQLITE_CONSTRAINT: SQLite error: UNIQUE constraint failed: repository.name_key",
      "SQLITE_CONSTRAINT",
    );
    expect(isUniqueViolation(new Error("Failed query", { cause: error }), "repository.name_key")).toBe(true);
    expect(isUniqueViolation(error, "organization.slug")).toBe(false);
    const notNull = new LibsqlError(
      "SQLITE_CONSTRAINT: SQLite error: NOT NULL constraint failed: repository.name_key",
      "SQLITE_CONSTRAINT",
    );
    expect(isUniqueViolation(notNull, "repository.name_key")).toBe(false);
  });
});
