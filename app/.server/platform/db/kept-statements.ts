// An embedded file's client that keeps its prepared statements (ADR 054).
import type { Client, InArgs, InStatement, InValue, ResultSet, Row, TransactionMode } from "@libsql/client";
import { LibsqlBatchError, LibsqlError } from "@libsql/client/sqlite3";
import Database from "libsql";

/** How many prepared statements a connection keeps; the least recently used goes first. */
export const KEPT_STATEMENTS = 128;

type Connection = Database.Database;
type Statement = Database.Statement;
type Kept = { statement: Statement; returnsData: boolean };

/** A statement that reads or writes rows, and changes no schema or setting: the only kind worth keeping. */
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

/**
 * One connection to an embedded file, as `@libsql/client/sqlite3` opens it with `concurrency: 1`, that prepares a
 * statement once and runs it again for the same SQL, where the library prepares it on every execute (ADR 038 measured
 * the cost). What made keeping statements unsafe once (ADR 038), and what this does about it:
 * - A run that fails is not reset by the driver and may hold a transaction open: its statement is dropped, never run
 *   again (the busy wrapper, ADR 039, then replaces the connection).
 * - The driver never clears a statement's bindings: a statement is kept per number of positional arguments, so a
 *   placeholder given none was never bound on it and reads NULL. Named arguments are prepared every time.
 * - Statements belong to the connection: a reconnect or a close drops them all.
 * - Any other statement (DDL, PRAGMA, a hand-written BEGIN or SAVEPOINT), a migration, a multi-statement script and a
 *   rollback drop them all, so none outlives a schema change of this connection; a change made by another connection is
 *   re-prepared by SQLite itself, and the columns are read after the run, so they are the new ones.
 * - At most KEPT_STATEMENTS are kept.
 */
export function openFileClient(
  url: string,
  { timeout }: { timeout?: number } = {},
): Client & { keptStatements: number } {
  // "file:data/app.db", "file:/srv/app.db", "file:///srv/app.db": the path, as openDatabase makes its folder.
  const path = decodeURIComponent(url.slice("file:".length).split("?")[0]!).replace(/^\/\/(localhost)?(?=\/)/, "");
  const open = () => new Database(path, { timeout });
  let db: Connection | undefined = open();
  let kept = new Map<string, Kept>();
  let inTransaction = false;

  function connection(): Connection {
    if (!db) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
    return db;
  }

  /** The connection for an operation of the client's own, which an open transaction holds (as the library says). */
  function idle(): Connection {
    const database = connection();
    if (inTransaction)
      throw new LibsqlError(
        "This client has a single connection, which an open transaction is holding.",
        "TRANSACTION_ACTIVE",
      );
    return database;
  }

  function forget() {
    kept = new Map();
  }

  function run(stmt: InStatement, database = connection()): ResultSet {
    const { sql, args = [] } = typeof stmt === "string" ? { sql: stmt } : stmt;
    const keepable = KEEPABLE.test(sql);
    if (!keepable) forget();
    const positional = Array.isArray(args);
    const key = positional && keepable ? `${args.length}:${sql}` : undefined;
    let entry = key === undefined ? undefined : kept.get(key);
    if (entry && key !== undefined) {
      kept.delete(key);
      kept.set(key, entry); // the most recently used, last to go
    }
    try {
      if (!entry) {
        entry = prepare(database, sql);
        if (key !== undefined) {
          kept.set(key, entry);
          if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
        }
      }
      const bound = positional ? args.map(valueToSql) : namedArgs(args);
      if (!entry.returnsData) {
        const info = entry.statement.run(bound);
        return result([], [], [], info.changes, BigInt(info.lastInsertRowid));
      }
      const raw = entry.statement.all(bound) as unknown[][];
      const columns = entry.statement.columns();
      const names = columns.map((column) => column.name);
      return result(
        names,
        columns.map((column) => column.type ?? ""),
        raw.map((values) => rowFromSql(values, names)),
        0,
        undefined,
      );
    } catch (error) {
      if (key !== undefined) kept.delete(key);
      throw mapSqliteError(error);
    }
  }

  function batchOf(stmts: InStatement[] | readonly InStatement[], each: (stmt: InStatement) => ResultSet) {
    return stmts.map((stmt, index) => {
      try {
        if (!connection().inTransaction)
          throw new LibsqlBatchError("The transaction has been rolled back", index, "TRANSACTION_CLOSED");
        return each(stmt);
      } catch (error) {
        if (error instanceof LibsqlError && !(error instanceof LibsqlBatchError))
          throw new LibsqlBatchError(error.message, index, error.code, error.extendedCode, error.rawCode, error);
        throw error;
      }
    });
  }

  /** BEGIN, COMMIT, ROLLBACK, a PRAGMA: prepared each time, and no reason to drop the kept statements. */
  function control(database: Connection, sql: string) {
    try {
      database.prepare(sql).run();
    } catch (error) {
      throw mapSqliteError(error);
    }
  }

  /** The end of an operation: a transaction it left open is rolled back; a connection that cannot is replaced. */
  function release(database: Connection) {
    if (!database.open || !database.inTransaction) return;
    forget();
    try {
      control(database, "ROLLBACK");
    } catch {
      if (database !== db) return;
      database.close();
      db = open();
    }
  }

  function close() {
    forget();
    inTransaction = false;
    if (db?.open) db.close();
    db = undefined;
  }

  return {
    execute: (async (stmtOrSql: InStatement, args?: InArgs) =>
      run(
        typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql,
        idle(),
      )) as Client["execute"],
    async batch(stmts: InStatement[], mode: TransactionMode = "deferred") {
      const database = idle();
      try {
        control(database, BEGIN[mode]);
        const results = batchOf(stmts.map(normalize), (stmt) => run(stmt, database));
        control(database, "COMMIT");
        return results;
      } finally {
        release(database);
      }
    },
    async migrate(stmts) {
      const database = idle();
      forget();
      control(database, "PRAGMA foreign_keys=off");
      try {
        control(database, "BEGIN DEFERRED");
        const results = batchOf(stmts, (stmt) => run(stmt, database));
        control(database, "COMMIT");
        return results;
      } finally {
        release(database);
        forget();
        if (database.open) control(database, "PRAGMA foreign_keys=on");
      }
    },
    async transaction(mode: TransactionMode = "write") {
      const database = idle();
      control(database, BEGIN[mode]);
      inTransaction = true;
      let settled = false;
      const settle = () => {
        if (!settled && database === db) inTransaction = false;
        settled = true;
      };
      const live = () => {
        if (settled || database !== db || !database.open || !database.inTransaction)
          throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
        return database;
      };
      return {
        execute: (async (stmtOrSql: InStatement, args?: InArgs) => {
          return run(typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql, live());
        }) as Client["execute"],
        async batch(stmts) {
          return stmts.map(normalize).map((stmt, index) => {
            try {
              return run(stmt, live());
            } catch (error) {
              if (error instanceof LibsqlError && !(error instanceof LibsqlBatchError))
                throw new LibsqlBatchError(error.message, index, error.code, error.extendedCode, error.rawCode, error);
              throw error;
            }
          });
        },
        async executeMultiple(sql) {
          forget();
          try {
            live().exec(sql);
          } catch (error) {
            throw mapSqliteError(error);
          }
        },
        async rollback() {
          if (settled || database !== db || !database.open) return settle();
          try {
            forget();
            control(live(), "ROLLBACK");
          } finally {
            settle();
          }
        },
        async commit() {
          try {
            control(live(), "COMMIT");
          } finally {
            if (database === db) release(database);
            settle();
          }
        },
        close() {
          if (!settled && database === db) release(database);
          settle();
        },
        get closed() {
          return settled || database !== db || !database.open || !database.inTransaction;
        },
      };
    },
    async executeMultiple(sql) {
      const database = idle();
      forget();
      try {
        database.exec(sql);
      } catch (error) {
        throw mapSqliteError(error);
      } finally {
        release(database);
      }
    },
    async sync() {
      const { frames_synced, frame_no } = idle().sync();
      return { frames_synced, frame_no };
    },
    async reconnect() {
      close();
      db = open();
    },
    close,
    get closed() {
      return db === undefined;
    },
    protocol: "file",
    get keptStatements() {
      return kept.size;
    },
  };
}

