// What an operator's load balancer and a browser's cache read from the server: /healthz, and the build's assets.
import { startSqld } from "../support/sqld";
import { expect, sql, httpTest as test } from "./fixtures";
import { startServer } from "./server";

test("/healthz answers 200 while the database answers", async ({ request, app }) => {
  const healthy = await request.get("/healthz");
  expect(healthy.status()).toBe(200);
  expect(await healthy.text()).toBe("ok");
  expect(healthy.headers()["cache-control"]).toBe("no-store");
  // The server migrated and seeded its own database at start.
  const { rows } = await sql(app.databaseUrl, "select count(*) as n from user");
  expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(2);
});

test("/healthz answers 503 when the database does not answer", async () => {
  // A server of its own, on a libSQL server (sqld) that is then stopped: the database is gone, the process is not.
  const sqld = await startSqld();
  const server = await startServer("healthz-503", {}, { databaseUrl: sqld.url });
  try {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await sqld.stop();
    const unhealthy = await fetch(`${server.url}/healthz`);
    expect(unhealthy.status).toBe(503);
    expect(await unhealthy.text()).toBe("database unavailable");
    expect(unhealthy.headers.get("cache-control")).toBe("no-store");
  } finally {
    await server.stop();
    await sqld.stop();
  }
});

test("/healthz answers 503 while the job queue has stalled, and 200 once it moves again", async ({ request, app }) => {
  // A welcome e-mail due six minutes ago that no worker takes: the database skips this one job in every claim, as the
  // queue stands when no worker runs (ADR 046).
  const id = "healthz-stalled";
  const due = Date.now() - 6 * 60_000;
  await sql(
    app.databaseUrl,
    `CREATE TRIGGER healthz_untaken BEFORE UPDATE ON job WHEN old.id = '${id}' BEGIN SELECT RAISE(IGNORE); END`,
  );
  try {
    await sql(
      app.databaseUrl,
      "INSERT INTO job (id, kind, payload, run_at, created_at) VALUES (?, 'email.welcome', '{}', ?, ?)",
      [id, due, due],
    );
    const stalled = await request.get("/healthz");
    expect(stalled.status()).toBe(503);
    expect(await stalled.text()).toBe("job queue stalled: 1 jobs due for over 5 minutes");
    expect(stalled.headers()["cache-control"]).toBe("no-store");
    await sql(app.databaseUrl, "DELETE FROM job WHERE id = ?", [id]);
    const moving = await request.get("/healthz");
    expect(moving.status()).toBe(200);
    expect(await moving.text()).toBe("ok");
  } finally {
    await sql(app.databaseUrl, "DELETE FROM job WHERE id = ?", [id]);
    await sql(app.databaseUrl, "DROP TRIGGER IF EXISTS healthz_untaken");
  }
});

test("static assets are served compressed and cached for good", async ({ request }) => {
  const html = await (await request.get("/nowhere")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});
