// The sign-in page as the real server gives it to visitors without a cookie, from its document cache (ADR 028):
// each answer has its own CSP nonce, the same in the header and in every nonce attribute of the page; the URL and the
// language asked for are kept apart; the page reads no header outside its key; a visitor with a cookie gets a page rendered for them.
import { expect, test } from "@playwright/test";

import { startServer } from "./server";

let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  server = await startServer("document-cache", {});
});

test.afterAll(async () => {
  await server?.stop();
});

async function login(path = "/login", headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  if (!nonce) throw new Error("no nonce in the Content-Security-Policy");
  return { status: response.status, body, nonce };
}

test("each visitor without a cookie gets the same page with a nonce of its own", async () => {
  const first = await login();
  const second = await login();
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(second.nonce).not.toBe(first.nonce);
  for (const { body, nonce } of [first, second]) {
    const attributes = [...body.matchAll(/nonce="([^"]*)"/g)].map(([, value]) => value);
    expect(attributes.length).toBeGreaterThan(0);
    for (const attribute of attributes) expect(attribute).toBe(nonce);
  }
  expect(second.body).not.toContain(first.nonce);
  expect(second.body.replaceAll(second.nonce, "N")).toBe(first.body.replaceAll(first.nonce, "N"));
  // The page read no request header outside its key, so it was stored (the cache says so in the log otherwise).
  expect(server.logs.join("")).not.toContain("document cache");
});

test("the URL and the language asked for each get their own page", async () => {
  const english = await login();
  const french = await login("/login", { "Accept-Language": "fr" });
  const redirected = await login("/login?redirect=%2Fapp%2Faccount");
  expect(english.body).toContain('<html lang="en"');
  expect(french.body).toContain('<html lang="fr"');
  expect(redirected.body).toContain('value="/app/account"');
  expect(english.body).not.toContain('value="/app/account"');
  expect((await login("/login", { "Accept-Language": "fr" })).body).toContain('<html lang="fr"');
});

test("a visitor with a cookie gets a page rendered for them", async () => {
  await login();
  const dark = Buffer.from(JSON.stringify("dark")).toString("base64");
  const themed = await login("/login", { Cookie: `theme=${dark}` });
  expect(themed.body).toMatch(/<html[^>]*class="dark"/);
  expect((await login()).body).not.toMatch(/<html[^>]*class="dark"/);
});
