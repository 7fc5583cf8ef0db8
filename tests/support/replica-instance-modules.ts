import { vi } from "vitest";

/**
 * Loads modules as one instance of the app would, reading from its own embedded replica of `primaryUrl`
 * (DATABASE_REPLICA_FILE, ADR 050): the module cache is emptied first, so each instance gets its own database client.
 * `load` imports what the test needs, from the test's own folder.
 */
export async function asReplicaInstance<T>(
  primaryUrl: string,
  replicaFile: string,
  load: () => Promise<T>,
): Promise<T> {
  vi.resetModules();
  const saved = { url: process.env.DATABASE_URL, replica: process.env.DATABASE_REPLICA_FILE };
  process.env.DATABASE_URL = primaryUrl;
  process.env.DATABASE_REPLICA_FILE = replicaFile;
  try {
    return await load();
  } finally {
    process.env.DATABASE_URL = saved.url;
    if (saved.replica === undefined) delete process.env.DATABASE_REPLICA_FILE;
    else process.env.DATABASE_REPLICA_FILE = saved.replica;
  }
}
