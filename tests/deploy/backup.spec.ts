// README "Backups": `db:backup` copies the embedded database while the server takes writes, and `db:restore` puts a
// copy back for a stopped server. Run as a self-hoster runs them: `node scripts/db-*.mjs` in a child process, with
// DATABASE_URL, against the production build (scripts/db-backup.mjs, scripts/db-restore.mjs).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

import { startServer } from "../e2e/server";
import { signInOverHttp } from "../support/http-sign-in";
import { SmtpSink } from "../support/smtp-sink";

const tmp = resolve("tests/.tmp/backup");

type Run = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs one of the scripts as the image does (`node scripts/…`), without blocking this process's event loop. */
function runScript(script: "db-backup" | "db-restore", file: string, databaseUrl: string): Promise<Run> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [`scripts/${script}.mjs`, file], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", fail);
    child.once("exit", (code) => done({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** A fresh path under tests/.tmp/backup, with no file (nor -wal, -shm) left from an earlier run. */
function freshPath(name: string): string {
  mkdirSync(tmp, { recursive: true });
  const path = join(tmp, `${name}-${process.pid}.db`);
  for (const file of readdirSync(tmp)) if (file.startsWith(basename(path))) rmSync(join(tmp, file), { force: true });
  return path;
}

/** A database migrated by the real migrations, holding `names` as repositories. */
async function databaseWith(path: string, names: string[]): Promise<void> {
  const client = createClient({ url: `file:${path}` });
  await migrate(drizzle(client), { migrationsFolder: resolve("drizzle") });
  for (const name of names) {
    await client.execute({
      sql: "INSERT INTO repository (id, name, name_key, link, created_at, updated_at) VALUES (?, ?, ?, 'example.com', 0, 0)",
      args: [name, name, name.toLowerCase()],
    });
  }
  client.close();
}

async function query<T>(path: string, run: (client: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
  const client = createClient({ url: `file:${path}` });
  try {
    return await run(client);
  } finally {
    client.close();
  }
}

const repositoryNames = (path: string) =>
  query(path, async (client) =>
    (await client.execute("SELECT name FROM repository")).rows.map((row) => String(row[0])),
  );

test("a backup taken under load holds every committed create, and restores into a server that works", async () => {
  const mail = await new SmtpSink().start();
  const source = await startServer("backup-source", { SMTP_URL: mail.url });
  const sourcePath = source.databaseUrl.slice("file:".length);
  try {
    const cookie = await signInOverHttp(source.url, mail, "admin@example.com");

    // Writers: several clients creating repositories through the real form, each recording the creates answered as
    // committed (the redirect to the new repository), in the order the answers came.
    const committed: string[] = [];
    const ids = new Map<string, string>();
    const failures: string[] = [];
    const load = new AbortController();
    const writer = async (client: number) => {
      for (let i = 0; !load.signal.aborted; i++) {
        const name = `load-${client}-${i}`;
        const response = await fetch(`${source.url}/manager/repositories/new`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Origin: source.url,
            Cookie: cookie,
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": `198.18.1.${client}`,
          },
          body: new URLSearchParams({ name, link: `example.com/${name}`, description: "Written under load." }),
        });
        await response.arrayBuffer();
        const id = response.headers.get("location")?.match(/^\/manager\/repositories\/([\w-]+)$/)?.[1];
        if (response.status === 302 && id) {
          committed.push(name);
          ids.set(name, id);
        } else failures.push(`${name}: ${response.status}`);
      }
    };
    const writers = Promise.all([1, 2, 3, 4, 5, 6].map(writer));

    // Let the load build up (a count of commits, not a time), then back up while the writers go on. The last creates
    // are then often only in the WAL (SQLite folds it into the file every 1000 pages).
    await expect.poll(() => committed.length, { timeout: 60_000, intervals: [10] }).toBeGreaterThanOrEqual(40);
    const backupPath = freshPath("under-load");
    const before = [...committed];
    const backup = await runScript("db-backup", backupPath, source.databaseUrl);
    const during = committed.length - before.length;
    // A few more commits after the backup, so that the source holds rows the backup does not.
    const afterBackup = committed.length;
    await expect.poll(() => committed.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(afterBackup + 10);
    load.abort();
    await writers;

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(
        `^backup: ${backupPath} \\([\\d.]+ [kM]B\\) from ${sourcePath} in [\\d.]+ s\\n` +
          `backup: not in it: the pictures \\(profile photos, logos\\) in \\S+; copy them too\\n$`,
      ),
    );
    expect(failures).toEqual([]);
    console.log(
      `backup under load: ${backup.stdout.trim()}; ${before.length} creates committed before it, ${during} while ` +
        `it ran (script process ${Math.round(backup.ms)} ms), ${committed.length} in all`,
    );

    // The copy: sound, and holding every create committed before the backup started.
    expect(
      await query(backupPath, async (client) => (await client.execute("PRAGMA integrity_check")).rows[0]?.[0]),
    ).toBe("ok");
    const inBackup = new Set(await repositoryNames(backupPath));
    expect(before.filter((name) => !inBackup.has(name))).toEqual([]);

    // A second backup to the same name is refused, and the first copy is untouched.
    const copy = readFileSync(backupPath);
    const again = await runScript("db-backup", backupPath, source.databaseUrl);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`${backupPath} exists: choose a new name (a backup never overwrites)\n`);
    expect(readFileSync(backupPath).equals(copy)).toBe(true);

    // Restored into a fresh database, a fresh server starts on it and works.
    const restoredPath = freshPath("restored");
    const restore = await runScript("db-restore", backupPath, `file:${restoredPath}`);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("there was no previous database");
    const restored = await startServer("backup-restored", { SMTP_URL: mail.url, DATABASE_URL: `file:${restoredPath}` });
    try {
      expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
      const restoredNames = new Set(await repositoryNames(restoredPath));
      expect(before.filter((name) => !restoredNames.has(name))).toEqual([]);
      const signedIn = await signInOverHttp(restored.url, mail, "admin@example.com");
      const first = before[0]!;
      const page = await fetch(`${restored.url}/manager/repositories/${ids.get(first)}`, {
        headers: { Cookie: signedIn },
        redirect: "manual",
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(first);
      // The session made on the source before the backup came back with it.
      const withOldSession = await fetch(`${restored.url}/manager/repositories`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(withOldSession.status).toBe(200);
    } finally {
      await restored.stop();
    }

    // Restoring over the source's database while its server runs is refused, and changes nothing.
    const refused = await runScript("db-restore", backupPath, source.databaseUrl);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`${sourcePath} is in use (a server has it open): stop the server, then restore\n`);
    expect(readdirSync(dirname(sourcePath)).filter((file) => file.includes(`${basename(sourcePath)}.`))).toEqual([]);
    expect((await fetch(`${source.url}/healthz`)).status).toBe(200);

    // Stopped, it is restored; its database, with the creates made after the backup, is kept aside.
    await source.stop();
    const replaced = await runScript("db-restore", backupPath, source.databaseUrl);
    expect(replaced.stderr).toBe("");
    expect(replaced.code).toBe(0);
    const kept = replaced.stdout.match(/the previous database is kept at (\S+)\n$/)?.[1];
    expect(kept).toMatch(new RegExp(`^${sourcePath}\\.before-restore-\\d{8}T\\d{6}Z$`));
    const keptNames = new Set(await repositoryNames(kept!));
    expect(committed.filter((name) => !keptNames.has(name))).toEqual([]);
    expect(committed.filter((name) => !inBackup.has(name)).length).toBeGreaterThanOrEqual(10);
    expect(new Set(await repositoryNames(sourcePath))).toEqual(inBackup);
    expect(existsSync(`${sourcePath}-wal`)).toBe(false);
  } finally {
    await source.stop();
    await mail.stop();
  }
});

test("a remote DATABASE_URL is refused with one line naming the server's own backups", async () => {
  const target = freshPath("remote");
  for (const url of ["libsql://groundwork-demo.turso.io", "http://127.0.0.1:8080", "https://db.example.com"]) {
    const run = await runScript("db-backup", target, url);
    expect(run.code, url).toBe(1);
    expect(run.stderr, url).toMatch(
      /^DATABASE_URL is a libSQL server \(.+\), not an embedded file: .*sqld.*Turso.*\n$/,
    );
    const restore = await runScript("db-restore", target, url);
    expect(restore.code, url).toBe(1);
  }
  expect(existsSync(target)).toBe(false);
});

test("a restore refuses a file that is not a sound database of this app, and leaves the database as it was", async () => {
  const database = freshPath("kept-as-is");
  await databaseWith(database, ["keep-me"]);
  const notOurs = freshPath("not-ours");
  await query(notOurs, (client) => client.execute("CREATE TABLE something (x)"));
  const garbage = freshPath("garbage");
  writeFileSync(garbage, "SQLite format 3\0".padEnd(8192, "x"));
  for (const [file, message] of [
    [notOurs, "no __drizzle_migrations table"],
    [garbage, "not a readable SQLite database"],
    [join(tmp, "missing.db"), "no such backup file"],
  ] as const) {
    const run = await runScript("db-restore", file, `file:${database}`);
    expect(run.code, file).toBe(1);
    expect(run.stderr, file).toContain(message);
  }
  expect(await repositoryNames(database)).toEqual(["keep-me"]);
  // Nothing left beside it: no staged copy, nothing moved aside.
  expect(readdirSync(tmp).filter((file) => file.includes(`${basename(database)}.`))).toEqual([]);
});

test("a server killed mid-write leaves its last commits in the -wal: the restore keeps them aside with it", async () => {
  const mail = await new SmtpSink().start();
  const server = await startServer("backup-killed", { SMTP_URL: mail.url });
  const path = server.databaseUrl.slice("file:".length);
  try {
    const cookie = await signInOverHttp(server.url, mail, "admin@example.com");
    const created: string[] = [];
    for (let i = 0; i < 10; i++) {
      const name = `before-kill-${i}`;
      const response = await fetch(`${server.url}/manager/repositories/new`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name, link: `example.com/${name}`, description: "" }),
      });
      await response.arrayBuffer();
      expect(response.status, name).toBe(302);
      created.push(name);
    }
    process.kill(server.pid, "SIGKILL");
    await server.exited;
    const wal = existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0;
    expect(wal).toBeGreaterThan(0);

    const backup = freshPath("empty-backup");
    await databaseWith(backup, ["from-the-backup"]);
    const restore = await runScript("db-restore", backup, server.databaseUrl);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const kept = restore.stdout.match(/the previous database is kept at (\S+)\n$/)?.[1];
    console.log(`killed server: ${wal} bytes of -wal, kept beside ${kept} (${statSync(kept!).size} bytes)`);
    expect(existsSync(`${kept}-wal`)).toBe(true);
    const keptNames = new Set(await repositoryNames(kept!));
    expect(created.filter((name) => !keptNames.has(name))).toEqual([]);
    expect(await repositoryNames(path)).toEqual(["from-the-backup"]);
  } finally {
    await server.stop();
    await mail.stop();
  }
});