function normalize(stmt: InStatement | [string, InArgs?]): InStatement {
  return Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] ?? [] } : stmt;
}

function prepare(database: Connection, sql: string): Kept {
  const statement = database.prepare(sql);
  statement.safeIntegers(true);
  try {
    statement.raw(true); // throws for a statement that returns no rows
    return { statement, returnsData: true };
  } catch {
    return { statement, returnsData: false };
  }
}

function result(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((row) =>
        Array.prototype.map.call(row, (value) => (typeof value === "bigint" ? `${value}` : value)),
      ),
      rowsAffected,
      lastInsertRowid: lastInsertRowid === undefined ? null : `${lastInsertRowid}`,
    }),
  };
}

// What follows converts values exactly as `@libsql/client/sqlite3` does with its default intMode, "number".

/** A row as the library makes it: the values by index (not enumerable) and by column name. */
function rowFromSql(values: unknown[], columns: string[]): Row {
  const row = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; ++i) {
    const value = valueFromSql(values[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i]!;
    if (!Object.hasOwn(row, column))
      Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
  }
  return row as Row;
}

function valueFromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < Number.MIN_SAFE_INTEGER || value > Number.MAX_SAFE_INTEGER)
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer;
  return value;
}

function valueToSql(value: InValue): unknown {
  if (typeof value === "number" && !Number.isFinite(value))
    throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
  if (typeof value === "bigint" && (value < -(2n ** 63n) || value > 2n ** 63n - 1n))
    throw new RangeError("bigint is too large to be represented as a 64-bit integer and passed as argument");
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

function namedArgs(args: Record<string, InValue>): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const name in args) named[/^[@$:]/.test(name) ? name.slice(1) : name] = valueToSql(args[name]!);
  return named;
}

/** SQLite's primary result codes, by number. */
const BASE_CODES = (
  "OK ERROR INTERNAL PERM ABORT BUSY LOCKED NOMEM READONLY INTERRUPT IOERR CORRUPT NOTFOUND FULL CANTOPEN PROTOCOL " +
  "EMPTY SCHEMA TOOBIG CONSTRAINT MISMATCH MISUSE NOLFS AUTH FORMAT RANGE NOTADB NOTICE WARNING"
).split(" ");

/** The driver's error as the library's LibsqlError: the base code, the extended one, and the raw number. */
function mapSqliteError(error: unknown): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  const { code: extendedCode, rawCode, message } = error as { code: string; rawCode?: number; message: string };
  const base = rawCode === undefined ? "UNKNOWN" : (BASE_CODES[rawCode & 0xff] ?? `UNKNOWN_${rawCode & 0xff}`);
  return new LibsqlError(message, `SQLITE_${base}`, extendedCode, rawCode, error as Error);
}
