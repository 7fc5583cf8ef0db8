import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Client } from "@libsql/client";
import { createClient as createFileClient } from "@libsql/client/sqlite3";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/sqlite3";

import { EnvError, getEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import { reopenAfterBusy } from "./busy";
import { openFileClient } from "./kept-statements";
import * as schema from "./schema";

export type Database = LibSQLDatabase<typeof schema>;

/** How much of an embedded database file is read through a memory map; past it, SQLite reads as usual. */
const MMAP_BYTES = 256 * 1024 * 1024;
/** How long a write on an embedded file waits for another process's lock before it fails with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens a libSQL database: an embedded file (folder created, WAL, busy timeout) or a libSQL/Turso server. The
 * server's client (WebSocket and HTTP, some sixty modules) is loaded only for a server's URL: a server on an embedded
 * file starts without it (ADR 029).
 */
export async function openDatabase(
  url: string,
  authToken?: string,
  { busyTimeoutMs = BUSY_TIMEOUT_MS }: { busyTimeoutMs?: number } = {},
): Promise<{ client: Client; db: Database }> {
  const isFile = url.startsWith("file:");
  if (isFile) mkdirSync(dirname(url.slice("file:".length).split("?")[0]!), { recursive: true });
  // An embedded file gets one connection: libSQL runs each statement synchronously anyway, and a single connection
  // keeps the per-connection pragmas (foreign keys, memory map) in force. The busy timeout makes a writer wait for
  // another process's lock instead of failing with SQLITE_BUSY; WAL lets readers run beside a writer. The file is read
  // through a memory map of up to MMAP_BYTES rather than a read() per page missing from SQLite's 2 MB cache: a search
  // that visits thousands of rows takes a third of the time (ADR 027). The connection keeps its prepared statements
  // (ADR 054).
  const client = isFile
    ? reopenAfterBusy(openFileClient(url, { timeout: busyTimeoutMs }), [
        "PRAGMA journal_mode = WAL",
        "PRAGMA foreign_keys = ON",
        `PRAGMA mmap_size = ${MMAP_BYTES}`,
      ])
    : (await import("@libsql/client")).createClient({ url, authToken });
  return { client, db: drizzle(client, { schema }) };
}

/** A database URL fit for an error message: no query (libSQL takes `?authToken=`) and no user or password. */
export function printableDatabaseUrl(url: string): string {
  return url.split("?")[0]!.replace(/\/\/[^/@]*@/, "//");
}

/** An error and its causes on one line: "fetch failed: connect ECONNREFUSED 127.0.0.1:1". */
export function brief(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current && parts.length < 4; current = (current as { cause?: unknown }).cause) {
    const message = current instanceof Error ? current.message : String(current);
    if (message && !parts.some((part) => part.includes(message))) parts.push(message);
    if (!(current instanceof Error)) break;
  }
  return parts.join(": ").replace(/\s+/g, " ");
}

/** A libSQL server's refusal of the token (HTTP 401 or 403), in one line naming DATABASE_AUTH_TOKEN; else undefined. */
export function tokenProblem(error: unknown, url: string, authToken: string | undefined): string | undefined {
  const text = brief(error);
  if (!/\b(401|403)\b|unauthori[sz]ed|forbidden/i.test(text)) return undefined;
  return authToken
    ? `Invalid environment variable DATABASE_AUTH_TOKEN: the libSQL server at ${url} refused it (${text})`
    : `Missing environment variable DATABASE_AUTH_TOKEN: the libSQL server at ${url} requires a token (${text})`;
}

/**
 * Why a primary refuses this instance's token, asked over HTTP (undefined when it does not): libSQL's replica reports
 * a refused token only as a handshake that timed out ("PrimaryHandshakeTimeout", after about 3 s).
 */
async function primaryTokenProblem(url: string, authToken: string | undefined): Promise<string | undefined> {
  try {
    const primary = await openDatabase(url, authToken);
    try {
      await primary.client.execute("SELECT 1");
      return undefined;
    } finally {
      primary.client.close();
    }
  } catch (error) {
    return tokenProblem(error, printableDatabaseUrl(url), authToken);
  }
}

/**
 * An embedded replica of the libSQL server at `primaryUrl`, in `file` (ADR 050): reads are local, every write (and
 * every transaction, reads included) runs on the primary, and a write is in the local file once it returns. The first
 * sync is made here: a primary that cannot be reached fails the opening.
 */
async function openReplica(
  file: string,
  primaryUrl: string,
  authToken?: string,
): Promise<{ client: Client; db: Database }> {
  mkdirSync(dirname(file), { recursive: true });
  const client = createFileClient({ url: `file:${file}`, syncUrl: primaryUrl, authToken, concurrency: 1 });
  await client.sync();
  return { client, db: drizzle(client, { schema }) };
}

const env = getEnv();
/** The app's connection. A URL libSQL cannot use is a start-up error naming the variable (the server prints it). */
async function openAppDatabase(): Promise<{ client: Client; db: Database }> {
  if (env.DATABASE_REPLICA_FILE) {
    try {
      return await openReplica(env.DATABASE_REPLICA_FILE, env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    } catch (error) {
      const refused = await primaryTokenProblem(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
      if (refused) throw new EnvError(refused);
      const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
      throw new EnvError(
        `Invalid environment variable DATABASE_REPLICA_FILE: its primary at ${printableDatabaseUrl(env.DATABASE_URL)} did not answer a sync (${reason})`,
      );
    }
  }
  try {
    return await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EnvError(
      `Invalid environment variable DATABASE_URL: ${reason} (got "${printableDatabaseUrl(env.DATABASE_URL)}")`,
    );
  }
}
/** The app's connection: with DATABASE_REPLICA_FILE, the embedded replica (local reads, writes on the primary). */
export const { client, db } = await openAppDatabase();

/**
 * The primary itself, for what must never be read stale (ADR 050): the session, the user's ban and role, a
 * membership, and the migrations. Without a replica it is the app's connection.
 */
export const { client: primaryClient, db: primaryDb } = env.DATABASE_REPLICA_FILE
  ? await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN)
  : { client, db };

/** Whether this instance reads from an embedded replica. */
export const readsFromReplica = Boolean(env.DATABASE_REPLICA_FILE);

/** The primary's frame number that the replica holds at least (0 without a replica). */
let replicaFrame = 0;

/**
 * Brings the replica up to the primary as it is now, and answers the primary's frame number (0 without a replica).
 * After a write, that number is a position that includes it: the read-your-writes token (web/replica-freshness.ts).
 * libSQL runs a sync synchronously: one round trip to the primary, during which this process waits.
 */
export async function syncReplica(): Promise<number> {
  if (!readsFromReplica) return 0;
  const frame = (await client.sync())?.frame_no ?? 0;
  if (frame > replicaFrame) replicaFrame = frame;
  return replicaFrame;
}

/** Makes sure the replica holds the primary's frame `frame`: a sync when it is behind, nothing otherwise. */
export async function replicaAtLeast(frame: number): Promise<void> {
  if (readsFromReplica && frame > replicaFrame) await syncReplica();
}

let syncing: NodeJS.Timeout | undefined;
/**
 * Keeps the replica in step every REPLICA_SYNC_MS (a second by default; started by prepareDatabase, at the app's
 * start): other people's writes show here within that (ADR 050).
 */
export function startReplicaSync(): void {
  if (!readsFromReplica || syncing) return;
  syncing = setInterval(() => {
    syncReplica().catch((error: unknown) => logger.warn("replica sync failed", { error: String(error) }));
  }, env.REPLICA_SYNC_MS);
  syncing.unref();
}
