// "Running on more than one machine" (README, docs/architecture.md "Several processes and machines"), proven: two app
// processes on one real libSQL server (sqld), once with JWT auth, and two on one embedded file. Every check speaks
// HTTP to the production build (build/http/main.js); the database is read directly only to count rows.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { readMigrationFiles } from "drizzle-orm/migrator";

import { runServerToExit, startServer, type TestServer } from "../e2e/server";
import { freePort } from "../support/free-port";
import { signInOverHttp } from "../support/http-sign-in";
import { SmtpSink } from "../support/smtp-sink";
import { jwtKeys, signToken, startSqld } from "../support/sqld";

/** An empty database the app can be pointed at, and a direct connection to count its rows. */
type Database = { url: string; env: Record<string, string>; client: Client; stop: () => Promise<void> };

type Setup = { name: string; jwt: boolean; create: () => Promise<Database> };

const setups: Setup[] = [
  {
    name: "a libSQL server (sqld)",
    jwt: false,
    create: async () => {
      const sqld = await startSqld();
      const client = createClient({ url: sqld.url });
      return { url: sqld.url, env: {}, client, stop: async () => (client.close(), await sqld.stop()) };
    },
  },
  {
    name: "a libSQL server with JWT auth",
    jwt: true,
    create: async () => {
      const keys = jwtKeys();
      const sqld = await startSqld({ jwt: keys });
      const token = signToken(keys);
      const client = createClient({ url: sqld.url, authToken: token });
      return {
        url: sqld.url,
        env: { DATABASE_AUTH_TOKEN: token },
        client,
        stop: async () => (client.close(), await sqld.stop()),
      };
    },
  },
  {
    name: "one embedded file",
    jwt: false,
    create: async () => {
      const file = join(resolve("tests/.tmp"), `scale-out-${randomUUID()}.db`);
      const url = `file:${file}`;
      const client = createClient({ url });
      return {
        url,
        env: {},
        client,
        stop: async () => {
          client.close();
          for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
        },
      };
    },
  },
];

const migrationCount = readMigrationFiles({ migrationsFolder: resolve("drizzle") }).length;

/** Starts two servers on `database` at the same moment. */
async function startTwo(database: Database, env: Record<string, string> = {}) {
  const started = await Promise.allSettled(
    ["a", "b"].map((name) => startServer(`scale-${name}`, { ...database.env, ...env }, { databaseUrl: database.url })),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
  if (failed.length > 0) {
    await Promise.all(servers.map((server) => server.stop()));
    throw new Error(`a server did not start:\n${failed.join("\n")}`);
  }
  const [a, b] = servers;
  return [a!, b!] as const;
}

async function count(client: Client, query: string): Promise<number> {
  return Number((await client.execute(query)).rows[0]?.[0]);
}

/** A form post from a browser without JavaScript. */
function post(server: TestServer, path: string, form: Record<string, string>, { cookie = "", client = "" } = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
      ...(client ? { "X-Forwarded-For": client } : {}),
    },
    body: new URLSearchParams(form),
  });
}

const page = (server: TestServer, path: string, cookie: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });

