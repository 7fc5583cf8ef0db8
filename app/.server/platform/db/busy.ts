// An embedded connection that is replaced after SQLITE_BUSY (ADR 039).
import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";

/** True for SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, …), from an execute or a batch. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * Wraps the embedded client so that a statement failing with SQLITE_BUSY cannot take later writes with it. The driver
 * does not reset a statement that failed that way: until it is finalized, the connection's later writes report success
 * but wait in an open transaction, and are lost when the connection closes. So after SQLITE_BUSY the wrapper closes the
 * connection and opens a new one, running `setup` (the per-connection pragmas) on it first.
 *
 * The client borrows its one connection to a queue of callers, and hands it to the next caller before the failed one
 * sees its error; so the wrapper lets one operation at a time into the client, and replaces the connection before the
 * next one starts. Every operation but an open transaction runs synchronously once it has the connection, so the queue
 * costs nothing but a turn of the event loop's microtasks. A transaction keeps the connection until it settles; the
 * connection is replaced then.
 */
export function reopenAfterBusy(inner: Client, setup: readonly string[]): Client {
  let queue: Promise<unknown> = Promise.resolve();
  let stale = false;
  // A transaction holds the connection until the client takes it back (commit, rollback, close, or the client's own
  // reconnect or close): asked of the client, not counted, so an abandoned one does not block every later replacement.
  const transactions = new Set<Transaction>();

  async function replaceIfStale() {
    for (const transaction of transactions) if (transaction.closed) transactions.delete(transaction);
    if (!stale || transactions.size > 0 || inner.closed) return;
    stale = false;
    await inner.reconnect();
    await prepare();
  }

  async function prepare() {
    // A setting the file cannot take (WAL on a read-only medium) leaves the connection as it is, as before.
    for (const sql of setup) await inner.execute(sql).catch(() => {});
  }

  function inTurn<T>(operation: () => Promise<T>): Promise<T> {
    const turn = queue.then(async () => {
      await replaceIfStale();
      try {
        return await operation();
      } catch (error) {
        if (isBusy(error)) stale = true;
        await replaceIfStale();
        throw error;
      }
    });
    queue = turn.catch(() => {});
    return turn;
  }

  async function noting<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (isBusy(error)) stale = true;
      throw error;
    }
  }

  function watched(transaction: Transaction): Transaction {
    return {
      execute: (...args: Parameters<Transaction["execute"]>) => noting(() => transaction.execute(...args)),
      batch: (stmts: InStatement[]) => noting(() => transaction.batch(stmts)),
      executeMultiple: (sql: string) => noting(() => transaction.executeMultiple(sql)),
      // Settling takes a turn: an operation asked for in the same tick waits for it, then for the new connection.
      rollback: () => inTurn(() => noting(() => transaction.rollback())),
      commit: () => inTurn(() => noting(() => transaction.commit())),
      close: () => {
        transaction.close();
        void inTurn(async () => {});
      },
      get closed() {
        return transaction.closed;
      },
    };
  }

  void inTurn(prepare);

  return {
    execute: ((stmtOrSql: InStatement, args?: InArgs) =>
      inTurn(() =>
        typeof stmtOrSql === "string" ? inner.execute(stmtOrSql, args) : inner.execute(stmtOrSql),
      )) as Client["execute"],
    batch: (stmts, mode) => inTurn(() => inner.batch(stmts, mode)),
    migrate: (stmts) => inTurn(() => inner.migrate(stmts)),
    executeMultiple: (sql) => inTurn(() => inner.executeMultiple(sql)),
    sync: () => inTurn(() => inner.sync()),
    transaction: ((mode?: TransactionMode) =>
      inTurn(async () => {
        const transaction = watched(await inner.transaction(mode));
        transactions.add(transaction);
        return transaction;
      })) as Client["transaction"],
    close: () => inner.close(),
    reconnect: () =>
      inTurn(async () => {
        stale = false;
        await inner.reconnect();
        await prepare();
      }),
    get closed() {
      return inner.closed;
    },
    get protocol() {
      return inner.protocol;
    },
  } satisfies Client;
}
