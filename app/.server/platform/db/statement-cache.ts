// libSQL's client prepares a statement again on every execute and throws it away after: on a signed-in list page
// that was a third of the database's time (ADR 038). Each connection of the native driver keeps its most recently used
// statements here, keyed by their SQL, and hands the same one out again. The driver resets a statement and binds its
// parameters anew on every run.
//
// SQLite prepares a kept statement again by itself when the schema changes, but the driver reads the result's columns
// before that happens: a kept `select *` would name the columns of the old table. So only reads, writes and
// transaction control are kept, and any other statement (a schema change, a pragma, a script) first lets go of every
// statement its connection kept.
import Database from "libsql";

/** Statements kept per connection, least recently used dropped first: more than the app's queries, bounded because
 * a list of N values (`in (?, ?, …)`) is another statement for every N. */
export const CACHED_STATEMENTS = 256;

type Statement = Database.Statement;
/** What this module changes of a native connection. */
interface Connection {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  close(): unknown;
}

/** Statements that cannot change the schema. */
const KEPT = /^\s*(?:select|insert|update|delete|replace|with|values|begin|commit|rollback|savepoint|release|end)\b/i;

const caches = new WeakMap<Connection, Map<string, Statement>>();
const installed = Symbol.for("groundwork.statementCache");

/**
 * Makes `prepare` of every native libSQL connection in this process answer from its cache. Idempotent: a module
 * loaded twice (tests, scripts) installs it once.
 */
export function cacheStatements(): void {
  const prototype = Database.prototype as unknown as Connection & { [installed]?: true };
  if (prototype[installed]) return;
  prototype[installed] = true;
  const { prepare: prepareOnce, exec, close } = prototype;
  prototype.prepare = function prepare(this: Connection, sql: string) {
    if (!KEPT.test(sql)) {
      caches.delete(this);
      return prepareOnce.call(this, sql);
    }
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    let statement = cache.get(sql);
    if (statement) {
      // Most recently used last: a Map keeps its insertion order.
      cache.delete(sql);
    } else {
      statement = prepareOnce.call(this, sql);
      if (cache.size >= CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
  prototype.exec = function execute(this: Connection, sql: string) {
    caches.delete(this);
    return exec.call(this, sql);
  };
  // The native connection closes when its last statement is collected: a closed connection lets go of them.
  prototype.close = function closeConnection(this: Connection) {
    caches.delete(this);
    return close.call(this);
  };
}
