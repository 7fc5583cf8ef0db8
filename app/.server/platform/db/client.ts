import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Client } from "@libsql/client";
import { createClient as createFileClient } from "@libsql/client/sqlite3";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/sqlite3";

import { EnvError, getEnv } from "~/.server/platform/env";
import { reopenAfterBusy } from "./busy";
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
  // that visits thousands of rows takes a third of the time (ADR 027).
  const client = isFile
    ? reopenAfterBusy(createFileClient({ url, authToken, timeout: busyTimeoutMs, concurrency: 1 }), [
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

const env = getEnv();
/** The app's connection. A URL libSQL cannot use is a start-up error naming the variable (server.js prints it). */
async function openAppDatabase(): Promise<{ client: Client; db: Database }> {
  try {
    return await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EnvError(
      `Invalid environment variable DATABASE_URL: ${reason} (got "${printableDatabaseUrl(env.DATABASE_URL)}")`,
    );
  }
}
export const { client, db } = await openAppDatabase();
