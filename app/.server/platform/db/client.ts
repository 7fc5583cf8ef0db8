import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";

import { getEnv } from "../env";
import * as schema from "./schema";

export type Database = LibSQLDatabase<typeof schema>;

/** Opens a libSQL database: an embedded file (folder created, WAL, busy timeout) or a libSQL/Turso server. */
function openDatabase(url: string, authToken?: string): { client: Client; db: Database } {
  const isFile = url.startsWith("file:");
  if (isFile) mkdirSync(dirname(url.slice("file:".length).split("?")[0]!), { recursive: true });
  // An embedded file gets one connection: libSQL runs each statement synchronously anyway, and a single connection
  // keeps the per-connection pragma (foreign keys) in force. The busy timeout makes a writer wait for another
  // process's lock instead of failing with SQLITE_BUSY; WAL lets readers run beside a writer.
  const client = isFile
    ? createClient({ url, authToken, timeout: 5000, concurrency: 1 })
    : createClient({ url, authToken });
  if (isFile) {
    void client.execute("PRAGMA journal_mode = WAL").catch(() => {});
    void client.execute("PRAGMA foreign_keys = ON").catch(() => {});
  }
  return { client, db: drizzle(client, { schema }) };
}

const env = getEnv();
const opened = openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);

export const client = opened.client;
export const db = opened.db;