for (const setup of setups) {
  test.describe(`two app instances on ${setup.name}`, () => {
    test("started at the same moment on an empty database, they migrate and seed it once", async () => {
      // A race shows only sometimes: every round is a new empty database and a new simultaneous start.
      for (let round = 1; round <= 5; round++) {
        const database = await setup.create();
        try {
          const servers = await startTwo(database);
          try {
            for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
            const recorded = await database.client.execute(
              "SELECT hash, count(*) AS times FROM __drizzle_migrations GROUP BY hash",
            );
            expect(recorded.rows).toHaveLength(migrationCount);
            expect(recorded.rows.map((row) => Number(row.times))).toEqual(recorded.rows.map(() => 1));
            expect(await count(database.client, "SELECT count(*) FROM user")).toBe(2);
            expect(await count(database.client, "SELECT count(*) FROM organization")).toBe(1);
            expect(await count(database.client, "SELECT count(*) FROM member")).toBe(2);
          } finally {
            await Promise.all(servers.map((server) => server.stop()));
          }
        } finally {
          await database.stop();
        }
      }
    });

    test.describe("once running", () => {
      test.describe.configure({ mode: "serial" });
      let database: Database;
      let mail: SmtpSink;
      let a: TestServer;
      let b: TestServer;

      test.beforeAll(async () => {
        mail = await new SmtpSink().start();
        database = await setup.create();
        [a, b] = await startTwo(database, { SMTP_URL: mail.url });
      });

      test.afterAll(async () => {
        await Promise.all([a, b].map((server) => server?.stop()));
        await database?.stop();
        await mail?.stop();
      });

      test("a session made on one instance works on the other, and a sign-out on one ends it on both", async () => {
        const cookie = await signInOverHttp(a.url, mail, "user@example.com", { client: "198.18.1.1" });
        expect((await page(b, "/app", cookie)).status).toBe(200);
        expect((await post(a, "/logout", {}, { cookie, client: "198.18.1.1" })).status).toBe(302);
        const after = await page(b, "/app", cookie);
        expect(after.status).toBe(302);
        expect(after.headers.get("location")).toMatch(/^\/login/);
      });

      test("the sign-in rate limits are shared: the fourth code for one address is refused on either", async () => {
        const email = `limited-${randomUUID()}@example.com`;
        const statuses: number[] = [];
        // Each request from another client address: only the per-address budget (3 codes in 10 minutes) is shared.
        for (const [index, server] of [a, b, a, b, a].entries()) {
          const response = await post(
            server,
            "/login?index",
            { intent: "email", email },
            { client: `198.18.2.${index}` },
          );
          await response.arrayBuffer();
          statuses.push(response.status);
        }
        expect(statuses).toEqual([302, 302, 302, 429, 429]);
      });

      test("ten creates of one repository name at once, over both instances: one saved, nine told the name is used", async () => {
        const cookie = await signInOverHttp(b.url, mail, "admin@example.com", { client: "198.18.3.1" });
        const name = `scale-${randomUUID().slice(0, 8)}`;
        const answers = await Promise.all(
          Array.from({ length: 10 }, async (_, index) => {
            const response = await post(
              index % 2 === 0 ? a : b,
              "/manager/repositories/new",
              { name, link: "https://git.example.com/scale", description: "" },
              { cookie, client: `198.18.4.${index}` },
            );
            return { status: response.status, body: await response.text() };
          }),
        );
        const saved = answers.filter((answer) => answer.status === 302);
        const refused = answers.filter((answer) => answer.status === 400);
        expect(saved).toHaveLength(1);
        expect(refused).toHaveLength(9);
        for (const answer of refused) expect(answer.body).toContain("Name already used");
        expect(await count(database.client, `SELECT count(*) FROM repository WHERE name = '${name}'`)).toBe(1);
      });
    });

    if (setup.jwt) {
      test("a wrong or missing DATABASE_AUTH_TOKEN stops the start with one line naming it", async () => {
        const database = await setup.create();
        try {
          const wrongToken = signToken(jwtKeys());
          for (const [env, line] of [
            [{ DATABASE_AUTH_TOKEN: wrongToken }, /^Invalid environment variable DATABASE_AUTH_TOKEN: .*refused/m],
            [{ DATABASE_AUTH_TOKEN: "" }, /^Missing environment variable DATABASE_AUTH_TOKEN: /m],
          ] as const) {
            const exit = await runServerToExit(database.url, { ...database.env, ...env });
            expect(exit.code, exit.logs).not.toBe(0);
            expect(exit.logs).toMatch(line);
            expect(exit.logs, "no stack trace").not.toMatch(/^\s+at /m);
            expect(exit.logs).not.toContain(wrongToken);
          }
        } finally {
          await database.stop();
        }
      });
    }
  });
}

test("an unreachable libSQL server stops the start with one line naming DATABASE_URL", async () => {
  const closed = await freePort(); // free a moment ago: nothing listens there
  const exit = await runServerToExit(`http://127.0.0.1:${closed}`, {});
  expect(exit.code, exit.logs).not.toBe(0);
  expect(exit.logs).toMatch(new RegExp(`^Invalid environment variable DATABASE_URL: .*127\\.0\\.0\\.1:${closed}`, "m"));
  expect(exit.logs, "no stack trace").not.toMatch(/^\s+at /m);
});
