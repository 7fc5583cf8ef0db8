import { expect, sql, test } from "./fixtures";

test.describe("operations", () => {
  test("/healthz answers 200 while the database answers, 503 when it does not", async ({ request, app }) => {
    const healthy = await request.get("/healthz");
    expect(healthy.status()).toBe(200);
    expect(await healthy.text()).toBe("ok");
    expect(healthy.headers()["cache-control"]).toBe("no-store");
    // The server migrated and seeded its own database at start.
    const { rows } = await sql(app.databaseUrl, "select count(*) as n from user");
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(2);
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
});
