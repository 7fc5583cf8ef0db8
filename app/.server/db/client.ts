import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { getEnv } from "../env";
import * as schema from "./schema";

export type Database = LibSQLDatabase<typeof schema>;

/** Opens a libSQL database: an embedded file (folder created, WAL, busy timeout) or a libSQL/Turso server. */
export function openDatabase(url: string, authToken?: string): { client: Client; db: Database } {
  const isFile = url.startsWith("file:");
  if (isFile) mkdirSync(dirname(url.slice("file:".length).split("?")[0]!), { recursive: true });
  const client = createClient({ url, authToken });
  if (isFile) {
    // Several server processes may share one file: WAL lets readers run beside a writer, and the busy timeout
    // makes a writer wait for the lock instead of failing with SQLITE_BUSY.
    void client.execute("PRAGMA journal_mode = WAL").catch(() => {});
    void client.execute("PRAGMA busy_timeout = 5000").catch(() => {});
    void client.execute("PRAGMA foreign_keys = ON").catch(() => {});
  }
  return { client, db: drizzle(client, { schema }) };
}

const env = getEnv();
const opened = openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);

export const client = opened.client;
export const db = opened.db;
