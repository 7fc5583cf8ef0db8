// The sign-in form's answers to what no browser sends: a post from another site, a body that is not a form, a
// malformed URL; and the security headers. HTTP only, on the worker's server.
import { emailJobs, expect, httpTest as test } from "./fixtures";

test("a cross-site post is refused and changes nothing", async ({ request, app }) => {
  const since = Date.now();
  const response = await request.post(`${app.url}/login?index`, {
    headers: { Origin: "https://evil.example" },
    form: { intent: "email", email: "admin@example.com" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("You do not have access to this page");
  expect(await emailJobs(app.databaseUrl, since)).toEqual([]);
});

test("a body that is not a form, or a malformed URL, is the client's mistake, never a 500", async ({
  request,
  app,
}) => {
  const json = await request.post(`${app.url}/login?index`, {
    headers: { Origin: app.url, "Content-Type": "application/json" },
    data: "{}",
  });
  expect(json.status()).toBe(400);
  const malformed = await request.get("/%zz");
  expect(malformed.status()).toBe(404);
});

test("security headers are on every page", async ({ request }) => {
  const response = await request.get("/login");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});
